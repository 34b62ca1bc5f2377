import { hmacSha256Hex } from '../../kernel/digest.js';

/**
 * The header an upstream signs its deliveries to us with (decision INT-27): `sha256=` and the hex
 * HMAC-SHA256 of the raw body, keyed with the integration's webhook secret (its credentials'
 * `webhookSecret` or `webhookEndpointSecret`): the platform's own X-Signature scheme.
 */
export const UPSTREAM_SIGNATURE_HEADER = 'X-Upstream-Signature';

/** Whether `header` is `sha256=<hex>` of `payload` under `secret`, compared in constant time. */
export function upstreamSignatureMatches(header: string | null | undefined, payload: string, secret: string): boolean {
  if (!header) return false;
  const expected = `sha256=${hmacSha256Hex(secret, payload)}`;
  const given = header.trim().toLowerCase();
  if (given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}

import { sha256 } from '../oauth/index.js';

/**
 * The header an upstream signs its deliveries to us with (docs/spec-decisions.md): `sha256=` and the hex
 * HMAC-SHA256 of the raw body, keyed with the integration's webhook secret (its credentials'
 * `webhookSecret` or `webhookEndpointSecret`): the platform's own X-Signature scheme.
 */
export const UPSTREAM_SIGNATURE_HEADER = 'X-Upstream-Signature';

const encoder = new TextEncoder();

/** HMAC-SHA256 (RFC 2104) over the synchronous SHA-256: a route runs in one synchronous transaction. */
function hmacSha256Hex(key: string, message: string): string {
  let keyBytes: Uint8Array = encoder.encode(key);
  if (keyBytes.length > 64) keyBytes = sha256(keyBytes);
  const block = new Uint8Array(64);
  block.set(keyBytes);
  const body = encoder.encode(message);
  const inner = new Uint8Array(64 + body.length);
  for (let i = 0; i < 64; i++) inner[i] = block[i]! ^ 0x36;
  inner.set(body, 64);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) outer[i] = block[i]! ^ 0x5c;
  outer.set(sha256(inner), 64);
  return Array.from(sha256(outer), (b) => b.toString(16).padStart(2, '0')).join('');
}

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

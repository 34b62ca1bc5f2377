import { ConfigurationError } from '../core/errors.js';
import type { WebhookVerificationReason } from './errors.js';
import { payloadBytes, secretList, utf8, type WebhookPayload, type WebhookSecret } from './payload.js';

/**
 * The one accepted form of `X-Signature` (spec document 1, "Webhooks"): `sha256=` and 64 hex digits,
 * either case. Nothing else (no list, no other algorithm, no padding) so every runtime agrees.
 */
const SIGNATURE_FORM = /^sha256=([0-9a-fA-F]{64})$/;
const PREFIX = 'sha256=';

/** Arguments of `verifySignature()` and `constructEvent()`: the raw body, the `X-Signature` header and the secret(s). */
export interface VerifySignatureParams {
  /** The raw body: the text or the bytes as received, never a parsed object. */
  payload: WebhookPayload;
  /**
   * The `X-Signature` header value; `null`/`undefined` when the header is absent. Node's header type
   * (`req.headers['x-signature']`) is taken as it is; a list of values is a malformed signature.
   */
  signature: string | readonly string[] | null | undefined;
  /** The subscription secret, or a list of secrets accepted during a rotation. */
  secret: WebhookSecret;
}

/** Arguments of `signPayload()`. */
export interface SignPayloadParams {
  /** The body to sign, as it will be sent: text or bytes. */
  payload: WebhookPayload;
  /** The subscription secret. */
  secret: string;
}

/** Outcome of a check: which reason, when it failed. */
export type SignatureCheck = { ok: true } | { ok: false; reason: Exclude<WebhookVerificationReason, 'malformed_payload'>; message: string };

function subtleCrypto(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    throw new ConfigurationError(
      'acs-sdk/webhooks needs Web Crypto (globalThis.crypto.subtle): Node 22+, Deno, an edge runtime, or a browser page on https or localhost',
    );
  }
  return subtle;
}

async function hmacSha256(secret: string, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const subtle = subtleCrypto();
  const key = await subtle.importKey('raw', utf8(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', key, data));
}

const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** Compares every byte whatever the first difference, so the time taken says nothing about the digest. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

/** The digest of a header, or why there is none. Never throws, whatever the header holds. */
export function parseSignatureHeader(
  header: unknown,
): { digest: Uint8Array } | { reason: 'missing_signature' | 'malformed_signature'; message: string } {
  if (header === undefined || header === null) return { reason: 'missing_signature', message: 'the X-Signature header is missing' };
  if (typeof header !== 'string') {
    return { reason: 'malformed_signature', message: 'X-Signature must be one string: sha256= and 64 hex digits' };
  }
  // Spaces and tabs around a field value are not part of it (RFC 9110, section 5.5).
  const value = header.replace(/^[ \t]+|[ \t]+$/g, '');
  if (value === '') return { reason: 'missing_signature', message: 'the X-Signature header is empty' };
  const match = SIGNATURE_FORM.exec(value);
  if (!match) return { reason: 'malformed_signature', message: 'X-Signature must be sha256= and 64 hex digits' };
  return { digest: fromHex(match[1]) };
}

/**
 * Checks a signature against each accepted secret. Arguments a developer got wrong (a parsed body, no
 * secret) throw `InvalidArgumentError`; anything the sender controls only makes the check fail.
 */
export async function checkSignature(params: VerifySignatureParams, caller: string): Promise<SignatureCheck> {
  const { payload, signature, secret } = (params ?? {}) as Partial<VerifySignatureParams>;
  const bytes = payloadBytes(payload, caller);
  const secrets = secretList(secret, caller);
  const parsed = parseSignatureHeader(signature);
  if (!('digest' in parsed)) return { ok: false, reason: parsed.reason, message: parsed.message };
  let matched = false;
  // Every secret is tried, so the time taken does not say which one matched.
  for (const candidate of secrets) {
    if (constantTimeEqual(await hmacSha256(candidate, bytes), parsed.digest)) matched = true;
  }
  if (!matched) return { ok: false, reason: 'signature_mismatch', message: 'X-Signature does not match the body for the given secret' };
  return { ok: true };
}

/**
 * Whether `signature` (the `X-Signature` header) is the HMAC-SHA256 of the raw `payload` under the
 * secret, or under any of the secrets during a rotation. Resolves `false` for a missing, malformed or
 * wrong signature; rejects with `InvalidArgumentError` only for a parsed body or a missing secret.
 * Web Crypto only: browsers, Node 22+, Deno and edge runtimes.
 *
 * @example
 * const ok = await verifySignature({ payload: rawBody, signature: req.headers['x-signature'], secret });
 * if (!ok) return res.writeHead(401).end();
 */
export async function verifySignature(params: VerifySignatureParams): Promise<boolean> {
  return (await checkSignature(params, 'verifySignature')).ok;
}

/**
 * The `X-Signature` value for a body: `sha256=` and the lowercase hex HMAC-SHA256 of its bytes, keyed
 * with the secret's UTF-8 bytes. For tests of a receiver; the service signs its deliveries the same way.
 *
 * @example
 * const signature = await signPayload({ payload: body, secret: 'whsec_test_secret_123' });
 */
export async function signPayload(params: SignPayloadParams): Promise<string> {
  const { payload, secret } = (params ?? {}) as Partial<SignPayloadParams>;
  const bytes = payloadBytes(payload, 'signPayload');
  const [key] = secretList(typeof secret === 'string' ? secret : undefined, 'signPayload');
  return PREFIX + toHex(await hmacSha256(key, bytes));
}

import { InvalidArgumentError } from '../core/errors.js';

/** The request body exactly as it arrived: its text, or its bytes (a Node `Buffer` is a `Uint8Array`). */
export type WebhookPayload = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/** The subscription secret, or several while rotating (any one of them is accepted). */
export type WebhookSecret = string | readonly string[];

const encoder = new TextEncoder();

/** UTF-8 bytes of a string; used for bodies and for secrets alike (the HMAC key is the secret's UTF-8). */
export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);

// `instanceof` fails across realms (iframes, vm contexts, test environments): check the tag instead.
const isArrayBuffer = (value: unknown): value is ArrayBuffer =>
  value instanceof ArrayBuffer || Object.prototype.toString.call(value) === '[object ArrayBuffer]';

/**
 * The signed bytes of a body. Refuses anything but text or bytes: a parsed body serialized again is not
 * what was signed (key order, spacing and escaped non-ASCII characters all change the bytes).
 */
export function payloadBytes(payload: unknown, caller: string): Uint8Array<ArrayBuffer> {
  if (typeof payload === 'string') return utf8(payload);
  // A copy: the caller's buffer may be shared or change while the digest is computed.
  if (ArrayBuffer.isView(payload)) return new Uint8Array(new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength));
  if (isArrayBuffer(payload)) return new Uint8Array(new Uint8Array(payload));
  throw new InvalidArgumentError(
    `${caller}() needs the raw request body as a string or bytes, got ${describe(payload)}. ` +
      'A parsed body serialized again does not reproduce the signed bytes (key order, spacing, non-ASCII text): ' +
      'read the body raw, e.g. express.raw({ type: "application/json" }), await request.text() or await request.arrayBuffer().',
  );
}

/** The accepted secrets as a list; refuses an empty or non-string one without echoing it. */
export function secretList(secret: unknown, caller: string): string[] {
  const list: unknown[] | null = typeof secret === 'string' ? [secret] : Array.isArray(secret) ? secret : null;
  if (!list || list.length === 0 || list.some((s) => typeof s !== 'string' || s === '')) {
    throw new InvalidArgumentError(
      `${caller}() needs the subscription secret: a non-empty string, or a non-empty list of them while rotating`,
    );
  }
  return list as string[];
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object (a body that was already parsed?)';
  return `a ${typeof value}`;
}

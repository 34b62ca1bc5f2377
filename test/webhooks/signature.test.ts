import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AcsError, InvalidArgumentError } from '../../src/index.js';
import { parseSignatureHeader, signPayload, verifySignature, WebhookVerificationError } from '../../src/webhooks/index.js';

const secret = 'whsec_0123456789abcdefghijklmnop';
const body = '{"id":"evt_0000000001","event":"customer.created","timestamp":"2026-11-02T09:00:00.000Z","data":{"id":"cus_1"}}';
/** The expected header, computed with node:crypto rather than the SDK's Web Crypto code. */
const nodeSignature = (payload: string | Uint8Array, key = secret) => `sha256=${createHmac('sha256', key).update(payload).digest('hex')}`;

describe('signPayload', () => {
  it('gives sha256= and the hex HMAC-SHA256 of the body keyed with the secret, as node:crypto computes it', async () => {
    expect(await signPayload({ payload: body, secret })).toBe(nodeSignature(body));
  });

  it('signs the UTF-8 bytes of a non-ASCII body, the same from text and from bytes', async () => {
    const text = '{"data":{"name":"Café Ümlaut 東京 🧾"}}';
    const bytes = new TextEncoder().encode(text);
    expect(await signPayload({ payload: text, secret })).toBe(nodeSignature(Buffer.from(text, 'utf8')));
    expect(await signPayload({ payload: bytes, secret })).toBe(await signPayload({ payload: text, secret }));
  });

  it('keys the HMAC with the UTF-8 bytes of a non-ASCII secret', async () => {
    expect(await signPayload({ payload: body, secret: 'sécret-clé-东京-0123' })).toBe(nodeSignature(body, 'sécret-clé-东京-0123'));
  });
});

describe('verifySignature', () => {
  it('accepts the signature of the raw body as text, Buffer, Uint8Array, ArrayBuffer or a DataView', async () => {
    const signature = nodeSignature(body);
    const buffer = Buffer.from(body);
    const copy = new Uint8Array(buffer).buffer;
    for (const payload of [body, buffer, new Uint8Array(buffer), copy, new DataView(copy)]) {
      expect(await verifySignature({ payload, signature, secret })).toBe(true);
    }
  });

  it('accepts a view into a larger buffer by its own bytes only', async () => {
    const framed = Buffer.from(`XXXX${body}YYYY`);
    const view = framed.subarray(4, 4 + Buffer.byteLength(body));
    expect(await verifySignature({ payload: view, signature: nodeSignature(body), secret })).toBe(true);
  });

  it('refuses a changed body, a wrong secret and a signature of another body', async () => {
    const signature = nodeSignature(body);
    expect(await verifySignature({ payload: body.replace('cus_1', 'cus_2'), signature, secret })).toBe(false);
    expect(await verifySignature({ payload: body, signature, secret: `${secret}x` })).toBe(false);
    expect(await verifySignature({ payload: body, signature: nodeSignature(`${body} `), secret })).toBe(false);
  });

  it('fails a body parsed and serialized again: escapes and spacing change the signed bytes', async () => {
    const raw = '{ "data": { "name": "Caf\\u00e9" } }';
    const signature = nodeSignature(raw);
    expect(await verifySignature({ payload: raw, signature, secret })).toBe(true);
    expect(await verifySignature({ payload: JSON.stringify(JSON.parse(raw)), signature, secret })).toBe(false);
  });

  it('refuses a parsed object with an InvalidArgumentError that says to pass the raw body', async () => {
    const parsed = JSON.parse(body) as string;
    const error = await verifySignature({ payload: parsed, signature: nodeSignature(body), secret }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as Error).message).toMatch(/raw request body as a string or bytes/);
    expect((error as Error).message).toMatch(/already parsed/);
  });

  it('takes hex digits in either case and ignores spaces around the header value', async () => {
    const signature = nodeSignature(body);
    const upper = `sha256=${signature.slice(7).toUpperCase()}`;
    expect(await verifySignature({ payload: body, signature: upper, secret })).toBe(true);
    expect(await verifySignature({ payload: body, signature: ` \t${signature} `, secret })).toBe(true);
  });

  it('accepts any secret of a rotation list, and none outside it', async () => {
    const oldSecret = 'whsec_old_0123456789abcdef';
    const newSecret = 'whsec_new_0123456789abcdef';
    const list = [newSecret, oldSecret];
    expect(await verifySignature({ payload: body, signature: nodeSignature(body, oldSecret), secret: list })).toBe(true);
    expect(await verifySignature({ payload: body, signature: nodeSignature(body, newSecret), secret: list })).toBe(true);
    expect(await verifySignature({ payload: body, signature: nodeSignature(body, secret), secret: list })).toBe(false);
  });

  it('refuses a missing secret, an empty list and an empty secret before looking at the signature', async () => {
    for (const bad of [undefined, '', [], [''], [secret, 42]]) {
      await expect(verifySignature({ payload: body, signature: 'junk', secret: bad as never })).rejects.toBeInstanceOf(
        InvalidArgumentError,
      );
    }
  });

  it('resolves false, never throws, for every malformed signature header', async () => {
    const hex = nodeSignature(body).slice(7);
    const junk: unknown[] = [
      undefined,
      null,
      '',
      '   ',
      'sha256=',
      hex,
      `SHA256=${hex}`,
      `sha1=${hex}`,
      `sha256:${hex}`,
      `sha256= ${hex}`,
      `sha256=${hex.slice(1)}`,
      `sha256=${hex}0`,
      `sha256=${hex.slice(0, 63)}g`,
      `sha256=${hex},sha256=${hex}`,
      `sha256=${hex}\n`,
      `v1,${hex}`,
      42,
      {},
      [nodeSignature(body)],
      `sha256=${'é'.repeat(64)}`,
    ];
    for (const signature of junk) {
      await expect(verifySignature({ payload: body, signature: signature as string, secret }), JSON.stringify(signature)).resolves.toBe(
        false,
      );
    }
  });

  it('resolves false for any string or value an attacker may send as the header (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.anything(),
          fc.string().map((s) => `sha256=${s}`),
        ),
        async (signature) => {
          expect(await verifySignature({ payload: body, signature: signature as string, secret })).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('parseSignatureHeader', () => {
  it('tells a missing header from a malformed one, and reads the 32 digest bytes of a good one', () => {
    expect(parseSignatureHeader(undefined)).toMatchObject({ reason: 'missing_signature' });
    expect(parseSignatureHeader(' ')).toMatchObject({ reason: 'missing_signature' });
    expect(parseSignatureHeader('sha256=xyz')).toMatchObject({ reason: 'malformed_signature' });
    const parsed = parseSignatureHeader(`sha256=${'ab'.repeat(32)}`);
    expect('digest' in parsed && [...parsed.digest]).toEqual(new Array(32).fill(0xab));
  });
});

describe('WebhookVerificationError', () => {
  it('is an AcsError with code WEBHOOK_VERIFICATION_FAILED and its reason', () => {
    const error = new WebhookVerificationError('signature_mismatch', 'X-Signature does not match');
    expect(error).toBeInstanceOf(AcsError);
    expect(error).toMatchObject({ name: 'WebhookVerificationError', code: 'WEBHOOK_VERIFICATION_FAILED', reason: 'signature_mismatch' });
    expect(error.toJSON()).toMatchObject({ reason: 'signature_mismatch', code: 'WEBHOOK_VERIFICATION_FAILED' });
  });
});

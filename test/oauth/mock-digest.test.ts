import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, secretHash, sha256, textDigest } from '../../mock-server/kernel/digest.js';
import { s256 } from '../../mock-server/domain/oauth/pkce.js';

describe("the mock's synchronous hashes (PKCE, token hashes, upstream signatures)", () => {
  it('agree with node:crypto on any input, across the padding boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.string({ maxLength: 100 }), fc.string({ maxLength: 200 }), (bytes, key, text) => {
        expect(Buffer.from(sha256(bytes)).toString('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
        expect(textDigest(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
        expect(hmacSha256Hex(key, text)).toBe(createHmac('sha256', key).update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 300 },
    );
  });

  it('keys an HMAC longer than a block by its hash, as RFC 2104 says', () => {
    const key = 'k'.repeat(65);
    expect(hmacSha256Hex(key, 'body')).toBe(createHmac('sha256', key).update('body').digest('hex'));
  });

  it('gives the S256 challenge of RFC 7636 Appendix B', () => {
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('stores a handed-out secret as its unpadded base64url hash', () => {
    expect(secretHash('secret')).toBe(createHash('sha256').update('secret').digest('base64url'));
  });
});

import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { s256, sha256 } from '../../mock-server/domain/oauth/sha256.js';

describe("the mock's synchronous SHA-256 (its PKCE check)", () => {
  it('agrees with node:crypto on any input, across the padding boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(Buffer.from(sha256(bytes)).toString('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
      { numRuns: 300 },
    );
    for (const length of [55, 56, 63, 64, 65, 119, 120]) {
      const bytes = new Uint8Array(length).fill(97);
      expect(Buffer.from(sha256(bytes)).toString('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('gives the S256 challenge of RFC 7636 Appendix B', () => {
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});

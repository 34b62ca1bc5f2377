import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdGenerator } from '../../../mock-server/store/index.js';

// RFC 9562 §5.4: version nibble 4, variant bits 10 (8, 9, a or b).
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** SHA-256 in counter mode over a fixed key, as a seed key draws: the same bytes on every run. */
function fixedSource(key: string) {
  let block = 0;
  return (bytes: Uint8Array<ArrayBuffer>) => {
    for (let at = 0; at < bytes.length; at += 32) {
      const digest = createHash('sha256').update(`${key}:${block++}`).digest();
      bytes.set(digest.subarray(0, Math.min(32, bytes.length - at)), at);
    }
  };
}

/** Chi-square of the 30 free hex digits of each uuid against a uniform 1/16. */
function chiSquare(uuids: string[]): number {
  const counts = new Array<number>(16).fill(0);
  for (const uuid of uuids) {
    const hex = uuid.replaceAll('-', '');
    for (let i = 0; i < 32; i++) if (i !== 12 && i !== 16) counts[Number.parseInt(hex[i], 16)]++;
  }
  const expected = (uuids.length * 30) / 16;
  return counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
}

describe('the mock’s uuids (store/ids.ts)', () => {
  it('are version 4 and distinct, from Web Crypto when no seed key is set', () => {
    const ids = new IdGenerator();
    const uuids = Array.from({ length: 1000 }, () => ids.uuid());
    for (const uuid of uuids) expect(uuid).toMatch(V4);
    expect(new Set(uuids).size).toBe(1000);
  });

  it('under a seed key are version 4, the same on every run, with uniform hex digits', () => {
    const draw = () => {
      const ids = new IdGenerator();
      ids.useSource(fixedSource('uuid test'));
      return Array.from({ length: 4000 }, () => ids.uuid());
    };
    const uuids = draw();
    for (const uuid of uuids) expect(uuid).toMatch(V4);
    expect(draw()).toEqual(uuids);
    // A fixed sample, so no flake: 15 degrees of freedom, 37.7 is the 0.1% critical value. The char codes
    // of a 62-letter alphabet taken modulo 16 (digits 1-9 five times, b-f twice) score about 14,900 here.
    expect(chiSquare(uuids)).toBeLessThan(37.7);
    const variants = new Set(uuids.map((uuid) => uuid[19]));
    expect([...variants].sort()).toEqual(['8', '9', 'a', 'b']);
  });
});

// Forged cursors and hostile path segments. Part of the fuzz suites' arbitraries (../arbitraries.ts).
import fc from 'fast-check';
import { encode } from './json-text.js';
import { NASTY_STRINGS, NUMBER_LIKE_STRINGS, PROTOTYPE_KEYS } from './hostile-values.js';

const toBase64Url = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** base64url of JSON text, the form of the service's own cursors. */
export const cursorOf = (json: string): string => toBase64Url(json);

/**
 * Cursors the service never issued: garbage, base64url of the wrong JSON, positions forged in the
 * service's own format, and real cursors of another query or company, altered or not.
 */
export function forgedCursor(realCursors: readonly string[] = []): fc.Arbitrary<string> {
  const structured = fc
    .tuple(
      fc.constantFrom(0, 1, 2, -1, '1', null),
      fc.constantFrom('00000000', 'ffffffff', '', 'x'.repeat(300), '__proto__'),
      fc.constantFrom('acc_0000000000000000', 'cus_ZZZZZZZZZZZZZZZZ', '', '__proto__', 'x'.repeat(500)),
      fc.array(
        fc.oneof(fc.constantFrom('zzz', '', '2026-02-31', null, true), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
        { maxLength: 4 },
      ),
    )
    .map(([version, query, id, values]) => cursorOf(JSON.stringify([version, query, id, ...values])));
  const odd = fc.constantFrom(
    '',
    ' ',
    '!!!',
    '..',
    'a'.repeat(5000),
    'eyJ',
    'W10',
    'bnVsbA',
    cursorOf('{"__proto__":{"polluted":true}}'),
    cursorOf('[1,"x",{"__proto__":1}]'),
    cursorOf(`[1,"x","y",${'['.repeat(200)}${']'.repeat(200)}]`),
    cursorOf('[1e309,"a","b"]'),
    'W1siYSJdXQ==',
    'W1siYSJdXQ+/',
    '%00',
  );
  const arbs: fc.Arbitrary<string>[] = [structured, odd, fc.base64String({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 40 })];
  if (realCursors.length) {
    const real = fc.constantFrom(...realCursors);
    arbs.push(
      real,
      fc.tuple(real, fc.nat()).map(([c, n]) => {
        const i = n % c.length;
        const flipped = c[i] === 'A' ? 'B' : 'A';
        return c.slice(0, i) + flipped + c.slice(i + 1);
      }),
      real.map((c) => c.slice(0, Math.max(1, c.length - 3))),
      real.map((c) => `${c}==`),
    );
  }
  return fc.oneof(...arbs);
}
// Path segments

/** A path segment, percent-encoded where needed: empty, dot segments, encoded slashes, huge, prototype names, real ids of other kinds. */
export function hostileSegment(realIds: readonly string[] = []): fc.Arbitrary<string> {
  const arbs: fc.WeightedArbitrary<string>[] = [
    {
      arbitrary: fc.constantFrom(
        '%2e%2e',
        '%2F',
        'a%2Fb',
        '%00',
        '%ZZ',
        '%',
        '%20',
        'a%20',
        '%E2%80%AE',
        '%C0%AF',
        '%uD800',
        '*',
        ';',
        'a;b=c',
      ),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS).map(encode), weight: 2 },
    {
      arbitrary: fc
        .constantFrom(...NASTY_STRINGS)
        .filter((s) => s !== '')
        .map(encode),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(...NUMBER_LIKE_STRINGS)
        .filter((s) => s.trim() !== '')
        .map(encode),
      weight: 1,
    },
    { arbitrary: fc.integer({ min: 201, max: 6000 }).map((n) => `cus_${'A'.repeat(n)}`), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encode), weight: 2 },
    { arbitrary: fc.constantFrom('acc_0000000000000000', 'cus_0000000000000000', 'inv_', 'cmp_', 'key_'), weight: 1 },
  ];
  if (realIds.length) {
    const real = fc.constantFrom(...realIds);
    arbs.push(
      { arbitrary: real.map(encode), weight: 3 },
      { arbitrary: real.map((id) => encode(id.toUpperCase())), weight: 1 },
      { arbitrary: real.map((id) => `${encode(id)}%20`), weight: 1 },
      { arbitrary: real.map((id) => encode(`${id}\u0000`)), weight: 1 },
    );
  }
  return fc.oneof(...arbs);
}

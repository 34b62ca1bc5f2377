// Hostile scalars, keys, values and whole bodies. Part of the fuzz suites' arbitraries (../arbitraries.ts).
import fc from 'fast-check';
import { JsonObject, raw, type RawJson, toJsonText } from './json-text.js';

/** Names a JavaScript object has on its prototype chain. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
] as const;

/** Number literals at the edges of IEEE 754 and of the contract's money bound. */
export const EXOTIC_NUMBER_LITERALS = [
  '1e308',
  '-1e308',
  '1e309',
  '-1e309',
  '-0',
  '0.0',
  '-0.0',
  '1e-400',
  '5e-324',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '1.7976931348623157e308',
  '0.30000000000000004',
  '1e21',
  '1E2',
  '0.1e1',
  '999999999999.99',
  '999999999999.995',
  '1000000000000',
  '12.345',
  '0.001',
  '-1',
  '-0.01',
  '2147483648',
  '4294967296',
] as const;

/** Numbers as text: what a careless `Number(text)` accepts and a strict parser must not. */
export const NUMBER_LIKE_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e-400',
  '0x10',
  '0b11',
  '0o17',
  '1_000',
  ' 1',
  '1 ',
  '',
  '+5',
  '.5',
  '5.',
  '١٢',
  '１２',
  '9007199254740993',
  '-0',
] as const;

/** Dates no calendar has, and date-like text at the edges of the ISO forms. */
export const IMPOSSIBLE_DATES = [
  '2026-02-31',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2025-02-29',
  '0000-00-00',
  '2026-1-1',
  '26-01-01',
  '+275760-09-14',
  '-000001-01-01',
  '2026-02-31T00:00:00Z',
  '2026-12-31T24:00:01Z',
  '2026-06-01T25:61:61Z',
  '2026-06-01T10:00:00+25:00',
  '2026-06-01 10:00:00',
  '9999-99-99',
] as const;

/** Text that has broken parsers, templates, terminals and path handling. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31m',
  '\r\n\r\n',
  '\t',
  '\uFEFF',
  '\u202Edlrow',
  '\u200B\u200C\u200D',
  '\uD800',
  'x\uDFFFy',
  '👩‍👩‍👧‍👦',
  '𝕏𝕐ℤ',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'ﷺ',
  '\'" OR 1=1 --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  '${7*7}',
  '{{7*7}}',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '{}',
  '[]',
  'a'.repeat(257),
] as const;

const exoticNumber = fc.constantFrom(...EXOTIC_NUMBER_LITERALS).map(raw);
const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
export const longString = fc
  .tuple(fc.integer({ min: 201, max: 20_000 }), fc.constantFrom('x', 'X', 'é', '\u0000', '😀', ' ', '\\', '"'))
  .map(([n, c]) => c.repeat(n));
/** Web addresses with a host of over 16,384 capitals: `URL.canParse` takes them, `new URL` throws (Node 24). */
const hugeUrl = fc
  .tuple(fc.constantFrom('https://', 'http://', ''), fc.integer({ min: 16_385, max: 20_000 }))
  .map(([scheme, n]) => `${scheme}${'T'.repeat(n)}`);

/** One hostile scalar (a string, number, boolean or null), or a raw number literal. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
  { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 2 },
  { arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES), weight: 2 },
  { arbitrary: fc.constantFrom(...NUMBER_LIKE_STRINGS), weight: 2 },
  { arbitrary: exoticNumber, weight: 3 },
  { arbitrary: finiteDouble, weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
  { arbitrary: longString, weight: 1 },
  { arbitrary: hugeUrl, weight: 1 },
  { arbitrary: fc.constantFrom(true, false, null), weight: 1 },
);

/** Keys of a hostile object: the schema's own field names, prototype names and odd text. */
export function hostileKey(fieldNames: readonly string[] = []): fc.Arbitrary<string> {
  const own = fieldNames.length ? [{ arbitrary: fc.constantFrom(...fieldNames), weight: 4 }] : [];
  return fc.oneof(
    ...own,
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 3 },
    { arbitrary: fc.constantFrom('', ' ', 'a.b', 'a[b]', '$where', '0', '-1', 'id', 'companyId', 'createdAt', 'k'.repeat(300)), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 1 },
  );
}

/** A hostile JSON value: scalars, arrays and objects (repeated and prototype keys) a few levels deep. */
export function hostileValue(fieldNames: readonly string[] = []): fc.Arbitrary<unknown> {
  const key = hostileKey(fieldNames);
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      { arbitrary: hostileScalar, weight: 6 },
      { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
      { arbitrary: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map((entries) => new JsonObject(entries)), weight: 2 },
    ),
  })).value;
}

/** JSON nested `depth` levels: arrays, objects, or both in turn, around `leaf`. */
export function nested(depth: number, shape: 'array' | 'object' | 'mixed', leaf = '1'): RawJson {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    const asArray = shape === 'array' || (shape === 'mixed' && i % 2 === 0);
    open += asArray ? '[' : '{"a":';
    close = (asArray ? ']' : '}') + close;
  }
  return raw(open + leaf + close);
}

/** Request bodies that are not JSON at all, or JSON only to a lenient reader. */
export const NOT_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":01}',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  '\u0000',
  'undefined',
  '[',
  '"unterminated',
  '{"a":"\\u12"}',
  '{"a":"\\x41"}',
  '<xml/>',
] as const;

/** Whole bodies: any hostile JSON value, one with the schema's field names as keys, deep nesting up to 64 levels, or no JSON at all. */
export function hostileBody(fieldNames: readonly string[]): fc.Arbitrary<string> {
  const value = hostileValue(fieldNames);
  return fc.oneof(
    { arbitrary: value.map(toJsonText), weight: 3 },
    {
      arbitrary: fc
        .array(fc.tuple(fieldNames.length ? fc.constantFrom(...fieldNames) : hostileKey(), value), { minLength: 1, maxLength: 6 })
        .map((e) => toJsonText(new JsonObject(e))),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(fc.integer({ min: 2, max: 64 }), fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>)
        .map(([d, s]) => toJsonText(nested(d - 1, s))),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...NOT_JSON), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  );
}

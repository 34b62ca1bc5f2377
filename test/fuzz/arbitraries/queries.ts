// Query strings: hostile keys, operators and values. Part of the fuzz suites' arbitraries (../arbitraries.ts).
import fc from 'fast-check';
import { FILTER_OPERATORS, type AnyEndpoint } from '../../../src/contract/index.js';
import { encode } from './json-text.js';
import {
  EXOTIC_NUMBER_LITERALS,
  IMPOSSIBLE_DATES,
  longString,
  NASTY_STRINGS,
  NUMBER_LIKE_STRINGS,
  PROTOTYPE_KEYS,
} from './hostile-values.js';
import { fieldNamesOf } from './schema-values.js';
import { forgedCursor } from './cursors-and-segments.js';

/** `k=v&...` from pairs (names may repeat). */
export const queryText = (pairs: readonly (readonly [string, string])[]): string =>
  pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');

/** Percent and separator garbage appended verbatim to a query string. */
export const RAW_QUERY_GARBAGE = [
  '%',
  '%zz',
  '%00',
  '%C0%AF',
  '%E0%80',
  '&&&',
  '==',
  '=',
  'a=1=2',
  ';',
  '%26',
  '+',
  '#frag',
  '%uD800',
  'a[=1',
  'a]=1',
] as const;

const BAD_OPERATORS = ['xx', 'GT', 'eq ', '', 'gt][lt', 'regex', 'where', '__proto__', 'constructor', 'between', 'like'] as const;

/** Names a list's query may carry: declared parameters, operator filters (good and bad), prototype names, odd text. */
export function queryKey(endpoint: AnyEndpoint): fc.Arbitrary<string> {
  const declared = fieldNamesOf(endpoint.query);
  const filters = Object.keys(endpoint.list?.filters ?? {});
  const operatorFields = filters.length ? filters : ['name', 'createdAt', 'id'];
  const arbs: fc.WeightedArbitrary<string>[] = [
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 2 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...operatorFields, ...PROTOTYPE_KEYS, 'unknownField'),
          fc.constantFrom(...FILTER_OPERATORS, ...BAD_OPERATORS),
        )
        .map(([f, op]) => `${f}[${op}]`),
      weight: 3,
    },
    { arbitrary: fc.constantFrom('a[b][c]', 'field[]', '[gt]', 'limit[gt]', 'cursor[eq]', 'sort[]', '', ' ', 'k'.repeat(300)), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 10 }), weight: 1 },
  ];
  if (declared.length) arbs.push({ arbitrary: fc.constantFrom(...declared), weight: 5 });
  if (filters.length) arbs.push({ arbitrary: fc.constantFrom(...filters), weight: 2 });
  return fc.oneof(...arbs);
}

/** A query value: hostile text, numbers, dates and cursors. */
export function queryValue(cursors: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 2 },
    { arbitrary: fc.constantFrom(...NUMBER_LIKE_STRINGS), weight: 3 },
    { arbitrary: fc.constantFrom(...EXOTIC_NUMBER_LITERALS), weight: 2 },
    { arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES), weight: 2 },
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        'true',
        'false',
        'asc',
        'desc',
        'name:asc',
        'createdAt:desc,name',
        'a,b,,c',
        '2026-03-15',
        '10',
        '0',
        '-1',
      ),
      weight: 3,
    },
    { arbitrary: forgedCursor(cursors), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 1 },
    { arbitrary: longString.map((s) => s.slice(0, 3000)), weight: 1 },
  );
}

/** A hostile query string for an endpoint (without the `?`). */
export function hostileQuery(endpoint: AnyEndpoint, cursors: readonly string[] = []): fc.Arbitrary<string> {
  const pair = fc.tuple(queryKey(endpoint), queryValue(cursors));
  return fc
    .tuple(fc.array(pair, { minLength: 1, maxLength: 6 }), fc.option(fc.constantFrom(...RAW_QUERY_GARBAGE), { freq: 4 }))
    .map(([pairs, garbage]) => [queryText(pairs), garbage].filter((s) => s !== null && s !== '').join('&'));
}

/** A query value of a valid query object as the SDK writes it. */
export function toQueryValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map((v) => String(v)).join(',');
  if (typeof value === 'object') return null;
  return String(value);
}

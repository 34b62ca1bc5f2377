/**
 * Hostile inputs for the contract-driven fuzz suites (MOCK-24): JSON text the fuzzer
 * controls to the byte (exotic number literals, duplicate and prototype keys, deep nesting), hostile
 * scalars, query strings, path segments and cursors, and "almost valid" values derived from an
 * endpoint's zod schema so that the handlers behind validation are reached.
 *
 * Nothing here knows a module: every generator reads the contract's schemas, so an endpoint added
 * later is fuzzed with no new code.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { FILTER_OPERATORS, sdkTypes, type AnyEndpoint } from '../../src/contract/index.js';

// ---------------------------------------------------------------------------------------------
// JSON text under our control

/** A JSON fragment written verbatim: number literals JSON.stringify cannot produce, deep nesting, garbage. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object as a list of entries: keys may repeat and may be `__proto__` without touching a prototype. */
export class JsonObject {
  constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}
}

export const raw = (text: string): RawJson => new RawJson(text);

/** The JSON text of a value built from plain values, `RawJson` and `JsonObject`. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? (Object.is(value, -0) ? '-0' : String(value)) : 'null';
  if (typeof value === 'bigint') return value.toString();
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const parts = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${toJsonText(record[k])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A plain value with its objects turned into `JsonObject`s, so a mutation can add any key. */
export function fromPlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromPlain);
  if (value instanceof RawJson || value instanceof JsonObject) return value;
  if (value !== null && typeof value === 'object') {
    return new JsonObject(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, fromPlain(v)] as const),
    );
  }
  return value;
}

export type Path = readonly (string | number)[];

/** Every node below the root, depth first: the places a mutation may hit. */
export function pathsOf(value: unknown, prefix: Path = []): { path: Path; value: unknown }[] {
  const out: { path: Path; value: unknown }[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push({ path: [...prefix, i], value: item });
      out.push(...pathsOf(item, [...prefix, i]));
    });
  } else if (value instanceof JsonObject) {
    value.entries.forEach(([key, item]) => {
      out.push({ path: [...prefix, key], value: item });
      out.push(...pathsOf(item, [...prefix, key]));
    });
  }
  return out;
}

/** `value` with the node at `path` replaced by `update(node)`; `undefined` from `update` removes it. */
export function updateAt(value: unknown, path: Path, update: (node: unknown) => unknown): unknown {
  if (path.length === 0) return update(value);
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value];
    const next = updateAt(copy[head], rest, update);
    if (next === undefined && rest.length === 0) copy.splice(head, 1);
    else copy[head] = next;
    return copy;
  }
  if (value instanceof JsonObject && typeof head === 'string') {
    const entries: (readonly [string, unknown])[] = [];
    for (const [k, v] of value.entries) {
      if (k !== head) entries.push([k, v]);
      else {
        const next = updateAt(v, rest, update);
        if (!(next === undefined && rest.length === 0)) entries.push([k, next]);
      }
    }
    return new JsonObject(entries);
  }
  return value;
}

/** `value` with an entry appended to the object at `path` (after any entry of the same key: a duplicate key). */
export function addEntryAt(value: unknown, path: Path, key: string, item: unknown): unknown {
  return updateAt(value, path, (node) => (node instanceof JsonObject ? new JsonObject([...node.entries, [key, item]]) : node));
}

// ---------------------------------------------------------------------------------------------
// Hostile scalars

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
const longString = fc
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

// ---------------------------------------------------------------------------------------------
// Zod schemas: what a valid-looking value of one is

/** A zod 4 definition (`_zod.def`) as the walks read it: its `type` says which of the other fields it has. */
type Def = {
  type: string;
  innerType: z.ZodType;
  in: z.ZodType;
  out: z.ZodType;
  getter: () => z.ZodType;
  element: z.ZodType;
  options: readonly z.ZodType[];
  items: readonly z.ZodType[];
  shape: Record<string, z.ZodType>;
  left: z.ZodType;
  right: z.ZodType;
  valueType: z.ZodType;
  entries: Record<string, string>;
  values: readonly unknown[];
  checks?: readonly unknown[];
  format?: string;
};
export const defOf = (schema: z.ZodType): Def => schema._zod.def as z.core.$ZodTypeDef & Def;
const isOptional = (schema: z.ZodType): boolean => schema._zod.optin === 'optional';

/** The schema a caller writes against: the SDK's typed view where the contract declares one (`typedAs`). */
const shownSchema = (schema: z.ZodType): z.ZodType => sdkTypes.get(schema) ?? schema;

export const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/** The schema behind optional/nullable/default wrappers and input-side pipes. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = shownSchema(schema);
  for (let i = 0; i < 20; i++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type)) current = shownSchema(def.innerType);
    else if (def.type === 'pipe') current = shownSchema(defOf(def.in).type === 'transform' ? def.out : def.in);
    else if (def.type === 'lazy') current = shownSchema(def.getter());
    else return current;
  }
  return current;
}

/** Field names of an object schema (the SDK's typed view), or none. */
export function fieldNamesOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object') return Object.keys(def.shape);
  if (def.type === 'union') return [...new Set((def.options as z.ZodType[]).flatMap((o) => fieldNamesOf(o)))];
  return [];
}

interface Checks {
  min?: number;
  max?: number;
  minInclusive?: boolean;
  maxInclusive?: boolean;
  minLength?: number;
  maxLength?: number;
  length?: number;
  integer?: boolean;
  pattern?: RegExp;
  custom?: boolean;
}

/** A zod 4 check's definition (a check's `_zod.def`) as `checksOf` reads it: its `check` says which fields it has. */
type CheckDef = {
  check: string;
  value: unknown;
  inclusive: boolean;
  format?: string;
  minimum: number;
  maximum: number;
  length: number;
  pattern?: unknown;
};

function checksOf(schema: z.ZodType): Checks {
  const out: Checks = {};
  const def = defOf(schema);
  for (const check of (def.checks ?? []) as { _zod: { def: CheckDef } }[]) {
    const c = check._zod.def;
    switch (c.check) {
      case 'greater_than':
        out.min = Number(c.value);
        out.minInclusive = c.inclusive;
        break;
      case 'less_than':
        out.max = Number(c.value);
        out.maxInclusive = c.inclusive;
        break;
      case 'number_format':
        if (String(c.format).includes('int')) out.integer = true;
        break;
      case 'min_length':
        out.minLength = c.minimum;
        break;
      case 'max_length':
        out.maxLength = c.maximum;
        break;
      case 'length_equals':
        out.length = c.length;
        break;
      case 'string_format':
        if (c.format === 'regex' && c.pattern instanceof RegExp) out.pattern = c.pattern;
        break;
      case 'custom':
        out.custom = true;
        break;
    }
  }
  return out;
}

/**
 * Whether a schema takes amounts the way the contract's `money()` does: a number with at most two
 * decimals (told by behaviour: 1.01 passes, 1.005 does not), maybe piped to a bound.
 */
export function isMoneySchema(schema: z.ZodType): boolean {
  let known = moneyCache.get(schema);
  if (known === undefined) {
    known = defOf(unwrap(schema)).type === 'number' && schema.safeParse(1.01).success && !schema.safeParse(1.005).success;
    moneyCache.set(schema, known);
  }
  return known;
}
const moneyCache = new WeakMap<z.ZodType, boolean>();

/** Field names that hold amounts although their schema is a plain number (the service checks them itself). */
const MONEY_NAME = /(amount|price|cost|debit|credit(?!s)|creditlimit|balance|total|discount|shipping)$/i;

/** Candidate values for a field that names a record (`customerId`, `taxCode`), from the records the caller can see. */
export type PoolLookup = (field: string) => readonly string[];

export interface ValidOptions {
  /** Real ids and codes by field name. */
  pools: PoolLookup;
  /** Every optional field present, not a random choice of them (by default each is sent one time in three). */
  allOptional?: boolean;
  /** Values by field name that replace what the schema would give (`sort`, `limit` of a list). */
  overrides?: Record<string, fc.Arbitrary<unknown>>;
}

/** Marks an optional field left out. */
const MISSING = Symbol('missing');

const MAX_SCHEMA_DEPTH = 8;

/** A value of the schema a careful caller would send: real ids for id fields, dates for date fields, bounded numbers. */
export function validArbitrary(schema: z.ZodType, options: ValidOptions, field = '', depth = 0): fc.Arbitrary<unknown> {
  const shown = shownSchema(schema);
  const def = defOf(shown);
  if (depth > MAX_SCHEMA_DEPTH) return fc.constant(undefined);
  const next = (s: z.ZodType, f = field) => validArbitrary(s, options, f, depth + 1);
  switch (def.type) {
    case 'object': {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const arb = options.overrides?.[key] ?? next(value, key);
        model[key] =
          options.allOptional || !isOptional(value)
            ? arb
            : fc.oneof({ arbitrary: fc.constant(MISSING), weight: 2 }, { arbitrary: arb, weight: 1 });
      }
      return fc
        .record(model)
        .map((record) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== MISSING && v !== undefined)));
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return next(def.innerType);
    case 'nullable':
      return next(def.innerType);
    case 'pipe':
      return next(defOf(def.in).type === 'transform' ? def.out : def.in);
    case 'lazy':
      return next(def.getter());
    case 'string':
      return validString(shown, field, options);
    case 'number':
      return validNumber(shown, field);
    case 'int':
    case 'bigint':
      return fc.integer({ min: 1, max: 100 });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array': {
      const c = checksOf(shown);
      const minLength = Math.max(c.minLength ?? c.length ?? 0, 1);
      const maxLength = Math.max(minLength, Math.min(c.maxLength ?? c.length ?? 3, 3));
      const items = fc.array(next(def.element), { minLength, maxLength });
      return isLedgerLines(def.element)
        ? fc.tuple(items, fc.integer({ min: 1, max: 100_000 })).map(([lines, cents]) => balanced(lines, cents / 100))
        : items;
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((s) => next(s)));
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((s) => next(s)));
    case 'intersection':
      return fc.tuple(next(def.left), next(def.right)).map(([a, b]) => ({ ...(a as object), ...(b as object) }));
    case 'record':
      return fc.dictionary(fc.constantFrom('note', 'colour', 'region'), next(def.valueType, ''), { maxKeys: 2 });
    case 'null':
      return fc.constant(null);
    case 'unknown':
    case 'any':
      return fc.constantFrom('value', 1, true);
    default:
      return fc.constant(undefined);
  }
}

/** Lines of a double-entry document: objects with both `debit` and `credit` (ARCHITECTURE.md: double entry). */
function isLedgerLines(element: z.ZodType): boolean {
  const def = defOf(unwrap(element));
  return def.type === 'object' && 'debit' in def.shape && 'credit' in def.shape;
}

/** Two lines, one debiting and one crediting `amount`: what a balanced entry needs to be accepted. */
function balanced(lines: unknown[], amount: number): unknown[] {
  const [first, second = first] = lines as Record<string, unknown>[];
  const { debit: _d1, credit: _c1, ...a } = first;
  const { debit: _d2, credit: _c2, ...b } = second;
  return [
    { ...a, debit: amount },
    { ...b, credit: amount },
  ];
}

const HINTS: [RegExp, fc.Arbitrary<string>][] = [
  [/email$/i, fc.constantFrom('fuzz@example.com', 'billing@fuzz.example.my')],
  [/^(to|cc)$/i, fc.constantFrom('fuzz@example.com')],
  [/(phone|mobile)$/i, fc.constantFrom('+60 3-1234 5678', '0312345678')],
  [/(website|url|^endpoint)$/i, fc.constantFrom('https://hooks.example.com/fuzz', 'https://example.com')],
  [/currency$/i, fc.constantFrom('MYR')],
  [/country$/i, fc.constantFrom('MY')],
  [/(date|datefrom|dateto|validuntil|after|before)$/i, fc.constantFrom('2026-03-15', '2026-01-31', '2026-06-30')],
  [/(at)$/, fc.constantFrom('2026-03-15T10:00:00Z')],
  [/secret$/i, fc.constantFrom('fuzz-secret-0123456789abcdef')],
];

function validString(schema: z.ZodType, field: string, options: ValidOptions): fc.Arbitrary<string> {
  const def = defOf(schema);
  const pool = field ? options.pools(field) : [];
  if (pool.length) return fc.constantFrom(...pool);
  switch (def.format) {
    case 'email':
      return fc.constantFrom('fuzz@example.com');
    case 'url':
      return fc.constantFrom('https://hooks.example.com/fuzz');
    case 'date':
      // A taxable period of SST's two months, as filing a tax return needs (ACC-40).
      if (field === 'periodFrom' || field === 'periodTo') return fc.constantFrom(field === 'periodFrom' ? '2026-01-01' : '2026-02-28');
      return fc.constantFrom('2026-03-15', '2026-01-31');
    case 'datetime':
      return fc.constantFrom('2026-03-15T10:00:00Z');
    case 'uuid':
    case 'guid':
      return fc.uuid();
  }
  const c = checksOf(schema);
  for (const [pattern, arb] of HINTS) {
    if (!pattern.test(field)) continue;
    return c.pattern ? arb.filter((v) => c.pattern!.test(v)) : arb;
  }
  if (c.pattern) return fc.stringMatching(c.pattern, { size: 'xsmall' });
  if (c.length !== undefined) return fc.constantFrom('MYR'.padEnd(c.length, 'X').slice(0, c.length));
  const min = Math.max(c.minLength ?? 1, 1);
  const max = Math.max(min, Math.min(c.maxLength ?? 24, 24));
  return fc.oneof(
    fc.constantFrom('Fuzz', 'Fuzz value', 'Fuzz Sdn Bhd').filter((s) => s.length >= min && s.length <= max),
    fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max }).filter((s) => s.trim().length >= min),
  );
}

function validNumber(schema: z.ZodType, field: string): fc.Arbitrary<number> {
  const c = checksOf(schema);
  // A valid amount is most often small and positive: a symmetric bound (money's ±999,999,999,999.99) starts at 0.
  const least = c.min === undefined ? 0 : c.min + (c.minInclusive === false ? 1 : 0);
  const hi = c.max === undefined ? Math.max(least, 1000) : c.max - (c.maxInclusive === false ? 1 : 0);
  const lo = least < 0 && hi > 0 ? 0 : least;
  if (/quantity$/i.test(field)) return fc.integer({ min: Math.max(lo, 1), max: Math.max(Math.max(lo, 1), Math.min(hi, 5)) });
  if (/rate$/i.test(field)) return fc.constantFrom(1);
  if (c.integer || /(terms|days|level|count)$/i.test(field))
    return fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(Math.min(hi, 365))) });
  const cents = fc.integer({ min: Math.ceil(lo * 100), max: Math.max(Math.ceil(lo * 100), Math.floor(Math.min(hi, 100_000) * 100)) });
  return cents.map((n) => n / 100);
}

/** Paths (in a plain value built by `validArbitrary`) of the fields that hold money, by schema or by name. */
export function moneyPaths(schema: z.ZodType, value: unknown): Path[] {
  const out: Path[] = [];
  const walk = (s: z.ZodType, v: unknown, path: Path, field: string, depth: number) => {
    if (depth > MAX_SCHEMA_DEPTH) return;
    const inner = unwrap(s);
    const def = defOf(inner);
    if (def.type === 'number') {
      if (typeof v === 'number' && (isMoneySchema(s) || MONEY_NAME.test(field))) out.push(path);
      return;
    }
    if (def.type === 'object' && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (key in (v as object)) walk(child, (v as Record<string, unknown>)[key], [...path, key], key, depth + 1);
      }
    } else if (def.type === 'array' && Array.isArray(v)) {
      for (const [i, item] of v.entries()) walk(def.element, item, [...path, i], field, depth + 1);
    } else if (def.type === 'union') {
      for (const option of def.options as z.ZodType[]) walk(option, v, path, field, depth + 1);
    }
  };
  walk(schema, value, [], '', 0);
  return [...new Map(out.map((p) => [JSON.stringify(p), p])).values()];
}

/** Paths of every object field named `name` in a value built from `schema` (for `customFields`). */
export function fieldPaths(value: unknown, name: string, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) for (const [i, item] of value.entries()) out.push(...fieldPaths(item, name, [...prefix, i]));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (key === name) out.push([...prefix, key]);
      out.push(...fieldPaths(item, name, [...prefix, key]));
    }
  }
  return out;
}

/** Whether a schema declares a field `name` anywhere (depth-bounded). */
export function schemaHasField(schema: z.ZodType | undefined, name: string, depth = 0): boolean {
  if (!schema || depth > MAX_SCHEMA_DEPTH) return false;
  const def = defOf(unwrap(schema));
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, z.ZodType>).some(
      ([key, child]) => key === name || schemaHasField(child, name, depth + 1),
    );
  }
  if (def.type === 'array') return schemaHasField(def.element, name, depth + 1);
  if (def.type === 'union') return (def.options as z.ZodType[]).some((o) => schemaHasField(o, name, depth + 1));
  return false;
}

// ---------------------------------------------------------------------------------------------
// Almost valid: one mutation of a valid value

export type MutationKind =
  | 'replace'
  | 'delete'
  | 'add-key'
  | 'duplicate-key'
  | 'wrap-array'
  | 'as-string'
  | 'exotic-number'
  | 'impossible-date'
  | 'huge-array'
  | 'null';

const MUTATIONS: MutationKind[] = [
  'replace',
  'delete',
  'add-key',
  'duplicate-key',
  'wrap-array',
  'as-string',
  'exotic-number',
  'impossible-date',
  'huge-array',
  'null',
];

export interface Mutation {
  kind: MutationKind;
  path: Path;
}

/** A valid value (from `validArbitrary`) with one node changed into something hostile. */
export function mutated(base: fc.Arbitrary<unknown>, fieldNames: readonly string[]): fc.Arbitrary<{ value: unknown; mutation: Mutation }> {
  return fc
    .tuple(
      base,
      fc.constantFrom(...MUTATIONS),
      fc.nat(),
      hostileValue(fieldNames),
      hostileKey(fieldNames),
      fc.integer({ min: 50, max: 400 }),
    )
    .map(([plain, kind, pick, hostile, key, count]) => {
      const value = fromPlain(plain);
      const nodes = pathsOf(value);
      if (nodes.length === 0) {
        return { value: kind === 'add-key' ? addEntryAt(value, [], key, hostile) : hostile, mutation: { kind, path: [] } };
      }
      if (kind === 'add-key' || kind === 'duplicate-key') {
        const objects = [{ path: [] as Path, value }, ...nodes].filter((n) => n.value instanceof JsonObject);
        const target = objects[pick % objects.length];
        const existing = (target.value as JsonObject).entries.map(([k]) => k);
        const name = kind === 'duplicate-key' && existing.length ? existing[pick % existing.length] : key;
        return { value: addEntryAt(value, target.path, name, hostile), mutation: { kind, path: [...target.path, name] } };
      }
      const { path } = nodes[pick % nodes.length];
      const change = (node: unknown): unknown => {
        switch (kind) {
          case 'delete':
            return undefined;
          case 'wrap-array':
            return [node];
          case 'as-string':
            return typeof node === 'string' ? new JsonObject([['value', node]]) : toJsonText(node);
          case 'exotic-number':
            return raw(EXOTIC_NUMBER_LITERALS[pick % EXOTIC_NUMBER_LITERALS.length]);
          case 'impossible-date':
            return IMPOSSIBLE_DATES[pick % IMPOSSIBLE_DATES.length];
          case 'huge-array':
            return Array.from({ length: count }, () => node);
          case 'null':
            return null;
          default:
            return hostile;
        }
      };
      return { value: updateAt(value, path, change), mutation: { kind, path } };
    });
}

// ---------------------------------------------------------------------------------------------
// Query strings

/** A query component encoded as a browser would: lone surrogates made well formed first (encodeURIComponent throws on them). */
export const encode = (text: string): string => encodeURIComponent(wellFormed(text));

/** `String.prototype.toWellFormed` (ES2024, past this project's ES2023 lib): lone surrogates become U+FFFD. */
export const wellFormed = (text: string): string =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

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

// ---------------------------------------------------------------------------------------------
// Cursors

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

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// What a schema holds

/** Whether a body schema has an amount anywhere: the contract's `money()`, or a number named like one. */
export function schemaHasMoney(schema: z.ZodType | undefined, field = '', depth = 0): boolean {
  if (!schema || depth > MAX_SCHEMA_DEPTH) return false;
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'number') return isMoneySchema(schema) || MONEY_NAME.test(field);
  if (def.type === 'object')
    return Object.entries(def.shape as Record<string, z.ZodType>).some(([key, child]) => schemaHasMoney(child, key, depth + 1));
  if (def.type === 'array') return schemaHasMoney(def.element, field, depth + 1);
  if (def.type === 'union') return (def.options as z.ZodType[]).some((o) => schemaHasMoney(o, field, depth + 1));
  return false;
}

const DATE_NAME = /(date|datefrom|dateto|after|before|until)$/i;

/** Query parameters that take a date: an ISO date or datetime format, or a string named like a date. */
export function dateQueryParams(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = defOf(unwrap(schema));
  if (def.type !== 'object') return [];
  return Object.entries(def.shape as Record<string, z.ZodType>)
    .filter(([key, child]) => {
      const inner = defOf(unwrap(child));
      return inner.type === 'string' && (inner.format === 'date' || inner.format === 'datetime' || DATE_NAME.test(key));
    })
    .map(([key]) => key);
}

/** A valid value with every optional field present (so amounts and `customFields` are there to mutate). */
export function fullArbitrary(schema: z.ZodType, options: ValidOptions): fc.Arbitrary<unknown> {
  return validArbitrary(schema, { ...options, allOptional: true });
}

/** The schemas `path` reaches in `schema`: several through a union, none where a key is not declared (a key it would drop unread). */
export function schemasAt(schema: z.ZodType | undefined, path: Path, depth = 0): z.ZodType[] {
  if (!schema || depth > MAX_SCHEMA_DEPTH) return [];
  if (path.length === 0) return [schema];
  const def = defOf(unwrap(schema));
  const [head, ...rest] = path;
  if (def.type === 'object' && typeof head === 'string') return schemasAt((def.shape as Record<string, z.ZodType>)[head], rest, depth + 1);
  if (def.type === 'array' && typeof head === 'number') return schemasAt(def.element as z.ZodType, rest, depth + 1);
  if (def.type === 'union') return (def.options as z.ZodType[]).flatMap((o) => schemasAt(o, path, depth + 1));
  if (def.type === 'record') return schemasAt(def.valueType as z.ZodType, rest, depth + 1);
  return [];
}

/** Whether every key of `path` is a field the schema declares (not a key it would drop unread). */
export const declaresPath = (schema: z.ZodType | undefined, path: Path): boolean => schemasAt(schema, path).length > 0;

/** The longest text a schema declares at `path` (`.max()`), if any: a document field (a CSV's text) may be long by design. */
export function declaredMaxLength(schema: z.ZodType | undefined, path: Path): number | undefined {
  const lengths = schemasAt(schema, path).flatMap((s) => (unwrap(s) as z.ZodType & { maxLength?: number | null }).maxLength ?? []);
  return lengths.length > 0 ? Math.max(...lengths) : undefined;
}

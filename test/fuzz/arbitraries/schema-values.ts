// What a valid-looking value of a zod schema is: the values a careful caller would send. Part of the fuzz suites' arbitraries (../arbitraries.ts).
import fc from 'fast-check';
import type { z } from 'zod';
import { sdkTypes } from '../../../src/contract/index.js';
import type { Path } from './json-text.js';

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
export const MONEY_NAME = /(amount|price|cost|debit|credit(?!s)|creditlimit|balance|total|discount|shipping)$/i;

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

export const MAX_SCHEMA_DEPTH = 8;

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

import { z } from 'zod';
import type { FilterCondition, FilterKind, FilterOperator, FilterOperatorsByKind } from '../core/filters.js';

/**
 * Validation codes of spec document 1 ("Errors"). A schema refinement names its code through
 * `params: { code }`; the mock turns zod issues into `details[].code` with these.
 */
export const ValidationCode = z.enum([
  'REQUIRED_FIELD',
  'INVALID_FORMAT',
  'MIN_VALUE',
  'MAX_VALUE',
  'INVALID_CHOICE',
  'DUPLICATE_VALUE',
  'DATE_CONSTRAINT',
]);
export type ValidationCode = z.infer<typeof ValidationCode>;

/** The largest amount the service takes (ARCHITECTURE.md, "Money is exact"): every sum of a document stays exact. */
export const MAX_AMOUNT = 999_999_999_999.99;

/** Decimal places of a number as JSON writes it: 0 for large exponent forms (1e+21), 99 for small ones (1e-7). */
export const decimalPlaces = (value: number): number => {
  const text = String(value);
  if (text.includes('e')) return text.includes('e-') ? 99 : 0;
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
};

/** A number with at most `places` decimals (INVALID_FORMAT otherwise). */
const withPlaces = (schema: z.ZodNumber, places: number, what: string) =>
  schema.refine((v) => decimalPlaces(v) <= places, {
    message: `must be ${what} with at most ${places} decimal places`,
    params: { code: 'INVALID_FORMAT' },
    abort: true,
  });

/**
 * An amount on the wire: a number with at most two decimals (spec document 2, "amounts are numbers
 * with two decimals"), at most {@link MAX_AMOUNT} either way, so sums of amounts stay exact.
 */
export const money = () =>
  z
    .number()
    .refine((v) => decimalPlaces(v) <= 2, {
      message: 'must be a number with at most two decimal places',
      params: { code: 'INVALID_FORMAT' },
      abort: true,
    })
    .min(-MAX_AMOUNT)
    .max(MAX_AMOUNT);

/**
 * A sum of amounts the service keeps (balances, ledger totals, a customer's sales): two decimals,
 * without the bound of a single amount, since it grows with the records it adds up.
 */
export const moneyTotal = () =>
  z.number().refine((v) => decimalPlaces(v) <= 2, {
    message: 'must be a number with at most two decimal places',
    params: { code: 'INVALID_FORMAT' },
  });

/** An amount that may not be negative (prices, costs). */
export const nonNegativeMoney = () => money().pipe(z.number().min(0));

/** The largest quantity (of stock, of a document line) and stock level the service takes. */
export const MAX_QUANTITY = 1_000_000_000;

/** A quantity or stock level: at most {@link MAX_QUANTITY} either way, at most four decimals (a unit may be a kilogram or an hour). */
export const quantityValue = () => withPlaces(z.number().min(-MAX_QUANTITY).max(MAX_QUANTITY), 4, 'a quantity');

/** A non-negative quantity or measure (stock levels, weights, dimensions): 0 to {@link MAX_QUANTITY}, four decimals. */
export const nonNegativeQuantity = () => withPlaces(z.number().min(0).max(MAX_QUANTITY), 4, 'a quantity');

/** A percentage (discounts, tax rates): 0 to 100, at most four decimals. */
export const percentage = () => withPlaces(z.number().min(0).max(100), 4, 'a percentage');

/** An exchange rate: above zero, at most 1,000,000, at most eight decimals. */
export const rate = () => withPlaces(z.number().positive().max(1_000_000), 8, 'a rate');

/**
 * Schemas holding secrets (passwords, client secrets, webhook secrets, tokens, PKCE verifiers, API
 * keys, bank account numbers): an error never echoes their values. Mark a field with {@link secret}.
 */
export const secretSchemas = new WeakSet<z.ZodType>();

/** Marks a field as a secret: validation errors name it, never show its value. */
export function secret<S extends z.ZodType>(schema: S): S {
  secretSchemas.add(schema);
  return schema;
}

/** Bounds of a free-form object ({@link freeFormObject}). */
export interface FreeFormBounds {
  /** Most keys at any one level. */
  maxKeys: number;
  maxKeyLength: number;
  /** Longest string value, anywhere inside. */
  maxValueLength: number;
  /** Nesting, the object itself being level 1: 1 for a flat map of scalars. */
  maxDepth: number;
  /** Size of the whole value as JSON, in UTF-8 bytes. */
  maxBytes: number;
}

/** Keys refused in free-form objects: they name prototype machinery, never data. */
export const RESERVED_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/**
 * A free-form object (`customFields`, ...) with declared bounds: keys per level, key and string
 * length, nesting and total size; `value` types the values (default: any JSON). Over a bound is a
 * `MAX_VALUE` naming the field and the bound; a reserved key (`__proto__`, `constructor`,
 * `prototype`) is an `INVALID_FORMAT`. The bounds are checked on what was sent, before anything else.
 */
export function freeFormObject<V extends z.ZodType = z.ZodUnknown>(
  bounds: FreeFormBounds,
  value?: V,
): z.ZodType<Record<string, z.output<V>>, Record<string, z.input<V>>> {
  return z.preprocess(
    (input, ctx) => {
      const problem = freeFormProblem(input, bounds);
      if (problem)
        ctx.addIssue({ code: 'custom', input, message: problem.message, params: { code: problem.code, constraint: problem.constraint } });
      return input;
    },
    z.record(z.string(), value ?? z.unknown()),
  ) as z.ZodType<Record<string, z.output<V>>, Record<string, z.input<V>>>;
}

interface FreeFormProblem {
  code: 'MAX_VALUE' | 'INVALID_FORMAT';
  message: string;
  constraint: Record<string, unknown>;
}

const utf8 = new TextEncoder();

/** The first bound `input` breaks, or null; iterative, and never deeper than `maxDepth + 1` levels. */
function freeFormProblem(input: unknown, bounds: FreeFormBounds): FreeFormProblem | null {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null; // the record schema says what it should be
  const over = (message: string, constraint: Record<string, unknown>): FreeFormProblem => ({ code: 'MAX_VALUE', message, constraint });
  const pending: [unknown, number][] = [[input, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.length > bounds.maxValueLength)
        return over(`texts are at most ${bounds.maxValueLength} characters`, { maxValueLength: bounds.maxValueLength });
      continue;
    }
    if (typeof item === 'number' && !Number.isFinite(item))
      return { code: 'INVALID_FORMAT', message: 'numbers must be finite', constraint: { type: 'finite number' } };
    if (item === null || typeof item !== 'object') continue;
    if (depth > bounds.maxDepth)
      return over(`nesting is at most ${bounds.maxDepth} level${bounds.maxDepth === 1 ? '' : 's'}`, { maxDepth: bounds.maxDepth });
    const keys = Array.isArray(item) ? null : Object.keys(item);
    const size = keys ? keys.length : (item as unknown[]).length;
    if (size > bounds.maxKeys) return over(`at most ${bounds.maxKeys} entries`, { maxKeys: bounds.maxKeys });
    for (const key of keys ?? []) {
      if (RESERVED_KEYS.includes(key))
        return { code: 'INVALID_FORMAT', message: `${key} is a reserved name`, constraint: { reserved: RESERVED_KEYS } };
      if (key.trim() === '') return { code: 'INVALID_FORMAT', message: 'names must not be blank', constraint: { minKeyLength: 1 } };
      if (key.length > bounds.maxKeyLength)
        return over(`names are at most ${bounds.maxKeyLength} characters`, { maxKeyLength: bounds.maxKeyLength });
    }
    for (const child of keys ? keys.map((key) => (item as Record<string, unknown>)[key]) : (item as unknown[]))
      pending.push([child, depth + 1]);
  }
  // Every part is bounded now, so the whole can be written to be measured.
  const bytes = utf8.encode(JSON.stringify(input)).length;
  if (bytes > bounds.maxBytes) return over(`at most ${bounds.maxBytes} bytes as JSON`, { maxBytes: bounds.maxBytes });
  return null;
}

/** `YYYY-MM-DD`. */
export const isoDate = () => z.iso.date();
/** ISO 8601 UTC datetime. */
export const isoDateTime = () => z.iso.datetime({ offset: true });

/** A boolean query parameter: `true`/`false` on the wire, boolean in the SDK. */
export const queryBoolean = () => z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
/** An integer query parameter: decimal digits only (`limit=0x10`, `1e2`, ` 5` are INVALID_FORMAT). */
export const queryInt = () => queryNumeric(/^-?\d+$/, 'a whole number in decimal digits', z.number().int());
/** A number as a query writes it: decimal digits with an optional fraction (`1.5`; not `0x10`, `1e2`, `Infinity`). */
export const DECIMAL_NUMBER = /^-?\d+(\.\d+)?$/;
/** A number query parameter, and the value of a number field's operator filter (`total[gte]=100.50`). */
export const queryNumber = () => queryNumeric(DECIMAL_NUMBER, 'a number in decimal digits', z.number());

const queryNumeric = (syntax: RegExp, what: string, schema: z.ZodNumber) =>
  z.preprocess((v, ctx) => {
    if (typeof v !== 'string') return v;
    if (syntax.test(v)) return Number(v);
    ctx.addIssue({
      code: 'custom',
      input: v,
      message: `must be ${what}`,
      params: { code: 'INVALID_FORMAT', constraint: { pattern: syntax.source } },
    });
    return v;
  }, schema);

/** `limit` + `cursor` of cursor-paged lists (spec document 1, "Pagination"). */
export const cursorPageQuery = {
  limit: queryInt().optional(),
  cursor: z.string().optional(),
};
/** `limit` + `offset` of the suppliers list. */
export const offsetPageQuery = {
  limit: queryInt().optional(),
  offset: queryInt().optional(),
};
/** `pageNo` + `pageSize` of the data-management API (1-based). */
export const pageNumberQuery = {
  pageNo: queryInt().optional(),
  pageSize: queryInt().optional(),
};
/** Free-text search (spec document 1, "Filtering and sorting"). */
export const searchQuery = {
  search: z.string().optional(),
  searchFields: z.string().optional(),
};
/** `sort=<field>:<asc|desc>[,...]`, or `sort=<field>` with `order`. */
export const sortQuery = {
  sort: z.string().optional(),
  order: z.enum(['asc', 'desc']).optional(),
};

export const CursorPagination = z.object({
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
  limit: z.number().int(),
  total: z.number().int(),
});
export const OffsetPagination = z.object({
  hasMore: z.boolean(),
  nextOffset: z.number().int().nullable(),
  limit: z.number().int(),
  total: z.number().int(),
});
export const PageNumberPagination = z.object({
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalRecords: z.number().int(),
  totalPages: z.number().int(),
  hasMore: z.boolean(),
});
export type CursorPagination = z.infer<typeof CursorPagination>;
export type OffsetPagination = z.infer<typeof OffsetPagination>;
export type PageNumberPagination = z.infer<typeof PageNumberPagination>;

export const Meta = z.object({ timestamp: isoDateTime(), requestId: z.string() });

/** Success envelope around `data`. */
export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data, meta: Meta });
/** Success envelope of a list. */
export const listEnvelope = <T extends z.ZodType, P extends z.ZodType>(item: T, pagination: P) =>
  z.object({ success: z.literal(true), data: z.array(item), pagination, meta: Meta });

/** One entry of `error.details`: validation items carry field/message/code/value/constraint; other codes carry record facts. */
export const ErrorDetail = z
  .object({
    field: z.string().optional(),
    message: z.string().optional(),
    code: z.string().optional(),
    value: z.unknown().optional(),
    constraint: z.unknown().optional(),
  })
  .catchall(z.unknown());
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** Failure envelope (spec document 1, "Errors"). */
export const ErrorEnvelope = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.union([z.array(ErrorDetail), z.record(z.string(), z.unknown())]).optional(),
    requestId: z.string(),
    timestamp: isoDateTime(),
    documentation: z.string().optional(),
    /** EINVOICE_VALIDATION_FAILED: the tax portal's own answer (spec document 3, "Errors"). */
    governmentResponse: z
      .object({ portal: z.string(), errorCode: z.string(), errorMessage: z.string(), validationId: z.string(), timestamp: isoDateTime() })
      .optional(),
  }),
  meta: Meta,
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** `data` of a delete: the id of the record that is gone. */
export const DeletedRecord = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeletedRecord = z.infer<typeof DeletedRecord>;

/** Operators of the filter form `<field>[<operator>]=<value>` (spec document 1); the SDK's `FilterCondition` takes these. */
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'nin',
  'contains',
  'startswith',
  'endswith',
] as const satisfies readonly FilterOperator[];
export type { FilterCondition, FilterOperator };

/**
 * The operators each kind of field takes (decision PLAT-38): the mock refuses any other, docs/openapi.json
 * declares one parameter per field and operator of this table, and the SDK's types hold the same.
 */
export const FILTER_OPERATORS_BY_KIND = {
  string: FILTER_OPERATORS,
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin'],
  date: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin'],
  datetime: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin'],
  boolean: ['eq', 'ne', 'in', 'nin'],
} as const satisfies { readonly [K in FilterKind]: readonly FilterOperatorsByKind[K][] };

/**
 * `new URL(value)`, or null when `value` is not an absolute URL. Never `URL.canParse` then `new URL`:
 * on Node 24 `canParse` accepts inputs `new URL` throws on (`https://` and a 20,000-character host),
 * which turned such a value into a 500.
 */
export function parseAbsoluteUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Longest text of each address field (ARCHITECTURE.md: every free-form field has declared limits; SALES-2). */
export const ADDRESS_LIMITS = { street: 200, street2: 200, city: 100, state: 100, postalCode: 20, country: 100 } as const;
/** Longest email address (RFC 5321 §4.5.3.1.3: a path of 256 octets, brackets included). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest web address the service stores: item images, customer websites and webhook subscription URLs. */
export const URL_MAX_LENGTH = 2048;

/** Address block shared by records. */
export const Address = z.object({
  street: z.string().max(ADDRESS_LIMITS.street).optional(),
  street2: z.string().max(ADDRESS_LIMITS.street2).optional(),
  city: z.string().max(ADDRESS_LIMITS.city).optional(),
  state: z.string().max(ADDRESS_LIMITS.state).optional(),
  postalCode: z.string().max(ADDRESS_LIMITS.postalCode).optional(),
  country: z.string().max(ADDRESS_LIMITS.country).optional(),
});

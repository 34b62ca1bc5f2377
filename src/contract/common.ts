import { z } from 'zod';
import type { FilterCondition, FilterOperator } from '../core/filters.js';

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

/** An amount on the wire: a number with at most two decimals (spec document 2, "amounts are numbers with two decimals"). */
export const money = () =>
  z
    .number()
    .refine((v) => Number.isFinite(v) && /^-?\d+(\.\d{1,2})?$/.test(String(v)), {
      message: 'must be a number with at most two decimal places',
      params: { code: 'INVALID_FORMAT' },
    });

/** An amount that may not be negative (prices, costs). */
export const nonNegativeMoney = () => money().pipe(z.number().min(0));

/** `YYYY-MM-DD`. */
export const isoDate = () => z.iso.date();
/** ISO 8601 UTC datetime. */
export const isoDateTime = () => z.iso.datetime({ offset: true });

/** A boolean query parameter: `true`/`false` on the wire, boolean in the SDK. */
export const queryBoolean = () =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
/** An integer query parameter. */
export const queryInt = () =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().int());
/** A number query parameter. */
export const queryNumber = () =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number());

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
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, meta: Meta });
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
 * `new URL(value)`, or null when `value` is not an absolute URL. Never `URL.canParse` then `new URL`:
 * on Node 24 `canParse` accepts inputs `new URL` throws on (`https://` and a 20,000-character host),
 * which turned such a value into a 500 (issue #8).
 */
export function parseAbsoluteUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Longest text of each address field (DESIGN: every free-form field has declared limits). */
export const ADDRESS_LIMITS = { street: 200, street2: 200, city: 100, state: 100, postalCode: 20, country: 100 } as const;
/** Longest email address (RFC 5321 §4.5.3.1.3: a path of 256 octets, brackets included). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest web address the service stores (item images, customer websites), as for webhook URLs. */
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

import type { ListSpec } from '../../src/contract/index.js';
import { validationError, type ValidationIssue } from '../kernel/errors.js';

/** Query parameters the list engine reads itself; every other one is a filter of the route's. */
export const PAGING_AND_ORDER_KEYS: ReadonlySet<string> = new Set([
  'limit',
  'cursor',
  'offset',
  'pageNo',
  'pageSize',
  'sort',
  'order',
  'search',
  'searchFields',
]);

export interface SortKey {
  field: string;
  desc: boolean;
}

/** Where a page starts: after a cursor's row, or after skipping matches (offset and page number). */
export type Paging =
  | { form: 'cursor'; limit: number; cursor: string | null }
  | { form: 'offset'; limit: number; offset: number }
  | { form: 'page'; limit: number; pageNo: number };

export function refuse(field: string, code: ValidationIssue['code'], message: string, value: unknown, constraint?: unknown): never {
  throw validationError(
    [{ field, code, message, value, ...(constraint === undefined ? {} : { constraint }) }],
    'The query failed validation',
  );
}

/** The endpoint's paging form with its limit and starting point, as the query gives them. */
export function resolvePaging(query: Record<string, unknown>, spec: ListSpec): Paging {
  const limit = resolveLimit(query, spec);
  if (spec.paging === 'cursor') {
    const cursor = typeof query.cursor === 'string' && query.cursor !== '' ? query.cursor : null;
    return { form: 'cursor', limit, cursor };
  }
  if (spec.paging === 'offset') return { form: 'offset', limit, offset: nonNegative(query.offset, 'offset') };
  return { form: 'page', limit, pageNo: resolvePageNo(query) };
}

/** Matches a page skips before its first row. */
export const skipOf = (paging: Paging): number =>
  paging.form === 'offset' ? paging.offset : paging.form === 'page' ? (paging.pageNo - 1) * paging.limit : 0;

function resolveLimit(query: Record<string, unknown>, spec: ListSpec): number {
  const raw = spec.paging === 'page' ? query.pageSize : query.limit;
  const field = spec.paging === 'page' ? 'pageSize' : 'limit';
  if (raw === undefined || raw === null) return spec.defaultLimit;
  const limit = Number(raw);
  if (!Number.isInteger(limit)) refuse(field, 'INVALID_FORMAT', `${field} must be an integer`, raw);
  if (limit < 1) refuse(field, 'MIN_VALUE', `${field} must be at least 1`, raw, 1);
  if (limit > spec.maxLimit) refuse(field, 'MAX_VALUE', `${field} must be at most ${spec.maxLimit}`, raw, spec.maxLimit);
  return limit;
}

function resolvePageNo(query: Record<string, unknown>): number {
  const raw = query.pageNo;
  if (raw === undefined || raw === null) return 1;
  const pageNo = Number(raw);
  if (!Number.isInteger(pageNo)) refuse('pageNo', 'INVALID_FORMAT', 'pageNo must be an integer', raw);
  if (pageNo < 1) refuse('pageNo', 'MIN_VALUE', 'pageNo starts at 1', raw, 1);
  return pageNo;
}

function nonNegative(raw: unknown, field: string): number {
  if (raw === undefined || raw === null) return 0;
  const n = Number(raw);
  if (!Number.isInteger(n)) refuse(field, 'INVALID_FORMAT', `${field} must be an integer`, raw);
  if (n < 0) refuse(field, 'MIN_VALUE', `${field} must be at least 0`, raw, 0);
  return n;
}

/**
 * Both sort forms of spec document 1: `sort=a:asc,b:desc`, and `sort=a` with `order`. The final
 * tie-breaker is always the id, so the order is total and a cursor names one position.
 */
export function resolveSort(query: Record<string, unknown>, spec: ListSpec, defaultSort: string | undefined): SortKey[] {
  const order = query.order;
  if (order !== undefined && order !== 'asc' && order !== 'desc')
    refuse('order', 'INVALID_CHOICE', 'order is asc or desc', order, ['asc', 'desc']);
  const text = typeof query.sort === 'string' && query.sort.trim() !== '' ? query.sort : undefined;
  if (text === undefined) {
    const fallback = defaultSort ?? spec.defaultSort ?? spec.sort?.[0] ?? 'id';
    const keys = parseSort(fallback, undefined, null);
    // `order` alone flips the default order.
    return order === undefined ? keys : keys.map((k) => ({ ...k, desc: order === 'desc' }));
  }
  return parseSort(text, order as 'asc' | 'desc' | undefined, spec.sort ?? []);
}

function parseSort(text: string, order: 'asc' | 'desc' | undefined, allowed: readonly string[] | null): SortKey[] {
  const keys: SortKey[] = [];
  for (const part of text.split(',')) {
    const [field, direction, ...rest] = part.trim().split(':');
    if (allowed !== null && !allowed.includes(field)) {
      refuse('sort', 'INVALID_CHOICE', allowed.length ? `sort takes ${allowed.join(', ')}` : 'this list cannot be sorted', field, allowed);
    }
    if (rest.length || (direction !== undefined && direction !== 'asc' && direction !== 'desc')) {
      refuse('sort', 'INVALID_CHOICE', 'a sort direction is asc or desc', part, ['asc', 'desc']);
    }
    keys.push({ field, desc: (direction ?? order) === 'desc' });
  }
  return keys;
}

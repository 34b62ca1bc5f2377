import type { FilterKind, ListSpec } from '../../src/contract/index.js';
import { validationError, type ValidationIssue } from '../kernel/errors.js';
import type { FilterClause, ListResult } from '../kernel/route.js';
import { decodeCursor, encodeCursor, fingerprint } from './cursor.js';
import { Table, type Row } from './table.js';

/** What a list route passes: the validated query and the router's operator clauses. */
export interface ListContext {
  query: Record<string, unknown>;
  filters: FilterClause[];
}

export interface ListOptions<T> {
  /** The route's plain filters (`status=draft`, `dateFrom=...`). */
  where?: (row: T) => boolean;
  /** Sort when the query gives none, in the query's form (`date:desc`); default the first of `spec.sort`, else `id`. */
  defaultSort?: string;
  /**
   * Reads a field of a row for filters, search and sort; default `row[field]` (dotted paths walk
   * objects). Giving one turns off the per-table-version cache, since it may read other tables.
   */
  value?: (row: T, field: string) => unknown;
}

interface SortKey {
  field: string;
  desc: boolean;
}

/** Rows of one table in one sort order, kept while the table's version is unchanged. */
interface SortedView<T> {
  version: number;
  rows: T[];
  /** Normalised sort values, one column per sort key, aligned with `rows`. */
  keys: unknown[][];
  /** Derived columns aligned with `rows` (lower-cased text, filter keys), built on first use. */
  columns: Map<string, unknown[]>;
}

const MAX_CACHED_ORDERS_PER_TABLE = 8;
const viewCache = new WeakMap<Table<Row>, Map<string, SortedView<Row>>>();

/**
 * The one list engine behind every list route (spec document 1, "Pagination" and "Filtering and
 * sorting"): plain filters, operator filters, search, sort, limit and the endpoint's paging form.
 */
export function listPage<T extends Row>(
  source: Iterable<T> | Table<T>,
  ctx: ListContext,
  spec: ListSpec,
  options: ListOptions<T> = {},
): ListResult<T> {
  const { query } = ctx;
  const read = options.value ?? readField;
  const sort = resolveSort(query, spec, options.defaultSort);
  const view = sortedView(source, sort, read, options.value === undefined);
  const limit = resolveLimit(query, spec);

  const predicates = [
    ...ctx.filters.map((clause) => compileClause(clause, spec.filters?.[clause.field] ?? 'string', view, read)),
  ];
  const search = compileSearch(query, spec, view, read);
  if (search) predicates.push(search);
  const where = options.where;

  // Where the page starts, in view positions (cursor) or in matches (offset, page).
  let startIndex = 0;
  let skipMatches = 0;
  let page: { pageNo: number; pageSize: number } | null = null;
  let queryFingerprint = '';
  if (spec.paging === 'cursor') {
    queryFingerprint = fingerprintOf(query, ctx.filters, sort);
    const cursor = query.cursor;
    if (typeof cursor === 'string' && cursor !== '') startIndex = cursorStart(view, sort, cursor, queryFingerprint);
  } else if (spec.paging === 'offset') {
    skipMatches = nonNegative(query.offset, 'offset');
  } else {
    page = resolvePage(query, spec);
    skipMatches = (page.pageNo - 1) * page.pageSize;
  }
  const take = page ? page.pageSize : limit;

  // One tight pass: count every match (for `total`) and keep the page's rows plus one.
  const rows = view.rows;
  const out: T[] = [];
  let total = 0;
  const n = rows.length;
  const p = predicates.length;
  outer: for (let i = 0; i < n; i++) {
    const row = rows[i];
    // Column checks first: they touch no row, so the route's `where` sees only their survivors.
    for (let c = 0; c < p; c++) if (!predicates[c](row, i)) continue outer;
    if (where !== undefined && !where(row)) continue;
    total++;
    if (i < startIndex) continue;
    if (skipMatches > 0) {
      skipMatches--;
      continue;
    }
    if (out.length <= take) out.push(row);
  }

  const hasMore = out.length > take;
  if (hasMore) out.length = take;

  if (spec.paging === 'cursor') {
    const last = out[out.length - 1];
    const nextCursor =
      hasMore && last
        ? encodeCursor({ values: sort.map((k) => jsonValue(read(last, k.field))), id: last.id, query: queryFingerprint })
        : null;
    return { data: out, pagination: { hasMore, nextCursor, limit, total } };
  }
  if (spec.paging === 'offset') {
    const offset = nonNegative(query.offset, 'offset');
    return { data: out, pagination: { hasMore, nextOffset: hasMore ? offset + out.length : null, limit, total } };
  }
  const { pageNo, pageSize } = page!;
  const totalPages = Math.ceil(total / pageSize);
  return { data: out, pagination: { pageNo, pageSize, totalRecords: total, totalPages, hasMore: pageNo < totalPages } };
}

// ---------------------------------------------------------------------------------------------
// Input

function refuse(field: string, code: ValidationIssue['code'], message: string, value: unknown, constraint?: unknown): never {
  throw validationError([{ field, code, message, value, ...(constraint === undefined ? {} : { constraint }) }], 'The query failed validation');
}

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

function resolvePage(query: Record<string, unknown>, spec: ListSpec): { pageNo: number; pageSize: number } {
  const pageSize = resolveLimit(query, spec);
  const raw = query.pageNo;
  if (raw === undefined || raw === null) return { pageNo: 1, pageSize };
  const pageNo = Number(raw);
  if (!Number.isInteger(pageNo)) refuse('pageNo', 'INVALID_FORMAT', 'pageNo must be an integer', raw);
  if (pageNo < 1) refuse('pageNo', 'MIN_VALUE', 'pageNo starts at 1', raw, 1);
  return { pageNo, pageSize };
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
function resolveSort(query: Record<string, unknown>, spec: ListSpec, defaultSort: string | undefined): SortKey[] {
  const order = query.order;
  if (order !== undefined && order !== 'asc' && order !== 'desc') refuse('order', 'INVALID_CHOICE', 'order is asc or desc', order, ['asc', 'desc']);
  const text = typeof query.sort === 'string' && query.sort.trim() !== '' ? query.sort : undefined;
  if (text === undefined) {
    const fallback = defaultSort ?? spec.sort?.[0] ?? 'id';
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

function fingerprintOf(query: Record<string, unknown>, filters: FilterClause[], sort: SortKey[]): string {
  const entries = Object.keys(query)
    .filter((k) => k !== 'cursor' && k !== 'limit' && query[k] !== undefined)
    .sort()
    .map((k) => [k, query[k]]);
  const clauses = filters.map((f) => `${f.field}[${f.op}]=${f.value}`).sort();
  return fingerprint(JSON.stringify([entries, clauses, sort.map((k) => `${k.field}:${k.desc ? 'desc' : 'asc'}`)]));
}

// ---------------------------------------------------------------------------------------------
// Sorted views

function readField(row: object, field: string): unknown {
  if (!field.includes('.')) return (row as Record<string, unknown>)[field];
  let current: unknown = row;
  for (const part of field.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A value as a cursor can carry it. */
function jsonValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** Sort key: text compares case-insensitively, numbers numerically, missing values last. */
function normalise(value: unknown): unknown {
  const v = jsonValue(value);
  return typeof v === 'string' ? v.toLowerCase() : typeof v === 'boolean' ? Number(v) : v;
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return (a as string) < (b as string) ? -1 : 1;
}

const compareIds = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1);

function sortedView<T extends Row>(
  source: Iterable<T> | Table<T>,
  sort: SortKey[],
  read: (row: T, field: string) => unknown,
  cacheable: boolean,
): SortedView<T> {
  if (!(source instanceof Table) || !cacheable) return buildView([...(source instanceof Table ? source.values() : source)], sort, read, 0);
  const table = source as unknown as Table<Row>;
  let orders = viewCache.get(table);
  if (!orders) viewCache.set(table, (orders = new Map()));
  const key = sort.map((k) => `${k.field}:${k.desc ? 'd' : 'a'}`).join(',');
  const cached = orders.get(key);
  if (cached && cached.version === table.version) return cached as unknown as SortedView<T>;
  if (!cached && orders.size >= MAX_CACHED_ORDERS_PER_TABLE) orders.delete(orders.keys().next().value!);
  const view = buildView([...source.values()], sort, read, table.version);
  orders.set(key, view as unknown as SortedView<Row>);
  return view;
}

function buildView<T extends Row>(rows: T[], sort: SortKey[], read: (row: T, field: string) => unknown, version: number): SortedView<T> {
  const n = rows.length;
  const columns = sort.map((k) => {
    const column = new Array<unknown>(n);
    for (let i = 0; i < n; i++) column[i] = normalise(read(rows[i], k.field));
    return column;
  });
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((i, j) => {
    for (let k = 0; k < sort.length; k++) {
      const c = compareValues(columns[k][i], columns[k][j]);
      if (c !== 0) return sort[k].desc ? -c : c;
    }
    return compareIds(rows[i].id, rows[j].id);
  });
  return {
    version,
    rows: order.map((i) => rows[i]),
    keys: columns.map((column) => order.map((i) => column[i])),
    columns: new Map(),
  };
}

/** Index of the first row after the cursor's position: binary search in the sorted view. */
function cursorStart<T extends Row>(view: SortedView<T>, sort: SortKey[], text: string, expected: string): number {
  const position = decodeCursor(text);
  if (!position || position.values.length !== sort.length) {
    refuse('cursor', 'INVALID_FORMAT', 'cursor is not a cursor this list issued; pass nextCursor back unchanged', text);
  }
  if (position.query !== expected) {
    refuse('cursor', 'INVALID_FORMAT', 'cursor belongs to a different query; keep filters, search and sort the same while paging', text);
  }
  const target = position.values.map(normalise);
  const compareToCursor = (i: number): number => {
    for (let k = 0; k < sort.length; k++) {
      const c = compareValues(view.keys[k][i], target[k]);
      if (c !== 0) return sort[k].desc ? -c : c;
    }
    return compareIds(view.rows[i].id, position.id);
  };
  let lo = 0;
  let hi = view.rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareToCursor(mid) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Lower-cased text of `field` for every row of the view, cached on the view. */
function lowerColumn<T extends Row>(view: SortedView<T>, field: string, read: (row: T, field: string) => unknown): string[] {
  let column = view.columns.get(`text:${field}`) as string[] | undefined;
  if (!column) {
    const rows = view.rows;
    column = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const v = read(rows[i], field);
      column[i] = v === undefined || v === null ? '' : String(v).toLowerCase();
    }
    view.columns.set(`text:${field}`, column);
  }
  return column;
}

// ---------------------------------------------------------------------------------------------
// Filters and search

type Predicate<T> = (row: T, index: number) => boolean;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** One operator clause as a closure over a cached column of the view, so the row loop allocates nothing. */
function compileClause<T extends Row>(
  clause: FilterClause,
  kind: FilterKind,
  view: SortedView<T>,
  read: (row: T, field: string) => unknown,
): Predicate<T> {
  const { field, op } = clause;
  if (op === 'contains' || op === 'startswith' || op === 'endswith') {
    const needle = clause.value.toLowerCase();
    const column = lowerColumn(view, field, read);
    if (op === 'contains') return (_row, i) => column[i].includes(needle);
    if (op === 'startswith') return (_row, i) => column[i].startsWith(needle);
    return (_row, i) => column[i].endsWith(needle);
  }

  // The row's value and the clause's value(s) as comparable primitives of the field's kind;
  // a missing value is null and matches only `ne` and `nin`.
  let columnKind: string = kind;
  let toKey: (value: unknown) => Key;
  let parse: (text: string) => Key;
  switch (kind) {
    case 'number':
      toKey = (v) => (v === undefined || v === null || v === '' ? null : Number(v));
      parse = (t) => Number(t);
      break;
    case 'boolean':
      toKey = (v) => (v === undefined || v === null ? null : v === true || v === 'true');
      parse = (t) => t === 'true';
      break;
    case 'date':
      toKey = (v) => (v === undefined || v === null ? null : isoText(v).slice(0, 10));
      parse = (t) => t;
      break;
    case 'datetime': {
      // A date-only value compares by day, so `createdAt[lte]=2026-01-31` includes all of the 31st.
      const byDay = clause.value.split(',').every((t) => DATE_ONLY.test(t.trim()));
      columnKind = byDay ? 'date' : 'datetime';
      toKey = byDay ? (v) => (v === undefined || v === null ? null : isoText(v).slice(0, 10)) : (v) => (v === undefined || v === null ? null : isoText(v));
      parse = byDay ? (t) => t : (t) => new Date(t).toISOString();
      break;
    }
    default:
      toKey = (v) => (v === undefined || v === null ? null : String(v));
      parse = (t) => t;
  }
  const column = keyColumn(view, field, columnKind, toKey, read);

  if (op === 'in' || op === 'nin') {
    const set = new Set<Key>(clause.value.split(',').map((t) => parse(t.trim())));
    if (op === 'in') return (_row, i) => set.has(column[i]);
    return (_row, i) => !set.has(column[i]);
  }
  const target = parse(clause.value);
  // Ordered comparisons on a null never match; numbers and ISO strings both compare with < and >.
  switch (op) {
    case 'ne':
      return (_row, i) => column[i] !== target;
    case 'gt':
      return (_row, i) => column[i] !== null && (column[i] as number) > (target as number);
    case 'gte':
      return (_row, i) => column[i] !== null && (column[i] as number) >= (target as number);
    case 'lt':
      return (_row, i) => column[i] !== null && (column[i] as number) < (target as number);
    case 'lte':
      return (_row, i) => column[i] !== null && (column[i] as number) <= (target as number);
    default:
      return (_row, i) => column[i] === target;
  }
}

type Key = string | number | boolean | null;

/** A field's values converted for one filter kind, aligned with the view's rows and cached on it. */
function keyColumn<T extends Row>(
  view: SortedView<T>,
  field: string,
  kind: string,
  toKey: (value: unknown) => Key,
  read: (row: T, field: string) => unknown,
): Key[] {
  const name = `${kind}:${field}`;
  let column = view.columns.get(name) as Key[] | undefined;
  if (!column) {
    const rows = view.rows;
    column = new Array<Key>(rows.length);
    for (let i = 0; i < rows.length; i++) column[i] = toKey(read(rows[i], field));
    view.columns.set(name, column);
  }
  return column;
}

function isoText(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** `search` over `searchFields` (each one of `spec.search`) or all of `spec.search`: case-insensitive substring. */
function compileSearch<T extends Row>(
  query: Record<string, unknown>,
  spec: ListSpec,
  view: SortedView<T>,
  read: (row: T, field: string) => unknown,
): Predicate<T> | null {
  const allowed = spec.search;
  const requested = typeof query.searchFields === 'string' && query.searchFields.trim() !== '' ? query.searchFields : undefined;
  if (requested !== undefined) {
    const fields = requested.split(',').map((f) => f.trim());
    const unknown = fields.find((f) => !allowed?.includes(f));
    if (unknown !== undefined) {
      refuse('searchFields', 'INVALID_CHOICE', allowed?.length ? `searchFields takes ${allowed.join(', ')}` : 'this list has no search', unknown, allowed ?? []);
    }
  }
  if (typeof query.search !== 'string' || !allowed?.length) return null;
  const needle = query.search.trim().toLowerCase();
  if (needle === '') return null;
  const columns = (requested?.split(',').map((f) => f.trim()) ?? allowed).map((f) => lowerColumn(view, f, read));
  if (columns.length === 1) {
    const [only] = columns;
    return (_row, i) => only[i].includes(needle);
  }
  return (_row, i) => {
    for (let c = 0; c < columns.length; c++) if (columns[c][i].includes(needle)) return true;
    return false;
  };
}

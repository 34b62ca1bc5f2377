import type { ListSpec } from '../../src/contract/index.js';
import { ServiceError } from '../kernel/errors.js';
import type { FilterClause, ListResult } from '../kernel/route.js';
import { cursorSeal, decodeCursor, encodeCursor, hash64, type CursorScope } from './cursor.js';
import { derivesAny, filterKey, jsonValue, normalise, readField, tableReader, type Reader } from './keys.js';
import { clauseCondition, fieldKind, plainConditions, type Condition } from './list-filters.js';
import { resolvePaging, resolveSort, skipOf, type Paging, type SortKey } from './list-input.js';
import { chooseDriver, selectPage, type Plan } from './list-paging.js';
import { compileSearch, type Predicate } from './list-search.js';
import type { Store } from './store.js';
import { Table, type Row } from './table.js';
import { buildLater, scanPage, scanTuning, takePendingBuild, type ScanStart } from './list-scan.js';
import { OrderedView, tableView, viewReady, type ViewKey } from './views.js';

/** What a list route passes: the validated query and the router's operator clauses (a route context is one). */
export interface ListContext {
  query: Record<string, unknown>;
  filters: FilterClause[];
  /** The company whose list this is: its cursors are refused by any other company. */
  companyId?: string;
  /** Path parameters of the endpoint (a customer's contacts): a cursor belongs to one of them. */
  params?: unknown;
  /** The service: its secret keys the binding of cursors. */
  store?: Store;
}

export interface ListOptions<T> {
  /**
   * The route's plain filters (`status=draft`, `dateFrom=...`). When the list declares `index` in the
   * contract and the query holds only filters it names, the indexes answer them and `where` is not called.
   */
  where?: (row: T) => boolean;
  /** Sort when the query gives none, in the query's form (`date:desc`); default `spec.defaultSort`, else the first of `spec.sort`, else `id`. */
  defaultSort?: string;
  /**
   * Reads a field of a row for filters, search and sort; default `row[field]` (dotted paths walk
   * objects) or the table's derived field. Giving one turns off the table's kept views and indexes,
   * since it may read other tables.
   */
  value?: (row: T, field: string) => unknown;
}

/**
 * The one list engine behind every list route (spec document 1, "Pagination" and "Filtering and
 * sorting"): plain filters, operator filters, search, sort, limit and the endpoint's paging form.
 * From a table (not a plain array) and without a `value` reader, the table's ordered views answer: the
 * sorted order is kept between calls, each indexed condition counts `total` by binary search in its
 * field's index, and the page is a short walk of the sorted order.
 */
export function listPage<T extends Row>(
  source: Iterable<T> | Table<T>,
  ctx: ListContext,
  spec: ListSpec,
  options: ListOptions<T> = {},
): ListResult<T> {
  return answerList(source, ctx, spec, options, false);
}

/** `listPage`, by one pass over the rows when the views are not ready (unless `viewsOnly`: the deferred build). */
function answerList<T extends Row>(
  source: Iterable<T> | Table<T>,
  ctx: ListContext,
  spec: ListSpec,
  options: ListOptions<T>,
  viewsOnly: boolean,
): ListResult<T> {
  const { query } = ctx;
  const sort = resolveSort(query, spec, options.defaultSort);
  const paging = resolvePaging(query, spec);
  const table = source instanceof Table && options.value === undefined ? (source as Table<T>) : null;
  const today = table ? table.store.today(table.companyId) : '';
  const read: Reader<T> = options.value ?? (table ? tableReader(table, today) : readField);
  const stamp = (field: string) => (table !== null && derivesAny(table as Table<Row>, [field]) ? today : null);

  const conditions = ctx.filters.map((clause) => clauseCondition(clause, fieldKind(spec, clause.field), read));
  let where = options.where;
  if (table && spec.index) {
    const plain = plainConditions(query, spec, read);
    conditions.push(...plain.conditions);
    if (!plain.undeclared) where = undefined;
  }
  const scope = paging.form === 'cursor' ? scopeOf(ctx, spec, sort) : null;
  const position = paging.form === 'cursor' && paging.cursor !== null ? cursorPosition(sort, paging.cursor, scope!) : null;
  const cursorAfter = (last: T) => {
    const values = sort.map((k) => jsonValue(read(last, k.field)));
    return encodeCursor({ values, id: last.id, query: cursorSeal(scope!, last.id, values) });
  };
  const skip = skipOf(paging);
  const want = paging.limit + 1;

  const scan = viewsOnly ? null : scanOf(table, sort, conditions, today, skip + want);
  if (scan) {
    const residual = residualTests(compileSearch(query, spec, null, read, stamp), where);
    const test = rowTest(conditions, residual);
    const rows = table ? table.values() : source instanceof Table ? source.values() : source;
    const page = scanPage(rows, sortKeys(sort, read), test, position, skip, want);
    if (table && scan.views) buildLater(table, scan.views, () => answerList(source, ctx, spec, options, true));
    return pageResult(page.rows, page.total, paging, cursorAfter);
  }

  const view = table ? sortedTableView(table, sort, read, today) : sortedView(source, sort, read);
  const residual = residualTests(compileSearch(query, spec, view, read, stamp), where);
  const start = position ? view.after(position.keys, position.id) : 0;
  const driver = table ? chooseDriver(conditions, (c) => filterIndex(table, c, read, today)) : null;
  const column = (c: Condition<T>, on = view) => on.column(c.column, c.columnKey, stamp(c.field));
  const plan: Plan<T> = { view, conditions, column, residual, driver };
  const { rows, total } = selectPage(plan, start, skip, want);
  return pageResult(rows, total, paging, cursorAfter);
}

const residualTests = <T>(search: Predicate<T> | null, where: ((row: T) => boolean) | undefined): Predicate<T>[] => {
  const out: Predicate<T>[] = [];
  if (search) out.push(search);
  if (where) out.push(where);
  return out;
};

/** Every condition, then search and the route's `where`, on the row alone; null when nothing filters. */
function rowTest<T extends Row>(conditions: Condition<T>[], residual: Predicate<T>[]): ((row: T) => boolean) | null {
  if (conditions.length === 0 && residual.length === 0) return null;
  return (row) => {
    for (let c = 0; c < conditions.length; c++) if (!conditions[c].test(row)) return false;
    for (let r = 0; r < residual.length; r++) if (!residual[r](row, -1)) return false;
    return true;
  };
}

/**
 * Whether one pass answers this call (MOCK-26), and which views it then builds: a plain array (sorting
 * it would cost more; it keeps no views), or a large table whose sort view or a filter's index is not
 * built (or too far behind its writes), when the page needs few enough rows of the order. The second
 * call of a view set builds them itself (the build a scan deferred has not run yet: a caller paging on).
 */
function scanOf<T extends Row>(
  table: Table<T> | null,
  sort: SortKey[],
  conditions: Condition<T>[],
  today: string,
  take: number,
): { views: string | null } | null {
  if (take > scanTuning.maxTake) return null;
  if (!table) return { views: null };
  const read = [sortViewId(table, sort, today), ...conditions.filter((c) => c.ranges !== null).map((c) => filterIndexId(table, c, today))];
  const views = read.map((v) => v.name).join('|');
  if (table.size < scanTuning.minRows || takePendingBuild(table, views)) return null;
  return read.every((v) => viewReady(table as Table<Row>, v.name, v.today)) ? null : { views };
}

function pageResult<T extends Row>(rows: T[], total: number, paging: Paging, cursorAfter: (row: T) => string): ListResult<T> {
  const { limit } = paging;
  const hasMore = rows.length > limit;
  if (hasMore) rows.length = limit;
  if (paging.form === 'cursor') {
    const nextCursor = hasMore ? cursorAfter(rows[rows.length - 1]) : null;
    return { data: rows, pagination: { hasMore, nextCursor, limit, total } };
  }
  if (paging.form === 'offset') {
    return { data: rows, pagination: { hasMore, nextOffset: hasMore ? paging.offset + rows.length : null, limit, total } };
  }
  const totalPages = Math.ceil(total / limit);
  return {
    data: rows,
    pagination: { pageNo: paging.pageNo, pageSize: limit, totalRecords: total, totalPages, hasMore: paging.pageNo < totalPages },
  };
}

// ---------------------------------------------------------------------------------------------
// Views and indexes

const sortKeys = <T>(sort: SortKey[], read: Reader<T>): ViewKey<T>[] =>
  sort.map((k) => ({ key: (row: T) => normalise(read(row, k.field)), desc: k.desc }));

/** Rows of a plain array (or a table read through a route's `value`), sorted for this call only. */
function sortedView<T extends Row>(source: Iterable<T> | Table<T>, sort: SortKey[], read: Reader<T>): OrderedView<T> {
  const rows = source instanceof Table ? source.all() : [...source];
  return new OrderedView<T>(sortKeys(sort, read)).build(rows);
}

/** The table's rows in this sort order, kept by the table between calls. */
function sortedTableView<T extends Row>(table: Table<T>, sort: SortKey[], read: Reader<T>, today: string): OrderedView<T> {
  const id = sortViewId(table, sort, today);
  return tableView(table, id.name, sortKeys(sort, read), id.today);
}

/** The index of a condition's field: the table's rows ordered by the field's filter key. */
function filterIndex<T extends Row>(table: Table<T>, condition: Condition<T>, read: Reader<T>, today: string): OrderedView<T> {
  const id = filterIndexId(table, condition, today);
  if (condition.many) return tableView(table, id.name, [{ key: condition.columnKey, desc: false, many: true }], id.today);
  const { field, kind, mode } = condition;
  const toKey = filterKey(kind, mode);
  return tableView(table, id.name, [{ key: (row: T) => toKey(read(row, field)), desc: false }], id.today);
}

/** A view one call reads: its name among the table's views, and the date its derived keys are read with (null when none is). */
interface ViewId {
  name: string;
  today: string | null;
}

const sortViewId = <T extends Row>(table: Table<T>, sort: SortKey[], today: string): ViewId => ({
  name: `sort:${sort.map((k) => `${k.field}:${k.desc ? 'desc' : 'asc'}`).join(',')}`,
  today: derivesAny(
    table as Table<Row>,
    sort.map((k) => k.field),
  )
    ? today
    : null,
});

/** A condition's index; a multi-value index reads stored lists only (list-multi.ts), never a derived field. */
const filterIndexId = <T extends Row>(table: Table<T>, c: Condition<T>, today: string): ViewId =>
  c.many
    ? { name: c.column, today: null }
    : { name: `filter:${c.mode}:${c.kind}:${c.field}`, today: derivesAny(table as Table<Row>, [c.field]) ? today : null };

// ---------------------------------------------------------------------------------------------
// Cursors

const listSignatures = new WeakMap<ListSpec, string>();

/** What this call's cursors belong to: company, endpoint (list declaration and path parameters), filters and order. */
function scopeOf(ctx: ListContext, spec: ListSpec, sort: SortKey[]): CursorScope {
  let signature = listSignatures.get(spec);
  // The declaration by its digest: sealing its whole text on every page cost a list a fifth of its time.
  if (signature === undefined) listSignatures.set(spec, (signature = hash64(JSON.stringify(spec))));
  const { query } = ctx;
  const entries = Object.keys(query)
    .filter((k) => k !== 'cursor' && k !== 'limit' && query[k] !== undefined)
    .sort()
    .map((k) => [k, query[k]]);
  const clauses = ctx.filters.map((f) => `${f.field}[${f.op}]=${f.value}`).sort();
  return {
    secret: ctx.store?.cursorSecret ?? '',
    companyId: ctx.companyId ?? '',
    list: JSON.stringify([signature, ctx.params ?? null]),
    query: JSON.stringify([entries, clauses, sort.map((k) => `${k.field}:${k.desc ? 'desc' : 'asc'}`)]),
  };
}

/**
 * The row a cursor's page starts after (its sort keys normalised, and id), once the cursor's seal shows
 * this service issued it for this company, list and query, with this position.
 */
function cursorPosition(sort: SortKey[], text: string, scope: CursorScope): ScanStart {
  const position = decodeCursor(text);
  // The refusal echoes the cursor as sent; ServiceError cuts a long one short (kernel/echo.ts).
  if (!position || position.values.length !== sort.length) {
    throw badCursor('cursor is not a cursor this list issued; pass nextCursor back unchanged', text);
  }
  if (position.query !== cursorSeal(scope, position.id, position.values)) {
    throw badCursor(
      'cursor was not issued for this company, list and query, or was altered; keep filters, search and sort the same while paging',
      text,
    );
  }
  return { keys: position.values.map(normalise), id: position.id };
}

/** A cursor the service did not issue for this list is a bad request (PLAT-15): 400 `INVALID_REQUEST` naming `cursor`. */
const badCursor = (message: string, cursor: string) =>
  new ServiceError('INVALID_REQUEST', message, [{ field: 'cursor', code: 'INVALID_FORMAT', message, value: cursor }]);

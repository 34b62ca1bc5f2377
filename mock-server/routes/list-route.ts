import type { AnyEndpoint } from '../../src/contract/index.js';
import { route, type Route, type RouteContext } from '../store/context.js';
import { listPage } from '../store/list.js';
import type { Row, Table } from '../store/index.js';

/** What a list route needs besides its endpoint: the rows in scope, its plain filters, and how a row is shown. */
export interface ListRouteOptions<E extends AnyEndpoint, T extends Row> {
  /** The company's table, or the rows a parent record scopes the list to (a customer's contacts). */
  rows(ctx: RouteContext<E>): Table<T> | Iterable<T>;
  /** The route's plain filters (`status=sent`), read from the validated query. */
  where?(ctx: RouteContext<E>): (row: T) => boolean;
  /** Reads a field for filters, search and sort when it is not stored on the row; every call then sorts afresh, without kept views. */
  value?(row: T, field: string, ctx: RouteContext<E>): unknown;
  /**
   * The fields only `value` reads. Given, a call whose sort and operator filters name none of them
   * reads the table itself, so its kept views and declared indexes answer; without it every call reads through `value`.
   */
  valueFields?: readonly string[];
  /** Query parameters that shape the presentation only (`includeImages`): kept out of the list's filters. */
  presentation?: readonly string[];
  /**
   * The query as the list engine reads it, when the declared indexes read a filter in another form
   * (a country code in capitals, a stock test under the name `includeReserved` picks); `where` still reads the validated query.
   */
  query?(ctx: RouteContext<E>): Record<string, unknown>;
  present(ctx: RouteContext<E>, row: T): unknown;
}

/** Whether the call's sort (or the list's default) or an operator filter names one of `fields`. */
function namesAny(ctx: RouteContext<AnyEndpoint>, defaultSort: string | undefined, fields: readonly string[]): boolean {
  const query = ctx.query as Record<string, unknown>;
  const sort = typeof query.sort === 'string' && query.sort.trim() !== '' ? query.sort : (defaultSort ?? '');
  return sort.split(',').some((part) => fields.includes(part.trim().split(':')[0])) || ctx.filters.some((f) => fields.includes(f.field));
}

/** The query without the presentation parameters. */
function listQuery(query: Record<string, unknown>, presentation: readonly string[] | undefined): Record<string, unknown> {
  if (!presentation?.some((name) => query[name] !== undefined)) return query;
  return Object.fromEntries(Object.entries(query).filter(([name]) => !presentation.includes(name)));
}

/**
 * One way to serve a list endpoint: the list engine pages the rows by the endpoint's `list` spec
 * (operator filters, search, sort, the declared default order, paging), then each row is presented.
 */
export function listRoute<E extends AnyEndpoint, T extends Row>(endpoint: E, options: ListRouteOptions<E, T>): Route {
  const spec = endpoint.list;
  if (!spec) throw new TypeError(`${endpoint.id} is not a list endpoint`);
  return route(endpoint, (ctx) => {
    const { value, valueFields } = options;
    const reads =
      value !== undefined && (valueFields === undefined || namesAny(ctx as RouteContext<AnyEndpoint>, spec.defaultSort, valueFields));
    const query = options.query ? options.query(ctx) : (ctx.query as Record<string, unknown>);
    const page = listPage(options.rows(ctx), { ...ctx, query: listQuery(query, options.presentation) }, spec, {
      where: options.where?.(ctx),
      value: reads ? (row: T, field: string) => value(row, field, ctx) : undefined,
    });
    return { ...page, data: page.data.map((row) => options.present(ctx, row)) };
  });
}

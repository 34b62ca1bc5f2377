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
  /** Reads a field for filters, search and sort when it is not stored on the row (an item's stock). */
  value?(row: T, field: string, ctx: RouteContext<E>): unknown;
  present(ctx: RouteContext<E>, row: T): unknown;
}

/**
 * One way to serve a list endpoint: the list engine pages the rows by the endpoint's `list` spec
 * (operator filters, search, sort, the declared default order, paging), then each row is presented.
 */
export function listRoute<E extends AnyEndpoint, T extends Row>(endpoint: E, options: ListRouteOptions<E, T>): Route {
  const spec = endpoint.list;
  if (!spec) throw new TypeError(`${endpoint.id} is not a list endpoint`);
  return route(endpoint, (ctx) => {
    const page = listPage(options.rows(ctx), { ...ctx, query: ctx.query as Record<string, unknown> }, spec, {
      where: options.where?.(ctx),
      value: options.value && ((row: T, field: string) => options.value!(row, field, ctx)),
    });
    return { ...page, data: page.data.map((row) => options.present(ctx, row)) };
  });
}

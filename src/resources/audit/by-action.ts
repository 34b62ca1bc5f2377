import { InvalidArgumentError } from '../../core/errors.js';
import type { PagePromise, OffsetPage } from '../../core/pagination.js';
import type { RequestOptions } from '../../core/request-options.js';
import type { AuditTrailContainer, AuditTrailQueryParams } from '../../generated/index.js';

/** The date bounds of a query; filtering by `action` needs at least one of them. */
const DATE_BOUNDS = [
  'date_txn_from',
  'date_txn_to',
  'created_date_from',
  'created_date_to',
  'updated_date_from',
  'updated_date_to',
] as const;

type Query = (query?: AuditTrailQueryParams, options?: RequestOptions) => PagePromise<OffsetPage<AuditTrailContainer>, AuditTrailContainer>;

/**
 * The records of a date-limited query whose `action` is one of `actions`, across every page. Spec
 * document 3: filtering by `action` is done on the client side over a date-limited result, since the
 * service takes no `action` filter; a query with no date bound is refused before any request.
 */
export async function* recordsByAction(
  query: Query,
  actions: string | readonly string[],
  params: AuditTrailQueryParams,
  options?: RequestOptions,
): AsyncGenerator<AuditTrailContainer> {
  const wanted = new Set(typeof actions === 'string' ? [actions] : actions);
  if (wanted.size === 0) throw new InvalidArgumentError('byAction() needs at least one action');
  if (!DATE_BOUNDS.some((bound) => params?.[bound] !== undefined)) {
    throw new InvalidArgumentError(
      `byAction() filters on the client, so it needs a date-limited query: give one of ${DATE_BOUNDS.join(', ')}`,
    );
  }
  for await (const item of query(params, options)) {
    const action = item.bl_applet_audit_trail.action;
    if (action !== null && wanted.has(action)) yield item;
  }
}

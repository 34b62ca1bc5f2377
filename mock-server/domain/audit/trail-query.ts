import type { z } from 'zod';
import type { AuditTrailContainer, AuditTrailQueryParams } from '../../../src/contract/index.js';
import type { ListResult } from '../../kernel/route.js';
import { AUDIT_DATE_RANGES, queryAuditTrail, type AuditTrailFilters } from './query.js';
import { presentRecord, type AuditContext, type AuditScope } from './scope.js';
import type { AuditTrailRow } from './tables.js';

/** A query as the router validated it; a list-all is a query without filters. */
export type AuditQuery = z.output<typeof AuditTrailQueryParams>;

const DEFAULT_LIMIT = 100;
const PAGING_KEYS = new Set(['limit', 'offset', 'orderBy', 'order', 'calcTotalRecords']);
const DATE_FIELDS = new Set<string>(AUDIT_DATE_RANGES);

/** The query's filters, as `queryAuditTrail` takes them (its paging parameters aside). */
const filtersOf = (query: AuditQuery): AuditTrailFilters =>
  Object.fromEntries(Object.entries(query).filter(([key, value]) => !PAGING_KEYS.has(key) && value !== undefined)) as AuditTrailFilters;

/** The order of a page across partitions: `orderBy` (dates as instants, nulls first when ascending), then the guid. */
function compareBy(field: string, descending: boolean): (a: Hit, b: Hit) => number {
  const key = (row: AuditTrailRow): number | string => {
    const value = (row as AuditTrailRow & Record<string, unknown>)[field];
    if (value === null || value === undefined) return '';
    return DATE_FIELDS.has(field) ? Date.parse(String(value)) : String(value);
  };
  const sign = descending ? -1 : 1;
  return (a, b) => {
    const x = key(a.row);
    const y = key(b.row);
    if (x !== y) return (x === '' ? -1 : y === '' ? 1 : x < y ? -1 : 1) * sign;
    return a.row.guid < b.row.guid ? -1 : a.row.guid > b.row.guid ? 1 : 0;
  };
}

interface Hit {
  partition: string;
  row: AuditTrailRow;
}

/**
 * A page of the audit trail in the scope's partitions (spec document 3, "Audit trail (data-management
 * API)"), answered by `queryAuditTrail` over each partition's indexes: one tenant's page directly; on
 * the platform surface the first `offset + limit` of each trail, merged in order. `totalRecords` counts
 * every match only when `calcTotalRecords` is true, else it is 0.
 */
export function readAuditTrail(ctx: AuditContext, scope: AuditScope, query: AuditQuery): ListResult<AuditTrailContainer> {
  // A deleted record is invisible to every read, asked for by its status too (spec document 3, "Audit trail record").
  const limit = query.limit ?? DEFAULT_LIMIT;
  if (query.status === 'DELETED') return { data: [], pagination: { hasMore: false, nextOffset: null, limit, total: 0 }, totalRecords: 0 };
  const offset = query.offset ?? 0;
  const filters = filtersOf(query);
  const orderBy = query.orderBy ?? 'guid';
  let hits: Hit[];
  let total = 0;
  if (scope.partitions.length === 1) {
    const [partition] = scope.partitions;
    const page = queryAuditTrail({ ...ctx, companyId: partition! }, filters, { limit, offset, orderBy, order: query.order });
    hits = page.rows.map((row) => ({ partition: partition!, row }));
    total = page.total;
  } else {
    hits = [];
    for (const partition of scope.partitions) {
      const page = queryAuditTrail({ ...ctx, companyId: partition }, filters, {
        limit: offset + limit,
        offset: 0,
        orderBy,
        order: query.order,
      });
      total += page.total;
      for (const row of page.rows) hits.push({ partition, row });
    }
    hits = hits.sort(compareBy(orderBy, query.order === 'DESC')).slice(offset, offset + limit);
  }
  const hasMore = offset + hits.length < total;
  const totalRecords = query.calcTotalRecords === true ? total : 0;
  return {
    data: hits.map((hit) => presentRecord(scope, hit.partition, hit.row)),
    pagination: { hasMore, nextOffset: hasMore ? offset + hits.length : null, limit, total: totalRecords },
    totalRecords,
  };
}

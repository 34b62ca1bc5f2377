import type { FilterKind, ListSpec } from '../../../src/contract/index.js';
import type { FilterClause } from '../../kernel/route.js';
import type { CompanyContext } from '../../store/context.js';
import { listPage } from '../../store/list.js';
import { auditTrailsTable, type AuditTrailRow } from './tables.js';

/** Fields the query matches exactly (spec document 3, "Audit trail (data-management API)"); fragments never match. */
export const AUDIT_EXACT_FILTERS = [
  'guid',
  'applet_guid',
  'applet_code',
  'action',
  'foreign_table',
  'foreign_key',
  'txn_type',
  'event_code',
  'obj_type',
  'id_user',
  'id_device',
  'id_user_agent',
  'link_guid',
  'module_guid',
  'namespace',
  'vrsn',
  'status',
  'created_by_subject_guid',
  'updated_by_subject_guid',
  'created_by_name',
  'updated_by_name',
] as const;

/** The inclusive datetime ranges, `<field>_from` / `<field>_to`. */
export const AUDIT_DATE_RANGES = ['date_txn', 'created_date', 'updated_date'] as const;

type ExactField = (typeof AUDIT_EXACT_FILTERS)[number];
type RangeBound = `${(typeof AUDIT_DATE_RANGES)[number]}_${'from' | 'to'}`;

/**
 * Exact matches (case-sensitive, names included) and inclusive ranges given as ISO 8601 datetimes
 * with an offset. `status` omitted matches every status but `DELETED`.
 */
export type AuditTrailFilters = Partial<Record<ExactField | RangeBound, string>>;

export interface AuditTrailPaging {
  /** Default 100. */
  limit?: number;
  /** Default 0. */
  offset?: number;
  /** A field of the record; default `guid`. */
  orderBy?: keyof AuditTrailRow;
  /** Default `ASC`. */
  order?: 'ASC' | 'DESC';
}

export interface AuditTrailPage {
  rows: AuditTrailRow[];
  /** Every match, counted from the indexes (the route shows it only when `calcTotalRecords=true`). */
  total: number;
  hasMore: boolean;
}

const ORDERABLE: readonly string[] = [...AUDIT_EXACT_FILTERS, ...AUDIT_DATE_RANGES];

/** The list engine's view of the trail: offset paging, every filter field with its kind. */
const AUDIT_LIST: ListSpec = {
  paging: 'offset',
  defaultLimit: 100,
  maxLimit: Number.MAX_SAFE_INTEGER,
  filters: Object.fromEntries([
    ...AUDIT_EXACT_FILTERS.map((f): [string, FilterKind] => [f, 'string']),
    ...AUDIT_DATE_RANGES.map((f): [string, FilterKind] => [f, 'datetime']),
  ]),
  sort: ORDERABLE,
  defaultSort: 'guid:asc',
};

function clausesOf(filters: AuditTrailFilters, anyDeleted: boolean): FilterClause[] {
  const clauses: FilterClause[] = [];
  for (const field of AUDIT_EXACT_FILTERS) {
    const value = filters[field];
    if (value !== undefined) clauses.push({ field, op: 'eq', value });
  }
  // Without a deleted record the test passes every row: left out, an unfiltered page at any offset is a slice of the order.
  if (filters.status === undefined && anyDeleted) clauses.push({ field: 'status', op: 'ne', value: 'DELETED' });
  for (const field of AUDIT_DATE_RANGES) {
    const from = filters[`${field}_from`];
    const to = filters[`${field}_to`];
    if (from !== undefined) clauses.push({ field, op: 'gte', value: from });
    if (to !== undefined) clauses.push({ field, op: 'lte', value: to });
  }
  return clauses;
}

/**
 * One page of a company's (a tenant's) audit trail, for the data-management routes of both surfaces.
 * The store's list engine answers it: each filter counts and narrows by its field's kept index, the
 * order by `orderBy` is kept between calls, so a page among 200,000 rows reads few rows (bench `audit`).
 * The caller validates its input; a datetime bound compares as an instant (offsets normalised).
 */
export function queryAuditTrail(ctx: CompanyContext, filters: AuditTrailFilters = {}, paging: AuditTrailPaging = {}): AuditTrailPage {
  const orderBy = paging.orderBy ?? 'guid';
  const query = {
    limit: paging.limit ?? AUDIT_LIST.defaultLimit,
    offset: paging.offset ?? 0,
    sort: `${String(orderBy)}:${paging.order === 'DESC' ? 'desc' : 'asc'}`,
  };
  const table = auditTrailsTable(ctx);
  const page = listPage(table, { query, filters: clausesOf(filters, table.countByIndex('status', 'DELETED') > 0) }, AUDIT_LIST);
  const { total, hasMore } = page.pagination as { total: number; hasMore: boolean };
  return { rows: page.data, total, hasMore };
}

import type { z } from 'zod';
import type { AuditTrailContainer, AuditTrailQueryParams } from '../../../src/contract/index.js';
import type { ListResult } from '../../kernel/route.js';
import { presentRecord, trailOf, type AuditContext, type AuditScope } from './scope.js';
import { AUDIT_INDEXES, type AuditTrailRow } from './tables.js';

/** A query as the router validated it; a list-all is a query without filters. */
export type AuditQuery = z.output<typeof AuditTrailQueryParams>;

/** Filters matched exactly (spec document 3: "All filters are equality or ranges; fragments do not match"). */
const EXACT_FIELDS = [
  'applet_guid',
  'applet_code',
  'foreign_table',
  'foreign_key',
  'txn_type',
  'event_code',
  'obj_type',
  'id_user',
  'id_device',
  'id_user_agent',
  'created_by_subject_guid',
  'updated_by_subject_guid',
  'link_guid',
  'created_by_name',
  'updated_by_name',
  'status',
] as const satisfies readonly (keyof AuditQuery & keyof AuditTrailRow)[];

/** Inclusive ranges, compared as instants so that any ISO 8601 offset works. */
const RANGES = [
  ['date_txn', 'date_txn_from', 'date_txn_to'],
  ['created_date', 'created_date_from', 'created_date_to'],
  ['updated_date', 'updated_date_from', 'updated_date_to'],
] as const;
const DATE_FIELDS = new Set<string>(RANGES.map(([field]) => field));
const INDEXED = new Set<string>(AUDIT_INDEXES);

const DEFAULT_LIMIT = 100;

type Test = (row: AuditTrailRow) => boolean;

/** The row test of a query: its exact filters, `status` (omitted: all but DELETED; DELETED never shows) and ranges. */
function testOf(query: AuditQuery): Test {
  const tests: Test[] = [(row) => row.status !== 'DELETED'];
  for (const field of EXACT_FIELDS) {
    const wanted = query[field];
    if (wanted !== undefined) tests.push((row) => row[field] === wanted);
  }
  for (const [field, fromKey, toKey] of RANGES) {
    const from = query[fromKey] === undefined ? -Infinity : Date.parse(query[fromKey]);
    const to = query[toKey] === undefined ? Infinity : Date.parse(query[toKey]);
    if (from === -Infinity && to === Infinity) continue;
    tests.push((row) => {
      const at = row[field] === null ? NaN : Date.parse(row[field]);
      return at >= from && at <= to;
    });
  }
  return (row) => tests.every((test) => test(row));
}

/** The rows of a partition worth testing: those of the first exact filter the table indexes, else all. */
function candidates(ctx: AuditContext, partition: string, query: AuditQuery): Iterable<AuditTrailRow> {
  const table = trailOf(ctx, partition);
  const indexed = EXACT_FIELDS.find((field) => INDEXED.has(field) && query[field] !== undefined);
  return indexed ? table.byIndex(indexed, query[indexed]) : table.values();
}

function compareBy(field: string, descending: boolean): (a: Hit, b: Hit) => number {
  const key = (row: AuditTrailRow): number | string => {
    const value = (row as unknown as Record<string, unknown>)[field];
    if (value === null || value === undefined) return '';
    return DATE_FIELDS.has(field) ? Date.parse(String(value)) : String(value);
  };
  const sign = descending ? -1 : 1;
  return (a, b) => {
    const x = key(a.row);
    const y = key(b.row);
    // Nulls first in ascending order; the guid breaks ties, so a page is stable.
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
 * API)"): filtered, ordered by `orderBy` (default guid) and `order`, cut at `offset` and `limit`
 * (default 100). `totalRecords` counts every match only when `calcTotalRecords` is true, else it is 0.
 */
export function queryAuditTrail(ctx: AuditContext, scope: AuditScope, query: AuditQuery): ListResult<AuditTrailContainer> {
  const test = testOf(query);
  const hits: Hit[] = [];
  for (const partition of scope.partitions) {
    for (const row of candidates(ctx, partition, query)) if (test(row)) hits.push({ partition, row });
  }
  hits.sort(compareBy(query.orderBy ?? 'guid', query.order === 'DESC'));
  const limit = query.limit ?? DEFAULT_LIMIT;
  const offset = query.offset ?? 0;
  const page = hits.slice(offset, offset + limit);
  const hasMore = offset + page.length < hits.length;
  const totalRecords = query.calcTotalRecords === true ? hits.length : 0;
  return {
    data: page.map((hit) => presentRecord(scope, hit.partition, hit.row)),
    pagination: { hasMore, nextOffset: hasMore ? offset + page.length : null, limit, total: totalRecords },
    totalRecords,
  };
}

import type { Store, Table } from '../../store/index.js';
import type { CompanyContext } from '../../store/context.js';
import { setAuditTrailWriting } from './writer.js';

/**
 * The audit trail's table (spec document 3, "Audit trail record"): one row per record, fields named as
 * the data-management API writes them (snake_case). The tenant surface reads one company's rows (a
 * tenant is a company); the platform surface reads every company's. The row id is the record's `guid`.
 */
export const AUDIT_TRAILS = 'auditTrails';

/** Free-form JSON a record carries and never interprets (`message_json`, `property_json`, `acl_*`). */
export type AuditJson = Record<string, unknown> | null;

export interface AuditTrailRow {
  /** = guid */
  id: string;
  guid: string;
  applet_guid: string | null;
  applet_code: string | null;
  /** `CREATED`, `UPDATED`, `DELETED`, `DISCARD` from the system writers; free for callers. */
  action: string | null;
  foreign_table: string | null;
  foreign_key: string | null;
  message_json: AuditJson;
  descr: string | null;
  /** ISO 8601 with offset. */
  date_txn: string | null;
  txn_type: string | null;
  event_code: string | null;
  obj_type: string | null;
  id_user: string | null;
  id_device: string | null;
  id_user_agent: string | null;
  link_guid: string | null;
  module_guid: string | null;
  namespace: string | null;
  vrsn: string | null;
  /** `ACTIVE` by default; `DELETED` rows are invisible to every read. */
  status: string;
  revision: string;
  created_date: string;
  updated_date: string;
  created_by_subject_guid: string | null;
  updated_by_subject_guid: string | null;
  created_by_name: string | null;
  updated_by_name: string | null;
  property_json: AuditJson;
  acl_config: AuditJson;
  acl_policy: AuditJson;
}

/** The fields the spec marks indexed, plus `status` (every read filters it). */
export const AUDIT_INDEXES = [
  'action',
  'foreign_table',
  'foreign_key',
  'date_txn',
  'id_user',
  'id_device',
  'id_user_agent',
  'status',
] as const;

/** Declares the trail and starts its system writer: from here on every domain write of a company writes its row. */
export function defineAuditTables(store: Store): void {
  // Internal: the trail records writes; its own rows are not audited, published or sent as events.
  store.defineTable(AUDIT_TRAILS, { prefix: 'aud', indexes: [...AUDIT_INDEXES], internal: true });
  setAuditTrailWriting(store, true);
}

export const auditTrailsTable = (ctx: CompanyContext): Table<AuditTrailRow> => ctx.store.table<AuditTrailRow>(ctx.companyId, AUDIT_TRAILS);

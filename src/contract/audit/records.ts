import { z } from 'zod';
import { freeFormObject, isoDateTime, queryBoolean, queryInt } from '../common.js';

// The audit trail record of the data-management API (spec document 3, "Audit trail record"): the same
// shape on the tenant and the platform surface, in the container `{ bl_applet_audit_trail: {...} }`.

/** Bounds of the free-form objects a record carries and never interprets (`message_json`, `property_json`, `acl_*`). */
export const AUDIT_JSON_BOUNDS = { maxKeys: 200, maxKeyLength: 200, maxValueLength: 20_000, maxDepth: 12, maxBytes: 256 * 1024 } as const;
/** Longest text field (`descr`, names, codes); the spec gives none, see decision AUD-13. */
export const AUDIT_TEXT_MAX_LENGTH = 1000;
/** `status` the platform surface answers for a record outside the caller's permission; never accepted on a write. */
export const PERMISSION_DENIED_STATUS = 'PERMISSION_DENIED';

const text = () => z.string().max(AUDIT_TEXT_MAX_LENGTH);
const json = () => freeFormObject(AUDIT_JSON_BOUNDS);

/** One audit trail record as a read returns it; every field but `guid`, `status` and `revision` may be null. */
export const AuditTrailRecord = z.object({
  guid: z.string(),
  applet_guid: z.string().nullable(),
  applet_code: z.string().nullable(),
  /** `CREATED`, `UPDATED`, `DELETED`, `DISCARD` from the system writers. */
  action: z.string().nullable(),
  foreign_table: z.string().nullable(),
  foreign_key: z.string().nullable(),
  message_json: z.record(z.string(), z.unknown()).nullable(),
  descr: z.string().nullable(),
  /** ISO 8601 with offset. */
  date_txn: z.string().nullable(),
  txn_type: z.string().nullable(),
  event_code: z.string().nullable(),
  obj_type: z.string().nullable(),
  id_user: z.string().nullable(),
  id_device: z.string().nullable(),
  id_user_agent: z.string().nullable(),
  link_guid: z.string().nullable(),
  module_guid: z.string().nullable(),
  namespace: z.string().nullable(),
  vrsn: z.string().nullable(),
  /** `ACTIVE` by default; `PERMISSION_DENIED` (platform reads only) for a record outside the caller's permission. */
  status: z.string(),
  /** Send back the value read when updating; a stale one is refused (409). */
  revision: z.string().nullable(),
  created_date: z.string().nullable(),
  updated_date: z.string().nullable(),
  created_by_subject_guid: z.string().nullable(),
  updated_by_subject_guid: z.string().nullable(),
  created_by_name: z.string().nullable(),
  updated_by_name: z.string().nullable(),
  property_json: z.record(z.string(), z.unknown()).nullable(),
  acl_config: z.record(z.string(), z.unknown()).nullable(),
  acl_policy: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditTrailRecord = z.infer<typeof AuditTrailRecord>;

/** A read: the record in its container. */
export const AuditTrailContainer = z.object({ bl_applet_audit_trail: AuditTrailRecord });
export type AuditTrailContainer = z.infer<typeof AuditTrailContainer>;

/**
 * A record as a write sends it: every field optional. On POST an omitted `guid`, `revision` or `status`
 * is generated or defaulted; PUT takes the whole record back and an omitted field is written as null.
 * The server fields (`created_date`, names, `updated_by_subject_guid`) may be sent back as read and are
 * set by the service; `created_by_subject_guid` sent on PUT is kept.
 */
export const AuditTrailFields = z.object({
  guid: z.uuid().nullish(),
  applet_guid: z.uuid().nullish(),
  applet_code: text().nullish(),
  action: text().nullish(),
  foreign_table: text().nullish(),
  foreign_key: text().nullish(),
  message_json: json().nullish(),
  descr: text().nullish(),
  date_txn: isoDateTime().nullish(),
  txn_type: text().nullish(),
  event_code: text().nullish(),
  obj_type: text().nullish(),
  id_user: text().nullish(),
  id_device: text().nullish(),
  id_user_agent: text().nullish(),
  link_guid: z.uuid().nullish(),
  module_guid: z.uuid().nullish(),
  namespace: text().nullish(),
  vrsn: text().nullish(),
  status: text().nullish(),
  revision: z.uuid().nullish(),
  created_date: z.string().max(64).nullish(),
  updated_date: z.string().max(64).nullish(),
  created_by_subject_guid: z.uuid().nullish(),
  updated_by_subject_guid: z.uuid().nullish(),
  created_by_name: text().nullish(),
  updated_by_name: text().nullish(),
  property_json: json().nullish(),
  acl_config: json().nullish(),
  acl_policy: json().nullish(),
});
export type AuditTrailFields = z.input<typeof AuditTrailFields>;

/** Body of a create (POST) or update (PUT). */
export const AuditTrailWriteParams = z.object({ bl_applet_audit_trail: AuditTrailFields });
export type AuditTrailWriteParams = z.input<typeof AuditTrailWriteParams>;

/** Answer of a delete: the record is `DELETED` and invisible to reads from now on. */
export const AuditTrailDeleted = z.object({ guid: z.string(), deleted: z.literal(true) });
export type AuditTrailDeleted = z.infer<typeof AuditTrailDeleted>;

/** Fields `orderBy` accepts. */
export const AUDIT_ORDER_FIELDS = [
  'guid',
  'date_txn',
  'created_date',
  'updated_date',
  'action',
  'foreign_table',
  'foreign_key',
  'id_user',
  'applet_code',
  'status',
] as const;

/** Most records one page holds; `limit` defaults to 100 (spec document 3, "Limits"). */
export const AUDIT_PAGE_MAX_LIMIT = 1000;

const dateBound = () => isoDateTime().optional();
const exact = () => text().optional();

/** Paging of both surfaces' reads (spec document 3, "Audit trail (data-management API)"). */
const auditPaging = {
  /** Default 100, at most 1000. */
  limit: queryInt().pipe(z.number().min(1).max(AUDIT_PAGE_MAX_LIMIT)).optional(),
  /** Default 0. */
  offset: queryInt().pipe(z.number().min(0)).optional(),
  /** Default `guid`. */
  orderBy: z.enum(AUDIT_ORDER_FIELDS).optional(),
  order: z.enum(['ASC', 'DESC']).optional(),
  /** Only `true` gives a `totalRecords` other than 0. */
  calcTotalRecords: queryBoolean().optional(),
};

/** `GET .../backoffice-ep` and the platform's `GET /`: every readable record, paged. */
export const AuditTrailListParams = z.object(auditPaging);
export type AuditTrailListParams = z.input<typeof AuditTrailListParams>;

/** `GET .../query`: exact filters (names case-sensitive), `status` (omitted: all but DELETED) and inclusive ISO 8601 ranges. */
export const AuditTrailQueryParams = z.object({
  ...auditPaging,
  applet_guid: exact(),
  applet_code: exact(),
  foreign_table: exact(),
  foreign_key: exact(),
  txn_type: exact(),
  event_code: exact(),
  obj_type: exact(),
  id_user: exact(),
  id_device: exact(),
  id_user_agent: exact(),
  created_by_subject_guid: exact(),
  updated_by_subject_guid: exact(),
  link_guid: exact(),
  created_by_name: exact(),
  updated_by_name: exact(),
  status: exact(),
  date_txn_from: dateBound(),
  date_txn_to: dateBound(),
  created_date_from: dateBound(),
  created_date_to: dateBound(),
  updated_date_from: dateBound(),
  updated_date_to: dateBound(),
});
export type AuditTrailQueryParams = z.input<typeof AuditTrailQueryParams>;

export const AuditTrailGuidParams = z.object({ guid: z.string().min(1).max(100) });

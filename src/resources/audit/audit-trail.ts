import { Resource } from '../../core/resource.js';
import type { RequestOptions } from '../../core/request-options.js';
import {
  platformAuditTrailCreate,
  platformAuditTrailDelete,
  platformAuditTrailList,
  platformAuditTrailQuery,
  platformAuditTrailRetrieve,
  platformAuditTrailUpdate,
  tenantAuditTrailCreate,
  tenantAuditTrailDelete,
  tenantAuditTrailList,
  tenantAuditTrailQuery,
  tenantAuditTrailRetrieve,
  tenantAuditTrailUpdate,
  type AuditTrailContainer,
  type AuditTrailQueryParams,
} from '../../generated/index.js';
import { recordsByAction } from './by-action.js';

/**
 * The tenant's audit trail on the data-management API (spec document 3, "Audit trail"), at the
 * client's `dataBaseUrl`: who changed what in one tenant. Calls need a signed-in user's access token
 * (an API key is refused with 401) holding a `TNT_API_DM_APPLET_AUDIT_TRAIL_*` code; the tenant is the
 * client's `tenantCode` (default its company), sent as `X-Tenant-Code`. Records come in the container
 * `{ bl_applet_audit_trail: {...} }`.
 */
export class AuditTrail extends Resource {
  /**
   * Creates a record; `guid`, `revision` and `status` (`ACTIVE`) default, the creator is the signed-in user.
   *
   * @example
   * const { bl_applet_audit_trail: row } = await acs.auditTrail.create({ bl_applet_audit_trail: { action: 'EXPORTED', foreign_table: 'invoices', foreign_key: invoice.id } });
   */
  create = this.method(tenantAuditTrailCreate);

  /**
   * Replaces a record: send the whole record back with the `revision` read (an omitted field becomes
   * null; a stale revision rejects with `ConflictError`, `CLIENT_VALIDATION_REVISION_MISMATCH`).
   */
  update = this.method(tenantAuditTrailUpdate);

  /** Deletes a record (it becomes `DELETED`, invisible to reads); an unknown guid rejects with `NotFoundError` (`CLIENT_VALIDATION_GUIDDOESNOTEXIST`). */
  delete = this.method(tenantAuditTrailDelete);

  /** Every readable record, offset-paged (`limit` default 100, `offset`, `orderBy`, `order`, `calcTotalRecords`); `for await` walks every page. */
  list = this.method(tenantAuditTrailList);

  /** One record by guid. */
  retrieve = this.method(tenantAuditTrailRetrieve);

  /**
   * Records matching exact filters and inclusive ISO 8601 date ranges, offset-paged.
   *
   * @example
   * for await (const { bl_applet_audit_trail: row } of acs.auditTrail.query({ foreign_table: 'invoices', date_txn_from: '2026-01-01T00:00:00+08:00' })) console.log(row.action, row.foreign_key);
   */
  query = this.method(tenantAuditTrailQuery);

  /**
   * The records of a date-limited query whose `action` is one of `actions`, filtered on the client as
   * the spec prescribes (the service has no `action` filter). Needs a date bound in `query`.
   *
   * @example
   * for await (const { bl_applet_audit_trail: row } of acs.auditTrail.byAction('DELETED', { date_txn_from: '2026-03-01T00:00:00+08:00' })) console.log(row.foreign_table, row.foreign_key);
   */
  byAction(
    actions: string | readonly string[],
    query: AuditTrailQueryParams,
    options?: RequestOptions,
  ): AsyncGenerator<AuditTrailContainer> {
    return recordsByAction(this.query, actions, query, options);
  }
}

/**
 * The platform's audit trail (spec document 3): the master trail and every tenant's, for users holding
 * an `MST_API_DM_APPLET_AUDIT_TRAIL_*` code or a platform administrator. A record of a tenant outside
 * the user's companies comes back with `status: 'PERMISSION_DENIED'` and every other field empty.
 */
export class PlatformAuditTrail extends Resource {
  /** Creates a record in the master trail. */
  create = this.method(platformAuditTrailCreate);
  /** Replaces a record of any trail the user may write (whole record, `revision` checked). */
  update = this.method(platformAuditTrailUpdate);
  /** Deletes a record; unknown guid: `NotFoundError` (`CLIENT_VALIDATION_GUIDDOESNOTEXIST`). */
  delete = this.method(platformAuditTrailDelete);
  /** Every readable record across tenants, offset-paged. */
  list = this.method(platformAuditTrailList);
  /** One record by guid. */
  retrieve = this.method(platformAuditTrailRetrieve);
  /** Records across tenants matching exact filters and inclusive date ranges, offset-paged. */
  query = this.method(platformAuditTrailQuery);

  /** As `acs.auditTrail.byAction()`, across tenants. */
  byAction(
    actions: string | readonly string[],
    query: AuditTrailQueryParams,
    options?: RequestOptions,
  ): AsyncGenerator<AuditTrailContainer> {
    return recordsByAction(this.query, actions, query, options);
  }
}

/** The platform surfaces of the data-management API: `acs.platform.auditTrail`. */
export class Platform extends Resource {
  auditTrail = this.resource(PlatformAuditTrail);
}

import type { RequestOptions } from '../../core/request-options.js';
import type { AuditTrailContainer, AuditTrailQueryParams } from '../../generated/index.js';
import { recordsByAction } from './by-action.js';
import { AuditTrailMethods, PlatformAuditTrailMethods, PlatformMethods } from '../../generated/resources/audit.js';

/**
 * The tenant's audit trail on the data-management API (spec document 3, "Audit trail"), at the
 * client's `dataBaseUrl`: who changed what in one tenant. Calls need a signed-in user's access token
 * (an API key is refused with 401) holding a `TNT_API_DM_APPLET_AUDIT_TRAIL_*` code; the tenant is the
 * client's `tenantCode` (default its company), sent as `X-Tenant-Code`. Records come in the container
 * `{ bl_applet_audit_trail: {...} }`.
 */
export class AuditTrail extends AuditTrailMethods {
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
    return recordsByAction((params, requestOptions) => this.query(params, requestOptions), actions, query, options);
  }
}

/**
 * The platform's audit trail (spec document 3): the master trail and every tenant's, for users holding
 * an `MST_API_DM_APPLET_AUDIT_TRAIL_*` code or a platform administrator. A record of a tenant outside
 * the user's companies comes back with `status: 'PERMISSION_DENIED'` and every other field empty.
 */
export class PlatformAuditTrail extends PlatformAuditTrailMethods {
  /** As `acs.auditTrail.byAction()`, across tenants. */
  byAction(
    actions: string | readonly string[],
    query: AuditTrailQueryParams,
    options?: RequestOptions,
  ): AsyncGenerator<AuditTrailContainer> {
    return recordsByAction((params, requestOptions) => this.query(params, requestOptions), actions, query, options);
  }
}

/** The platform surfaces of the data-management API: `acs.platform.auditTrail`. */
export class Platform extends PlatformMethods {
  auditTrail = this.resource(PlatformAuditTrail);
}

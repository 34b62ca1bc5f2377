import { PERMISSION_DENIED_STATUS, type AuditTrailRecord } from '../../../src/contract/index.js';
import { ServiceError } from '../../kernel/errors.js';
import type { MockClock } from '../../kernel/clock.js';
import type { Principal } from '../../kernel/route.js';
import { GLOBAL, type Store } from '../../store/index.js';
import { findCompany, type CompanyRow } from '../platform/index.js';
import { users, type UserRow } from '../oauth/index.js';
import { notAuthorized, requirePermission, type AuditOperation, type AuditSurface } from './permissions.js';
import { AUDIT_TRAILS, type AuditTrailRow } from './tables.js';

/** What the audit trail's domain works on: the store and the clock; the scope says whose trail. */
export interface AuditContext {
  store: Store;
  clock: MockClock;
}

/**
 * Who asks on which surface, and which trails they reach. A tenant is a company (its `auditTrails`);
 * the platform surface reads the master trail (the GLOBAL partition, where its own writes go) and
 * every tenant's.
 */
export interface AuditScope {
  surface: AuditSurface;
  user: UserRow;
  /** Where a create of this surface writes. */
  home: string;
  /** The partitions reads and writes by guid look in, home first. */
  partitions: readonly string[];
}

/** Header carrying the tenant code of the tenant surface (spec: "not shown"; see docs/spec-decisions.md). */
export const TENANT_CODE_HEADER = 'x-tenant-code';

/** The signed-in user of a request; the router admits only access tokens on `/core2` (kernel/router.ts). */
function signedInUser(store: Store, principal: Principal): UserRow {
  const user = principal.userId === undefined ? undefined : users(store).get(principal.userId);
  if (!user) throw notAuthorized('No signed-in user: sign in through OAuth and send the user access token', []);
  return user;
}

/**
 * The scope of a request on the tenant surface: one permission check, then the tenant of `X-Tenant-Code`,
 * which must be one of the user's companies. The tenant code is the company id.
 */
export function tenantScope(ctx: AuditContext, principal: Principal, operation: AuditOperation, tenantCode: string | null): AuditScope {
  const user = signedInUser(ctx.store, principal);
  requirePermission(user, 'tenant', operation);
  const code = tenantCode?.trim();
  if (!code) {
    throw new ServiceError(400, 'CLIENT_VALIDATION_TENANT_CODE_IS_NULL', 'The tenant surface needs the tenant code in the X-Tenant-Code header', [
      { code: 'CLIENT_VALIDATION_TENANT_CODE_IS_NULL', field: TENANT_CODE_HEADER, message: 'tenant code required' },
    ]);
  }
  const company = findCompany(ctx.store, code);
  // An unknown tenant and another user's tenant answer alike: the code's existence is not disclosed.
  if (!company || !user.companyIds.includes(company.id)) {
    throw notAuthorized('This user has no access to the tenant of X-Tenant-Code', []);
  }
  return { surface: 'tenant', user, home: company.id, partitions: [company.id] };
}

/** The scope of a request on the platform surface: one permission check; the master trail and every tenant's. */
export function platformScope(ctx: AuditContext, principal: Principal, operation: AuditOperation): AuditScope {
  const user = signedInUser(ctx.store, principal);
  requirePermission(user, 'platform', operation);
  const tenants = ctx.store.table<CompanyRow>(GLOBAL, 'companies').all().map((company) => company.id);
  return { surface: 'platform', user, home: GLOBAL, partitions: [GLOBAL, ...tenants] };
}

export const trailOf = (ctx: AuditContext, partition: string) => ctx.store.table<AuditTrailRow>(partition, AUDIT_TRAILS);

/**
 * Whether the scope's user may see a partition's records in full: always on the tenant surface (its
 * one check passed); on the platform surface the master trail, and a tenant's trail only for a
 * platform administrator or a user of that tenant (see docs/spec-decisions.md).
 */
export const mayRead = (scope: AuditScope, partition: string): boolean =>
  scope.surface === 'tenant' || partition === GLOBAL || scope.user.platformAdmin || scope.user.companyIds.includes(partition);

/** A row as a read shows it; outside the caller's permission: `status` PERMISSION_DENIED and every other field empty. */
export function presentRecord(scope: AuditScope, partition: string, row: AuditTrailRow): { bl_applet_audit_trail: AuditTrailRecord } {
  const { id: _id, ...record } = row;
  if (mayRead(scope, partition)) return { bl_applet_audit_trail: record };
  const masked = Object.fromEntries(Object.keys(record).map((key) => [key, null])) as unknown as AuditTrailRecord;
  return { bl_applet_audit_trail: { ...masked, guid: '', status: PERMISSION_DENIED_STATUS } };
}

/** A visible row by guid (DELETED rows are invisible to every read) and its partition. */
export function findVisible(ctx: AuditContext, scope: AuditScope, guid: string): { partition: string; row: AuditTrailRow } | undefined {
  for (const partition of scope.partitions) {
    const row = trailOf(ctx, partition).get(guid);
    if (row && row.status !== 'DELETED') return { partition, row };
  }
  return undefined;
}

/** 404 `CLIENT_VALIDATION_GUIDDOESNOTEXIST` (spec document 3, "Errors"). */
export const guidDoesNotExist = (guid: string): ServiceError =>
  new ServiceError(404, 'CLIENT_VALIDATION_GUIDDOESNOTEXIST', `No audit trail record with guid ${guid}`, [
    { code: 'CLIENT_VALIDATION_GUIDDOESNOTEXIST', field: 'guid', message: 'no such record', value: guid },
  ]);

/** The record of a guid, for a read or a write of it: 404 when it is not there, 403 when outside the caller's permission (platform). */
export function recordFor(ctx: AuditContext, scope: AuditScope, guid: string, writing: boolean): { partition: string; row: AuditTrailRow } {
  const found = findVisible(ctx, scope, guid);
  if (!found) throw guidDoesNotExist(guid);
  if (writing && !mayRead(scope, found.partition)) throw notAuthorized("This record belongs to a tenant outside this user's permission", []);
  return found;
}

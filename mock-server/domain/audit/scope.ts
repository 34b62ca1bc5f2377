import { PERMISSION_DENIED_STATUS, type AuditTrailRecord } from '../../../src/contract/index.js';
import { userNotAuthorized } from '../../kernel/admission.js';
import { ServiceError } from '../../kernel/errors.js';
import type { MockClock } from '../../kernel/clock.js';
import type { Principal } from '../../kernel/route.js';
import { GLOBAL, type Store } from '../../store/index.js';
import type { CompanyRow } from '../platform/index.js';
import { users, type UserRow } from '../shared/users.js';
import { AUDIT_TRAILS, type AuditTrailRow } from './tables.js';

/** The tenant surface (one tenant's trail) or the platform's (every trail). */
export type AuditSurface = 'tenant' | 'platform';

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

/** The signed-in user of a request; the router admits only access tokens on `/core2` (kernel/router.ts). */
function signedInUser(store: Store, principal: Principal): UserRow {
  const user = principal.userId === undefined ? undefined : users(store).get(principal.userId);
  if (!user) throw userNotAuthorized('No signed-in user: sign in through OAuth and send the user access token');
  return user;
}

/** The tenant surface: the tenant the router resolved from `X-Tenant-Code` (a company), after the permission check. */
export function tenantScope(ctx: AuditContext & { companyId: string }, principal: Principal): AuditScope {
  return { surface: 'tenant', user: signedInUser(ctx.store, principal), home: ctx.companyId, partitions: [ctx.companyId] };
}

/** The platform surface: the master trail and every tenant's. */
export function platformScope(ctx: AuditContext, principal: Principal): AuditScope {
  const tenants = ctx.store
    .table<CompanyRow>(GLOBAL, 'companies')
    .all()
    .map((company) => company.id);
  return { surface: 'platform', user: signedInUser(ctx.store, principal), home: GLOBAL, partitions: [GLOBAL, ...tenants] };
}

export const trailOf = (ctx: AuditContext, partition: string) => ctx.store.table<AuditTrailRow>(partition, AUDIT_TRAILS);

/**
 * Whether the scope's user may see a partition's records in full: always on the tenant surface (its
 * one check passed); on the platform surface the master trail, and a tenant's trail only for a
 * platform administrator or a user of that tenant (see decision AUD-14).
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
  new ServiceError('CLIENT_VALIDATION_GUIDDOESNOTEXIST', `No audit trail record with guid ${guid}`, [
    { code: 'CLIENT_VALIDATION_GUIDDOESNOTEXIST', field: 'guid', message: 'no such record', value: guid },
  ]);

/** The record of a guid, for a read or a write of it: 404 when it is not there, 403 when outside the caller's permission (platform). */
export function recordFor(ctx: AuditContext, scope: AuditScope, guid: string, writing: boolean): { partition: string; row: AuditTrailRow } {
  const found = findVisible(ctx, scope, guid);
  if (!found) throw guidDoesNotExist(guid);
  if (writing && !mayRead(scope, found.partition))
    throw userNotAuthorized("This record belongs to a tenant outside this user's permission");
  return found;
}

import { ServiceError } from '../../kernel/errors.js';
import type { UserRow } from '../oauth/index.js';

// Permission codes of the data-management API (spec document 3, "Authentication"): any one code of an
// operation's list passes; a platform administrator passes every platform check without holding codes.

export type AuditOperation = 'CREATE' | 'READ' | 'UPDATE' | 'DELETE';
export type AuditSurface = 'tenant' | 'platform';

const FAMILY: Record<AuditSurface, string> = { tenant: 'TNT_API_DM_APPLET_AUDIT_TRAIL', platform: 'MST_API_DM_APPLET_AUDIT_TRAIL' };
/** The internal e-invoice records' family (document 3): granted by the seed now, checked by that module later. */
export const EINVOICE_RECORD_FAMILY = 'API_TNT_DM_ERP_MY_E_INVOICE_TO_IRB';

/** The codes that allow an operation on a surface: the family's OWNER, ADMIN and the operation's own. */
export const codesFor = (surface: AuditSurface, operation: AuditOperation): string[] =>
  ['OWNER', 'ADMIN', operation].map((member) => `${FAMILY[surface]}_${member}`);

/** Every member of a permission family: `_OWNER`, `_ADMIN`, `_CREATE`, `_READ`, `_UPDATE`, `_DELETE`. */
export const familyCodes = (family: string, members: readonly string[] = ['OWNER', 'ADMIN', 'CREATE', 'READ', 'UPDATE', 'DELETE']): string[] =>
  members.map((member) => `${family}_${member}`);

export const TENANT_AUDIT_CODES = familyCodes(FAMILY.tenant);
export const PLATFORM_AUDIT_CODES = familyCodes(FAMILY.platform);
export const EINVOICE_RECORD_CODES = familyCodes(EINVOICE_RECORD_FAMILY, ['OWNER', 'ADMIN', 'READ', 'UPDATE']);

/** Whether the user passes the operation's check on the surface. */
export function mayOperate(user: UserRow, surface: AuditSurface, operation: AuditOperation): boolean {
  if (surface === 'platform' && user.platformAdmin) return true;
  const allowed = codesFor(surface, operation);
  return user.permissionCodes.some((code) => allowed.includes(code));
}

/** 403 `CLIENT_AUTH_USER_NOT_AUTHORIZED` (spec document 3, "Errors"), naming the codes that would pass. */
export function notAuthorized(message: string, required: readonly string[]): ServiceError {
  return new ServiceError(403, 'CLIENT_AUTH_USER_NOT_AUTHORIZED', message, [{ code: 'CLIENT_AUTH_USER_NOT_AUTHORIZED', message, required: [...required] }]);
}

/** The single check of a request (spec: "a single permission check per request applies"). */
export function requirePermission(user: UserRow, surface: AuditSurface, operation: AuditOperation): void {
  if (mayOperate(user, surface, operation)) return;
  const required = codesFor(surface, operation);
  throw notAuthorized(`This user lacks the permission to ${operation.toLowerCase()} ${surface} audit trail records; any one of ${required.join(', ')} passes`, required);
}

import { endpoint, type PermissionCheck } from '../endpoint.js';
import {
  AuditTrailContainer,
  AuditTrailDeleted,
  AuditTrailGuidParams,
  AuditTrailListParams,
  AuditTrailQueryParams,
  AuditTrailWriteParams,
  AUDIT_PAGE_MAX_LIMIT,
} from './records.js';

// The two surfaces of the audit trail (spec document 3, "Audit trail (data-management API)"): the tenant
// surface reads one tenant's records (tenant code in `X-Tenant-Code`), the platform surface every
// tenant's. Both serve signed-in users by permission code, never API keys (see "Authentication").

const TENANT = '/core2/tnt/dm/erp/audit-trails/backoffice-ep';
const PLATFORM = '/core2/platform/dm/applet-audit-trail';
const auditPage = { paging: 'offset', defaultLimit: 100, maxLimit: AUDIT_PAGE_MAX_LIMIT, defaultSort: 'guid:asc' } as const;
const data = { api: 'data' as const, tags: ['audit'] };

/** Any one of the family's OWNER, ADMIN and the operation's own code passes (spec document 3, "Authentication"). */
const codes = (family: string, operation: string) => ['OWNER', 'ADMIN', operation].map((member) => `${family}_${member}`);
const tenant = (operation: string): PermissionCheck => ({
  codes: codes('TNT_API_DM_APPLET_AUDIT_TRAIL', operation),
  platformAdmin: false,
  tenant: true,
});
// A platform administrator passes every check of the platform surface without holding its codes.
const platform = (operation: string): PermissionCheck => ({
  codes: codes('MST_API_DM_APPLET_AUDIT_TRAIL', operation),
  platformAdmin: true,
  tenant: false,
});

export const tenantAuditTrailCreate = endpoint({
  ...data,
  permission: tenant('CREATE'),
  id: 'auditTrail.create',
  method: 'POST',
  path: TENANT,
  status: 201,
  summary: "Create a record in the tenant's audit trail (TNT_API_DM_APPLET_AUDIT_TRAIL_CREATE)",
  description: 'Creates a record; `guid`, `revision` and `status` (`ACTIVE`) default, the creator is the signed-in ' + 'user.',
  example:
    "const { bl_applet_audit_trail: row } = await acs.auditTrail.create({ bl_applet_audit_trail: { action: 'EXPORTED', foreign_table: 'invoices', foreign_key: invoice.id } });",
  exampleCall: { body: { bl_applet_audit_trail: { action: 'NOTED' } }, as: 'owner' },
  body: AuditTrailWriteParams,
  response: AuditTrailContainer,
});

export const tenantAuditTrailUpdate = endpoint({
  ...data,
  permission: tenant('UPDATE'),
  id: 'auditTrail.update',
  method: 'PUT',
  path: TENANT,
  summary: 'Replace a record of the tenant (whole record; an omitted field becomes null; revision checked)',
  description:
    'Replaces a record: send the whole record back with the `revision` read (an omitted field becomes ' +
    'null; a stale revision rejects with `ConflictError`, `CLIENT_VALIDATION_REVISION_MISMATCH`).',
  body: AuditTrailWriteParams,
  response: AuditTrailContainer,
});

export const tenantAuditTrailDelete = endpoint({
  ...data,
  permission: tenant('DELETE'),
  id: 'auditTrail.delete',
  method: 'DELETE',
  path: `${TENANT}/{guid}`,
  summary: 'Delete a record of the tenant (it becomes DELETED, invisible to reads)',
  description:
    'Deletes a record (it becomes `DELETED`, invisible to reads); an unknown guid rejects with ' +
    '`NotFoundError` (`CLIENT_VALIDATION_GUIDDOESNOTEXIST`).',
  exampleCall: { params: { guid: { fixture: 'ownerAuditRow' } }, as: 'owner' },
  params: AuditTrailGuidParams,
  response: AuditTrailDeleted,
});

export const tenantAuditTrailList = endpoint({
  ...data,
  permission: tenant('READ'),
  id: 'auditTrail.list',
  method: 'GET',
  path: TENANT,
  summary: "Every readable record of the tenant's audit trail, offset-paged",
  description:
    'Every readable record, offset-paged (`limit` default 100, `offset`, `orderBy`, `order`, ' +
    '`calcTotalRecords`); `for await` walks every page.',
  exampleCall: { query: { limit: 10 }, as: 'owner' },
  query: AuditTrailListParams,
  response: AuditTrailContainer,
  list: auditPage,
});

export const tenantAuditTrailRetrieve = endpoint({
  ...data,
  permission: tenant('READ'),
  id: 'auditTrail.retrieve',
  method: 'GET',
  path: `${TENANT}/{guid}`,
  summary: 'One record of the tenant by guid',
  description: 'One record by guid.',
  exampleCall: { params: { guid: { fixture: 'ownerAuditRow' } }, as: 'owner' },
  params: AuditTrailGuidParams,
  response: AuditTrailContainer,
});

export const tenantAuditTrailQuery = endpoint({
  ...data,
  permission: tenant('READ'),
  id: 'auditTrail.query',
  method: 'GET',
  path: `${TENANT}/query`,
  summary: "Query the tenant's audit trail: exact filters and inclusive date ranges, offset-paged",
  description: 'Records matching exact filters and inclusive ISO 8601 date ranges, offset-paged.',
  example:
    "for await (const { bl_applet_audit_trail: row } of acs.auditTrail.query({ foreign_table: 'invoices', date_txn_from: '2026-01-01T00:00:00+08:00' })) console.log(row.action, row.foreign_key);",
  exampleCall: { query: { foreign_table: 'invoices', calcTotalRecords: true }, as: 'owner' },
  query: AuditTrailQueryParams,
  response: AuditTrailContainer,
  list: auditPage,
});

export const platformAuditTrailCreate = endpoint({
  ...data,
  permission: platform('CREATE'),
  id: 'platform.auditTrail.create',
  method: 'POST',
  path: PLATFORM,
  status: 201,
  summary: 'Create a record in the master audit trail (MST_API_DM_APPLET_AUDIT_TRAIL_CREATE)',
  description: 'Creates a record in the master trail.',
  exampleCall: { body: { bl_applet_audit_trail: { action: 'NOTED' } }, as: 'platformAdmin' },
  body: AuditTrailWriteParams,
  response: AuditTrailContainer,
});

export const platformAuditTrailUpdate = endpoint({
  ...data,
  permission: platform('UPDATE'),
  id: 'platform.auditTrail.update',
  method: 'PUT',
  path: PLATFORM,
  summary: 'Replace a record of any tenant or of the master trail (whole record; revision checked)',
  description: 'Replaces a record of any trail the user may write (whole record, `revision` checked).',
  body: AuditTrailWriteParams,
  response: AuditTrailContainer,
});

export const platformAuditTrailDelete = endpoint({
  ...data,
  permission: platform('DELETE'),
  id: 'platform.auditTrail.delete',
  method: 'DELETE',
  path: `${PLATFORM}/{guid}`,
  summary: 'Delete a record of any tenant or of the master trail',
  description: 'Deletes a record; unknown guid: `NotFoundError` (`CLIENT_VALIDATION_GUIDDOESNOTEXIST`).',
  exampleCall: { params: { guid: { fixture: 'adminAuditRow' } }, as: 'platformAdmin' },
  params: AuditTrailGuidParams,
  response: AuditTrailDeleted,
});

export const platformAuditTrailList = endpoint({
  ...data,
  permission: platform('READ'),
  id: 'platform.auditTrail.list',
  method: 'GET',
  path: PLATFORM,
  summary: 'Every readable record across tenants; records outside the caller’s permission come back PERMISSION_DENIED',
  description: 'Every readable record across tenants, offset-paged.',
  exampleCall: { query: { order: 'DESC' }, as: 'platformAdmin' },
  query: AuditTrailListParams,
  response: AuditTrailContainer,
  list: auditPage,
});

export const platformAuditTrailRetrieve = endpoint({
  ...data,
  permission: platform('READ'),
  id: 'platform.auditTrail.retrieve',
  method: 'GET',
  path: `${PLATFORM}/{guid}`,
  summary: 'One record of any tenant by guid',
  description: 'One record by guid.',
  exampleCall: { params: { guid: { fixture: 'ownerAuditRow' } }, as: 'platformAdmin' },
  params: AuditTrailGuidParams,
  response: AuditTrailContainer,
});

export const platformAuditTrailQuery = endpoint({
  ...data,
  permission: platform('READ'),
  id: 'platform.auditTrail.query',
  method: 'GET',
  path: `${PLATFORM}/query`,
  summary: 'Query the audit trail across tenants: exact filters and inclusive date ranges, offset-paged',
  description: 'Records across tenants matching exact filters and inclusive date ranges, offset-paged.',
  exampleCall: { query: { date_txn_from: '2026-01-01T00:00:00+08:00' }, as: 'platformAdmin' },
  query: AuditTrailQueryParams,
  response: AuditTrailContainer,
  list: auditPage,
});

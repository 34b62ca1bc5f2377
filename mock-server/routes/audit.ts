import { contract } from '../../src/contract/index.js';
import {
  createAuditRecord,
  deleteAuditRecord,
  platformScope,
  queryAuditTrail,
  retrieveAuditRecord,
  tenantScope,
  TENANT_CODE_HEADER,
  updateAuditRecord,
  type AuditOperation,
} from '../domain/audit/index.js';
import { route, type Route, type RouteContext } from '../store/context.js';

const { audit } = contract;

// The router admits only signed-in users on `/core2` (kernel/router.ts); each handler makes the
// request's one permission check through its scope, then calls the domain.
const tenant = (ctx: RouteContext, operation: AuditOperation) => tenantScope(ctx, ctx.principal, operation, ctx.headers.get(TENANT_CODE_HEADER));
const platform = (ctx: RouteContext, operation: AuditOperation) => platformScope(ctx, ctx.principal, operation);

/** The tenant surface, `/core2/tnt/dm/erp/audit-trails/backoffice-ep` (spec document 3). */
const tenantRoutes: Route[] = [
  route(audit.tenantAuditTrailCreate, (ctx) => createAuditRecord(ctx, tenant(ctx, 'CREATE'), ctx.body.bl_applet_audit_trail)),
  route(audit.tenantAuditTrailUpdate, (ctx) => updateAuditRecord(ctx, tenant(ctx, 'UPDATE'), ctx.body.bl_applet_audit_trail)),
  route(audit.tenantAuditTrailDelete, (ctx) => deleteAuditRecord(ctx, tenant(ctx, 'DELETE'), ctx.params.guid)),
  route(audit.tenantAuditTrailList, (ctx) => queryAuditTrail(ctx, tenant(ctx, 'READ'), ctx.query)),
  route(audit.tenantAuditTrailRetrieve, (ctx) => retrieveAuditRecord(ctx, tenant(ctx, 'READ'), ctx.params.guid)),
  route(audit.tenantAuditTrailQuery, (ctx) => queryAuditTrail(ctx, tenant(ctx, 'READ'), ctx.query)),
];

/** The platform surface, `/core2/platform/dm/applet-audit-trail` (spec document 3). */
const platformRoutes: Route[] = [
  route(audit.platformAuditTrailCreate, (ctx) => createAuditRecord(ctx, platform(ctx, 'CREATE'), ctx.body.bl_applet_audit_trail)),
  route(audit.platformAuditTrailUpdate, (ctx) => updateAuditRecord(ctx, platform(ctx, 'UPDATE'), ctx.body.bl_applet_audit_trail)),
  route(audit.platformAuditTrailDelete, (ctx) => deleteAuditRecord(ctx, platform(ctx, 'DELETE'), ctx.params.guid)),
  route(audit.platformAuditTrailList, (ctx) => queryAuditTrail(ctx, platform(ctx, 'READ'), ctx.query)),
  route(audit.platformAuditTrailRetrieve, (ctx) => retrieveAuditRecord(ctx, platform(ctx, 'READ'), ctx.params.guid)),
  route(audit.platformAuditTrailQuery, (ctx) => queryAuditTrail(ctx, platform(ctx, 'READ'), ctx.query)),
];

/** The audit module: the two surfaces of the data-management API's audit trail. */
export const auditRoutes: Route[] = [...tenantRoutes, ...platformRoutes];

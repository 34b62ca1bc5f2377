import { contract } from '../../src/contract/index.js';
import {
  createAuditRecord,
  deleteAuditRecord,
  platformScope,
  readAuditTrail,
  retrieveAuditRecord,
  tenantScope,
  updateAuditRecord,
} from '../domain/audit/index.js';
import { route, type Route, type RouteContext } from '../store/context.js';

const { audit } = contract;

// The router admits only signed-in users on `/core2`, makes the request's one permission check the
// contract declares, and resolves the tenant of `X-Tenant-Code` as the company (kernel/router.ts).
const tenant = (ctx: RouteContext) => tenantScope(ctx, ctx.principal);
const platform = (ctx: RouteContext) => platformScope(ctx, ctx.principal);

/** The tenant surface, `/core2/tnt/dm/erp/audit-trails/backoffice-ep` (spec document 3). */
const tenantRoutes: Route[] = [
  route(audit.tenantAuditTrailCreate, (ctx) => createAuditRecord(ctx, tenant(ctx), ctx.body.bl_applet_audit_trail)),
  route(audit.tenantAuditTrailUpdate, (ctx) => updateAuditRecord(ctx, tenant(ctx), ctx.body.bl_applet_audit_trail)),
  route(audit.tenantAuditTrailDelete, (ctx) => deleteAuditRecord(ctx, tenant(ctx), ctx.params.guid)),
  route(audit.tenantAuditTrailList, (ctx) => readAuditTrail(ctx, tenant(ctx), ctx.query)),
  route(audit.tenantAuditTrailRetrieve, (ctx) => retrieveAuditRecord(ctx, tenant(ctx), ctx.params.guid)),
  route(audit.tenantAuditTrailQuery, (ctx) => readAuditTrail(ctx, tenant(ctx), ctx.query)),
];

/** The platform surface, `/core2/platform/dm/applet-audit-trail` (spec document 3). */
const platformRoutes: Route[] = [
  route(audit.platformAuditTrailCreate, (ctx) => createAuditRecord(ctx, platform(ctx), ctx.body.bl_applet_audit_trail)),
  route(audit.platformAuditTrailUpdate, (ctx) => updateAuditRecord(ctx, platform(ctx), ctx.body.bl_applet_audit_trail)),
  route(audit.platformAuditTrailDelete, (ctx) => deleteAuditRecord(ctx, platform(ctx), ctx.params.guid)),
  route(audit.platformAuditTrailList, (ctx) => readAuditTrail(ctx, platform(ctx), ctx.query)),
  route(audit.platformAuditTrailRetrieve, (ctx) => retrieveAuditRecord(ctx, platform(ctx), ctx.params.guid)),
  route(audit.platformAuditTrailQuery, (ctx) => readAuditTrail(ctx, platform(ctx), ctx.query)),
];

/** The audit module: the two surfaces of the data-management API's audit trail. */
export const auditRoutes: Route[] = [...tenantRoutes, ...platformRoutes];

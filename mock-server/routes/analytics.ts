import { contract } from '../../src/contract/index.js';
import { dashboard, kpis } from '../domain/reports/index.js';
import { route, type Route } from '../store/context.js';

const { reports } = contract;

/** KPIs and the dashboard (spec document 3, "Reports": `/v1/analytics/kpis`, `/v1/analytics/dashboard`). */
export const analyticsRoutes: Route[] = [
  route(reports.analyticsKpis, (ctx) => kpis(ctx, ctx.query)),
  route(reports.analyticsDashboard, (ctx) => dashboard(ctx, ctx.query)),
];

import { contract } from '../../src/contract/index.js';
import { customerSummary } from '../domain/customer-summary.js';
import { salesFunnel } from '../domain/sales-funnel.js';
import { route, type Route } from './route.js';

const { sales } = contract;

/** Customer analytics computed from the sales documents (spec document 2, "Customers"). */
export const customerSummaryRoutes: Route[] = [
  route(sales.customersSummary, (ctx) => customerSummary(ctx, ctx.params.customerId)),
  route(sales.analyticsSalesFunnel, (ctx) => salesFunnel(ctx, ctx.query)),
];

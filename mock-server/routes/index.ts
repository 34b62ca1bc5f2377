import { accountingRoutes } from './accounting.js';
import { bulkRoutes } from './bulk.js';
import { customerRoutes } from './customers.js';
import { itemRoutes } from './items.js';
import { taxCodeRoutes } from './tax-codes.js';
import { platformRoutes } from './platform.js';
import { customerSummaryRoutes } from './customer-summary.js';
import { invoiceRoutes } from './invoices.js';
import { quoteRoutes } from './quotes.js';
import { salesOrderRoutes } from './sales-orders.js';
import { webhookRoutes } from './webhooks.js';
import { oauthRoutes } from './oauth.js';
import type { Route } from './route.js';

export type { Route, RouteContext } from './route.js';

/** One handler per contract endpoint; the router does the HTTP around them. */
export const routes: Route[] = [...platformRoutes, ...accountingRoutes, ...customerRoutes, ...itemRoutes, ...taxCodeRoutes, ...bulkRoutes, ...salesOrderRoutes, ...quoteRoutes, ...invoiceRoutes, ...customerSummaryRoutes, ...webhookRoutes, ...oauthRoutes];

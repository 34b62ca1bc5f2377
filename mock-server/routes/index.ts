import type { Route } from '../store/context.js';
import { accountingRoutes } from './accounting.js';
import { analyticsRoutes } from './analytics.js';
import { auditRoutes } from './audit.js';
import { bulkRoutes } from './bulk.js';
import { batchRoutes } from './batch.js';
import { integrationRoutes } from './integrations.js';
import { integrationSyncRoutes } from './integration-syncs.js';
import { integrationOpsRoutes } from './integrations-ops.js';
import { inventoryRoutes } from './inventory.js';
import { inventoryAlertRoutes } from './inventory-alerts.js';
import { inventoryReportRoutes } from './inventory-reports.js';
import { inventoryStockRoutes } from './inventory-stock.js';
import { inventoryTransferRoutes } from './inventory-transfers.js';
import { oauthRoutes } from './oauth.js';
import { platformRoutes } from './platform.js';
import { purchasingRoutes } from './purchasing.js';
import { purchasingApprovalRoutes } from './purchasing-approvals.js';
import { purchasingSupplierRoutes } from './purchasing-suppliers.js';
import { purchasingBillRoutes } from './purchasing-bills.js';
import { purchasingSourcingRoutes } from './purchasing-sourcing.js';
import { reportRoutes } from './reports.js';
import { savedReportRoutes } from './reports-saved.js';
import { budgetRoutes } from './budgets.js';
import { reportDeliveryRoutes } from './reports-delivery.js';
import { salesRoutes } from './sales.js';
import { einvoiceRoutes } from './einvoice.js';
import { einvoiceRecordRoutes } from './einvoice-records.js';

export type { Route, RouteContext } from '../store/context.js';

/** One handler per contract endpoint, one list per module (endpoints.tsv `module`); the router does the HTTP around them. */
export const routes: Route[] = [
  ...platformRoutes,
  ...oauthRoutes,
  ...accountingRoutes,
  ...salesRoutes,
  ...inventoryRoutes,
  ...inventoryStockRoutes,
  ...inventoryTransferRoutes,
  ...inventoryAlertRoutes,
  ...inventoryReportRoutes,
  ...purchasingRoutes,
  ...purchasingApprovalRoutes,
  ...purchasingSupplierRoutes,
  ...purchasingBillRoutes,
  ...purchasingSourcingRoutes,
  ...bulkRoutes,
  ...batchRoutes,
  ...integrationRoutes,
  ...integrationSyncRoutes,
  ...integrationOpsRoutes,
  ...auditRoutes,
  ...reportRoutes,
  ...analyticsRoutes,
  ...savedReportRoutes,
  ...budgetRoutes,
  ...reportDeliveryRoutes,
  ...einvoiceRoutes,
  ...einvoiceRecordRoutes,
];

import type { AnyReportDefinition } from './registry.js';
import { trialBalanceReport } from '../financial/trial-balance.js';
import { balanceSheetReport } from '../financial/balance-sheet-report.js';
import { profitLossReport } from '../financial/profit-loss-report.js';
import { salesSummaryReport } from '../sales/sales-summary.js';
import { agedReceivablesReport } from '../sales/aged-receivables.js';
import { topCustomersReport } from '../sales/top-customers.js';
import { salesByProductReport } from '../sales/sales-by-product.js';
import { salesPerformanceDashboardReport } from '../sales/sales-performance-dashboard.js';
import {
  inventoryMovementDefinition,
  lowStockAlertDefinition,
  stockAgingDefinition,
  stockValuationDefinition,
} from '../inventory/inventory-reports.js';
import {
  agedPayablesDefinition,
  outstandingPurchaseOrdersDefinition,
  purchaseAnalysisDefinition,
  supplierPerformanceDefinition,
} from '../purchasing/purchasing-reports.js';
import { cashFlowReport } from '../financial/cash-flow-report.js';
import { budgetVsActualReport } from '../financial/budget-vs-actual-report.js';

/** Every report of spec document 3 by its `reportType` (the path's last segment): what routes, saved reports, schedules, emails and jobs run. */
export const REPORTS: ReadonlyMap<string, AnyReportDefinition> = new Map(
  [
    trialBalanceReport,
    balanceSheetReport,
    profitLossReport,
    salesSummaryReport,
    agedReceivablesReport,
    topCustomersReport,
    salesByProductReport,
    salesPerformanceDashboardReport,
    stockValuationDefinition,
    inventoryMovementDefinition,
    stockAgingDefinition,
    lowStockAlertDefinition,
    purchaseAnalysisDefinition,
    supplierPerformanceDefinition,
    outstandingPurchaseOrdersDefinition,
    agedPayablesDefinition,
    cashFlowReport,
    budgetVsActualReport,
  ].map((definition) => [definition.type, definition as AnyReportDefinition]),
);

/** The report of a `reportType`, or undefined. */
export const reportOfType = (type: string): AnyReportDefinition | undefined => REPORTS.get(type);

/** A report type as `GET /v1/reports` lists it (implied): a row of the catalogue, by its type. */
export const reportTypeRows = () =>
  [...REPORTS.values()].map((definition) => ({
    id: definition.type,
    reportType: definition.type,
    path: `/v1${definition.endpoint.path}`,
    summary: definition.endpoint.summary,
    formats: ['json', ...(definition.endpoint.files ?? [])],
  }));

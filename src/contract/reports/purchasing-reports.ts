import type { z } from 'zod';
import { OutstandingPosParams, OutstandingPosReport } from '../purchasing/report-outstanding-pos.js';
import { AgedPayablesParams, AgedPayablesReport, SpendAnalysisParams, SpendAnalysisReport } from '../purchasing/report-payables.js';
import { SupplierPerformanceParams, SupplierPerformanceReport } from '../purchasing/supplier-performance.js';
import { reportEndpoint } from './common.js';
import { moduleReport, moduleReportQuery } from './module-report.js';

// Spec document 3, "Reports": `/purchase-analysis`, `/supplier-performance`, `/outstanding-purchase-orders`,
// `/aged-payables` (parameters and responses not shown): the purchasing module's reports
// (`/v1/reports/purchasing/...`) at the reports address, in every format (decisions REP-47, REP-48).

export const PurchaseAnalysisParams = moduleReportQuery(SpendAnalysisParams.shape);
export type PurchaseAnalysisParams = z.input<typeof PurchaseAnalysisParams>;
/** The spend analysis: approved bills before tax by supplier, account, item category and month. */
export const PurchaseAnalysisReport = moduleReport('purchase-analysis', SpendAnalysisReport);
export type PurchaseAnalysisReport = z.infer<typeof PurchaseAnalysisReport>;

export const SupplierPerformanceReportParams = moduleReportQuery(SupplierPerformanceParams.shape);
export type SupplierPerformanceReportParams = z.input<typeof SupplierPerformanceReportParams>;
export const SupplierPerformanceRanking = moduleReport('supplier-performance', SupplierPerformanceReport);
export type SupplierPerformanceRanking = z.infer<typeof SupplierPerformanceRanking>;

export const OutstandingPurchaseOrdersParams = moduleReportQuery(OutstandingPosParams.shape);
export type OutstandingPurchaseOrdersParams = z.input<typeof OutstandingPurchaseOrdersParams>;
export const OutstandingPurchaseOrdersReport = moduleReport('outstanding-purchase-orders', OutstandingPosReport);
export type OutstandingPurchaseOrdersReport = z.infer<typeof OutstandingPurchaseOrdersReport>;

export const AgedPayablesReportParams = moduleReportQuery(AgedPayablesParams.shape);
export type AgedPayablesReportParams = z.input<typeof AgedPayablesReportParams>;
/** `totals.total` equals the accounts payable control account on `asOfDate`. */
export const AgedPayablesStatement = moduleReport('aged-payables', AgedPayablesReport);
export type AgedPayablesStatement = z.infer<typeof AgedPayablesStatement>;

export const reportsPurchaseAnalysis = reportEndpoint({
  id: 'reports.purchaseAnalysis',
  path: '/reports/purchase-analysis',
  summary: 'Purchases as the ledger counts them, by supplier, account, item category and month',
  description:
    'The spend analysis as a report (REP-48): approved bills less supplier credit notes, with debit notes, each on its own date and at what its entry debits (decision PUR-60), by supplier, account, item category and month.',
  example: "const { total, bySupplier } = await acs.reports.purchaseAnalysis({ fromDate: '2026-01-01' });",
  exampleCall: { query: { fromDate: '2026-01-01' } },
  query: PurchaseAnalysisParams,
  response: PurchaseAnalysisReport,
});

export const reportsSupplierPerformance = reportEndpoint({
  id: 'reports.supplierPerformance',
  path: '/reports/supplier-performance',
  summary: "Every supplier's orders, spend, on-time rate and ratings over a period, best score first",
  description: "Every supplier's delivery, quality and price performance, ranked by score.",
  example: "const { suppliers } = await acs.reports.supplierPerformance({ fromDate: '2026-01-01' });",
  exampleCall: {},
  query: SupplierPerformanceReportParams,
  response: SupplierPerformanceRanking,
});

export const reportsOutstandingPurchaseOrders = reportEndpoint({
  id: 'reports.outstandingPurchaseOrders',
  path: '/reports/outstanding-purchase-orders',
  summary: 'Goods still to arrive on sent purchase orders, by supplier, with days overdue',
  description: 'Goods still to arrive on sent orders, by supplier and order, with days overdue.',
  example: 'const { summary } = await acs.reports.outstandingPurchaseOrders({ overdueOnly: true });',
  exampleCall: { query: { overdueOnly: true } },
  query: OutstandingPurchaseOrdersParams,
  response: OutstandingPurchaseOrdersReport,
});

export const reportsAgedPayables = reportEndpoint({
  id: 'reports.agedPayables',
  path: '/reports/aged-payables',
  summary: 'What the company owes its suppliers by days past due; the total is the payables control account',
  description: 'What the company owes its suppliers by days past due; the total is the payables control account.',
  example: "const { totals } = await acs.reports.agedPayables({ asOfDate: '2026-10-31' });",
  exampleCall: {},
  query: AgedPayablesReportParams,
  response: AgedPayablesStatement,
});

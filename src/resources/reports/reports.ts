import {
  reportsAgedPayables,
  reportsInventoryMovement,
  reportsLowStockAlert,
  reportsOutstandingPurchaseOrders,
  reportsPurchaseAnalysis,
  reportsStockAging,
  reportsStockValuation,
  reportsSupplierPerformance,
  reportsTrialBalance,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';
import { PurchasingReports } from './purchasing.js';

/**
 * Reports (spec document 3, "Reports"): each method resolves to the report as JSON, and its
 * `.download({ format })` to the same report as a CSV, PDF or Excel file (a `ReportFile`).
 */
export class Reports extends Resource {
  readonly purchasing = this.resource(PurchasingReports);

  /**
   * Every account's debit or credit balance on `asOfDate` (default today), from posted journal lines;
   * `totals.debit` equals `totals.credit` when the books balance.
   *
   * @example
   * const { accounts, totals } = await acs.reports.trialBalance({ asOfDate: '2026-10-31' });
   * const csv = await acs.reports.trialBalance.download({ asOfDate: '2026-10-31', format: 'csv' });
   */
  trialBalance = this.method(reportsTrialBalance);

  /**
   * Stock held on `asOfDate` (default today) valued by `valuationMethod` (default the ledger's), by item,
   * location and category: the figures of `acs.inventory.reports.valuation`. By the ledger's method,
   * `summary.totalValue` equals the inventory account.
   *
   * @example
   * const { summary } = await acs.reports.stockValuation({ asOfDate: '2026-10-31' });
   * const pdf = await acs.reports.stockValuation.download({ format: 'pdf' });
   */
  stockValuation = this.method(reportsStockValuation);

  /**
   * Opening, in, out and closing stock per item over `dateFrom`..`dateTo` (default the 31 days to today).
   *
   * @example
   * const { totals } = await acs.reports.inventoryMovement({ dateFrom: '2026-10-01', dateTo: '2026-10-31' });
   */
  inventoryMovement = this.method(reportsInventoryMovement);

  /**
   * Stock held on `asOfDate` by days since the receipt it came in by (first in, first out): 0-30, 31-60,
   * 61-90, 91-180 and over 180 days, quantity and value; the values add up to the stock valuation.
   *
   * @example
   * const { agingPeriods } = await acs.reports.stockAging();
   */
  stockAging = this.method(reportsStockAging);

  /**
   * Items at or below their minimum stock or reorder point now, with a suggested order quantity and value.
   *
   * @example
   * const { items } = await acs.reports.lowStockAlert({ locationId });
   */
  lowStockAlert = this.method(reportsLowStockAlert);

  /**
   * Approved bills before tax over `fromDate`..`toDate` (default a year to today), by supplier, account,
   * item category and month: the figures of `acs.reports.purchasing.spendAnalysis`.
   *
   * @example
   * const { total, bySupplier } = await acs.reports.purchaseAnalysis({ fromDate: '2026-01-01' });
   */
  purchaseAnalysis = this.method(reportsPurchaseAnalysis);

  /**
   * Every supplier's orders, spend, on-time rate and ratings over `fromDate`..`toDate`, best score first.
   *
   * @example
   * const { suppliers } = await acs.reports.supplierPerformance({ fromDate: '2026-01-01' });
   */
  supplierPerformance = this.method(reportsSupplierPerformance);

  /**
   * Goods still to arrive on sent purchase orders as of `asOfDate`, by supplier and order, with days overdue.
   *
   * @example
   * const { summary } = await acs.reports.outstandingPurchaseOrders({ overdueOnly: true });
   */
  outstandingPurchaseOrders = this.method(reportsOutstandingPurchaseOrders);

  /**
   * What the company owes its suppliers on `asOfDate` by days past due (not yet due, 1-30, 31-60, 61-90,
   * over 90); `totals.total` equals the accounts payable control account. The PDF has a chart of the buckets.
   *
   * @example
   * const { totals } = await acs.reports.agedPayables({ asOfDate: '2026-10-31' });
   * const pdf = await acs.reports.agedPayables.download({ format: 'pdf' });
   */
  agedPayables = this.method(reportsAgedPayables);
}

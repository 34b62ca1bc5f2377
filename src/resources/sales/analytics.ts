import { analyticsDashboard, analyticsKpis, analyticsSalesFunnel } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Analytics: the sales funnel (spec document 2, "Customers"), KPIs and the dashboard (spec document 3, "Reports"). */
export class Analytics extends Resource {
  /**
   * The sales funnel between `dateFrom` and `dateTo` (optionally for one `customerId`): quotes,
   * orders, invoices and paid invoices dated in the period, with counts, values in the company's
   * currency and each stage's conversion rate from the one before.
   *
   * @example
   * const { stages } = await acs.analytics.salesFunnel({ dateFrom: '2026-01-01', dateTo: '2026-12-31' });
   */
  salesFunnel = this.method(analyticsSalesFunnel);

  /**
   * KPIs from the posted ledger for the `period` (month, quarter or year) to `asOfDate` against the whole
   * previous period: `financial` (grossProfitMargin, netProfitMargin, currentRatio, daysOutstanding) and
   * `operational` (inventoryTurnover, accountsPayableTurnover), each `{ current, previous, change, trend }`.
   *
   * @example
   * const { financial } = await acs.analytics.kpis({ period: 'quarter' });
   * console.log(financial.grossProfitMargin.current, financial.grossProfitMargin.trend);
   */
  kpis = this.method(analyticsKpis);

  /**
   * The owner's view now: cash and bank balances, receivables and payables with what is overdue, revenue
   * against the previous period, the top five customers, low stock and the KPIs.
   *
   * @example
   * const { cash, receivables, topCustomers } = await acs.analytics.dashboard({ period: 'month' });
   */
  dashboard = this.method(analyticsDashboard);
}

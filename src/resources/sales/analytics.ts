import { analyticsSalesFunnel } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Sales analytics (spec document 2, "Customers"). */
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
}

import { companyRetrieve, companyUpdate } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** The company chosen by `companyId` (header `X-Company-Id`). */
export class CompanyResource extends Resource {
  /**
   * The company profile: names, registration and tax numbers, currency, country, timezone, fiscal-year
   * start, plan, contact details and address.
   *
   * @example
   * const { currency, fiscalYearStart } = await acs.company.retrieve();
   */
  retrieve = this.method(companyRetrieve);

  /**
   * Changes the company's settings (needs the `admin` scope) and resolves to the profile as `retrieve`
   * shows it. `allowNegativeStock`: false refuses a sale or write-off beyond what is held with
   * `INSUFFICIENT_STOCK`. `lockDate` closes the books on and before a date for everyone, `periodLockDate`
   * for every credential without the `admin` scope: a posting, void or reversal dated then rejects with
   * `PERIOD_LOCKED` (422). null opens them again. An unknown field rejects with `ValidationError` and
   * changes nothing.
   *
   * @example
   * await acs.company.update({ lockDate: '2026-09-30' });
   */
  update = this.method(companyUpdate);
}

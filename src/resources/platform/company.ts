import { companyRetrieve } from '../../generated/index.js';
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
}

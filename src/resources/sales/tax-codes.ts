import { taxCodesList, taxCodesRetrieve } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** The company's tax table: the codes document lines name in `taxCode`, read-only. */
export class TaxCodes extends Resource {
  /**
   * Lists the tax codes with their rate, MyInvois tax type and PEPPOL VAT category, by code. Filter by
   * `active`; `search` over code and name.
   *
   * @example
   * const { data } = await acs.taxCodes.list();
   * const sst = data.find((code) => code.code === 'SST10');
   */
  list = this.method(taxCodesList);

  /** One tax code by its code (`SST10`); an unknown code rejects with `NotFoundError`. */
  retrieve = this.method(taxCodesRetrieve);
}

import { TaxCodesMethods } from '../../generated/resources/sales.js';

/** The company's tax table: the codes document lines name in `taxCode`, read-only. */
export class TaxCodes extends TaxCodesMethods {}

import { TaxReturnsMethods } from '../../generated/resources/reports.js';

/** Tax returns by taxable period and their payments (implied; decisions ACC-35, ACC-36). */
export class TaxReturns extends TaxReturnsMethods {}

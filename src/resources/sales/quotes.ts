import { QuotesMethods } from '../../generated/resources/sales.js';

/** Quotes (spec document 2, "Quote"): draft -> sent -> accepted -> converted, or declined; `expired` once `validUntil` has passed. */
export class Quotes extends QuotesMethods {}

import { ExchangeRatesMethods } from '../../generated/resources/accounting.js';

/** The company's exchange-rate table, which currency revaluations read (implied; decisions ACC-41, ACC-42). */
export class ExchangeRates extends ExchangeRatesMethods {}

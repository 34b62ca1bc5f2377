import * as money from '../shared/money.js';

// A matched stock line's billed cost against what its receipts valued (decision PUR-56, IAS 21.28): the
// rate's part is an exchange difference, only the price's part is purchase price variance.

/** What a matched stock line posts besides clearing goods received not invoiced, in the company's currency. */
export interface MatchedLineDifferences {
  /** The received value restated at the bill's rate less the received value: a loss when positive. */
  exchangeDifference: money.Amount;
  /** The billed cost less the received value restated at the bill's rate: the price difference at the bill's rate. */
  priceVariance: money.Amount;
}

/**
 * Splits a matched line's billed cost (its net, with its tax where that is not recoverable, at the bill's
 * rate) against the cents its receipts put on goods received not invoiced at the order's rate. The
 * received amount is a liability in the order's currency, so restating it at the bill's rate is an
 * exchange difference; what is left is what the bill charges beyond the order, at the bill's rate.
 */
export function matchedLineDifferences(
  cost: money.AmountInput,
  clearedValue: number,
  rates: { received: number; billed: number },
): MatchedLineDifferences {
  const restated =
    rates.billed === rates.received
      ? money.parse(clearedValue)
      : money.round(money.parse(clearedValue).times(rates.billed).dividedBy(rates.received));
  return { exchangeDifference: restated.minus(clearedValue), priceVariance: money.parse(cost).minus(restated) };
}

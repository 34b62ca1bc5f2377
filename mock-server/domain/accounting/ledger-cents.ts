import * as money from '../shared/money.js';

/**
 * Below this (ten times MAX_AMOUNT), a two-decimal amount times 100 is within 0.25 of its cents, so
 * rounding gives them exactly, as the contract sums cents.
 */
const FLOAT_CENTS_BOUND = 1e13;

/** Exact cents of a line amount (two decimals at most, spec document 2); past the bound, in decimals. */
export function centsOf(amount: number): bigint {
  if (amount === 0) return 0n;
  if (Math.abs(amount) < FLOAT_CENTS_BOUND) return BigInt(Math.round(amount * 100));
  return BigInt(money.parse(amount).times(100).toFixed(0));
}

/** The exact amount of some cents. */
export const amountOfCents = (cents: bigint): money.Amount => money.ofCents(cents);

import Decimal from 'decimal.js';

/**
 * Exact money arithmetic for the mock (ARCHITECTURE.md, "Money is exact"): amounts travel as numbers with at
 * most two decimals and are added as decimals, never as floating-point sums, so 0.10 + 0.20 = 0.30.
 */
const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export type Amount = Decimal;
/** What the helpers take: a wire number, a decimal string, or an `Amount`. */
export type AmountInput = number | string | Decimal;

export const ZERO: Amount = new Exact(0);

/** The exact decimal of a wire amount; a number converts through its shortest text form (0.1 -> "0.1"). */
export const parse = (value: AmountInput): Amount => new Exact(value);

/** Whether the value is a finite amount with at most two decimal places (spec document 2, "amounts are numbers with two decimals"). */
export function isCents(value: AmountInput): boolean {
  if (typeof value === 'number' && !Number.isFinite(value)) return false;
  try {
    const d = parse(value);
    return d.isFinite() && d.decimalPlaces() <= 2;
  } catch {
    return false;
  }
}

export const add = (a: AmountInput, b: AmountInput): Amount => parse(a).plus(parse(b));

export const subtract = (a: AmountInput, b: AmountInput): Amount => parse(a).minus(parse(b));

export function sum(values: Iterable<AmountInput>): Amount {
  let total = ZERO;
  for (const v of values) total = total.plus(parse(v));
  return total;
}

/** -1, 0 or 1, exactly. */
export const compare = (a: AmountInput, b: AmountInput): -1 | 0 | 1 => parse(a).cmp(parse(b)) as -1 | 0 | 1;

export const equals = (a: AmountInput, b: AmountInput): boolean => compare(a, b) === 0;

/** Half-up (away from zero) at two places: the rounding the service applies per line (ARCHITECTURE.md; SALES-27). */
export const round = (value: AmountInput): Amount => parse(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** The wire number of an amount, rounded half-up to cents. */
export function toNumber(value: AmountInput): number {
  const n = round(value).toNumber();
  return n === 0 ? 0 : n; // never -0 on the wire
}

/** Integer cents (half up) of an amount: the form cost layers add in (decision MOCK-25). */
export const toCents = (value: AmountInput): number => round(value).times(100).toNumber();

/** The wire amount of integer cents: exact, as dividing two exact integers rounds to the decimal's own double. */
export const fromCents = (cents: number): number => (cents === 0 ? 0 : cents / 100);

/** The exact decimal of integer cents (the ledger index sums them as bigint). */
export const ofCents = (cents: number | bigint): Amount => parse(cents.toString()).dividedBy(100);

/** `"1234.50"`: the form internal rows keep running totals in, so they never pass through a float. */
export const toFixed = (value: AmountInput): string => round(value).toFixed(2);

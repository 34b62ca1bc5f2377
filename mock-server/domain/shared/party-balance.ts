import * as money from './money.js';

/** What a customer and a supplier keep of what is open with them: a running balance, in the company's currency. */
export interface PartyBalance {
  currentBalance: number;
  updatedAt: string;
}

/**
 * The fields that move a party's running balance by a signed `delta` (a document sent or approved, a payment
 * or its void): customers and suppliers alike (decision PUR-53), exact decimals rounded half-up to cents, and
 * `updatedAt` with it. Spread into the party's one write: `table.update(id, { ...balanceMove(...), ... })`.
 */
export function balanceMove(party: Pick<PartyBalance, 'currentBalance'>, delta: money.AmountInput, now: string): PartyBalance {
  if (!money.isCents(delta))
    throw new TypeError(`balanceMove: the delta must be an amount with at most two decimals, got ${String(delta)}`);
  return { currentBalance: money.toNumber(money.add(party.currentBalance, delta)), updatedAt: now };
}

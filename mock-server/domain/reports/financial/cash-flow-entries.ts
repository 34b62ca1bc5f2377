import type { CashFlowNonCashTransaction } from '../../../../src/contract/index.js';
import type { AccountRow, JournalEntryRow } from '../../accounting/index.js';
import * as money from '../../shared/money.js';
import { EARNINGS_FLOWS, type FlowClass } from './cash-flow-accounts.js';

// What each journal entry does to cash (IAS 7.6: cash flows are movements of cash): its cash lines only,
// classified by the other lines of the same entry (decisions REP-70, REP-71, REP-94).

export type Activity = 'operating' | 'investing' | 'financing';

/** The section each class's cash belongs to (IAS 7.14, 7.16, 7.17). */
export const ACTIVITY_OF: Record<FlowClass, Activity> = {
  revenue: 'operating',
  otherRevenue: 'operating',
  costOfSales: 'operating',
  expense: 'operating',
  retainedEarnings: 'operating',
  receivables: 'operating',
  inventory: 'operating',
  payables: 'operating',
  tax: 'operating',
  goodsReceivedNotInvoiced: 'operating',
  otherCurrentAssets: 'operating',
  otherCurrentLiabilities: 'operating',
  fixedAssets: 'investing',
  otherAssets: 'investing',
  borrowings: 'financing',
  equity: 'financing',
  openingBalances: 'financing',
};

/** The accounts a statement reads: cash ones apart, every other by its class. */
export interface Books {
  accounts: AccountRow[];
  cash: AccountRow[];
  cashIds: ReadonlySet<string>;
  classOf: ReadonlyMap<string, FlowClass>;
  entries: JournalEntryRow[];
}

/** One entry's cash: its net movement of the cash accounts, and what it was for. */
export interface EntryCash {
  moved: money.Amount;
  /** The class of its largest non-cash line; null for an entry between cash accounts only. */
  counterpart: FlowClass | null;
  /** Set for an investing or financing transaction that moved no cash (IAS 7.43): no flow at all. */
  nonCash: Exclude<Activity, 'operating'> | null;
}

const signedOf = (line: { debit: number; credit: number }) => money.parse(line.debit).minus(line.credit);

/** The largest line of a class set, by its size; the first of equals. */
function largest(books: Books, entry: JournalEntryRow, keep: (flow: FlowClass) => boolean): FlowClass | null {
  let best: { flow: FlowClass; size: money.Amount } | null = null;
  for (const line of entry.lines) {
    const flow = books.classOf.get(line.accountId);
    if (!flow || !keep(flow)) continue;
    const size = signedOf(line).abs();
    if (!best || size.greaterThan(best.size)) best = { flow, size };
  }
  return best?.flow ?? null;
}

const nonOperating = (flow: FlowClass) => ACTIVITY_OF[flow] !== 'operating';

/**
 * Reads an entry's cash. An entry that moves no cash, has an investing or financing line and no revenue or
 * expense line (an asset bill unpaid, opening stock against opening balances) is a non-cash transaction;
 * one with revenue or expense (depreciation) stays in operating as a non-cash charge.
 */
export function entryCash(books: Books, entry: JournalEntryRow): EntryCash {
  let moved = money.ZERO;
  for (const line of entry.lines) if (books.cashIds.has(line.accountId)) moved = moved.plus(signedOf(line));
  const counterpart = largest(books, entry, () => true);
  if (!moved.isZero() || !counterpart) return { moved, counterpart, nonCash: null };
  const flows = entry.lines.map((line) => books.classOf.get(line.accountId));
  if (flows.some((flow) => flow && EARNINGS_FLOWS.has(flow))) return { moved, counterpart, nonCash: null };
  const main = largest(books, entry, nonOperating);
  return { moved, counterpart, nonCash: main ? (ACTIVITY_OF[main] as EntryCash['nonCash']) : null };
}

/** The disclosure of a non-cash transaction (REP-94): its investing or financing lines' size. */
export function nonCashTransaction(
  books: Books,
  entry: JournalEntryRow,
  activity: CashFlowNonCashTransaction['activity'],
): CashFlowNonCashTransaction {
  const lines = entry.lines.filter((line) => {
    const flow = books.classOf.get(line.accountId);
    return flow !== undefined && nonOperating(flow);
  });
  const debits = money.sum(lines.map((line) => line.debit));
  const credits = money.sum(lines.map((line) => line.credit));
  return {
    journalEntryId: entry.id,
    journalNumber: entry.journalNumber,
    date: entry.date,
    description: entry.description,
    source: entry.source && { type: entry.source.type, id: entry.source.id },
    activity,
    amount: money.toNumber(debits.greaterThan(credits) ? debits : credits),
  };
}

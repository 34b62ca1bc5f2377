import type { CompanyContext } from '../../store/context.js';
import { journalEntriesTable, ledgerLinesTable, type JournalEntryRow, type LedgerLineRow } from './tables.js';
import * as money from '../shared/money.js';

// What the reports read of the ledger (issue #13): posted lines only (posted entries, and voided ones
// with their reversals, which cancel them out on and after the void date). Drafts never count.

/** Debits and credits of one account over some dates. */
export interface AccountSums {
  debit: money.Amount;
  credit: money.Amount;
}

/** Each account's posted debits and credits dated on or before `asOfDate` (accounts with none are absent). */
export function balancesAsOf(ctx: CompanyContext, asOfDate: string): Map<string, AccountSums> {
  return sumLines(ctx, (date) => date <= asOfDate);
}

/** Each account's posted debits and credits dated `from` to `to`, both inclusive. */
export function movementsBetween(ctx: CompanyContext, from: string, to: string): Map<string, AccountSums> {
  return sumLines(ctx, (date) => date >= from && date <= to);
}

/** The posted lines of one account dated `from` to `to` (either open), oldest first: a report's drill-down. */
export function postedLinesOf(ctx: CompanyContext, accountId: string, from: string | null, to: string | null): LedgerLineRow[] {
  return ledgerLinesTable(ctx)
    .byIndex('accountId', accountId)
    .filter((line) => (from === null || line.date >= from) && (to === null || line.date <= to))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Posted (and voided) entries dated `from` to `to`, in posting order: for reports that read whole entries (the direct cash flow). */
export function postedEntriesBetween(ctx: CompanyContext, from: string, to: string): JournalEntryRow[] {
  const out: JournalEntryRow[] = [];
  for (const entry of journalEntriesTable(ctx).values()) {
    if (entry.postedAt !== null && entry.date >= from && entry.date <= to) out.push(entry);
  }
  return out;
}

function sumLines(ctx: CompanyContext, counts: (date: string) => boolean): Map<string, AccountSums> {
  const sums = new Map<string, AccountSums>();
  for (const line of ledgerLinesTable(ctx).values()) {
    if (!counts(line.date)) continue;
    const current = sums.get(line.accountId);
    if (current) {
      current.debit = current.debit.plus(line.debit);
      current.credit = current.credit.plus(line.credit);
    } else sums.set(line.accountId, { debit: money.parse(line.debit), credit: money.parse(line.credit) });
  }
  return sums;
}

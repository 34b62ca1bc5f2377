import type { CompanyContext } from '../../store/context.js';
import { journalEntriesTable, ledgerPostingsTable, type JournalEntryRow, type LedgerLineRow } from './tables.js';
import { amountOfCents, ledgerIndex, type AccountIndex } from './ledger-index.js';
import type * as money from '../shared/money.js';

// What the reports read of the ledger (REP-80): posted lines only (posted entries, and voided ones
// with their reversals, which cancel them out on and after the void date). Drafts never count. Sums
// come from the ledger index's running day totals: a binary search per account, not a scan of lines.

/** Debits and credits of one account over some dates. */
export interface AccountSums {
  debit: money.Amount;
  credit: money.Amount;
}

/** Each account's posted debits and credits dated on or before `asOfDate` (accounts with none are absent). */
export function balancesAsOf(ctx: CompanyContext, asOfDate: string): Map<string, AccountSums> {
  return sumDays(
    ctx,
    () => 0,
    (account) => account.daysThrough(asOfDate),
  );
}

/** Each account's posted debits and credits dated `from` to `to`, both inclusive. */
export function movementsBetween(ctx: CompanyContext, from: string, to: string): Map<string, AccountSums> {
  return sumDays(
    ctx,
    (account) => account.daysBefore(from),
    (account) => account.daysThrough(to),
  );
}

/** One account's posted debits and credits dated `from` to `to` (either open), zero when it has none. */
export function accountMovement(ctx: CompanyContext, accountId: string, from: string | null, to: string | null): AccountSums {
  const account = ledgerIndex(ctx).accounts.get(accountId);
  if (!account) return { debit: amountOfCents(0n), credit: amountOfCents(0n) };
  return sumOf(account, from === null ? 0 : account.daysBefore(from), to === null ? account.days.length : account.daysThrough(to));
}

/** One account's posted debits and credits dated before `date` (an opening balance). */
export function accountSumsBefore(ctx: CompanyContext, accountId: string, date: string): AccountSums {
  const account = ledgerIndex(ctx).accounts.get(accountId);
  if (!account) return { debit: amountOfCents(0n), credit: amountOfCents(0n) };
  return sumOf(account, 0, account.daysBefore(date));
}

/** The posted lines of one account dated `from` to `to` (either open), oldest first: a report's drill-down. */
export function postedLinesOf(ctx: CompanyContext, accountId: string, from: string | null, to: string | null): LedgerLineRow[] {
  const account = ledgerIndex(ctx).accounts.get(accountId);
  if (!account) return [];
  const { lines } = account;
  const end = to === null ? lines.order.length : lines.through(to);
  const out: LedgerLineRow[] = [];
  for (let at = from === null ? 0 : lines.from(from); at < end; at++) out.push(ledgerLineAt(account, at));
  return out;
}

/** The line at place `at` of an account's date order, as the ledger shows it. */
export function ledgerLineAt(account: AccountIndex, at: number): LedgerLineRow {
  const i = account.lines.order[at];
  const posting = account.postings[i];
  const line = posting.lines[account.positions[i]];
  return {
    id: line.id,
    accountId: line.accountId,
    journalEntryId: posting.id,
    journalNumber: posting.journalNumber,
    date: posting.date,
    reference: posting.reference,
    description: line.description ?? posting.description,
    debit: line.debit,
    credit: line.credit,
  };
}

/** Posted (and voided) entries dated `from` to `to`, in posting order: for reports that read whole entries (the direct cash flow). */
export function postedEntriesBetween(ctx: CompanyContext, from: string, to: string): JournalEntryRow[] {
  const entries = journalEntriesTable(ctx);
  const out: JournalEntryRow[] = [];
  for (const posting of ledgerPostingsTable(ctx).values()) {
    if (posting.date >= from && posting.date <= to) out.push(entries.get(posting.id)!);
  }
  return out;
}

/** The sums of each account's days at positions `start` (inclusive) to `end` (exclusive); accounts with no such day are absent. */
function sumDays(
  ctx: CompanyContext,
  start: (account: AccountIndex) => number,
  end: (account: AccountIndex) => number,
): Map<string, AccountSums> {
  const sums = new Map<string, AccountSums>();
  for (const [accountId, account] of ledgerIndex(ctx).accounts) {
    const first = start(account);
    const last = end(account);
    if (last <= first) continue;
    sums.set(accountId, sumOf(account, first, last));
  }
  return sums;
}

/** The sums of an account's days at positions `first` (inclusive) to `last` (exclusive). */
function sumOf(account: AccountIndex, first: number, last: number): AccountSums {
  if (last <= first) return { debit: amountOfCents(0n), credit: amountOfCents(0n) };
  const through = account.centsBefore(last);
  const before = account.centsBefore(first);
  return { debit: amountOfCents(through.debit - before.debit), credit: amountOfCents(through.credit - before.credit) };
}

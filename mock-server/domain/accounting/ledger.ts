import type { AccountBalance, AccountType } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { accountTotalsTable, ledgerLinesTable, type AccountRow, type AccountTotalsRow, type JournalEntryRow } from './tables.js';
import * as money from '../shared/money.js';

/** Assets and expenses grow on the debit side; liabilities, equity and revenue on the credit side. */
export const isDebitNormal = (type: AccountType): boolean => type === 'asset' || type === 'expense';

/** Debit minus credit for debit-normal accounts, credit minus debit otherwise. */
export const signedNet = (type: AccountType, debit: money.AmountInput, credit: money.AmountInput): money.Amount =>
  isDebitNormal(type) ? money.subtract(debit, credit) : money.subtract(credit, debit);

/** An account's balance from its posted lines: one row read, never a scan of the journal. */
export function accountBalance(ctx: CompanyContext, account: Pick<AccountRow, 'id' | 'type'>): AccountBalance {
  const totals = accountTotalsTable(ctx).get(account.id);
  if (!totals) return { debit: 0, credit: 0, net: 0 };
  return {
    debit: money.toNumber(totals.debit),
    credit: money.toNumber(totals.credit),
    net: money.toNumber(signedNet(account.type, totals.debit, totals.credit)),
  };
}

/**
 * How much the ledger uses the account, for the delete rule (spec document 2, ACCOUNT_IN_USE): posted
 * lines only, since a draft moves no balance and does not make an account in use (issue #9).
 */
export function accountUsage(ctx: CompanyContext, accountId: string): { transactionCount: number; lastTransactionDate: string | null } {
  const totals = accountTotalsTable(ctx).get(accountId);
  if (!totals) return { transactionCount: 0, lastTransactionDate: null };
  return { transactionCount: totals.postedLines, lastTransactionDate: totals.lastDate };
}

interface TotalsDelta {
  debit: money.Amount;
  credit: money.Amount;
  postedLines: number;
  lastDate: string;
}

/** Applies per-account deltas with one write per account (an entry may use an account twice). */
function applyTotals(ctx: CompanyContext, deltas: Map<string, TotalsDelta>): void {
  const table = accountTotalsTable(ctx);
  for (const [accountId, delta] of deltas) {
    const current = table.get(accountId);
    const next: Omit<AccountTotalsRow, 'id'> = {
      debit: money.toFixed(money.add(current?.debit ?? 0, delta.debit)),
      credit: money.toFixed(money.add(current?.credit ?? 0, delta.credit)),
      postedLines: (current?.postedLines ?? 0) + delta.postedLines,
      lastDate: current?.lastDate && current.lastDate > delta.lastDate ? current.lastDate : delta.lastDate,
    };
    if (current) table.update(accountId, next);
    else table.insert({ id: accountId, ...next });
  }
}

function deltasOf(entry: JournalEntryRow, make: (line: JournalEntryRow['lines'][number]) => Omit<TotalsDelta, 'lastDate'>) {
  const deltas = new Map<string, TotalsDelta>();
  for (const line of entry.lines) {
    const d = make(line);
    const current = deltas.get(line.accountId);
    if (!current) deltas.set(line.accountId, { ...d, lastDate: entry.date });
    else {
      current.debit = current.debit.plus(d.debit);
      current.credit = current.credit.plus(d.credit);
      current.postedLines += d.postedLines;
    }
  }
  return deltas;
}

/**
 * Writes a posted entry into the ledger: one ledger line per journal line, filed under its account,
 * and the account totals moved by the amounts.
 */
export function writeToLedger(ctx: CompanyContext, entry: JournalEntryRow): void {
  const lines = ledgerLinesTable(ctx);
  for (const line of entry.lines) {
    lines.insert({
      id: line.id,
      accountId: line.accountId,
      journalEntryId: entry.id,
      journalNumber: entry.journalNumber,
      date: entry.date,
      reference: entry.reference,
      description: line.description ?? entry.description,
      debit: line.debit,
      credit: line.credit,
    });
  }
  applyTotals(
    ctx,
    deltasOf(entry, (line) => ({
      debit: money.parse(line.debit),
      credit: money.parse(line.credit),
      postedLines: 1,
    })),
  );
}

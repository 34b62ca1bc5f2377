import type { AccountBalance, AccountType } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { ledgerPostingsTable, type AccountRow, type JournalEntryRow } from './tables.js';
import { amountOfCents, ledgerIndex } from './ledger-index.js';
import * as money from '../shared/money.js';
import { assertPeriodOpen } from './lock-dates.js';
import { assertTaxPeriodOpen } from './tax-lock.js';

/** Assets and expenses grow on the debit side; liabilities, equity and revenue on the credit side. */
export const isDebitNormal = (type: AccountType): boolean => type === 'asset' || type === 'expense';

/** Debit minus credit for debit-normal accounts, credit minus debit otherwise. */
export const signedNet = (type: AccountType, debit: money.AmountInput, credit: money.AmountInput): money.Amount =>
  isDebitNormal(type) ? money.subtract(debit, credit) : money.subtract(credit, debit);

/** An account's posted debits and credits of all dates, or undefined when it has no posted line. */
export function postedTotalsOf(ctx: CompanyContext, accountId: string): { debit: money.Amount; credit: money.Amount } | undefined {
  const account = ledgerIndex(ctx).accounts.get(accountId);
  if (!account || account.lineCount === 0) return undefined;
  return { debit: amountOfCents(account.totalDebit), credit: amountOfCents(account.totalCredit) };
}

/** An account's balance from its posted lines: one lookup in the ledger index, never a scan of the journal. */
export function accountBalance(ctx: CompanyContext, account: Pick<AccountRow, 'id' | 'type'>): AccountBalance {
  const totals = postedTotalsOf(ctx, account.id);
  if (!totals) return { debit: 0, credit: 0, net: 0 };
  return {
    debit: money.toNumber(totals.debit),
    credit: money.toNumber(totals.credit),
    net: money.toNumber(signedNet(account.type, totals.debit, totals.credit)),
  };
}

/**
 * How much the ledger uses the account, for the delete rule (spec document 2, ACCOUNT_IN_USE): posted
 * lines only, since a draft moves no balance and does not make an account in use (decision ACC-11).
 */
export function accountUsage(ctx: CompanyContext, accountId: string): { transactionCount: number; lastTransactionDate: string | null } {
  const account = ledgerIndex(ctx).accounts.get(accountId);
  if (!account || account.lineCount === 0) return { transactionCount: 0, lastTransactionDate: null };
  return { transactionCount: account.lineCount, lastTransactionDate: account.days[account.days.length - 1] };
}

/** A version that changes whenever a posting is made or undone: caches of posted figures key on it. */
export const ledgerVersion = (ctx: CompanyContext): number => ledgerPostingsTable(ctx).version;

/**
 * Writes a posted entry into the ledger: one posting row (its lines stay in the entry, stored once),
 * and the ledger index brought up to date at once, so a bulk load never leaves it a rebuild behind.
 * The one door of every posting, void and reversal, so the lock date (decision ACC-32) and the tax lock
 * of filed returns (ACC-36) are held here.
 */
export function writeToLedger(ctx: CompanyContext, entry: JournalEntryRow): void {
  assertPeriodOpen(ctx, entry);
  assertTaxPeriodOpen(ctx, entry);
  const { id, journalNumber, date, reference, description, lines } = entry;
  ledgerPostingsTable(ctx).insert({ id, journalNumber, date, reference, description, lines });
  ledgerIndex(ctx);
}

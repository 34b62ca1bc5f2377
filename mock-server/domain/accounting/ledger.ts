import type { AccountBalance, AccountLedger, AccountType, LedgerLine } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import {
  accountTotalsTable,
  accountsTable,
  ledgerLinesTable,
  type AccountRow,
  type AccountTotalsRow,
  type JournalEntryRow,
} from './tables.js';
import { notFound, validationError } from '../../kernel/errors.js';
import * as money from '../shared/money.js';

/** Ledger page size (issue #2: default 100, max 1000). */
export const LEDGER_DEFAULT_LIMIT = 100;
export const LEDGER_MAX_LIMIT = 1000;

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

/** How much the account is used, for the delete rule (spec document 2, ACCOUNT_IN_USE). */
export function accountUsage(ctx: CompanyContext, accountId: string): { transactionCount: number; lastTransactionDate: string | null } {
  const totals = accountTotalsTable(ctx).get(accountId);
  if (!totals) return { transactionCount: 0, lastTransactionDate: null };
  return { transactionCount: totals.postedLines + totals.draftLines, lastTransactionDate: totals.lastDate };
}

interface TotalsDelta {
  debit: money.Amount;
  credit: money.Amount;
  postedLines: number;
  draftLines: number;
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
      draftLines: (current?.draftLines ?? 0) + delta.draftLines,
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
      current.draftLines += d.draftLines;
    }
  }
  return deltas;
}

/** Counts a new draft's lines against its accounts, so an account used by a draft cannot be deleted. */
export function recordDraftLines(ctx: CompanyContext, entry: JournalEntryRow): void {
  applyTotals(
    ctx,
    deltasOf(entry, () => ({ debit: money.ZERO, credit: money.ZERO, postedLines: 0, draftLines: 1 })),
  );
}

/**
 * Writes a posted entry into the ledger: one ledger line per journal line, filed under its account,
 * and the account totals moved by the amounts. `wasDraft` moves the lines' count from draft to posted.
 */
export function writeToLedger(ctx: CompanyContext, entry: JournalEntryRow, wasDraft: boolean): void {
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
      draftLines: wasDraft ? -1 : 0,
    })),
  );
}

export interface LedgerQuery {
  dateFrom?: string;
  dateTo?: string;
  limit?: number;
}

/**
 * Posted lines of one account between two dates (inclusive), oldest first, with the opening balance
 * (every posted line before `dateFrom`), a running balance and the closing balance at `dateTo`; all
 * signed by the account's normal side. Reads only that account's lines.
 */
export function accountLedger(ctx: CompanyContext, accountId: string, query: LedgerQuery = {}): AccountLedger {
  const account = accountsTable(ctx).get(accountId);
  if (!account) throw notFound('account', accountId, 'ACCOUNT_NOT_FOUND', 'accountId');
  const { dateFrom, dateTo } = query;
  const limit = query.limit ?? LEDGER_DEFAULT_LIMIT;
  if (limit < 1 || limit > LEDGER_MAX_LIMIT) {
    throw validationError([
      {
        field: 'limit',
        code: limit < 1 ? 'MIN_VALUE' : 'MAX_VALUE',
        message: `limit must be between 1 and ${LEDGER_MAX_LIMIT}`,
        value: limit,
        constraint: limit < 1 ? { min: 1 } : { max: LEDGER_MAX_LIMIT },
      },
    ]);
  }
  if (dateFrom && dateTo && dateFrom > dateTo) {
    throw validationError([
      { field: 'dateTo', code: 'DATE_CONSTRAINT', message: 'dateTo cannot be before dateFrom', value: dateTo, constraint: { min: dateFrom } },
    ]);
  }

  // Stable sort: lines of one date keep their posting order.
  const posted = ledgerLinesTable(ctx)
    .byIndex('accountId', accountId)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  let openingDebit = money.ZERO;
  let openingCredit = money.ZERO;
  let periodDebit = money.ZERO;
  let periodCredit = money.ZERO;
  const period: typeof posted = [];
  for (const line of posted) {
    if (dateFrom && line.date < dateFrom) {
      openingDebit = openingDebit.plus(line.debit);
      openingCredit = openingCredit.plus(line.credit);
    } else if (!dateTo || line.date <= dateTo) {
      periodDebit = periodDebit.plus(line.debit);
      periodCredit = periodCredit.plus(line.credit);
      period.push(line);
    }
  }

  const opening = signedNet(account.type, openingDebit, openingCredit);
  let running = opening;
  const lines: LedgerLine[] = period.slice(0, limit).map((line) => {
    running = running.plus(signedNet(account.type, line.debit, line.credit));
    return {
      journalEntryId: line.journalEntryId,
      journalNumber: line.journalNumber,
      lineId: line.id,
      date: line.date,
      reference: line.reference,
      description: line.description,
      debit: line.debit,
      credit: line.credit,
      balance: money.toNumber(running),
    };
  });

  return {
    account: { id: account.id, accountNumber: account.accountNumber, name: account.name, type: account.type },
    dateFrom: dateFrom ?? null,
    dateTo: dateTo ?? null,
    currency: account.currency,
    openingBalance: money.toNumber(opening),
    totalDebit: money.toNumber(periodDebit),
    totalCredit: money.toNumber(periodCredit),
    closingBalance: money.toNumber(opening.plus(signedNet(account.type, periodDebit, periodCredit))),
    lines,
    hasMore: period.length > limit,
  };
}

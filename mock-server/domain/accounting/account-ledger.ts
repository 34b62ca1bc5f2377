import type { AccountLedger, LedgerLine } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { cursorSeal, decodeCursor, encodeCursor, type CursorScope } from '../../store/cursor.js';
import { accountsTable, type AccountRow, type LedgerLineRow } from './tables.js';
import { ledgerLineAt } from './ledger-balances.js';
import { AccountIndex, amountOfCents, ledgerIndex } from './ledger-index.js';
import { notFound, ServiceError, validationError } from '../../kernel/errors.js';
import { signedNet } from './ledger.js';
import { companyCurrency } from '../platform/index.js';
import * as money from '../shared/money.js';

/** Ledger page size (decision ACC-2: default 100, max 1000). */
export const LEDGER_DEFAULT_LIMIT = 100;
export const LEDGER_MAX_LIMIT = 1000;

export interface LedgerQuery {
  dateFrom?: string;
  dateTo?: string;
  limit?: number;
  /** `nextCursor` of the previous page (ACC-2: the ledger pages like every other list). */
  cursor?: string;
}

/**
 * Posted lines of one account between two dates (inclusive), oldest first, a page at a time, with the
 * opening balance before the page's first line, a running balance and the period's totals and closing
 * balance at `dateTo`; all signed by the account's normal side. Every figure is a running sum the
 * ledger index keeps per line, so a page costs the same at the account's last line as at its first.
 */
export function accountLedger(ctx: CompanyContext, accountId: string, query: LedgerQuery = {}): AccountLedger {
  const account = accountsTable(ctx).get(accountId);
  if (!account) throw notFound('account', accountId, 'ACCOUNT_NOT_FOUND', 'accountId');
  const { dateFrom, dateTo } = query;
  const limit = checkedQuery(query);
  const index = ledgerIndex(ctx).accounts.get(accountId) ?? new AccountIndex();
  const { lines } = index;

  // Places [from, to) of the account's lines in date order are the period's.
  const from = dateFrom ? lines.from(dateFrom) : 0;
  const to = dateTo ? lines.through(dateTo) : lines.order.length;
  const scope = ledgerScope(ctx, account, query);
  const start = query.cursor === undefined ? from : cursorStart(index, query.cursor, scope, from, to);
  const end = Math.min(to, start + limit);
  const balanceBefore = (place: number) => {
    const cents = lines.centsBefore(place);
    return signedNet(account.type, amountOfCents(cents.debit), amountOfCents(cents.credit));
  };
  const periodStart = lines.centsBefore(from);
  const periodEnd = lines.centsBefore(to);

  const page: LedgerLine[] = [];
  for (let at = start; at < end; at++)
    page.push({ ...presentLine(ledgerLineAt(index, at)), balance: money.toNumber(balanceBefore(at + 1)) });
  const hasMore = end < to;
  const last = page[page.length - 1];

  return {
    account: { id: account.id, accountNumber: account.accountNumber, name: account.name, type: account.type },
    dateFrom: dateFrom ?? null,
    dateTo: dateTo ?? null,
    // Journal lines are in the company's currency, whatever the account is kept in.
    currency: companyCurrency(ctx),
    // A later page opens where the page before it closed.
    openingBalance: money.toNumber(balanceBefore(start)),
    totalDebit: money.toNumber(amountOfCents(periodEnd.debit - periodStart.debit)),
    totalCredit: money.toNumber(amountOfCents(periodEnd.credit - periodStart.credit)),
    closingBalance: money.toNumber(balanceBefore(to)),
    lines: page,
    hasMore,
    nextCursor: hasMore ? cursorAfter(scope, last, lines.order[end - 1]) : null,
  };
}

/** A cursor names the last line served by its date and its number in the account's posting order, sealed with its id. */
function cursorAfter(scope: CursorScope, last: LedgerLine, line: number): string {
  const values = [last.date, line];
  return encodeCursor({ values, id: last.lineId, query: cursorSeal(scope, last.lineId, values) });
}

const presentLine = (line: LedgerLineRow): Omit<LedgerLine, 'balance'> => ({
  journalEntryId: line.journalEntryId,
  journalNumber: line.journalNumber,
  lineId: line.id,
  date: line.date,
  reference: line.reference,
  description: line.description,
  debit: line.debit,
  credit: line.credit,
});

/** The page size, after checking it and the date range. */
function checkedQuery(query: LedgerQuery): number {
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
      {
        field: 'dateTo',
        code: 'DATE_CONSTRAINT',
        message: 'dateTo cannot be before dateFrom',
        value: dateTo,
        constraint: { min: dateFrom },
      },
    ]);
  }
  return limit;
}

/** A ledger cursor belongs to one company's one account and one date range; `limit` may change between pages. */
const ledgerScope = (ctx: CompanyContext, account: AccountRow, query: LedgerQuery): CursorScope => ({
  secret: ctx.store.cursorSecret,
  companyId: ctx.companyId,
  list: `accounts.ledger:${account.id}`,
  query: JSON.stringify([query.dateFrom ?? null, query.dateTo ?? null]),
});

/** Place after the cursor's line, once its seal shows this service issued it for this ledger and range. */
function cursorStart(index: AccountIndex, text: string, scope: CursorScope, from: number, to: number): number {
  const position = decodeCursor(text);
  if (position?.values.length !== 2) {
    throw badCursor('cursor is not a cursor this ledger issued; pass nextCursor back unchanged', text);
  }
  if (position.query !== cursorSeal(scope, position.id, position.values)) {
    throw badCursor(
      'cursor was not issued for this company, account and date range, or was altered; keep dateFrom and dateTo the same while paging',
      text,
    );
  }
  // Ledger lines are only ever undone by a rollback: a sealed cursor names a line still there unless one took it.
  const [date, line] = position.values;
  const posting = typeof line === 'number' ? index.postings[line] : undefined;
  if (!posting || posting.date !== date || posting.lines[index.positions[line as number]].id !== position.id) {
    throw badCursor('cursor names no line of this ledger', text);
  }
  return Math.min(to, Math.max(from, index.lines.after(date, line as number)));
}

/** As every list answers a cursor it did not issue (PLAT-15): 400 INVALID_REQUEST naming `cursor`. */
const badCursor = (message: string, cursor: string) =>
  new ServiceError('INVALID_REQUEST', message, [{ field: 'cursor', code: 'INVALID_FORMAT', message, value: cursor }]);

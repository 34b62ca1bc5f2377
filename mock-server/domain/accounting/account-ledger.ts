import type { AccountLedger, LedgerLine } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { cursorSeal, decodeCursor, encodeCursor, type CursorScope } from '../../store/cursor.js';
import { accountsTable, type AccountRow, type LedgerLineRow } from './tables.js';
import { accountMovement, accountSumsBefore, postedLinesOf } from './ledger-balances.js';
import { notFound, ServiceError, validationError } from '../../kernel/errors.js';
import { signedNet } from './ledger.js';
import { companyCurrency } from '../platform/company.js';
import * as money from '../shared/money.js';

/** Ledger page size (issue #2: default 100, max 1000). */
export const LEDGER_DEFAULT_LIMIT = 100;
export const LEDGER_MAX_LIMIT = 1000;

export interface LedgerQuery {
  dateFrom?: string;
  dateTo?: string;
  limit?: number;
  /** `nextCursor` of the previous page (issue #9: the ledger pages like every other list). */
  cursor?: string;
}

/**
 * Posted lines of one account between two dates (inclusive), oldest first, a page at a time, with the
 * opening balance before the page's first line, a running balance and the period's totals and closing
 * balance at `dateTo`; all signed by the account's normal side. Reads only that account's lines.
 */
export function accountLedger(ctx: CompanyContext, accountId: string, query: LedgerQuery = {}): AccountLedger {
  const account = accountsTable(ctx).get(accountId);
  if (!account) throw notFound('account', accountId, 'ACCOUNT_NOT_FOUND', 'accountId');
  const { dateFrom, dateTo } = query;
  const limit = checkedQuery(query);

  // Lines of one date keep their posting order; the balance before the period comes from the day totals.
  const period = postedLinesOf(ctx, accountId, dateFrom ?? null, dateTo ?? null);
  const earlier = dateFrom ? accountSumsBefore(ctx, accountId, dateFrom) : undefined;
  let before = earlier ? signedNet(account.type, earlier.debit, earlier.credit) : money.ZERO;
  const { debit: periodDebit, credit: periodCredit } = accountMovement(ctx, accountId, dateFrom ?? null, dateTo ?? null);

  const closing = before.plus(signedNet(account.type, periodDebit, periodCredit));

  const scope = ledgerScope(ctx, account, query);
  const start = query.cursor === undefined ? 0 : cursorStart(period, query.cursor, scope);
  // A later page opens where the page before it closed.
  for (let i = 0; i < start; i++) before = before.plus(signedNet(account.type, period[i].debit, period[i].credit));
  const opening = before;
  let running = opening;
  const page = period.slice(start, start + limit);
  const lines = page.map((line): LedgerLine => {
    running = running.plus(signedNet(account.type, line.debit, line.credit));
    return { ...presentLine(line), balance: money.toNumber(running) };
  });
  const hasMore = start + limit < period.length;
  const last = page[page.length - 1];

  return {
    account: { id: account.id, accountNumber: account.accountNumber, name: account.name, type: account.type },
    dateFrom: dateFrom ?? null,
    dateTo: dateTo ?? null,
    // Journal lines are in the company's currency, whatever the account is kept in.
    currency: companyCurrency(ctx),
    openingBalance: money.toNumber(opening),
    totalDebit: money.toNumber(periodDebit),
    totalCredit: money.toNumber(periodCredit),
    closingBalance: money.toNumber(closing),
    lines,
    hasMore,
    nextCursor: hasMore ? encodeCursor({ values: [last.date], id: last.id, query: cursorSeal(scope, last.id, [last.date]) }) : null,
  };
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
      { field: 'dateTo', code: 'DATE_CONSTRAINT', message: 'dateTo cannot be before dateFrom', value: dateTo, constraint: { min: dateFrom } },
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

/** Position after the cursor's line, once its seal shows this service issued it for this ledger and range. */
function cursorStart(period: readonly LedgerLineRow[], text: string, scope: CursorScope): number {
  const position = decodeCursor(text);
  if (!position || position.values.length !== 1) {
    throw badCursor('cursor is not a cursor this ledger issued; pass nextCursor back unchanged', text);
  }
  if (position.query !== cursorSeal(scope, position.id, position.values)) {
    throw badCursor('cursor was not issued for this company, account and date range, or was altered; keep dateFrom and dateTo the same while paging', text);
  }
  // Ledger lines are never deleted, so the line a sealed cursor names is still in the period.
  const index = period.findIndex((line) => line.id === position.id);
  if (index < 0 || period[index].date !== position.values[0]) throw badCursor('cursor names no line of this ledger', text);
  return index + 1;
}

/** As every list answers a cursor it did not issue (issue #8): 400 INVALID_REQUEST naming `cursor`. */
const badCursor = (message: string, cursor: string) =>
  new ServiceError(400, 'INVALID_REQUEST', message, [{ field: 'cursor', code: 'INVALID_FORMAT', message, value: cursor }]);

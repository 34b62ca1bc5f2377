import type {
  CurrencyRevaluation,
  CurrencyRevaluationCreateParams,
  CurrencyRevaluationLine,
  CurrencyRevaluationRate,
} from '../../../../src/contract/index.js';
import { businessRule, notFound, validationError } from '../../../kernel/errors.js';
import type { CompanyContext } from '../../../store/context.js';
import type { Store, Table } from '../../../store/index.js';
import { controlAccount, latestExchangeRate, postLedgerEntry, type JournalLineInput } from '../../accounting/index.js';
import { companyCurrency } from '../../platform/index.js';
import { checkNotAfterToday } from '../../sales/index.js';
import { actorOf, type ActingContext } from '../../shared/actor.js';
import { addDays, companyToday } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { nextDocumentNumber, type NumberFormat } from '../../shared/numbering.js';
import { foreignItemsAt, refuseLaterForeignSettlements, type ForeignItem } from './revaluation-items.js';

// Currency revaluations (decisions ACC-37, ACC-38): open foreign-currency items restated at a date's rates,
// the unrealised difference posted against its own account and reversed the next day.
export const CURRENCY_REVALUATIONS = 'currencyRevaluations';
/** The source type of a revaluation's two entries. */
export const CURRENCY_REVALUATION_SOURCE = 'currency_revaluation';
const REVALUATION_NUMBER: NumberFormat = { sequence: 'currencyRevaluation', prefix: 'FXR', digits: 6 };

export type CurrencyRevaluationRow = CurrencyRevaluation;

export function defineCurrencyRevaluationTables(store: Store): void {
  store.defineTable(CURRENCY_REVALUATIONS, { prefix: 'fxr', indexes: ['date'] });
}

export const currencyRevaluationsTable = (ctx: CompanyContext): Table<CurrencyRevaluationRow> =>
  ctx.store.table<CurrencyRevaluationRow>(ctx.companyId, CURRENCY_REVALUATIONS);

/** The stored run as the API shows it. */
export const presentCurrencyRevaluation = (row: CurrencyRevaluationRow): CurrencyRevaluation => ({
  ...row,
  rates: [...row.rates],
  lines: [...row.lines],
  totals: { ...row.totals },
});

/**
 * The rate of each currency the items hold (decision ACC-42): the call's, else the exchange-rate table's latest on or
 * before `date` (ACC-41); a currency with neither is a 422 naming `rates.<CUR>`.
 */
function ratesFor(
  ctx: CompanyContext,
  items: readonly ForeignItem[],
  given: Record<string, number>,
  date: string,
): Map<string, CurrencyRevaluationRate> {
  const currencies = [...new Set(items.map((item) => item.currency))].sort();
  const rates = new Map<string, CurrencyRevaluationRate>();
  const missing: string[] = [];
  for (const currency of currencies) {
    const inCall = Object.hasOwn(given, currency);
    const stored = inCall ? undefined : latestExchangeRate(ctx, currency, date);
    if (inCall) rates.set(currency, { currency, rate: given[currency]!, source: 'request', rateDate: null });
    else if (stored) rates.set(currency, { currency, rate: stored.rate, source: 'table', rateDate: stored.date });
    else missing.push(currency);
  }
  if (missing.length > 0) {
    throw validationError(
      missing.map((currency) => ({
        field: `rates.${currency}`,
        code: 'REQUIRED_FIELD',
        message: `the books hold ${currency} at ${date} and the exchange-rate table has no ${currency} rate on or before it: give its rate to the company's currency, or set one`,
      })),
    );
  }
  return rates;
}

/** An item at its new rate: the restated amount, the difference on its account, and the gain or loss it is. */
function restate(item: ForeignItem, newRate: number): CurrencyRevaluationLine & Pick<ForeignItem, 'side'> {
  const revaluedAmount = money.toNumber(money.round(money.parse(item.openAmount).times(newRate)));
  const difference = money.toNumber(money.subtract(revaluedAmount, item.historicalAmount));
  // More owed to suppliers is a loss; more receivable or held is a gain.
  const gainLoss = item.side === 'payables' ? -difference || 0 : difference;
  return { ...item, newRate, revaluedAmount, difference, gainLoss };
}

type RestatedLine = ReturnType<typeof restate>;

/**
 * The run's entry (ACC-38): receivables and payables by their net difference, each foreign account by its own,
 * against unrealised exchange gain/loss for the net gain (a credit) or loss (a debit). Zero lines are left out.
 */
function entryLines(ctx: CompanyContext, lines: readonly RestatedLine[]): JournalLineInput[] {
  const byAccount = new Map<string, money.Amount>();
  const move = (accountId: string, debit: money.AmountInput) =>
    byAccount.set(accountId, (byAccount.get(accountId) ?? money.ZERO).plus(debit));
  for (const line of lines) {
    // An asset grows by a debit, a liability by a credit.
    if (line.side === 'receivables') move(controlAccount(ctx, 'accounts_receivable').id, line.difference);
    else if (line.side === 'payables') move(controlAccount(ctx, 'accounts_payable').id, -line.difference);
    else move(line.documentId, line.difference);
  }
  const gain = money.sum(lines.map((line) => line.gainLoss));
  move(controlAccount(ctx, 'unrealised_exchange_gain_loss').id, gain.negated());
  return [...byAccount]
    .filter(([, net]) => !net.isZero())
    .map(([accountId, net]) =>
      net.isPositive() ? { accountId, debit: money.toNumber(net) } : { accountId, credit: money.toNumber(net.negated()) },
    );
}

const swap = (lines: readonly JournalLineInput[]): JournalLineInput[] =>
  lines.map((line) => ({ accountId: line.accountId, ...(line.debit ? { credit: line.debit } : { debit: line.credit }) }));

const sumOf = (lines: readonly RestatedLine[], side: ForeignItem['side']) =>
  money.toNumber(money.sum(lines.filter((line) => line.side === side).map((line) => line.difference)));

/** One run per date: a second is a 422 naming the first. */
function refuseSecondRun(ctx: CompanyContext, date: string): void {
  const existing = currencyRevaluationsTable(ctx).byIndex('date', date)[0];
  if (existing) {
    throw businessRule(`${existing.revaluationNumber} already revalues ${date}; one revaluation per date`, {
      field: 'date',
      currencyRevaluationId: existing.id,
    });
  }
}

/**
 * `POST /currency-revaluations` (ACC-37): restates the foreign-currency items of the books at `date` (default
 * today) at each currency's rate (ACC-42); one entry on `date` and its reversal on the next day, both through the ledger's one
 * write path, so the lock dates (ACC-32) hold. Nothing to restate, or no change at these rates, is a 422.
 */
export function createCurrencyRevaluation(ctx: ActingContext, input: CurrencyRevaluationCreateParams): CurrencyRevaluationRow {
  return ctx.store.transaction(() => {
    const date = input.date ?? companyToday(ctx);
    checkNotAfterToday(ctx, 'date', date);
    refuseSecondRun(ctx, date);
    refuseLaterForeignSettlements(ctx, date);
    const items = foreignItemsAt(ctx, date);
    if (items.length === 0) throw businessRule(`the books hold no foreign-currency item at ${date}: nothing to revalue`, { date });
    const rates = ratesFor(ctx, items, input.rates ?? {}, date);
    const lines = items.map((item) => restate(item, rates.get(item.currency)!.rate));
    const entry = entryLines(ctx, lines);
    if (entry.length === 0) throw businessRule(`at these rates nothing changes at ${date}: nothing to post`, { date });

    const table = currencyRevaluationsTable(ctx);
    const id = table.newId();
    const revaluationNumber = nextDocumentNumber(ctx, REVALUATION_NUMBER);
    const reversalDate = addDays(date, 1);
    const source = { type: CURRENCY_REVALUATION_SOURCE, id };
    const posted = postLedgerEntry(ctx, {
      date,
      reference: revaluationNumber,
      description: `Currency revaluation ${revaluationNumber} at ${date}`,
      lines: entry,
      source,
    });
    const reversal = postLedgerEntry(ctx, {
      date: reversalDate,
      reference: revaluationNumber,
      description: `Reversal of currency revaluation ${revaluationNumber} at ${date}`,
      lines: swap(entry),
      source,
    });
    return table.insert({
      id,
      revaluationNumber,
      date,
      reversalDate,
      currency: companyCurrency(ctx),
      rates: [...rates.values()],
      lines: lines.map(({ side: _side, ...line }) => line),
      totals: {
        receivables: sumOf(lines, 'receivables'),
        payables: sumOf(lines, 'payables'),
        accounts: sumOf(lines, 'account'),
        gainLoss: money.toNumber(money.sum(lines.map((line) => line.gainLoss))),
      },
      journalEntryId: posted.id,
      reversalJournalEntryId: reversal.id,
      createdBy: actorOf(ctx),
      createdAt: ctx.clock.iso(),
    });
  });
}

/** The run with this id, or 404 CURRENCY_REVALUATION_NOT_FOUND. */
export function retrieveCurrencyRevaluation(ctx: CompanyContext, currencyRevaluationId: string): CurrencyRevaluationRow {
  const row = currencyRevaluationsTable(ctx).get(currencyRevaluationId);
  if (!row) throw notFound('currency revaluation', currencyRevaluationId, 'CURRENCY_REVALUATION_NOT_FOUND', 'currencyRevaluationId');
  return row;
}

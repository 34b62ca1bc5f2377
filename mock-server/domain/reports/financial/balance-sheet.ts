import type { BalanceSheetAccount, BalanceSheetGroup, BalanceSheetReport, DrillDownLine } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import { accountsTable, balancesAsOf, postedLinesOf, type AccountRow } from '../../accounting/index.js';
import { retrieveCompany } from '../../platform/index.js';
import { addDays, companyToday } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { checkReportCurrency } from '../core/files.js';
import { fiscalYearStartOf } from '../core/period.js';
import type { ReportContext } from '../core/registry.js';
import {
  accountsInOrder,
  comparisonOf,
  netIncomeOf,
  normalFigure,
  placeOf,
  refuseLedgerDimensions,
  statementFigureOf,
  type StatementPlace,
} from './statement-figures.js';
import { balanceSheetCompareDate } from './statement-periods.js';

// `GET /v1/reports/balance-sheet` (spec document 3, "Reports"; REP-22 to REP-29): posted lines only. No
// closing entries are posted, so equity shows the net income itself: the current fiscal year's as
// "Current year earnings", earlier years' within retained earnings; the sheet balances on any date.

export interface BalanceSheetQuery {
  asOfDate?: string;
  comparativePeriod?: string;
  compareToDate?: string;
  includeDrillDown?: boolean;
  departmentId?: string;
  locationId?: string;
  currency?: string;
}

/** The books on one date, as the balance sheet reads them. */
interface Position {
  date: string;
  /** Balance-sheet accounts' balances on their normal side; retained earnings with earlier years' net income. */
  balances: Map<string, money.Amount>;
  /** Net income of the fiscal years before the one holding `date`. */
  earlierEarnings: money.Amount;
  /** Net income from the start of the fiscal year to `date`. */
  currentEarnings: money.Amount;
  fiscalYearStart: string;
}

const BALANCE_SHEET_TYPES: readonly AccountRow['type'][] = ['asset', 'liability', 'equity'];
const CURRENT_YEAR_EARNINGS = 'Current year earnings';
const EARLIER_EARNINGS = 'Retained earnings of earlier years';

/** The retained earnings account (system role), which carries earlier years' net income; null in a chart without one. */
const retainedEarningsOf = (accounts: readonly AccountRow[]): AccountRow | null =>
  accounts.find((a) => a.systemRole === 'retained_earnings') ?? null;

function positionOn(ctx: CompanyContext, accounts: readonly AccountRow[], date: string): Position {
  const sums = balancesAsOf(ctx, date);
  const fiscalYearStart = fiscalYearStartOf(ctx, date);
  const earlierEarnings = netIncomeOf(accounts, balancesAsOf(ctx, addDays(fiscalYearStart, -1)));
  const balances = new Map<string, money.Amount>();
  for (const account of accounts)
    if (BALANCE_SHEET_TYPES.includes(account.type)) balances.set(account.id, normalFigure(account, sums.get(account.id)));
  const retained = retainedEarningsOf(accounts);
  if (retained) balances.set(retained.id, balances.get(retained.id)!.plus(earlierEarnings));
  return { date, balances, earlierEarnings, currentEarnings: netIncomeOf(accounts, sums).minus(earlierEarnings), fiscalYearStart };
}

/** One row of a group: a figure on the report's date and, with a comparison, on the compare date. */
interface Row {
  account: AccountRow | null;
  name: string;
  balance: money.Amount;
  comparative: money.Amount | null;
  lines?: DrillDownLine[];
}

const presentRow = (row: Row): BalanceSheetAccount => ({
  accountId: row.account?.id ?? null,
  accountCode: row.account?.accountNumber ?? null,
  accountName: row.name,
  balance: money.toNumber(row.balance),
  comparativeBalance: row.comparative === null ? null : money.toNumber(row.comparative),
  ...comparisonOf(row.balance, row.comparative),
  ...(row.lines ? { lines: row.lines } : {}),
});

/** A group's rows (zero on both dates left out) and totals. */
function groupOf(rows: Row[], compared: boolean): { group: BalanceSheetGroup; total: money.Amount; comparative: money.Amount | null } {
  const shown = rows.filter((row) => !row.balance.isZero() || (row.comparative !== null && !row.comparative.isZero()));
  const total = money.sum(shown.map((row) => row.balance));
  const comparative = compared ? money.sum(shown.map((row) => row.comparative ?? money.ZERO)) : null;
  return { group: { ...statementFigureOf(total, comparative), accounts: shown.map(presentRow) }, total, comparative };
}

/** The posted lines behind an account's balance, oldest first; retained earnings adds earlier years' net income as one line. */
function drillDown(ctx: ReportContext, account: AccountRow | null, position: Position, earlier: boolean): DrillDownLine[] {
  const posted = account ? postedLinesOf(ctx, account.id, null, position.date) : [];
  ctx.budget.spend(posted.length);
  const lines: DrillDownLine[] = posted.map((l) => ({
    journalEntryId: l.journalEntryId,
    journalNumber: l.journalNumber,
    date: l.date,
    reference: l.reference,
    description: l.description,
    debit: l.debit,
    credit: l.credit,
  }));
  if (earlier && !position.earlierEarnings.isZero()) {
    const income = position.earlierEarnings;
    const line = {
      journalEntryId: null,
      journalNumber: null,
      date: addDays(position.fiscalYearStart, -1),
      reference: null,
      description: `Net income of the fiscal years before ${position.fiscalYearStart} (no closing entries are posted)`,
    };
    lines.push({
      ...line,
      debit: income.isNegative() ? money.toNumber(income.negated()) : 0,
      credit: income.isNegative() ? 0 : money.toNumber(income),
    });
    lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }
  return lines;
}

type DrillDown = (account: AccountRow | null, earlier: boolean) => DrillDownLine[];

/** Rows of every place of the sheet, in account-number order; equity ends with the lines the sheet computes. */
function rowsByPlace(
  accounts: readonly AccountRow[],
  now: Position,
  before: Position | null,
  drill: DrillDown | null,
): Map<StatementPlace, Row[]> {
  const retained = retainedEarningsOf(accounts);
  const rows = new Map<StatementPlace, Row[]>();
  for (const account of accountsInOrder(accounts, BALANCE_SHEET_TYPES)) {
    const row: Row = {
      account,
      name: account.name,
      balance: now.balances.get(account.id)!,
      comparative: before ? before.balances.get(account.id)! : null,
    };
    if (drill) row.lines = drill(account, account === retained);
    rows.set(placeOf(account), [...(rows.get(placeOf(account)) ?? []), row]);
  }
  const equity = rows.get('equity') ?? [];
  if (!retained) {
    const row: Row = {
      account: null,
      name: EARLIER_EARNINGS,
      balance: now.earlierEarnings,
      comparative: before ? before.earlierEarnings : null,
    };
    equity.push(drill ? { ...row, lines: drill(null, true) } : row);
  }
  equity.push({
    account: null,
    name: CURRENT_YEAR_EARNINGS,
    balance: now.currentEarnings,
    comparative: before ? before.currentEarnings : null,
  });
  rows.set('equity', equity);
  return rows;
}

type Totals = { total: money.Amount; comparative: money.Amount | null };
type Sheet = Record<
  'currentAssets' | 'nonCurrentAssets' | 'currentLiabilities' | 'nonCurrentLiabilities' | 'equity',
  ReturnType<typeof groupOf>
> &
  Record<'assets' | 'liabilities' | 'liabilitiesAndEquity', Totals>;

/** The groups of the sheet and the sums of groups it shows. */
function sheetOf(rows: Map<StatementPlace, Row[]>, compared: boolean): Sheet {
  const group = (place: StatementPlace) => groupOf(rows.get(place) ?? [], compared);
  const sumOf = (...parts: Totals[]): Totals => ({
    total: money.sum(parts.map((p) => p.total)),
    comparative: compared ? money.sum(parts.map((p) => p.comparative ?? money.ZERO)) : null,
  });
  const [currentAssets, nonCurrentAssets] = [group('currentAssets'), group('nonCurrentAssets')];
  const [currentLiabilities, nonCurrentLiabilities, equity] = [
    group('currentLiabilities'),
    group('nonCurrentLiabilities'),
    group('equity'),
  ];
  return {
    currentAssets,
    nonCurrentAssets,
    currentLiabilities,
    nonCurrentLiabilities,
    equity,
    assets: sumOf(currentAssets, nonCurrentAssets),
    liabilities: sumOf(currentLiabilities, nonCurrentLiabilities),
    liabilitiesAndEquity: sumOf(currentLiabilities, nonCurrentLiabilities, equity),
  };
}

/** The totals of the balance sheet on a date, as decimals (what the KPIs read: the current ratio, ...). */
export function balanceSheetTotals(ctx: CompanyContext, asOfDate: string) {
  const accounts = accountsTable(ctx).all();
  const position = positionOn(ctx, accounts, asOfDate);
  const sheet = sheetOf(rowsByPlace(accounts, position, null, null), false);
  return {
    currentAssets: sheet.currentAssets.total,
    nonCurrentAssets: sheet.nonCurrentAssets.total,
    totalAssets: sheet.assets.total,
    currentLiabilities: sheet.currentLiabilities.total,
    nonCurrentLiabilities: sheet.nonCurrentLiabilities.total,
    totalLiabilities: sheet.liabilities.total,
    equity: sheet.equity.total,
    currentYearEarnings: position.currentEarnings,
    totalLiabilitiesAndEquity: sheet.liabilitiesAndEquity.total,
  };
}

/** The balance sheet on `asOfDate` (default today), with a compare date and drill-down when asked. */
export function balanceSheet(ctx: ReportContext, params: BalanceSheetQuery): BalanceSheetReport {
  checkReportCurrency(ctx, params.currency);
  refuseLedgerDimensions(params);
  const asOfDate = params.asOfDate ?? companyToday(ctx);
  const compareToDate = balanceSheetCompareDate(asOfDate, params);
  const accounts = accountsTable(ctx).all();
  ctx.budget.spend(accounts.length * (compareToDate ? 2 : 1));
  const now = positionOn(ctx, accounts, asOfDate);
  const before = compareToDate ? positionOn(ctx, accounts, compareToDate) : null;
  const drill: DrillDown | null = params.includeDrillDown ? (account, earlier) => drillDown(ctx, account, now, earlier) : null;
  const sheet = sheetOf(rowsByPlace(accounts, now, before, drill), before !== null);
  const figure = (totals: Totals) => statementFigureOf(totals.total, totals.comparative);
  const company = retrieveCompany(ctx);
  return {
    reportType: 'balance-sheet',
    companyName: company.name,
    asOfDate,
    currency: company.currency,
    comparative: { enabled: before !== null, asOfDate, compareToDate },
    sections: {
      assets: { ...figure(sheet.assets), currentAssets: sheet.currentAssets.group, nonCurrentAssets: sheet.nonCurrentAssets.group },
      liabilities: {
        ...figure(sheet.liabilities),
        currentLiabilities: sheet.currentLiabilities.group,
        nonCurrentLiabilities: sheet.nonCurrentLiabilities.group,
      },
      equity: sheet.equity.group,
    },
    balanceCheck: {
      balanced: sheet.assets.total.equals(sheet.liabilitiesAndEquity.total),
      totalAssets: money.toNumber(sheet.assets.total),
      totalLiabilitiesAndEquity: money.toNumber(sheet.liabilitiesAndEquity.total),
      difference: money.toNumber(sheet.assets.total.minus(sheet.liabilitiesAndEquity.total)),
    },
    generatedAt: ctx.clock.iso(),
    generatedBy: ctx.generatedBy,
  };
}

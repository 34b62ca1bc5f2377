import type { ProfitLossAccount, ProfitLossFigure, ProfitLossReport, ProfitLossSection } from '../../../../src/contract/index.js';
import { companyToday } from '../../shared/calendar.js';
import type { CompanyContext } from '../../../store/context.js';
import { accountsTable, movementsBetween, type AccountRow, type AccountSums } from '../../accounting/index.js';
import { retrieveCompany } from '../../platform/index.js';
import * as money from '../../shared/money.js';
import { checkReportCurrency } from '../core/files.js';
import type { ReportContext } from '../core/registry.js';
import { accountsInOrder, comparisonOf, normalFigure, placeOf, refuseLedgerDimensions, statementFigureOf } from './statement-figures.js';
import { periodColumns, profitLossComparison, profitLossPeriod } from './statement-periods.js';

// `GET /v1/reports/profit-loss` (spec document 3, "Reports"): the movements of revenue
// and expense accounts over a period, from posted lines only, by section (decisions REP-30 to REP-33).

export interface ProfitLossQuery {
  periodFrom?: string;
  periodTo?: string;
  fromDate?: string;
  toDate?: string;
  comparativePeriod?: string;
  compareFromDate?: string;
  compareToDate?: string;
  groupBy?: string;
  departmentId?: string;
  currency?: string;
}

/** The sections of the statement, in the order it lists them. */
export const PROFIT_LOSS_SECTIONS = ['revenue', 'costOfSales', 'operatingExpenses', 'otherIncome', 'otherExpenses'] as const;
export type ProfitLossSectionKey = (typeof PROFIT_LOSS_SECTIONS)[number];

/** One line's figures: over the period, per column, and over the comparative period. */
interface Figures {
  total: money.Amount;
  amounts: money.Amount[];
  comparative: money.Amount | null;
}

const combine = (a: Figures, b: Figures, sign: 1 | -1): Figures => ({
  total: a.total.plus(b.total.times(sign)),
  amounts: a.amounts.map((amount, i) => amount.plus(b.amounts[i]!.times(sign))),
  comparative: a.comparative === null ? null : a.comparative.plus(b.comparative!.times(sign)),
});

/** Gross profit, operating income and net income from the sections' totals. */
function resultsOf(sections: Record<ProfitLossSectionKey, Figures>): Record<'grossProfit' | 'operatingIncome' | 'netIncome', Figures> {
  const grossProfit = combine(sections.revenue, sections.costOfSales, -1);
  const operatingIncome = combine(grossProfit, sections.operatingExpenses, -1);
  const netIncome = combine(combine(operatingIncome, sections.otherIncome, 1), sections.otherExpenses, -1);
  return { grossProfit, operatingIncome, netIncome };
}

/** The movements a statement reads: over the period, per column, and over the comparative period. */
interface Movements {
  total: Map<string, AccountSums>;
  columns: Map<string, AccountSums>[];
  comparative: Map<string, AccountSums> | null;
}

/** Every section's accounts (none with all figures zero) and totals. */
function sectionsOf(
  accounts: readonly AccountRow[],
  movements: Movements,
): Record<ProfitLossSectionKey, { figures: Figures; accounts: ProfitLossAccount[] }> {
  const empty = (): Figures => ({
    total: money.ZERO,
    amounts: movements.columns.map(() => money.ZERO),
    comparative: movements.comparative ? money.ZERO : null,
  });
  const sections = Object.fromEntries(
    PROFIT_LOSS_SECTIONS.map((key) => [key, { figures: empty(), accounts: [] as ProfitLossAccount[] }]),
  ) as ReturnType<typeof sectionsOf>;
  for (const account of accounts) {
    const figures: Figures = {
      total: normalFigure(account, movements.total.get(account.id)),
      amounts: movements.columns.map((sums) => normalFigure(account, sums.get(account.id))),
      comparative: movements.comparative ? normalFigure(account, movements.comparative.get(account.id)) : null,
    };
    if ([figures.total, ...figures.amounts, figures.comparative ?? money.ZERO].every((a) => a.isZero())) continue;
    const section = sections[placeOf(account) as ProfitLossSectionKey];
    section.figures = combine(section.figures, figures, 1);
    section.accounts.push({
      accountId: account.id,
      accountCode: account.accountNumber,
      accountName: account.name,
      amount: money.toNumber(figures.total),
      amounts: figures.amounts.map(money.toNumber),
      comparativeAmount: figures.comparative === null ? null : money.toNumber(figures.comparative),
      ...comparisonOf(figures.total, figures.comparative),
    });
  }
  return sections;
}

const presentFigures = (figures: Figures): ProfitLossFigure => ({
  ...statementFigureOf(figures.total, figures.comparative),
  amounts: figures.amounts.map(money.toNumber),
});

const figuresOf = (built: ReturnType<typeof sectionsOf>) =>
  Object.fromEntries(PROFIT_LOSS_SECTIONS.map((key) => [key, built[key].figures])) as Record<ProfitLossSectionKey, Figures>;

/** Revenue, cost of sales, expenses and their results over `from`-`to`, as decimals (what the KPIs read: the margins). */
export function profitAndLossTotals(
  ctx: CompanyContext,
  from: string,
  to: string,
): Record<ProfitLossSectionKey | 'grossProfit' | 'operatingIncome' | 'netIncome', money.Amount> {
  const accounts = accountsInOrder(accountsTable(ctx).all(), ['revenue', 'expense']);
  const sections = figuresOf(sectionsOf(accounts, { total: movementsBetween(ctx, from, to), columns: [], comparative: null }));
  const all = { ...sections, ...resultsOf(sections) };
  return Object.fromEntries(Object.entries(all).map(([key, figures]) => [key, figures.total])) as ReturnType<typeof profitAndLossTotals>;
}

/** The profit and loss over its period (default the fiscal year to date), in columns and with a comparative period when asked. */
export function profitLoss(ctx: ReportContext, params: ProfitLossQuery): ProfitLossReport {
  checkReportCurrency(ctx, params.currency);
  refuseLedgerDimensions(params);
  const period = profitLossPeriod(ctx, params as Record<string, unknown>, companyToday(ctx));
  const compare = profitLossComparison(period, params as Record<string, unknown>);
  const columns = periodColumns(ctx, period, params.groupBy);
  const accounts = accountsInOrder(accountsTable(ctx).all(), ['revenue', 'expense']);
  ctx.budget.spend(accounts.length * (columns.length + (compare ? 2 : 1)));
  const total = movementsBetween(ctx, period.from, period.to);
  const movements: Movements = {
    total,
    columns: params.groupBy ? columns.map((column) => movementsBetween(ctx, column.from, column.to)) : [total],
    comparative: compare ? movementsBetween(ctx, compare.from, compare.to) : null,
  };
  const built = sectionsOf(accounts, movements);
  const section = (key: ProfitLossSectionKey): ProfitLossSection => ({
    ...presentFigures(built[key].figures),
    accounts: built[key].accounts,
  });
  const results = resultsOf(figuresOf(built));
  const company = retrieveCompany(ctx);
  return {
    reportType: 'profit-loss',
    companyName: company.name,
    fromDate: period.from,
    toDate: period.to,
    currency: company.currency,
    groupBy: params.groupBy ?? null,
    columns: columns.map((column) => ({ key: column.key, label: column.label, fromDate: column.from, toDate: column.to })),
    comparative: { enabled: compare !== null, fromDate: compare?.from ?? null, toDate: compare?.to ?? null },
    sections: {
      revenue: section('revenue'),
      costOfSales: section('costOfSales'),
      operatingExpenses: section('operatingExpenses'),
      otherIncome: section('otherIncome'),
      otherExpenses: section('otherExpenses'),
    },
    grossProfit: presentFigures(results.grossProfit),
    operatingIncome: presentFigures(results.operatingIncome),
    netIncome: presentFigures(results.netIncome),
    generatedAt: ctx.clock.iso(),
    generatedBy: ctx.generatedBy,
  };
}

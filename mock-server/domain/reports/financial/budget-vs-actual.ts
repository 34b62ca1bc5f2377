import type { BudgetVariance, BudgetVsActualAccount, BudgetVsActualReport } from '../../../../src/contract/index.js';
import { accountsTable, movementsBetween, type AccountRow } from '../../accounting/index.js';
import { companyCurrency, retrieveCompany } from '../../platform/index.js';
import { daysBetween } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { firstDayOf, lastDayOf, monthOf, periodOrYearToDate } from './budget-periods.js';
import type { BudgetRow } from './budget-tables.js';
import { activeBudgetsOverlapping, retrieveBudget } from './budgets.js';
import { insufficientData, invalidParameters } from '../core/errors.js';
import { checkedRange } from '../core/period.js';
import type { ReportContext } from '../core/registry.js';
import { comparisonOf, normalFigure } from './statement-figures.js';
import { periodColumns } from './statement-periods.js';

// `GET /v1/reports/budget-vs-actual` (spec document 3, "Reports": not shown; decision REP-76).

export type BudgetGrouping = 'month' | 'quarter';

interface Params {
  budgetId?: string;
  periodFrom?: string;
  periodTo?: string;
  groupBy?: BudgetGrouping;
}

/** A stretch of the period the figures are split by: a month or a fiscal quarter (the profit and loss's columns), cut to the period. */
interface Bucket {
  period: string;
  from: string;
  to: string;
}

type Amounts = { budget: money.Amount; actual: money.Amount };

/**
 * The budget and the period: a named budget (BUDGET_NOT_FOUND, 404, if unknown) over its own months by
 * default; else the one active budget with a month in the period (by default the fiscal year to date).
 */
export function budgetAndPeriod(ctx: ReportContext, params: Params): { budget: BudgetRow; from: string; to: string } {
  if (params.budgetId !== undefined) {
    const budget = retrieveBudget(ctx, params.budgetId);
    const { from, to } = checkedRange(params.periodFrom ?? firstDayOf(budget.periodFrom), params.periodTo ?? lastDayOf(budget.periodTo), [
      'periodFrom',
      'periodTo',
    ]);
    if (monthOf(from) > budget.periodTo || monthOf(to) < budget.periodFrom) {
      throw invalidParameters(
        'budgetId',
        `budget ${budget.name} covers ${budget.periodFrom} to ${budget.periodTo}, no month of ${from} to ${to}`,
        budget.id,
      );
    }
    return { budget, from, to };
  }
  const { from, to } = periodOrYearToDate(ctx, params);
  const found = activeBudgetsOverlapping(ctx, monthOf(from), monthOf(to));
  if (found.length === 0) {
    throw insufficientData(`No active budget covers ${from} to ${to}: create one with POST /v1/budgets, or name a draft with budgetId`, {
      periodFrom: from,
      periodTo: to,
    });
  }
  if (found.length > 1) {
    const names = found.map((budget) => `${budget.name} (${budget.periodFrom} to ${budget.periodTo})`).join(', ');
    throw invalidParameters('budgetId', `${from} to ${to} spans ${found.length} active budgets, ${names}; name one with budgetId`);
  }
  return { budget: found[0], from, to };
}

export function budgetVsActual(ctx: ReportContext, params: Params): BudgetVsActualReport {
  const { budget, from, to } = budgetAndPeriod(ctx, params);
  const buckets: Bucket[] = periodColumns(ctx, { from, to }, params.groupBy).map(({ key, from: start, to: end }) => ({
    period: key,
    from: start,
    to: end,
  }));
  const accounts = new Map(
    accountsTable(ctx)
      .all()
      .filter((account) => account.type === 'revenue' || account.type === 'expense')
      .map((account) => [account.id, account]),
  );
  ctx.budget.spend(accounts.size * buckets.length + budget.lines.length);
  const byAccount = new Map<string, Amounts[]>();
  const cell = (accountId: string, index: number): Amounts => {
    let row = byAccount.get(accountId);
    if (!row) byAccount.set(accountId, (row = buckets.map(() => ({ budget: money.ZERO, actual: money.ZERO }))));
    return row[index];
  };
  for (const line of budget.lines) {
    buckets.forEach((bucket, index) => {
      const share = budgetShare(line.amount, line.period, bucket);
      if (share) cell(line.accountId, index).budget = cell(line.accountId, index).budget.plus(share);
    });
  }
  buckets.forEach((bucket, index) => {
    for (const [accountId, sums] of movementsBetween(ctx, bucket.from, bucket.to)) {
      const account = accounts.get(accountId);
      if (!account || (sums.debit.isZero() && sums.credit.isZero())) continue;
      cell(accountId, index).actual = normalFigure(account, sums);
    }
  });
  return assemble(ctx, { budget, from, to, buckets, grouped: params.groupBy ?? null, accounts, byAccount });
}

interface Assembly {
  budget: BudgetRow;
  from: string;
  to: string;
  buckets: Bucket[];
  grouped: BudgetGrouping | null;
  accounts: ReadonlyMap<string, AccountRow>;
  byAccount: ReadonlyMap<string, Amounts[]>;
}

function assemble(ctx: ReportContext, { budget, from, to, buckets, grouped, accounts, byAccount }: Assembly): BudgetVsActualReport {
  const rows = [...byAccount]
    .map(([accountId, cells]) => ({ account: accounts.get(accountId)!, cells }))
    .sort((a, b) => (a.account.accountNumber < b.account.accountNumber ? -1 : 1));
  const sumOf = (cells: Amounts[]): Amounts => ({
    budget: money.sum(cells.map((c) => c.budget)),
    actual: money.sum(cells.map((c) => c.actual)),
  });
  const ofType = (type: string, index?: number): Amounts =>
    sumOf(rows.filter((row) => row.account.type === type).flatMap((row) => (index === undefined ? row.cells : [row.cells[index]])));
  const netOf = (index?: number): Amounts => {
    const [revenue, expense] = [ofType('revenue', index), ofType('expense', index)];
    return { budget: revenue.budget.minus(expense.budget), actual: revenue.actual.minus(expense.actual) };
  };
  const accountRows: BudgetVsActualAccount[] = rows.map(({ account, cells }) => ({
    accountId: account.id,
    accountCode: account.accountNumber,
    accountName: account.name,
    accountType: account.type,
    ...figures(sumOf(cells), account.type === 'revenue'),
    ...(grouped
      ? { periods: cells.map((c, index) => ({ period: buckets[index].period, ...figures(c, account.type === 'revenue') })) }
      : {}),
  }));
  return {
    reportType: 'budget-vs-actual',
    companyName: retrieveCompany(ctx).name,
    currency: companyCurrency(ctx),
    budgetId: budget.id,
    budgetName: budget.name,
    periodFrom: from,
    periodTo: to,
    groupBy: grouped,
    accounts: accountRows,
    byType: (['revenue', 'expense'] as const).map((type) => ({ accountType: type, ...figures(ofType(type), type === 'revenue') })),
    netIncome: figures(netOf(), true),
    ...(grouped ? { netIncomeByPeriod: buckets.map((bucket, index) => ({ period: bucket.period, ...figures(netOf(index), true) })) } : {}),
    generatedAt: ctx.clock.iso(),
    generatedBy: ctx.generatedBy,
  };
}

/** The figures of a budget and its actual (the statements' comparison); more is favourable for revenue and net income, less for expenses. */
function figures({ budget, actual }: Amounts, moreIsBetter: boolean): BudgetVariance {
  const { variance, variancePercent } = comparisonOf(actual, budget);
  return {
    budget: money.toNumber(budget),
    actual: money.toNumber(actual),
    variance: variance!,
    variancePercent,
    favourable: moreIsBetter ? actual.gte(budget) : actual.lte(budget),
  };
}

/**
 * The part of a month's budget that falls in a bucket: all of it for a whole month, else pro rata by
 * days, rounded half-up to the cent; null when the month is outside the bucket.
 */
function budgetShare(amount: number, month: string, bucket: Bucket): money.Amount | null {
  const [monthFrom, monthTo] = [firstDayOf(month), lastDayOf(month)];
  const start = monthFrom < bucket.from ? bucket.from : monthFrom;
  const end = monthTo > bucket.to ? bucket.to : monthTo;
  if (start > end) return null;
  const days = daysBetween(start, end) + 1;
  const monthDays = daysBetween(monthFrom, monthTo) + 1;
  return days === monthDays ? money.parse(amount) : money.round(money.parse(amount).times(days).dividedBy(monthDays));
}

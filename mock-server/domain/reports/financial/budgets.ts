import type { Budget, BudgetCreateParams, BudgetLine, BudgetStatus, BudgetUpdateParams } from '../../../../src/contract/index.js';
import { BUDGET_MAX_MONTHS } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import { businessRule, notFound, validationError, type ValidationIssue } from '../../../kernel/errors.js';
import { accountsTable, type AccountRow } from '../../accounting/index.js';
import { retrieveCompany } from '../../platform/index.js';
import { actorOf, type ActingContext } from '../../shared/actor.js';
import * as money from '../../shared/money.js';
import { monthPlus, monthsBetween, monthsSpanned } from './budget-periods.js';
import { BUDGETS, budgetsTable, type BudgetRow } from './budget-tables.js';

// Budgets (not in the spec: decisions REP-73 to REP-75): an amount per revenue or
// expense account and month; at most one active budget covers a month.

/** Issues listed at most in one refusal; the message counts them all. */
const MAX_ISSUES = 50;

export function retrieveBudget(ctx: CompanyContext, budgetId: string, field = 'budgetId'): BudgetRow {
  const row = budgetsTable(ctx).get(budgetId);
  if (!row) throw notFound('budget', budgetId, 'BUDGET_NOT_FOUND', field);
  return row;
}

export const presentBudget = ({ sequence: _sequence, ...row }: BudgetRow): Budget => ({
  ...row,
  lines: row.lines.map((line) => ({ ...line })),
  totals: { ...row.totals },
});

/** What a budget is made of before it is checked: a create, or a row with an update laid over it. */
interface BudgetDraft {
  name: string;
  description: string | null;
  fiscalYear?: number;
  periodFrom?: string;
  periodTo?: string;
  /** An update that leaves the span alone keeps it as it is. */
  kept?: Span;
  status: BudgetStatus;
  lines: readonly BudgetLine[];
}

export function createBudget(ctx: ActingContext, input: BudgetCreateParams): BudgetRow {
  return ctx.store.transaction(() => {
    const table = budgetsTable(ctx);
    const now = ctx.clock.iso();
    const checked = checkedBudget(
      ctx,
      { ...input, description: input.description ?? null, status: input.status ?? 'draft', lines: input.lines ?? [] },
      null,
    );
    return table.insert({
      id: table.newId(),
      sequence: ctx.store.nextNumber(ctx.companyId, BUDGETS),
      ...checked,
      createdBy: actorOf(ctx),
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** Changes a budget: a new `fiscalYear`, or `periodFrom`/`periodTo`, replaces its span; `lines` replaces its lines. */
export function updateBudget(ctx: CompanyContext, budgetId: string, patch: BudgetUpdateParams): BudgetRow {
  return ctx.store.transaction(() => {
    const row = retrieveBudget(ctx, budgetId);
    const newSpan = patch.fiscalYear !== undefined || patch.periodFrom !== undefined || patch.periodTo !== undefined;
    const span: Partial<BudgetDraft> = !newSpan
      ? { kept: { fiscalYear: row.fiscalYear, periodFrom: row.periodFrom, periodTo: row.periodTo } }
      : patch.fiscalYear !== undefined
        ? { fiscalYear: patch.fiscalYear, periodFrom: patch.periodFrom, periodTo: patch.periodTo }
        : { periodFrom: patch.periodFrom ?? row.periodFrom, periodTo: patch.periodTo ?? row.periodTo };
    const draft: BudgetDraft = {
      name: patch.name ?? row.name,
      description: patch.description === undefined ? row.description : patch.description,
      ...span,
      status: patch.status ?? row.status,
      lines: patch.lines ?? row.lines,
    };
    return budgetsTable(ctx).update(row.id, { ...checkedBudget(ctx, draft, row.id), updatedAt: ctx.clock.iso() });
  });
}

export function deleteBudget(ctx: CompanyContext, budgetId: string): { id: string; deleted: true } {
  return ctx.store.transaction(() => {
    const row = retrieveBudget(ctx, budgetId);
    budgetsTable(ctx).delete(row.id);
    return { id: row.id, deleted: true };
  });
}

/** The list's plain filters. */
export const budgetMatches =
  (filters: { status?: BudgetStatus; fiscalYear?: number }) =>
  (row: BudgetRow): boolean =>
    (!filters.status || row.status === filters.status) && (filters.fiscalYear === undefined || row.fiscalYear === filters.fiscalYear);

/** The active budgets with a month in `from`..`to` (months, `YYYY-MM`), oldest first. */
export const activeBudgetsOverlapping = (ctx: CompanyContext, from: string, to: string): BudgetRow[] =>
  budgetsTable(ctx)
    .byIndex('status', 'active')
    .filter((budget) => budget.periodFrom <= to && budget.periodTo >= from)
    .sort((a, b) => a.sequence - b.sequence);

type Span = Pick<BudgetRow, 'fiscalYear' | 'periodFrom' | 'periodTo'>;
type CheckedBudget = Omit<BudgetRow, 'id' | 'sequence' | 'createdBy' | 'createdAt' | 'updatedAt'>;

function checkedBudget(ctx: CompanyContext, draft: BudgetDraft, selfId: string | null): CheckedBudget {
  const span = draft.kept ?? checkedSpan(ctx, draft);
  const { lines, totals } = checkedLines(ctx, draft.lines, span);
  if (draft.status === 'active') {
    const other = activeBudgetsOverlapping(ctx, span.periodFrom, span.periodTo).find((budget) => budget.id !== selfId);
    if (other) {
      throw businessRule('at most one active budget covers a month; set the other budget to draft first', {
        budgetId: other.id,
        budgetName: other.name,
        periodFrom: other.periodFrom,
        periodTo: other.periodTo,
      });
    }
  }
  return { name: draft.name, description: draft.description, ...span, status: draft.status, lines, totals };
}

/** The twelve months of the company's fiscal year that starts in `fiscalYear` (company `fiscalYearStart`). */
export function fiscalYearMonths(ctx: CompanyContext, fiscalYear: number): string[] {
  const first = `${String(fiscalYear).padStart(4, '0')}-${retrieveCompany(ctx).fiscalYearStart.slice(0, 2)}`;
  return monthsBetween(first, monthPlus(first, 11));
}

/** `fiscalYear`: 12 months from the company's `fiscalYearStart` month; else `periodFrom`..`periodTo`, at most {@link BUDGET_MAX_MONTHS}. */
function checkedSpan(ctx: CompanyContext, draft: BudgetDraft): Span {
  if (draft.fiscalYear !== undefined) {
    if (draft.periodFrom !== undefined || draft.periodTo !== undefined) {
      const field = draft.periodFrom !== undefined ? 'periodFrom' : 'periodTo';
      throw validationError([
        { field, code: 'INVALID_CHOICE', message: 'give fiscalYear or periodFrom and periodTo, not both', value: draft[field] },
      ]);
    }
    const months = fiscalYearMonths(ctx, draft.fiscalYear);
    return { fiscalYear: draft.fiscalYear, periodFrom: months[0], periodTo: months[11] };
  }
  const missing = (['periodFrom', 'periodTo'] as const).filter((field) => draft[field] === undefined);
  if (missing.length > 0) {
    throw validationError(missing.map((field) => ({ field, code: 'REQUIRED_FIELD', message: `${field} is required without fiscalYear` })));
  }
  const periodFrom = draft.periodFrom!;
  const periodTo = draft.periodTo!;
  if (periodTo < periodFrom) {
    throw validationError([
      { field: 'periodTo', code: 'DATE_CONSTRAINT', message: `periodTo ${periodTo} is before periodFrom ${periodFrom}`, value: periodTo },
    ]);
  }
  if (monthsSpanned(periodFrom, periodTo) > BUDGET_MAX_MONTHS) {
    throw validationError([
      {
        field: 'periodTo',
        code: 'MAX_VALUE',
        message: `a budget spans at most ${BUDGET_MAX_MONTHS} months`,
        value: periodTo,
        constraint: { maxMonths: BUDGET_MAX_MONTHS },
      },
    ]);
  }
  return { fiscalYear: null, periodFrom, periodTo };
}

/** Lines on revenue and expense accounts that hold no other account, once per account and month, each month in the span; sorted by account code, then month. */
function checkedLines(
  ctx: CompanyContext,
  input: readonly BudgetLine[],
  span: { periodFrom: string; periodTo: string },
): Pick<CheckedBudget, 'lines' | 'totals'> {
  const accounts = accountsTable(ctx);
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const typed: { line: BudgetLine; account: AccountRow }[] = [];
  for (const [index, line] of input.entries()) {
    const account = accounts.get(line.accountId);
    const why = !account ? `No account with id ${line.accountId}` : whyNotBudgeted(ctx, account);
    if (why) {
      issues.push({
        field: `lines.${index}.accountId`,
        code: 'INVALID_CHOICE',
        message: why,
        value: line.accountId,
        constraint: { type: ['revenue', 'expense'], header: false },
      });
      continue;
    }
    if (line.period < span.periodFrom || line.period > span.periodTo) {
      issues.push({
        field: `lines.${index}.period`,
        code: 'DATE_CONSTRAINT',
        message: `month ${line.period} is outside the budget, ${span.periodFrom} to ${span.periodTo}`,
        value: line.period,
        constraint: span,
      });
      continue;
    }
    const key = `${line.accountId}|${line.period}`;
    if (seen.has(key)) {
      issues.push({
        field: `lines.${index}.period`,
        code: 'DUPLICATE_VALUE',
        message: `account ${account!.accountNumber} has another line for ${line.period}`,
        value: line.period,
      });
      continue;
    }
    seen.add(key);
    typed.push({ line, account: account! });
  }
  if (issues.length > 0)
    throw validationError(issues.slice(0, MAX_ISSUES), `The budget has ${issues.length} invalid line${issues.length === 1 ? '' : 's'}`);
  typed.sort((a, b) =>
    a.account.accountNumber < b.account.accountNumber
      ? -1
      : a.account.accountNumber > b.account.accountNumber
        ? 1
        : a.line.period < b.line.period
          ? -1
          : 1,
  );
  const totalOf = (type: string) => money.sum(typed.filter(({ account }) => account.type === type).map(({ line }) => line.amount));
  const [revenue, expense] = [totalOf('revenue'), totalOf('expense')];
  return {
    lines: typed.map(({ line }) => ({ accountId: line.accountId, period: line.period, amount: line.amount })),
    totals: { revenue: money.toNumber(revenue), expense: money.toNumber(expense), netIncome: money.toNumber(revenue.minus(expense)) },
  };
}

function whyNotBudgeted(ctx: CompanyContext, account: AccountRow): string | null {
  if (account.type !== 'revenue' && account.type !== 'expense') {
    return `account ${account.accountNumber} is ${account.type === 'asset' ? 'an' : 'a'} ${account.type} account; budgets are set on revenue and expense accounts`;
  }
  if (accountsTable(ctx).byIndex('parentId', account.id).length > 0)
    return `account ${account.accountNumber} is a header account; budget the accounts under it`;
  return null;
}

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, DeletedRecord, isoDateTime, money, moneyTotal, queryInt, sortQuery } from '../common.js';

// Budgets: not in the spec, which names `GET /v1/reports/budget-vs-actual` only; implied
// endpoints to set an amount per revenue or expense account and month (decisions REP-73 to REP-75).
// Budgets are ledger data: `read:accounts` / `write:accounts`.

export const BUDGET_STATUSES = ['draft', 'active'] as const;
export const BudgetStatus = z.enum(BUDGET_STATUSES);
export type BudgetStatus = z.infer<typeof BudgetStatus>;

/** The longest span of a budget, in months. */
export const BUDGET_MAX_MONTHS = 24;
/** The most lines a budget holds (a year of 12 months for 400 accounts). */
export const BUDGET_MAX_LINES = 5000;

/** A calendar month, `YYYY-MM`. */
export const budgetMonth = () => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, YYYY-MM');

/** The amount budgeted for one account in one month, on the account's normal side (income for revenue, cost for expense). */
export const BudgetLine = z.object({ accountId: z.string(), period: z.string(), amount: money() });
export type BudgetLine = z.infer<typeof BudgetLine>;

export const Budget = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The fiscal year it was made for (the calendar year the fiscal year starts in), or null for a span of months. */
  fiscalYear: z.number().int().nullable(),
  /** First month, `YYYY-MM`. */
  periodFrom: z.string(),
  /** Last month, `YYYY-MM`. */
  periodTo: z.string(),
  /** `active` budgets are what budget-vs-actual reads by default; at most one is active for a month. */
  status: BudgetStatus,
  /** By account, then month. */
  lines: z.array(BudgetLine),
  totals: z.object({ revenue: moneyTotal(), expense: moneyTotal(), netIncome: moneyTotal() }),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Budget = z.infer<typeof Budget>;

const BudgetLineInput = z.object({ accountId: z.string().min(1).max(100), period: budgetMonth(), amount: money() });

const budgetFields = {
  /** Free text, up to 1000 characters; null for none (on update, null clears it). */
  description: z.string().max(1000).nullable().optional(),
  /** The company's fiscal year starting in this calendar year: 12 months from its `fiscalYearStart`. Or give `periodFrom` and `periodTo`. */
  fiscalYear: z.number().int().min(1900).max(2999).optional(),
  /** First month, `YYYY-MM`, given with `periodTo` instead of `fiscalYear`; an update may move either end alone. */
  periodFrom: budgetMonth().optional(),
  /** Last month, `YYYY-MM`, not before `periodFrom`; the span is at most 24 months. */
  periodTo: budgetMonth().optional(),
  /** Default `draft`. */
  status: BudgetStatus.optional(),
};

export const BudgetCreateParams = z.object({
  /** The budget's name, 1-200 characters after trimming. */
  name: z.string().trim().min(1).max(200),
  ...budgetFields,
  /** Revenue and expense accounts only, one line per account and month, each month within the budget. */
  lines: z.array(BudgetLineInput).max(BUDGET_MAX_LINES).optional(),
});
export type BudgetCreateParams = z.input<typeof BudgetCreateParams>;

/** The changed fields; `lines` replaces every line; a new span must still hold the lines kept. */
export const BudgetUpdateParams = z.object({
  /** A new name, 1-200 characters after trimming. */
  name: z.string().trim().min(1).max(200).optional(),
  ...budgetFields,
  /** Replaces every line, under the create rules, checked against the budget's new or kept span. */
  lines: z.array(BudgetLineInput).max(BUDGET_MAX_LINES).optional(),
});
export type BudgetUpdateParams = z.input<typeof BudgetUpdateParams>;

export const BudgetListParams = z.object({
  status: BudgetStatus.optional(),
  fiscalYear: queryInt().optional(),
  ...sortQuery,
  ...cursorPageQuery,
});
export type BudgetListParams = z.input<typeof BudgetListParams>;

const BudgetIdParams = z.object({ budgetId: z.string() });

export const budgetsList = endpoint({
  id: 'budgets.list',
  method: 'GET',
  path: '/budgets',
  scope: 'read:accounts',
  source: 'implied',
  summary: 'List budgets, the latest period first',
  description: 'Lists budgets, the latest period first (`status`, `fiscalYear`).',
  example:
    "for await (const budget of acs.budgets.list({ status: 'active' })) console.log(budget.name, budget.periodFrom, budget.totals.netIncome);",
  exampleCall: { query: { status: 'active' } },
  query: BudgetListParams,
  response: Budget,
  list: {
    paging: 'cursor',
    defaultLimit: 20,
    maxLimit: 100,
    defaultSort: 'periodFrom:desc,sequence:asc',
    sort: ['name', 'periodFrom', 'createdAt'],
  },
});

export const budgetsCreate = endpoint({
  id: 'budgets.create',
  method: 'POST',
  path: '/budgets',
  scope: 'write:accounts',
  source: 'implied',
  status: 201,
  summary: 'Create a budget: amounts per revenue or expense account and month',
  description:
    "Creates a budget (`draft` unless `status: 'active'`) for `fiscalYear` (12 months from the company's " +
    'fiscal year start) or `periodFrom`..`periodTo` (`YYYY-MM`, at most 24 months). A line on an account ' +
    'that is not revenue or expense, or on a header account, is refused (`ValidationError`, 422).',
  example:
    "const budget = await acs.budgets.create({ name: 'FY2027', fiscalYear: 2027, status: 'active', lines: [{ accountId, period: '2027-01', amount: 4500 }] });",
  exampleCall: {
    body: {
      name: 'Every endpoint',
      fiscalYear: 2030,
      lines: [{ accountId: { first: 'accounts.list', query: { accountNumber: '6100', active: true } }, period: '2030-01', amount: 100 }],
    },
  },
  body: BudgetCreateParams,
  response: Budget,
});

export const budgetsRetrieve = endpoint({
  id: 'budgets.retrieve',
  method: 'GET',
  path: '/budgets/{budgetId}',
  scope: 'read:accounts',
  source: 'implied',
  summary: 'Get one budget',
  description: 'One budget. `NotFoundError` (`BUDGET_NOT_FOUND`) for an unknown id.',
  exampleCall: { params: { budgetId: { fixture: 'draftBudget' } } },
  params: BudgetIdParams,
  response: Budget,
});

export const budgetsUpdate = endpoint({
  id: 'budgets.update',
  method: 'PUT',
  path: '/budgets/{budgetId}',
  scope: 'write:accounts',
  source: 'implied',
  summary: 'Change a budget: its name, span, status or lines',
  description:
    'Changes a budget: `lines` replaces every line; a new `fiscalYear` (or `periodFrom`/`periodTo`) moves ' +
    'its span, which must still hold its lines. Activating a budget whose months overlap another active ' +
    'one is a `BusinessRuleError`.',
  example: "await acs.budgets.update(budget.id, { status: 'draft' });",
  exampleCall: { params: { budgetId: { fixture: 'draftBudget' } }, body: { status: 'active' } },
  params: BudgetIdParams,
  body: BudgetUpdateParams,
  response: Budget,
});

export const budgetsDelete = endpoint({
  id: 'budgets.delete',
  method: 'DELETE',
  path: '/budgets/{budgetId}',
  scope: 'write:accounts',
  source: 'implied',
  summary: 'Delete a budget',
  description: 'Deletes a budget; the books are not touched.',
  exampleCall: { params: { budgetId: { fixture: 'draftBudget' } } },
  params: BudgetIdParams,
  response: DeletedRecord,
});

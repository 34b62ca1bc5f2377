import { BudgetsMethods } from '../../generated/resources/reports.js';

/**
 * Budgets (implied: the spec names only the budget-vs-actual report): an amount per revenue or expense
 * account and month, for a fiscal year or a span of months; `acs.budgets`. At most one budget is
 * `active` for a month: the one `acs.reports.budgetVsActual` reads by default.
 */
export class Budgets extends BudgetsMethods {}

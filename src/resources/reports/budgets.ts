import { budgetsCreate, budgetsDelete, budgetsList, budgetsRetrieve, budgetsUpdate } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/**
 * Budgets (implied: the spec names only the budget-vs-actual report): an amount per revenue or expense
 * account and month, for a fiscal year or a span of months; `acs.budgets`. At most one budget is
 * `active` for a month: the one `acs.reports.budgetVsActual` reads by default.
 */
export class Budgets extends Resource {
  /**
   * Lists budgets, the latest period first (`status`, `fiscalYear`).
   *
   * @example
   * for await (const budget of acs.budgets.list({ status: 'active' })) console.log(budget.name, budget.periodFrom, budget.totals.netIncome);
   */
  list = this.method(budgetsList);

  /**
   * Creates a budget (`draft` unless `status: 'active'`) for `fiscalYear` (12 months from the company's
   * fiscal year start) or `periodFrom`..`periodTo` (`YYYY-MM`, at most 24 months). A line on an account
   * that is not revenue or expense, or on a header account, is refused (`ValidationError`, 422).
   *
   * @example
   * const budget = await acs.budgets.create({ name: 'FY2027', fiscalYear: 2027, status: 'active', lines: [{ accountId, period: '2027-01', amount: 4500 }] });
   */
  create = this.method(budgetsCreate);

  /** One budget. `NotFoundError` (`BUDGET_NOT_FOUND`) for an unknown id. */
  retrieve = this.method(budgetsRetrieve);

  /**
   * Changes a budget: `lines` replaces every line; a new `fiscalYear` (or `periodFrom`/`periodTo`) moves
   * its span, which must still hold its lines. Activating a budget whose months overlap another active
   * one is a `BusinessRuleError`.
   *
   * @example
   * await acs.budgets.update(budget.id, { status: 'draft' });
   */
  update = this.method(budgetsUpdate);

  /** Deletes a budget; the books are not touched. */
  delete = this.method(budgetsDelete);
}

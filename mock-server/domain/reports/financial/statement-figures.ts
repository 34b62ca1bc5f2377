import type { StatementFigure } from '../../../../src/contract/index.js';
import type { AccountRow, AccountSums } from '../../accounting/index.js';
import * as money from '../../shared/money.js';
import { invalidParameters } from '../core/errors.js';

// What the balance sheet and the profit and loss share: where an account is shown, its
// figure on its normal side, and the comparison of two figures (decisions REP-25, REP-27).

/** Where a statement shows an account. */
export type StatementPlace =
  | 'currentAssets'
  | 'nonCurrentAssets'
  | 'currentLiabilities'
  | 'nonCurrentLiabilities'
  | 'equity'
  | 'revenue'
  | 'otherIncome'
  | 'costOfSales'
  | 'operatingExpenses'
  | 'otherExpenses';

/** System roles that are cost of sales whatever their category says (the goods sold and their cost corrections). */
const COST_OF_SALES_ROLES: readonly string[] = ['cogs', 'inventory_adjustment', 'purchase_price_variance'];

/**
 * An account's place by its type and `category` (spec document 2, "Categories by type"): current assets
 * and liabilities are the `current_*` categories, the rest of their type non-current; cost of sales is
 * `cost_of_goods_sold` and the stock cost roles; other revenue and other expenses are shown apart.
 */
export function placeOf(account: Pick<AccountRow, 'type' | 'category' | 'systemRole'>): StatementPlace {
  switch (account.type) {
    case 'asset':
      return account.category === 'current_asset' ? 'currentAssets' : 'nonCurrentAssets';
    case 'liability':
      return account.category === 'current_liability' ? 'currentLiabilities' : 'nonCurrentLiabilities';
    case 'equity':
      return 'equity';
    case 'revenue':
      return account.category === 'other_revenue' ? 'otherIncome' : 'revenue';
    default:
      if (account.category === 'cost_of_goods_sold' || COST_OF_SALES_ROLES.includes(account.systemRole ?? '')) return 'costOfSales';
      return account.category === 'other_expense' ? 'otherExpenses' : 'operatingExpenses';
  }
}

/** Assets and expenses are shown debit minus credit; liabilities, equity and revenue credit minus debit. */
export function normalFigure(account: Pick<AccountRow, 'type'>, sums: AccountSums | undefined): money.Amount {
  if (!sums) return money.ZERO;
  const debitMinusCredit = sums.debit.minus(sums.credit);
  return account.type === 'asset' || account.type === 'expense' ? debitMinusCredit : debitMinusCredit.negated();
}

/** Revenue less expenses of some sums: the net income they hold. */
export function netIncomeOf(accounts: readonly AccountRow[], sums: ReadonlyMap<string, AccountSums>): money.Amount {
  let net = money.ZERO;
  for (const account of accounts) {
    if (account.type === 'revenue') net = net.plus(normalFigure(account, sums.get(account.id)));
    if (account.type === 'expense') net = net.minus(normalFigure(account, sums.get(account.id)));
  }
  return net;
}

/**
 * `variance` (figure - comparative) and `variancePercent` (the variance as a percent of the comparative
 * figure's size, so a loss that shrinks shows a rise; two decimals): null without a comparative figure,
 * the percent also when it is 0.
 */
export function comparisonOf(
  figure: money.Amount,
  comparative: money.Amount | null,
): { variance: number | null; variancePercent: number | null } {
  if (comparative === null) return { variance: null, variancePercent: null };
  const variance = figure.minus(comparative);
  return {
    variance: money.toNumber(variance),
    variancePercent: comparative.isZero() ? null : money.toNumber(variance.dividedBy(comparative.abs()).times(100)),
  };
}

/** A total and its comparison, as every group of the statements shows it. */
export function statementFigureOf(total: money.Amount, comparative: money.Amount | null): StatementFigure {
  return {
    total: money.toNumber(total),
    comparativeTotal: comparative === null ? null : money.toNumber(comparative),
    ...comparisonOf(total, comparative),
  };
}

/**
 * `departmentId` and `locationId`: journal lines carry neither, so the statements cannot be cut by them;
 * any value is refused rather than answered with the whole company's figures.
 */
export function refuseLedgerDimensions(params: { departmentId?: string; locationId?: string }): void {
  for (const field of ['departmentId', 'locationId'] as const) {
    const value = params[field];
    if (value !== undefined)
      throw invalidParameters(
        field,
        `journal lines carry no ${field === 'departmentId' ? 'department' : 'location'}: the statements cover the whole company only`,
        value,
      );
  }
}

/** Accounts of some types in account-number order. */
export function accountsInOrder(accounts: readonly AccountRow[], types: readonly AccountRow['type'][]): AccountRow[] {
  return accounts
    .filter((a) => types.includes(a.type))
    .sort((a, b) => (a.accountNumber < b.accountNumber ? -1 : a.accountNumber > b.accountNumber ? 1 : 0));
}

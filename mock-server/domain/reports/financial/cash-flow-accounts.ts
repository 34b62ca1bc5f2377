import type { AccountRow } from '../../accounting/index.js';

// Where every non-cash account's movements go in a cash-flow statement (decisions REP-68, REP-70); which
// accounts are cash is the dashboard's `cashAccounts`, one rule for both.

/** The lines a non-cash account's movements are reported on; each belongs to one section. */
export type FlowClass =
  | 'revenue'
  | 'otherRevenue'
  | 'costOfSales'
  | 'expense'
  | 'retainedEarnings'
  | 'receivables'
  | 'inventory'
  | 'payables'
  | 'tax'
  | 'goodsReceivedNotInvoiced'
  | 'otherCurrentAssets'
  | 'otherCurrentLiabilities'
  | 'fixedAssets'
  | 'otherAssets'
  | 'borrowings'
  | 'equity'
  | 'openingBalances';

const BY_ROLE: Partial<Record<NonNullable<AccountRow['systemRole']>, FlowClass>> = {
  accounts_receivable: 'receivables',
  inventory: 'inventory',
  accounts_payable: 'payables',
  tax_payable: 'tax',
  tax_recoverable: 'tax',
  goods_received_not_invoiced: 'goodsReceivedNotInvoiced',
  retained_earnings: 'retainedEarnings',
  opening_balance: 'openingBalances',
};

const BY_CATEGORY: Record<AccountRow['category'], FlowClass> = {
  operating_revenue: 'revenue',
  other_revenue: 'otherRevenue',
  cost_of_goods_sold: 'costOfSales',
  operating_expense: 'expense',
  other_expense: 'expense',
  current_asset: 'otherCurrentAssets',
  fixed_asset: 'fixedAssets',
  other_asset: 'otherAssets',
  current_liability: 'otherCurrentLiabilities',
  long_term_liability: 'borrowings',
  other_liability: 'borrowings',
  equity: 'equity',
};

/** Where a non-cash account's movements are reported: by its system role, else by its category. */
export const flowClassOf = (account: AccountRow): FlowClass =>
  (account.systemRole && BY_ROLE[account.systemRole]) || BY_CATEGORY[account.category];

/** Revenue and expense accounts: their movements make net income. */
export const EARNINGS_FLOWS: ReadonlySet<FlowClass> = new Set(['revenue', 'otherRevenue', 'costOfSales', 'expense']);

import type { CompanyContext } from '../store/context.js';
import { loadAccounts } from './fixture-accounts.js';
import { atPath } from './fixture-problem.js';
import type { FixtureFile } from './fixture-schema.js';

/**
 * One account of the demo chart as a fixture writes it (MOCK-36): `parent` is the parent's account number, `system` a
 * control account documents post to (shown as `isSystemAccount`, never deleted or deactivated), `currency` by default
 * the company's.
 */
type ChartLine = NonNullable<FixtureFile['companies'][number]['accounts']>[number];

/** A Malaysian SME chart of accounts, three levels deep, parents listed before their children. */
export function demoChart(bankName: string): ChartLine[] {
  return [
    { accountNumber: '1000', name: 'Assets', type: 'asset', category: 'current_asset' },
    { accountNumber: '1100', name: 'Current Assets', type: 'asset', category: 'current_asset', parent: '1000' },
    { accountNumber: '1110', name: 'Cash on Hand', type: 'asset', category: 'current_asset', parent: '1100', systemRole: 'cash' },
    {
      accountNumber: '1120',
      name: `${bankName} Current Account`,
      type: 'asset',
      category: 'current_asset',
      parent: '1100',
      systemRole: 'bank',
    },
    // A foreign-currency account takes payments in its own currency only (ACC-30).
    { accountNumber: '1125', name: `${bankName} USD Account`, type: 'asset', category: 'current_asset', parent: '1100', currency: 'USD' },
    {
      accountNumber: '1130',
      name: 'Accounts Receivable',
      type: 'asset',
      category: 'current_asset',
      parent: '1100',
      systemRole: 'accounts_receivable',
      system: true,
      description: 'Trade debtors; invoices and customer payments post here',
    },
    {
      accountNumber: '1140',
      name: 'Inventory',
      type: 'asset',
      category: 'current_asset',
      parent: '1100',
      systemRole: 'inventory',
      system: true,
    },
    { accountNumber: '1150', name: 'Prepayments and Deposits', type: 'asset', category: 'current_asset', parent: '1100' },
    {
      accountNumber: '1180',
      name: 'Input Tax Recoverable',
      type: 'asset',
      category: 'current_asset',
      parent: '1100',
      systemRole: 'tax_recoverable',
      system: true,
      description: 'Tax charged on supplier bills, recoverable from the tax authority',
    },
    { accountNumber: '1200', name: 'Fixed Assets', type: 'asset', category: 'fixed_asset', parent: '1000' },
    { accountNumber: '1210', name: 'Office Equipment', type: 'asset', category: 'fixed_asset', parent: '1200' },
    { accountNumber: '1220', name: 'Furniture and Fittings', type: 'asset', category: 'fixed_asset', parent: '1200' },
    { accountNumber: '1230', name: 'Motor Vehicles', type: 'asset', category: 'fixed_asset', parent: '1200' },
    { accountNumber: '1290', name: 'Accumulated Depreciation', type: 'asset', category: 'fixed_asset', parent: '1200' },

    { accountNumber: '2000', name: 'Liabilities', type: 'liability', category: 'current_liability' },
    { accountNumber: '2100', name: 'Current Liabilities', type: 'liability', category: 'current_liability', parent: '2000' },
    {
      accountNumber: '2110',
      name: 'Accounts Payable',
      type: 'liability',
      category: 'current_liability',
      parent: '2100',
      systemRole: 'accounts_payable',
      system: true,
      description: 'Trade creditors; supplier bills and payments post here',
    },
    {
      accountNumber: '2120',
      name: 'SST Payable',
      type: 'liability',
      category: 'current_liability',
      parent: '2100',
      systemRole: 'tax_payable',
      system: true,
      description: 'Sales and service tax collected, due to the tax authority',
    },
    { accountNumber: '2130', name: 'Accrued Expenses', type: 'liability', category: 'current_liability', parent: '2100' },
    { accountNumber: '2140', name: 'EPF and SOCSO Payable', type: 'liability', category: 'current_liability', parent: '2100' },
    {
      accountNumber: '2150',
      name: 'Goods Received Not Invoiced',
      type: 'liability',
      category: 'current_liability',
      parent: '2100',
      systemRole: 'goods_received_not_invoiced',
      system: true,
      description: 'Goods received against purchase orders and not yet billed by the supplier',
    },
    { accountNumber: '2200', name: 'Long-term Liabilities', type: 'liability', category: 'long_term_liability', parent: '2000' },
    { accountNumber: '2210', name: 'Bank Term Loan', type: 'liability', category: 'long_term_liability', parent: '2200' },

    { accountNumber: '3000', name: 'Equity', type: 'equity', category: 'equity' },
    { accountNumber: '3100', name: 'Share Capital', type: 'equity', category: 'equity', parent: '3000' },
    {
      accountNumber: '3200',
      name: 'Retained Earnings',
      type: 'equity',
      category: 'equity',
      parent: '3000',
      systemRole: 'retained_earnings',
      system: true,
    },
    {
      accountNumber: '3900',
      name: 'Opening Balance Equity',
      type: 'equity',
      category: 'equity',
      parent: '3000',
      systemRole: 'opening_balance',
      description: 'The other side of balances brought into the books, such as opening stock',
    },

    { accountNumber: '4000', name: 'Revenue', type: 'revenue', category: 'operating_revenue' },
    { accountNumber: '4100', name: 'Sales', type: 'revenue', category: 'operating_revenue', parent: '4000', systemRole: 'sales' },
    { accountNumber: '4200', name: 'Service Revenue', type: 'revenue', category: 'operating_revenue', parent: '4000' },
    { accountNumber: '4900', name: 'Other Income', type: 'revenue', category: 'other_revenue', parent: '4000' },
    // One account nets realised exchange gains (credits) and losses (debits), beside other income (SALES-58), bills against their receipts too (PUR-56).
    {
      accountNumber: '4920',
      name: 'Realised Exchange Gain/Loss',
      type: 'revenue',
      category: 'other_revenue',
      parent: '4000',
      systemRole: 'exchange_gain_loss',
      description:
        'Differences between the rate of an invoice or bill and the rate its foreign-currency payment was made at, or its goods were received at',
    },
    // Open foreign-currency balances restated at a period end, beside the realised account so the P&L shows both (ACC-38).
    {
      accountNumber: '4930',
      name: 'Unrealised Exchange Gain/Loss',
      type: 'revenue',
      category: 'other_revenue',
      parent: '4000',
      systemRole: 'unrealised_exchange_gain_loss',
      description:
        'Open foreign-currency invoices, bills and bank balances restated at a date by a currency revaluation, reversed the next day',
    },
    // Early-payment discounts taken on supplier bills (the supplier's 2/10 net 30 terms; PUR-40).
    {
      accountNumber: '4910',
      name: 'Discounts Received',
      type: 'revenue',
      category: 'other_revenue',
      parent: '4000',
      systemRole: 'purchase_discount',
      description: 'Early-payment discounts taken on supplier bills',
    },

    { accountNumber: '5000', name: 'Cost of Sales', type: 'expense', category: 'cost_of_goods_sold' },
    {
      accountNumber: '5100',
      name: 'Cost of Goods Sold',
      type: 'expense',
      category: 'cost_of_goods_sold',
      parent: '5000',
      systemRole: 'cogs',
    },
    { accountNumber: '5200', name: 'Freight Inwards', type: 'expense', category: 'cost_of_goods_sold', parent: '5000' },
    {
      accountNumber: '5300',
      name: 'Stock Adjustments',
      type: 'expense',
      category: 'cost_of_goods_sold',
      parent: '5000',
      systemRole: 'inventory_adjustment',
      description: 'Stock counted, found, damaged, lost or expired',
    },

    {
      accountNumber: '5400',
      name: 'Purchase Price Variance',
      type: 'expense',
      category: 'cost_of_goods_sold',
      parent: '5000',
      systemRole: 'purchase_price_variance',
      description: 'Differences between the price billed and the price goods were received at',
    },

    { accountNumber: '6000', name: 'Operating Expenses', type: 'expense', category: 'operating_expense' },
    { accountNumber: '6100', name: 'Rent', type: 'expense', category: 'operating_expense', parent: '6000' },
    { accountNumber: '6200', name: 'Salaries and Wages', type: 'expense', category: 'operating_expense', parent: '6000' },
    { accountNumber: '6300', name: 'Utilities', type: 'expense', category: 'operating_expense', parent: '6000' },
    { accountNumber: '6400', name: 'Telephone and Internet', type: 'expense', category: 'operating_expense', parent: '6000' },
    { accountNumber: '6500', name: 'Office Supplies', type: 'expense', category: 'operating_expense', parent: '6000' },
    { accountNumber: '6600', name: 'Marketing and Advertising', type: 'expense', category: 'operating_expense', parent: '6000' },
    { accountNumber: '6700', name: 'Bank Charges', type: 'expense', category: 'operating_expense', parent: '6000' },
    { accountNumber: '6800', name: 'Depreciation', type: 'expense', category: 'operating_expense', parent: '6000' },
    { accountNumber: '6900', name: 'Professional Fees', type: 'expense', category: 'operating_expense', parent: '6000' },
  ];
}

/**
 * Creates the chart as a fixture's `accounts` through the fixture loader's own accounts step (MOCK-51); returns
 * account ids by account number.
 */
export function seedChart(ctx: CompanyContext, bankName: string): Map<string, string> {
  const rows = loadAccounts(ctx, demoChart(bankName), 'demo', atPath);
  return new Map(rows.map((row) => [row.accountNumber, row.id]));
}

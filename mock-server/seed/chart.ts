import type { AccountType } from '../../src/contract/index.js';
import { createAccount, type SystemRole } from '../domain/accounting/index.js';
import type { CompanyContext } from '../store/context.js';

/** One account of the demo chart; `parent` is the parent's account number. */
interface ChartLine {
  number: string;
  name: string;
  type: AccountType;
  category: string;
  parent?: string;
  role?: SystemRole;
  /** Control accounts documents post to: shown as `isSystemAccount`, cannot be deleted or deactivated. */
  system?: boolean;
  description?: string;
  /** Default: the company's currency. */
  currency?: string;
}

/** A Malaysian SME chart of accounts, three levels deep, parents listed before their children. */
export function demoChart(bankName: string): ChartLine[] {
  return [
    { number: '1000', name: 'Assets', type: 'asset', category: 'current_asset' },
    { number: '1100', name: 'Current Assets', type: 'asset', category: 'current_asset', parent: '1000' },
    { number: '1110', name: 'Cash on Hand', type: 'asset', category: 'current_asset', parent: '1100', role: 'cash' },
    { number: '1120', name: `${bankName} Current Account`, type: 'asset', category: 'current_asset', parent: '1100', role: 'bank' },
    // A foreign-currency account takes payments in its own currency only (ACC-30).
    { number: '1125', name: `${bankName} USD Account`, type: 'asset', category: 'current_asset', parent: '1100', currency: 'USD' },
    {
      number: '1130',
      name: 'Accounts Receivable',
      type: 'asset',
      category: 'current_asset',
      parent: '1100',
      role: 'accounts_receivable',
      system: true,
      description: 'Trade debtors; invoices and customer payments post here',
    },
    { number: '1140', name: 'Inventory', type: 'asset', category: 'current_asset', parent: '1100', role: 'inventory', system: true },
    { number: '1150', name: 'Prepayments and Deposits', type: 'asset', category: 'current_asset', parent: '1100' },
    {
      number: '1180',
      name: 'Input Tax Recoverable',
      type: 'asset',
      category: 'current_asset',
      parent: '1100',
      role: 'tax_recoverable',
      system: true,
      description: 'Tax charged on supplier bills, recoverable from the tax authority',
    },
    { number: '1200', name: 'Fixed Assets', type: 'asset', category: 'fixed_asset', parent: '1000' },
    { number: '1210', name: 'Office Equipment', type: 'asset', category: 'fixed_asset', parent: '1200' },
    { number: '1220', name: 'Furniture and Fittings', type: 'asset', category: 'fixed_asset', parent: '1200' },
    { number: '1230', name: 'Motor Vehicles', type: 'asset', category: 'fixed_asset', parent: '1200' },
    { number: '1290', name: 'Accumulated Depreciation', type: 'asset', category: 'fixed_asset', parent: '1200' },

    { number: '2000', name: 'Liabilities', type: 'liability', category: 'current_liability' },
    { number: '2100', name: 'Current Liabilities', type: 'liability', category: 'current_liability', parent: '2000' },
    {
      number: '2110',
      name: 'Accounts Payable',
      type: 'liability',
      category: 'current_liability',
      parent: '2100',
      role: 'accounts_payable',
      system: true,
      description: 'Trade creditors; supplier bills and payments post here',
    },
    {
      number: '2120',
      name: 'SST Payable',
      type: 'liability',
      category: 'current_liability',
      parent: '2100',
      role: 'tax_payable',
      system: true,
      description: 'Sales and service tax collected, due to the tax authority',
    },
    { number: '2130', name: 'Accrued Expenses', type: 'liability', category: 'current_liability', parent: '2100' },
    { number: '2140', name: 'EPF and SOCSO Payable', type: 'liability', category: 'current_liability', parent: '2100' },
    {
      number: '2150',
      name: 'Goods Received Not Invoiced',
      type: 'liability',
      category: 'current_liability',
      parent: '2100',
      role: 'goods_received_not_invoiced',
      system: true,
      description: 'Goods received against purchase orders and not yet billed by the supplier',
    },
    { number: '2200', name: 'Long-term Liabilities', type: 'liability', category: 'long_term_liability', parent: '2000' },
    { number: '2210', name: 'Bank Term Loan', type: 'liability', category: 'long_term_liability', parent: '2200' },

    { number: '3000', name: 'Equity', type: 'equity', category: 'equity' },
    { number: '3100', name: 'Share Capital', type: 'equity', category: 'equity', parent: '3000' },
    {
      number: '3200',
      name: 'Retained Earnings',
      type: 'equity',
      category: 'equity',
      parent: '3000',
      role: 'retained_earnings',
      system: true,
    },
    {
      number: '3900',
      name: 'Opening Balance Equity',
      type: 'equity',
      category: 'equity',
      parent: '3000',
      role: 'opening_balance',
      description: 'The other side of balances brought into the books, such as opening stock',
    },

    { number: '4000', name: 'Revenue', type: 'revenue', category: 'operating_revenue' },
    { number: '4100', name: 'Sales', type: 'revenue', category: 'operating_revenue', parent: '4000', role: 'sales' },
    { number: '4200', name: 'Service Revenue', type: 'revenue', category: 'operating_revenue', parent: '4000' },
    { number: '4900', name: 'Other Income', type: 'revenue', category: 'other_revenue', parent: '4000' },
    // One account nets realised exchange gains (credits) and losses (debits), beside other income (SALES-58), bills against their receipts too (PUR-56).
    {
      number: '4920',
      name: 'Realised Exchange Gain/Loss',
      type: 'revenue',
      category: 'other_revenue',
      parent: '4000',
      role: 'exchange_gain_loss',
      description:
        'Differences between the rate of an invoice or bill and the rate its foreign-currency payment was made at, or its goods were received at',
    },
    // Open foreign-currency balances restated at a period end, beside the realised account so the P&L shows both (ACC-38).
    {
      number: '4930',
      name: 'Unrealised Exchange Gain/Loss',
      type: 'revenue',
      category: 'other_revenue',
      parent: '4000',
      role: 'unrealised_exchange_gain_loss',
      description:
        'Open foreign-currency invoices, bills and bank balances restated at a date by a currency revaluation, reversed the next day',
    },
    // Early-payment discounts taken on supplier bills (the supplier's 2/10 net 30 terms; PUR-40).
    {
      number: '4910',
      name: 'Discounts Received',
      type: 'revenue',
      category: 'other_revenue',
      parent: '4000',
      role: 'purchase_discount',
      description: 'Early-payment discounts taken on supplier bills',
    },

    { number: '5000', name: 'Cost of Sales', type: 'expense', category: 'cost_of_goods_sold' },
    { number: '5100', name: 'Cost of Goods Sold', type: 'expense', category: 'cost_of_goods_sold', parent: '5000', role: 'cogs' },
    { number: '5200', name: 'Freight Inwards', type: 'expense', category: 'cost_of_goods_sold', parent: '5000' },
    {
      number: '5300',
      name: 'Stock Adjustments',
      type: 'expense',
      category: 'cost_of_goods_sold',
      parent: '5000',
      role: 'inventory_adjustment',
      description: 'Stock counted, found, damaged, lost or expired',
    },

    {
      number: '5400',
      name: 'Purchase Price Variance',
      type: 'expense',
      category: 'cost_of_goods_sold',
      parent: '5000',
      role: 'purchase_price_variance',
      description: 'Differences between the price billed and the price goods were received at',
    },

    { number: '6000', name: 'Operating Expenses', type: 'expense', category: 'operating_expense' },
    { number: '6100', name: 'Rent', type: 'expense', category: 'operating_expense', parent: '6000' },
    { number: '6200', name: 'Salaries and Wages', type: 'expense', category: 'operating_expense', parent: '6000' },
    { number: '6300', name: 'Utilities', type: 'expense', category: 'operating_expense', parent: '6000' },
    { number: '6400', name: 'Telephone and Internet', type: 'expense', category: 'operating_expense', parent: '6000' },
    { number: '6500', name: 'Office Supplies', type: 'expense', category: 'operating_expense', parent: '6000' },
    { number: '6600', name: 'Marketing and Advertising', type: 'expense', category: 'operating_expense', parent: '6000' },
    { number: '6700', name: 'Bank Charges', type: 'expense', category: 'operating_expense', parent: '6000' },
    { number: '6800', name: 'Depreciation', type: 'expense', category: 'operating_expense', parent: '6000' },
    { number: '6900', name: 'Professional Fees', type: 'expense', category: 'operating_expense', parent: '6000' },
  ];
}

/** Creates the chart through the accounts domain; returns account ids by account number. */
export function seedChart(ctx: CompanyContext, bankName: string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const line of demoChart(bankName)) {
    const account = createAccount(
      ctx,
      {
        accountNumber: line.number,
        name: line.name,
        type: line.type,
        category: line.category,
        parentId: line.parent ? ids.get(line.parent) : null,
        description: line.description ?? null,
        currency: line.currency,
      },
      { isSystemAccount: line.system ?? false, systemRole: line.role ?? null },
    );
    ids.set(line.number, account.id);
  }
  return ids;
}

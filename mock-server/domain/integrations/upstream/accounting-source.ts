import type { AccountType } from '../../../../src/contract/index.js';
import { addDays } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import type { SystemRole } from '../../accounting/index.js';
import type { UpstreamRecord } from '../sync-runs.js';
import type { IntegrationRow } from '../tables.js';
import { upstreamRandom } from '../upstream-random.js';

/**
 * The simulated accounting source (INT-1, INT-21): another system's chart of accounts (its own
 * numbering), customers with opening balances, and transactions (invoices, bills, payments, journal
 * entries) day by day. Seeded by the integration id and the day, so every read shows the same books.
 */
export interface SourceAccount extends UpstreamRecord {
  number: string;
  name: string;
  type: AccountType;
  category: string;
  active: boolean;
  /** The role it plays in any chart, so `mapToStandard` (and control accounts always) map onto ours. */
  standard?: SystemRole;
}

const account = (number: string, name: string, type: AccountType, category: string, extra: Partial<SourceAccount> = {}): SourceAccount => ({
  externalId: `acct_${number}`,
  version: '1',
  number,
  name,
  type,
  category,
  active: true,
  ...extra,
});

/** The source's chart: its receivables, payables and tax accounts are control accounts here, always mapped onto ours. */
export const SOURCE_CHART: readonly SourceAccount[] = [
  account('10000', 'Cash', 'asset', 'current_asset', { standard: 'cash' }),
  account('10100', 'Operating Bank', 'asset', 'current_asset', { standard: 'bank' }),
  account('11000', 'Accounts Receivable', 'asset', 'current_asset', { standard: 'accounts_receivable' }),
  account('15000', 'Office Equipment', 'asset', 'fixed_asset'),
  account('20000', 'Accounts Payable', 'liability', 'current_liability', { standard: 'accounts_payable' }),
  account('21000', 'Sales Tax Payable', 'liability', 'current_liability', { standard: 'tax_payable' }),
  account('30000', 'Retained Earnings', 'equity', 'equity', { standard: 'retained_earnings' }),
  account('40000', 'Sales', 'revenue', 'operating_revenue', { standard: 'sales' }),
  account('40500', 'Consulting Income', 'revenue', 'operating_revenue'),
  account('60100', 'Rent Expense', 'expense', 'operating_expense'),
  account('60200', 'Software Subscriptions', 'expense', 'operating_expense'),
  account('60300', 'Travel', 'expense', 'operating_expense'),
  account('69000', 'Old Suspense', 'expense', 'other_expense', { active: false }),
];

/** The roles the source's control accounts play: never created a second time (a second receivables would split the subledger). */
export const CONTROL_STANDARDS: readonly SystemRole[] = ['accounts_receivable', 'accounts_payable', 'tax_payable'];

export interface SourceCustomer extends UpstreamRecord {
  name: string;
  email: string;
  /** Owed on the source's conversion date. */
  openingBalance: number;
}

const NAMES = [
  'Tan Trading',
  'Lim Hardware',
  'Kumar Textiles',
  'Nur Catering',
  'Wong Logistics',
  'Ahmad Printing',
  'Chong Bakery',
  'Siva Motors',
  'Lee Florist',
  'Hassan Books',
];

export function sourceCustomers(integration: IntegrationRow): SourceCustomer[] {
  const rng = upstreamRandom(integration.id, 'customers');
  return NAMES.map((name, i) => ({
    externalId: `cus_${1001 + i}`,
    version: '1',
    name: `${name} (migrated)`,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    openingBalance: rng.chance(0.7) ? money.fromCents(rng.int(5000, 500000)) : 0,
  }));
}

export type SourceTransactionType = 'invoice' | 'bill' | 'payment' | 'journal_entry';

export interface SourceLine {
  description: string;
  amount: number;
  /** The source's account number. */
  accountNumber: string;
}

export interface SourceTransaction extends UpstreamRecord {
  type: SourceTransactionType;
  date: string;
  /** Invoices and payments: the source's customer id. */
  customerId?: string;
  /** Bills: the supplier's name. */
  supplierName?: string;
  /** Payments: the invoice it pays. */
  invoiceId?: string;
  amount: number;
  lines: SourceLine[];
}

const SUPPLIERS = ['Metro Office Rentals', 'CloudSoft Subscriptions', 'Express Travel'];
const EXPENSES: Record<string, string> = { 'Metro Office Rentals': '60100', 'CloudSoft Subscriptions': '60200', 'Express Travel': '60300' };

/** The source's invoices, bills and journal entries of one day. */
function dayTransactions(integration: IntegrationRow, day: string): SourceTransaction[] {
  const rng = upstreamRandom(integration.id, `day:${day}`);
  const stamp = day.replaceAll('-', '');
  const out: SourceTransaction[] = [];
  const customers = sourceCustomers(integration);
  if (rng.chance(0.4)) {
    const amount = money.fromCents(rng.int(10000, 300000));
    const customer = rng.pick(customers);
    out.push({
      externalId: `inv_${stamp}`,
      version: '1',
      type: 'invoice',
      date: day,
      customerId: customer.externalId,
      amount,
      lines: [{ description: 'Services rendered', amount, accountNumber: rng.pick(['40000', '40500']) }],
    });
  }
  if (rng.chance(0.25)) {
    const supplierName = rng.pick(SUPPLIERS);
    const amount = money.fromCents(rng.int(5000, 200000));
    out.push({
      externalId: `bill_${stamp}`,
      version: '1',
      type: 'bill',
      date: day,
      supplierName,
      amount,
      lines: [{ description: supplierName, amount, accountNumber: EXPENSES[supplierName]! }],
    });
  }
  if (rng.chance(0.1)) {
    const amount = money.fromCents(rng.int(10000, 100000));
    out.push({
      externalId: `je_${stamp}`,
      version: '1',
      type: 'journal_entry',
      date: day,
      amount,
      lines: [
        { description: 'Equipment bought', amount, accountNumber: '15000' },
        { description: 'Paid from bank', amount: -amount, accountNumber: '10100' },
      ],
    });
  }
  return out;
}

/** The source's transactions dated in `days`, of the given types, in date order; payments are those of the range's invoices (earlier ones are in the opening balances). */
export function sourceTransactions(
  integration: IntegrationRow,
  days: readonly string[],
  types: ReadonlySet<SourceTransactionType>,
): SourceTransaction[] {
  if (days.length === 0) return [];
  const inRange = new Set(days);
  const out: SourceTransaction[] = [];
  for (const day of days) out.push(...dayTransactions(integration, day).filter((t) => types.has(t.type)));
  if (types.has('payment')) {
    for (const day of days) {
      for (const invoice of dayTransactions(integration, day).filter((t) => t.type === 'invoice')) {
        const rng = upstreamRandom(integration.id, `paid:${invoice.externalId}`);
        const date = addDays(invoice.date, rng.int(1, 20));
        if (!rng.chance(0.6) || !inRange.has(date)) continue;
        out.push({
          externalId: `pmt_${invoice.externalId.slice(4)}`,
          version: '1',
          type: 'payment',
          date,
          customerId: invoice.customerId,
          invoiceId: invoice.externalId,
          amount: invoice.amount,
          lines: [],
        });
      }
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.externalId.localeCompare(b.externalId));
}

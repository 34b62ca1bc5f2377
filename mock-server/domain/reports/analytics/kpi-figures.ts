import type { CompanyContext } from '../../../store/context.js';
import {
  accountsTable,
  balancesAsOf,
  movementsBetween,
  type AccountRow,
  type AccountSums,
  type StoredLine,
} from '../../accounting/index.js';
import { addDays } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { placeOf } from '../financial/statement-figures.js';

// The ledger figures the KPIs are computed from (decision REP-52), posted
// lines only, read through the ledger's balancesAsOf / movementsBetween; accounts are placed as the
// statements place them (`placeOf`), so a margin here is the P&L's.

/** A KPI period: its first and last day. */
export interface KpiWindow {
  from: string;
  to: string;
}

/** What the KPIs of one period read of the ledger, in the company's currency. */
export interface KpiFigures {
  /** Operating revenue posted in the period (credits less debits). */
  revenue: money.Amount;
  /** Cost of goods sold posted in the period (debits less credits). */
  costOfSales: money.Amount;
  /** Every revenue account less every expense account over the period. */
  netIncome: money.Amount;
  /** What the period credited to accounts payable: purchases on account. */
  purchases: money.Amount;
  /** Balances at the period's end: current assets, current liabilities (credit positive), the control accounts. */
  currentAssets: money.Amount;
  currentLiabilities: money.Amount;
  receivables: money.Amount;
  payables: money.Amount;
  inventory: money.Amount;
  /** Balances the day before the period starts, for the averages of turnover. */
  openingInventory: money.Amount;
  openingPayables: money.Amount;
}

export const FIGURE_KEYS = [
  'revenue',
  'costOfSales',
  'netIncome',
  'purchases',
  'currentAssets',
  'currentLiabilities',
  'receivables',
  'payables',
  'inventory',
  'openingInventory',
  'openingPayables',
] as const satisfies readonly (keyof KpiFigures)[];

type Sums = ReadonlyMap<string, AccountSums>;

const net = (sums: Sums, accountId: string): money.Amount => {
  const s = sums.get(accountId);
  return s ? s.debit.minus(s.credit) : money.ZERO;
};

/** The figures of posted sums: `flow` over the period, `closing` at its end, `opening` the day before it. */
export function figuresOf(accounts: readonly AccountRow[], flow: Sums, closing: Sums, opening: Sums): KpiFigures {
  const f = Object.fromEntries(FIGURE_KEYS.map((key) => [key, money.ZERO])) as Record<keyof KpiFigures, money.Amount>;
  for (const account of accounts) {
    const moved = net(flow, account.id);
    const held = net(closing, account.id);
    // The statements' classification (one place decides where an account belongs).
    const place = placeOf(account);
    if (place === 'revenue') f.revenue = f.revenue.minus(moved);
    if (place === 'costOfSales') f.costOfSales = f.costOfSales.plus(moved);
    if (account.type === 'revenue' || account.type === 'expense') f.netIncome = f.netIncome.minus(moved);
    if (place === 'currentAssets') f.currentAssets = f.currentAssets.plus(held);
    if (place === 'currentLiabilities') f.currentLiabilities = f.currentLiabilities.minus(held);
    if (account.systemRole === 'accounts_receivable') f.receivables = f.receivables.plus(held);
    if (account.systemRole === 'inventory') {
      f.inventory = f.inventory.plus(held);
      f.openingInventory = f.openingInventory.plus(net(opening, account.id));
    }
    if (account.systemRole === 'accounts_payable') {
      f.payables = f.payables.minus(held);
      f.openingPayables = f.openingPayables.minus(net(opening, account.id));
      f.purchases = f.purchases.plus(flow.get(account.id)?.credit ?? money.ZERO);
    }
  }
  return f;
}

/** The figures of one period from the posted ledger. */
export function kpiFigures(ctx: CompanyContext, window: KpiWindow): KpiFigures {
  return figuresOf(
    accountsTable(ctx).all(),
    movementsBetween(ctx, window.from, window.to),
    balancesAsOf(ctx, window.to),
    balancesAsOf(ctx, addDays(window.from, -1)),
  );
}

/** What one posted entry (dated `date`) adds to the figures of a period: its lines alone, read as the ledger reads them. */
export function entryFigures(ctx: CompanyContext, window: KpiWindow, date: string, lines: readonly StoredLine[]): KpiFigures {
  const sums = new Map<string, AccountSums>();
  for (const line of lines) {
    const s = sums.get(line.accountId) ?? { debit: money.ZERO, credit: money.ZERO };
    sums.set(line.accountId, { debit: s.debit.plus(line.debit), credit: s.credit.plus(line.credit) });
  }
  const none = new Map<string, AccountSums>();
  const pick = (counts: boolean) => (counts ? sums : none);
  const accounts = lines.map((line) => accountsTable(ctx).get(line.accountId)).filter((a): a is AccountRow => a !== undefined);
  return figuresOf(
    [...new Set(accounts)],
    pick(date >= window.from && date <= window.to),
    pick(date <= window.to),
    pick(date < window.from),
  );
}

/** `a - b`, figure by figure. */
export const figuresLess = (a: KpiFigures, b: KpiFigures): KpiFigures =>
  Object.fromEntries(FIGURE_KEYS.map((key) => [key, a[key].minus(b[key])])) as Record<keyof KpiFigures, money.Amount>;

/** Whether every figure is zero: an entry that moves none of them changes no KPI. */
export const noFigures = (f: KpiFigures): boolean => FIGURE_KEYS.every((key) => f[key].isZero());

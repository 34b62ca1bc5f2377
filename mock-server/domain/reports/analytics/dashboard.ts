import type { AnalyticsDashboard } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import { accountsTable, balancesAsOf, isControlAccount, type AccountRow } from '../../accounting/index.js';
import { lowStockReport } from '../../inventory/index.js';
import { companyCurrency } from '../../platform/index.js';
import { agedPayables } from '../../purchasing/index.js';
import { invoicesTable, isOverdue, toBase } from '../../sales/index.js';
import { companyToday } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { kpiFigures } from './kpi-figures.js';
import { kpiGroups, kpiMetric, kpiValues, kpiWindows, type KpiPeriod } from './kpis.js';

// `GET /v1/analytics/dashboard` (spec document 3, "Reports": response not shown; our design,
// decision REP-55): the figures an owner looks at first, as of the company's today,
// each read from the computation that owns it (the ledger, aged payables, low stock, the KPIs).

/** How many customers `topCustomers` lists. */
export const DASHBOARD_TOP_CUSTOMERS = 5;

/**
 * The cash and bank accounts: those of the cash and bank roles, and every other active current-asset
 * account without children that is no control account and whose name says cash or bank (a foreign
 * currency bank account has no role).
 */
export function cashAccounts(ctx: CompanyContext): AccountRow[] {
  const accounts = accountsTable(ctx);
  return accounts
    .all()
    .filter(
      (a) =>
        a.systemRole === 'cash' ||
        a.systemRole === 'bank' ||
        (a.isActive &&
          a.category === 'current_asset' &&
          !isControlAccount(a) &&
          /cash|bank/i.test(a.name) &&
          accounts.byIndex('parentId', a.id).length === 0),
    )
    .sort((a, b) => (a.accountNumber < b.accountNumber ? -1 : 1));
}

/** What receivables still hold for open invoices past their due date today. */
const overdueReceivables = (ctx: CompanyContext, today: string): number =>
  money.toNumber(
    money.sum(
      invoicesTable(ctx)
        .all()
        .filter((invoice) => isOverdue(invoice, today))
        .map((invoice) => invoice.baseAmountDue),
    ),
  );

/** Customers invoiced most in the period, net of tax in the company's currency (sent and paid invoices dated in it). */
function topCustomers(ctx: CompanyContext, from: string, to: string): AnalyticsDashboard['topCustomers'] {
  const byCustomer = new Map<string, { customerName: string; revenue: money.Amount; invoiceCount: number }>();
  for (const invoice of invoicesTable(ctx).values()) {
    if (invoice.status === 'draft' || invoice.status === 'cancelled' || invoice.invoiceDate < from || invoice.invoiceDate > to) continue;
    const row = byCustomer.get(invoice.customerId) ?? { customerName: invoice.customer.name, revenue: money.ZERO, invoiceCount: 0 };
    row.revenue = row.revenue.plus(toBase(money.subtract(invoice.total, invoice.totalTax), invoice.exchangeRate));
    row.invoiceCount++;
    byCustomer.set(invoice.customerId, row);
  }
  return [...byCustomer]
    .map(([customerId, row]) => ({
      customerId,
      customerName: row.customerName,
      revenue: money.toNumber(row.revenue),
      invoiceCount: row.invoiceCount,
    }))
    .sort((a, b) => b.revenue - a.revenue || a.customerName.localeCompare(b.customerName))
    .slice(0, DASHBOARD_TOP_CUSTOMERS);
}

/** `GET /v1/analytics/dashboard`. */
export function dashboard(ctx: CompanyContext, params: { period?: KpiPeriod }): AnalyticsDashboard {
  const period = params.period ?? 'month';
  const today = companyToday(ctx);
  const windows = kpiWindows(ctx, period, today);
  const figures = { current: kpiFigures(ctx, windows.current), previous: kpiFigures(ctx, windows.previous) };
  const balances = balancesAsOf(ctx, today);
  const cash = cashAccounts(ctx).map((account) => {
    const sums = balances.get(account.id);
    return {
      accountId: account.id,
      accountCode: account.accountNumber,
      accountName: account.name,
      balance: money.toNumber(sums ? sums.debit.minus(sums.credit) : money.ZERO),
    };
  });
  const payables = agedPayables(ctx, { asOfDate: today }).totals;
  const lowStock = lowStockReport(ctx, {}).summary;
  return {
    asOfDate: today,
    period,
    currency: companyCurrency(ctx),
    currentPeriod: windows.current,
    previousPeriod: windows.previous,
    cash: { total: money.toNumber(money.sum(cash.map((a) => a.balance))), accounts: cash },
    receivables: { total: money.toNumber(figures.current.receivables), overdue: overdueReceivables(ctx, today) },
    payables: { total: payables.total, overdue: money.toNumber(money.subtract(payables.total, payables.current)) },
    revenue: kpiMetric(money.toNumber(figures.current.revenue), money.toNumber(figures.previous.revenue)),
    topCustomers: topCustomers(ctx, windows.current.from, windows.current.to),
    lowStock: { count: lowStock.totalItems, outOfStock: lowStock.outOfStock },
    kpis: kpiGroups(kpiValues(figures.current, windows.current), kpiValues(figures.previous, windows.previous)),
    generatedAt: ctx.clock.iso(),
  };
}

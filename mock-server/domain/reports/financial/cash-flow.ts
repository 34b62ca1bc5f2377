import type { CashFlowLine, CashFlowReport, CashFlowSection } from '../../../../src/contract/index.js';
import { accountsTable, balancesAsOf, movementsBetween, postedEntriesBetween } from '../../accounting/index.js';
import { companyCurrency, retrieveCompany } from '../../platform/index.js';
import { addDays } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { periodOrYearToDate } from './budget-periods.js';
import { EARNINGS_FLOWS, flowClassOf, type FlowClass } from './cash-flow-accounts.js';
import { ACTIVITY_OF, entryCash, nonCashTransaction, type Books } from './cash-flow-entries.js';
import { cashAccounts } from '../analytics/dashboard.js';
import type { ReportContext } from '../core/registry.js';
import { netIncomeOf } from './statement-figures.js';

// `GET /v1/reports/cash-flow` (spec document 3, "Reports"): both methods explain the same
// change of the cash accounts, read from their posted lines only (decisions REP-67 to REP-72, REP-94).

export type CashFlowMethod = 'direct' | 'indirect';
type SectionName = keyof CashFlowReport['sections'];
type LineDef = { key: string; label: string };

const INVESTING: LineDef[] = [
  { key: 'fixedAssets', label: 'Fixed assets bought and sold' },
  { key: 'otherAssets', label: 'Other non-current assets' },
];
const FINANCING: LineDef[] = [
  { key: 'borrowings', label: 'Long-term borrowings raised (repaid)' },
  { key: 'equity', label: 'Share capital and other equity' },
  { key: 'openingBalances', label: 'Opening balances entered' },
];

/** The lines of each method's sections, in the order shown; every line is shown, zero or not. */
const LINES: Record<CashFlowMethod, Record<SectionName, LineDef[]>> = {
  indirect: {
    operating: [
      { key: 'netIncome', label: 'Net income' },
      { key: 'nonCashCharges', label: 'Depreciation and other non-cash charges' },
      { key: 'retainedEarnings', label: 'Entries to retained earnings' },
      { key: 'receivables', label: 'Decrease (increase) in receivables' },
      { key: 'inventory', label: 'Decrease (increase) in inventory' },
      { key: 'otherCurrentAssets', label: 'Decrease (increase) in other current assets' },
      { key: 'payables', label: 'Increase (decrease) in payables' },
      { key: 'goodsReceivedNotInvoiced', label: 'Increase (decrease) in goods received not invoiced' },
      { key: 'tax', label: 'Increase (decrease) in tax payable, net of tax recoverable' },
      { key: 'otherCurrentLiabilities', label: 'Increase (decrease) in other current liabilities' },
    ],
    investing: INVESTING,
    financing: FINANCING,
  },
  direct: {
    operating: [
      { key: 'receiptsFromCustomers', label: 'Receipts from customers' },
      { key: 'paymentsToSuppliers', label: 'Payments to suppliers' },
      { key: 'paymentsForExpenses', label: 'Payments for operating expenses' },
      { key: 'taxPaid', label: 'Tax paid, net of refunds' },
      { key: 'otherOperating', label: 'Other operating receipts and payments' },
    ],
    investing: INVESTING,
    financing: FINANCING,
  },
};

const SECTION_LABELS: Record<SectionName, string> = {
  operating: 'Operating activities',
  investing: 'Investing activities',
  financing: 'Financing activities',
};

/** The direct line of the cash an entry moves, by the class of its main counterpart line. */
const DIRECT_LINE: Record<FlowClass, string> = {
  revenue: 'receiptsFromCustomers',
  receivables: 'receiptsFromCustomers',
  costOfSales: 'paymentsToSuppliers',
  payables: 'paymentsToSuppliers',
  inventory: 'paymentsToSuppliers',
  goodsReceivedNotInvoiced: 'paymentsToSuppliers',
  expense: 'paymentsForExpenses',
  tax: 'taxPaid',
  otherRevenue: 'otherOperating',
  otherCurrentAssets: 'otherOperating',
  otherCurrentLiabilities: 'otherOperating',
  retainedEarnings: 'otherOperating',
  fixedAssets: 'fixedAssets',
  otherAssets: 'otherAssets',
  borrowings: 'borrowings',
  equity: 'equity',
  openingBalances: 'openingBalances',
};

export function cashFlow(ctx: ReportContext, params: { periodFrom?: string; periodTo?: string; method?: CashFlowMethod }): CashFlowReport {
  const { from, to } = periodOrYearToDate(ctx, params);
  const method = params.method ?? 'indirect';
  const books = readBooks(ctx, from, to);
  const amounts = method === 'direct' ? directAmounts(books) : indirectAmounts(ctx, books, from, to);
  const nonCashTransactions = books.entries.flatMap((entry) => {
    const { nonCash } = entryCash(books, entry);
    return nonCash ? [nonCashTransaction(books, entry, nonCash)] : [];
  });
  const sections = {
    operating: section('operating', method, amounts),
    investing: section('investing', method, amounts),
    financing: section('financing', method, amounts),
  };
  const opening = balancesAsOf(ctx, addDays(from, -1));
  const closing = balancesAsOf(ctx, to);
  const net = (sums: ReturnType<typeof balancesAsOf>, id: string) => {
    const sum = sums.get(id);
    return sum ? sum.debit.minus(sum.credit) : money.ZERO;
  };
  const cashAccountRows = books.cash.map((account) => {
    const [before, after] = [net(opening, account.id), net(closing, account.id)];
    return { account, before, after };
  });
  const openingCash = money.sum(cashAccountRows.map((row) => row.before));
  const closingCash = money.sum(cashAccountRows.map((row) => row.after));
  const fromActivities = money.sum([sections.operating.total, sections.investing.total, sections.financing.total]);
  const change = closingCash.minus(openingCash);
  return {
    reportType: 'cash-flow',
    companyName: retrieveCompany(ctx).name,
    currency: companyCurrency(ctx),
    periodFrom: from,
    periodTo: to,
    method,
    openingCash: money.toNumber(openingCash),
    closingCash: money.toNumber(closingCash),
    netChange: money.toNumber(change),
    sections,
    cashAccounts: cashAccountRows.map(({ account, before, after }) => ({
      accountId: account.id,
      accountCode: account.accountNumber,
      accountName: account.name,
      openingBalance: money.toNumber(before),
      closingBalance: money.toNumber(after),
      change: money.toNumber(after.minus(before)),
    })),
    nonCashTransactions,
    reconciliation: {
      netChangeFromActivities: money.toNumber(fromActivities),
      changeInCashAccounts: money.toNumber(change),
      difference: money.toNumber(fromActivities.minus(change)),
      reconciled: fromActivities.equals(change),
    },
    generatedAt: ctx.clock.iso(),
    generatedBy: ctx.generatedBy,
  };
}

function readBooks(ctx: ReportContext, from: string, to: string): Books {
  const accounts = accountsTable(ctx).all();
  const cash = cashAccounts(ctx);
  const cashIds = new Set(cash.map((account) => account.id));
  const classOf = new Map(accounts.filter((account) => !cashIds.has(account.id)).map((account) => [account.id, flowClassOf(account)]));
  const entries = postedEntriesBetween(ctx, from, to);
  ctx.budget.spend(accounts.length + entries.reduce((n, entry) => n + entry.lines.length, 0));
  return { accounts, cash, cashIds, classOf, entries };
}

const add = (amounts: Map<string, money.Amount>, key: string, amount: money.Amount) =>
  amounts.set(key, (amounts.get(key) ?? money.ZERO).plus(amount));

/**
 * Indirect (IAS 7.18(b), 7.20): net income, then what each entry did beside it. An entry whose cash is
 * investing or financing by its other lines puts that cash on its line, and its gain or loss leaves net
 * income as a non-cash item; any other entry moves its working-capital lines, and its investing or financing
 * lines (depreciation, a write-off) are a non-cash charge. A non-cash investing or financing transaction is
 * no flow (IAS 7.43). So each entry's operating part is its operating cash, and the sections tie to cash.
 */
function indirectAmounts(ctx: ReportContext, books: Books, from: string, to: string): Map<string, money.Amount> {
  const amounts = new Map<string, money.Amount>();
  amounts.set('netIncome', netIncomeOf(books.accounts, movementsBetween(ctx, from, to)));
  for (const entry of books.entries) {
    const cash = entryCash(books, entry);
    if (cash.nonCash) continue;
    const outside = !cash.moved.isZero() && cash.counterpart !== null && ACTIVITY_OF[cash.counterpart] !== 'operating';
    if (outside) add(amounts, DIRECT_LINE[cash.counterpart!], cash.moved);
    for (const line of entry.lines) {
      const flow = books.classOf.get(line.accountId);
      if (!flow) continue;
      const movement = money.parse(line.credit).minus(line.debit);
      if (EARNINGS_FLOWS.has(flow)) {
        if (outside) add(amounts, 'nonCashCharges', movement.negated());
      } else if (!outside) add(amounts, ACTIVITY_OF[flow] === 'operating' ? flow : 'nonCashCharges', movement);
    }
  }
  return amounts;
}

/**
 * Direct: each entry's net movement of the cash accounts, on the line of its largest non-cash line
 * (a bill payment with a discount is a payment to a supplier); an entry between cash accounts only
 * moves no cash and is left out.
 */
function directAmounts(books: Books): Map<string, money.Amount> {
  const amounts = new Map<string, money.Amount>();
  for (const entry of books.entries) {
    const { moved, counterpart } = entryCash(books, entry);
    if (!moved.isZero() && counterpart) add(amounts, DIRECT_LINE[counterpart], moved);
  }
  return amounts;
}

function section(name: SectionName, method: CashFlowMethod, amounts: ReadonlyMap<string, money.Amount>): CashFlowSection {
  const lines: CashFlowLine[] = LINES[method][name].map(({ key, label }) => ({
    key,
    label,
    amount: money.toNumber(amounts.get(key) ?? money.ZERO),
  }));
  return {
    label: SECTION_LABELS[name],
    lines,
    total: money.toNumber(money.sum(LINES[method][name].map(({ key }) => amounts.get(key) ?? money.ZERO))),
  };
}

import type {
  AgedPayablesBuckets,
  AgedPayablesParams,
  AgedPayablesReport,
  SpendAnalysisParams,
  SpendAnalysisReport,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { accountsTable } from '../accounting/index.js';
import { itemCategoriesTable, itemsTable } from '../inventory/index.js';
import { companyCurrency } from '../platform/index.js';
import { toBase } from '../sales/index.js';
import * as money from '../shared/money.js';
import { addDays, companyToday, daysBetween } from '../shared/calendar.js';
import { billPaymentsTable, billsTable, type BillRow } from './bill-tables.js';
import { billNotesOwedOn, unappliedSupplierCreditOn } from './supplier-note-presenters.js';

type BucketKey = Exclude<keyof AgedPayablesBuckets, 'total'>;

/** The bucket of a bill `days` past its due date (0 or less: not yet due). */
const bucketOf = (days: number): BucketKey =>
  days <= 0 ? 'current' : days <= 30 ? 'days1To30' : days <= 60 ? 'days31To60' : days <= 90 ? 'days61To90' : 'over90';

/**
 * What payables held for a bill at the end of `asOfDate`, company currency: its posted total less what
 * payments dated by then cleared, unless voided by then (the ledger's own dates, so the report's total
 * is the payables control account on that date).
 */
function owedOn(ctx: CompanyContext, bill: BillRow, asOfDate: string): money.Amount {
  if (bill.status === 'draft' || bill.billDate > asOfDate) return money.ZERO;
  // A voided bill's reversal clears payables on its void date (PUR-54).
  if (bill.voidDate !== null && bill.voidDate <= asOfDate) return money.ZERO;
  const cleared = billPaymentsTable(ctx)
    .byIndex('billId', bill.id)
    .filter((p) => p.paymentDate <= asOfDate && !(p.status === 'voided' && p.voidDate !== null && p.voidDate <= asOfDate))
    .map((p) => p.baseSettled);
  return money
    .parse(bill.baseTotal)
    .minus(money.sum(cleared))
    .plus(billNotesOwedOn(ctx, bill, asOfDate));
}

const emptyBuckets = (): Record<keyof AgedPayablesBuckets, money.Amount> => ({
  current: money.ZERO,
  days1To30: money.ZERO,
  days31To60: money.ZERO,
  days61To90: money.ZERO,
  over90: money.ZERO,
  total: money.ZERO,
});
const asNumbers = (b: Record<keyof AgedPayablesBuckets, money.Amount>): AgedPayablesBuckets =>
  Object.fromEntries(Object.entries(b).map(([k, v]) => [k, money.toNumber(v)])) as AgedPayablesBuckets;

/** `GET /reports/purchasing/aged-payables` (PUR-44): per supplier and in total, by days past due on `asOfDate`. */
export function agedPayables(ctx: CompanyContext, query: AgedPayablesParams): AgedPayablesReport {
  const asOfDate = query.asOfDate ?? companyToday(ctx);
  const bills = query.supplierId ? billsTable(ctx).byIndex('supplierId', query.supplierId) : billsTable(ctx).all();
  const bySupplier = new Map<string, { name: string; count: number; buckets: ReturnType<typeof emptyBuckets> }>();
  const totals = emptyBuckets();
  const add = (supplier: BillRow['supplier'], bucket: BucketKey, amount: money.Amount, bill: boolean) => {
    const row = bySupplier.get(supplier.id) ?? { name: supplier.name, count: 0, buckets: emptyBuckets() };
    if (bill) row.count++;
    for (const target of [row.buckets, totals]) {
      target[bucket] = target[bucket].plus(amount);
      target.total = target.total.plus(amount);
    }
    bySupplier.set(supplier.id, row);
  };
  for (const bill of bills) {
    const owed = owedOn(ctx, bill, asOfDate);
    if (!owed.isZero()) add(bill.supplier, bucketOf(daysBetween(bill.dueDate, asOfDate)), owed, true);
  }
  // Supplier credit not yet applied is owed to the company: a negative amount in the current bucket (PUR-58).
  for (const { note, amount } of unappliedSupplierCreditOn(ctx, asOfDate, query.supplierId))
    add(note.supplier, 'current', amount.negated(), false);
  const suppliers = [...bySupplier.entries()]
    .map(([supplierId, row]) => ({ supplierId, supplierName: row.name, billCount: row.count, ...asNumbers(row.buckets) }))
    .sort((a, b) => b.total - a.total || a.supplierName.localeCompare(b.supplierName));
  return { reportName: 'Aged payables', asOfDate, currency: companyCurrency(ctx), suppliers, totals: asNumbers(totals) };
}

/** Sums amounts into named groups, largest first. */
class Groups {
  readonly #rows = new Map<string, { name: string; amount: money.Amount; bills: Set<string> }>();
  add(key: string, name: string, amount: number, billId: string): void {
    const row = this.#rows.get(key) ?? { name, amount: money.ZERO, bills: new Set<string>() };
    row.amount = row.amount.plus(amount);
    row.bills.add(billId);
    this.#rows.set(key, row);
  }
  list(byKey = false) {
    const rows = [...this.#rows.entries()].map(([key, row]) => ({
      key,
      name: row.name,
      amount: money.toNumber(row.amount),
      billCount: row.bills.size,
    }));
    return rows.sort((a, b) => (byKey ? a.key.localeCompare(b.key) : b.amount - a.amount || a.key.localeCompare(b.key)));
  }
}

/**
 * `GET /reports/purchasing/spend-analysis` (PUR-45): approved bills dated in the period, each
 * line before tax in the company's currency at its bill's rate, by supplier, account, item category and month.
 */
export function spendAnalysis(ctx: CompanyContext, query: SpendAnalysisParams): SpendAnalysisReport {
  const toDate = query.toDate ?? companyToday(ctx);
  const fromDate = query.fromDate ?? addDays(toDate, -364);
  const groups = { supplier: new Groups(), account: new Groups(), category: new Groups(), month: new Groups() };
  let total = money.ZERO;
  const accounts = accountsTable(ctx);
  for (const bill of billsTable(ctx).all()) {
    // A draft is no spend yet, a voided bill none at all (PUR-54).
    if (bill.status === 'draft' || bill.status === 'void' || bill.billDate < fromDate || bill.billDate > toDate) continue;
    if (query.supplierId && bill.supplierId !== query.supplierId) continue;
    for (const line of bill.items) {
      const amount = toBase(line.lineTotal, bill.exchangeRate);
      total = total.plus(amount);
      const categoryId = line.itemId ? itemsTable(ctx).get(line.itemId)?.categoryId : null;
      const category = categoryId ? itemCategoriesTable(ctx).get(categoryId) : undefined;
      groups.supplier.add(bill.supplierId, bill.supplier.name, amount, bill.id);
      groups.account.add(line.accountCode, accounts.get(line.accountId)?.name ?? line.accountCode, amount, bill.id);
      groups.category.add(category?.id ?? 'uncategorised', category?.path ?? 'Uncategorised', amount, bill.id);
      groups.month.add(bill.billDate.slice(0, 7), bill.billDate.slice(0, 7), amount, bill.id);
    }
  }
  return {
    reportName: 'Spend analysis',
    fromDate,
    toDate,
    currency: companyCurrency(ctx),
    total: money.toNumber(total),
    bySupplier: groups.supplier.list(),
    byAccount: groups.account.list(),
    byCategory: groups.category.list(),
    byMonth: groups.month.list(true),
  };
}

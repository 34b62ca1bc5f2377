import type { AgedPayablesBuckets, AgedPayablesParams, AgedPayablesReport } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { companyCurrency } from '../platform/index.js';
import * as money from '../shared/money.js';
import { companyToday, daysBetween } from '../shared/calendar.js';
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

import type { SpendAnalysisParams, SpendAnalysisReport } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { accountsTable } from '../accounting/index.js';
import { itemCategoriesTable, itemsTable } from '../inventory/index.js';
import { companyCurrency } from '../platform/index.js';
import * as money from '../shared/money.js';
import { addDays, companyToday } from '../shared/calendar.js';
import { billLineCosts } from './bill-approval.js';
import { billsTable, type BillLineRow, type BillRow } from './bill-tables.js';
import { supplierCreditNotesTable, supplierDebitNotesTable } from './supplier-note-tables.js';

/** Sums amounts into named groups, largest first. */
class Groups {
  readonly #rows = new Map<string, { name: string; amount: money.Amount; bills: Set<string> }>();
  add(key: string, name: string, amount: money.Amount, billId: string): void {
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

/** One document's part of the spend: its lines at their posted cost, on its own date, a credit's the other way. */
interface SpendDocument {
  bill: BillRow;
  date: string;
  lines: readonly Pick<BillLineRow, 'itemId' | 'accountId' | 'accountCode'>[];
  costs: readonly money.Amount[];
  sign: 1 | -1;
}

/**
 * The purchasing documents that post to the ledger in the period, each as its entry counts it (PUR-60): an
 * approved bill on its bill date, and a voided one's reversal on its void date (PUR-54); a supplier debit note
 * on its date, a credit note on its date the other way, each at its lines' share of what it posted (PUR-58).
 */
function* spendDocuments(ctx: CompanyContext, inPeriod: (date: string) => boolean, supplierId?: string): Generator<SpendDocument> {
  const bills = billsTable(ctx);
  const ofSupplier = (row: { supplierId: string }) => !supplierId || row.supplierId === supplierId;
  for (const bill of bills.values()) {
    // A draft is no spend yet (it posts nothing).
    if (bill.status === 'draft' || !ofSupplier(bill)) continue;
    const posted = inPeriod(bill.billDate);
    const reversed = bill.voidDate !== null && inPeriod(bill.voidDate);
    // A bill voided within the period is no spend of it at all (PUR-54): its entry and reversal net to nothing.
    if (posted === reversed) continue;
    yield {
      bill,
      date: posted ? bill.billDate : bill.voidDate!,
      lines: bill.items,
      costs: billLineCosts(ctx, bill),
      sign: posted ? 1 : -1,
    };
  }
  const asBill = (bill: BillRow, items: readonly Omit<BillLineRow, 'purchaseOrderLineId'>[], baseTotal: number): BillRow => ({
    ...bill,
    items: items.map((line) => ({ ...line, purchaseOrderLineId: null })),
    baseTotal,
  });
  for (const note of supplierDebitNotesTable(ctx).values()) {
    if (!inPeriod(note.debitNoteDate) || !ofSupplier(note)) continue;
    const bill = bills.get(note.billId)!;
    const costs = billLineCosts(ctx, asBill(bill, note.items, note.baseTotal));
    yield { bill, date: note.debitNoteDate, lines: note.items, costs, sign: 1 };
  }
  for (const note of supplierCreditNotesTable(ctx).values()) {
    if (!inPeriod(note.creditNoteDate) || !ofSupplier(note)) continue;
    const bill = bills.get(note.billId)!;
    // What the note's lines reversed of the bill's entry: `baseLinesTotal`, so a bill credited whole nets to the cent.
    const costs = billLineCosts(ctx, asBill(bill, note.items, note.baseLinesTotal));
    yield { bill, date: note.creditNoteDate, lines: note.items, costs, sign: -1 };
  }
}

/**
 * `GET /reports/purchasing/spend-analysis` (PUR-45, PUR-60): what the company's purchasing documents dated in the
 * period cost, in the company's currency, as the ledger counts them: approved bills less supplier credit notes,
 * with supplier debit notes, each line at what its entry debits (before recoverable tax, with tax that is not),
 * by supplier, account, item category and month of the document's date.
 */
export function spendAnalysis(ctx: CompanyContext, query: SpendAnalysisParams): SpendAnalysisReport {
  const toDate = query.toDate ?? companyToday(ctx);
  const fromDate = query.fromDate ?? addDays(toDate, -364);
  const groups = { supplier: new Groups(), account: new Groups(), category: new Groups(), month: new Groups() };
  let total = money.ZERO;
  const accounts = accountsTable(ctx);
  const inPeriod = (date: string) => date >= fromDate && date <= toDate;
  for (const { bill, date, lines, costs, sign } of spendDocuments(ctx, inPeriod, query.supplierId)) {
    lines.forEach((line, index) => {
      const amount = sign === 1 ? costs[index]! : costs[index]!.negated();
      total = total.plus(amount);
      const categoryId = line.itemId ? itemsTable(ctx).get(line.itemId)?.categoryId : null;
      const category = categoryId ? itemCategoriesTable(ctx).get(categoryId) : undefined;
      groups.supplier.add(bill.supplierId, bill.supplier.name, amount, bill.id);
      groups.account.add(line.accountCode, accounts.get(line.accountId)?.name ?? line.accountCode, amount, bill.id);
      groups.category.add(category?.id ?? 'uncategorised', category?.path ?? 'Uncategorised', amount, bill.id);
      groups.month.add(date.slice(0, 7), date.slice(0, 7), amount, bill.id);
    });
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

import type { SupplierCreditNoteCreateParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { businessRule, notFound, validationError, type ValidationIssue } from '../../kernel/errors.js';
import { controlAccount, postLedgerEntry, type JournalLineInput } from '../accounting/index.js';
import { quantity as roundQuantity } from '../inventory/index.js';
import { addQuantities, basePortion, checkDateOrder, checkNotAfterToday, lineLeft, linePart, toBase } from '../sales/index.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import * as money from '../shared/money.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { balanceMove } from '../shared/party-balance.js';
import { retrievePurchaseOrder } from './purchase-orders.js';
import { retrieveSupplier } from './suppliers.js';
import { purchaseOrdersTable, suppliersTable } from './tables.js';
import { retrieveBill } from './bills.js';
import { approvalLines } from './bill-approval.js';
import { adjustBill } from './bill-adjustments.js';
import type { BillLineRow, BillRow } from './bill-tables.js';
import {
  BILL_NOTE_MOVES,
  SUPPLIER_NOTE_NUMBERS,
  supplierCreditNotesTable,
  supplierCreditStatusOf,
  type SupplierCreditNoteLineRow,
  type SupplierCreditNoteRow,
} from './supplier-note-tables.js';

const OVER_CREDIT = 'a supplier credit note cannot credit more than was billed less what was already credited';

export function retrieveSupplierCreditNote(ctx: CompanyContext, creditNoteId: string): SupplierCreditNoteRow {
  const note = supplierCreditNotesTable(ctx).get(creditNoteId);
  if (!note) throw notFound('supplier credit note', creditNoteId, 'NOT_FOUND', 'supplierCreditNoteId');
  return note;
}

/** A bill line in the shape the sales line arithmetic takes: bill lines carry no discount. */
const portion = <L extends Pick<BillLineRow, 'quantity' | 'unitPrice' | 'taxRate' | 'lineTotal' | 'taxAmount'>>(line: L) => ({
  ...line,
  discountPercent: 0,
  discountAmount: 0,
});

/**
 * The goods received not invoiced a credited matched stock line gives back (PUR-59): its share, by quantity,
 * of what the bill line cleared and earlier credit notes have not given back; the last credit takes the rest.
 */
function clearedPart(line: BillLineRow, taken: readonly SupplierCreditNoteLineRow[], quantity: number, left: number): number {
  const remaining = line.clearedValueCents - taken.reduce((sum, t) => sum + t.clearedValueCents, 0);
  if (!line.matchedStock) return 0;
  return money.equals(quantity, left) ? remaining : Math.min(remaining, Math.round((remaining * quantity) / left));
}

/** A credited line: the bill line at `quantity`, the last credit of it taking what is left of its amounts. */
function creditLine(ctx: CompanyContext, line: BillLineRow, taken: readonly SupplierCreditNoteLineRow[], quantity: number) {
  const left = lineLeft(portion(line), taken.map(portion)).quantity;
  const {
    purchaseOrderLineId: _order,
    discountPercent: _p,
    discountAmount: _d,
    ...part
  } = linePart(portion(line), taken.map(portion), quantity);
  const row: SupplierCreditNoteLineRow = { ...part, id: ctx.store.ids.next('ln'), billLineId: line.id, clearedValueCents: 0 };
  row.clearedValueCents = clearedPart(line, taken, quantity, left);
  return row;
}

/** The lines a credit note takes; more than is left to credit is 422 naming each line. */
function creditedLines(
  ctx: CompanyContext,
  bill: BillRow,
  prior: readonly SupplierCreditNoteRow[],
  items: SupplierCreditNoteCreateParams['items'],
): SupplierCreditNoteLineRow[] {
  const takenOf = (lineId: string) => prior.flatMap((note) => note.items).filter((l) => l.billLineId === lineId);
  const leftOf = (line: BillLineRow) => lineLeft(portion(line), takenOf(line.id).map(portion)).quantity;
  const wanted = items ?? bill.items.filter((line) => leftOf(line) > 0).map((line) => ({ billLineId: line.id, quantity: leftOf(line) }));
  const issues: ValidationIssue[] = [];
  const over: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const lines: SupplierCreditNoteLineRow[] = [];
  wanted.forEach((item, index) => {
    const line = bill.items.find((candidate) => candidate.id === item.billLineId);
    if (!line || seen.has(item.billLineId)) {
      const message = line ? 'each bill line is credited once per credit note' : `${bill.billNumber} has no line ${item.billLineId}`;
      issues.push({ field: `items.${index}.billLineId`, code: 'INVALID_CHOICE', message, value: item.billLineId });
      return;
    }
    seen.add(line.id);
    const left = leftOf(line);
    if (money.compare(item.quantity, left) > 0) {
      over.push({
        billLineId: line.id,
        billedQuantity: line.quantity,
        creditedQuantity: addQuantities(line.quantity, -left),
        requestedQuantity: item.quantity,
      });
      return;
    }
    lines.push(creditLine(ctx, line, takenOf(line.id), item.quantity));
  });
  if (issues.length > 0) throw validationError(issues);
  if (over.length > 0) throw businessRule(OVER_CREDIT, { billId: bill.id, billNumber: bill.billNumber, lines: over });
  if (lines.length === 0) throw businessRule('the bill is already credited in full', { billId: bill.id, billNumber: bill.billNumber });
  return lines;
}

/**
 * What the credit moves in the company's currency. `linesBase` is what its lines reverse: its total at the
 * bill's rate, or, for the note that credits the last of the bill, what the bill posted less the notes
 * before it, so crediting a whole bill reverses its entry to the cent. The credit settles the bill's balance
 * first (`applied`, taking what payables hold for it); the rest is supplier credit.
 */
function settlementOf(bill: BillRow, prior: readonly SupplierCreditNoteRow[], total: number, completes: boolean) {
  const linesBase = completes
    ? money.toNumber(money.subtract(bill.baseTotal, money.sum(prior.map((note) => note.baseLinesTotal))))
    : toBase(total, bill.exchangeRate);
  const applied = money.toNumber(money.parse(total).clamp(0, bill.balanceDue));
  const excess = money.toNumber(money.subtract(total, applied));
  const baseApplied = applied > 0 ? basePortion(applied, { amount: bill.balanceDue, base: bill.baseBalanceDue }, bill.exchangeRate) : 0;
  const rest = money.toNumber(money.subtract(linesBase, baseApplied));
  const baseExcess = excess > 0 ? (rest > 0 ? rest : toBase(excess, bill.exchangeRate)) : 0;
  return { linesBase, applied, excess, baseApplied, baseExcess, payablesBase: money.toNumber(money.add(baseApplied, baseExcess)) };
}

const flip = ({ debit, credit, ...line }: JournalLineInput): JournalLineInput =>
  debit ? { ...line, credit: debit } : { ...line, debit: credit ?? 0 };

/**
 * The credit's entry (PUR-58): the approval's lines for the credited part, reversed (Cr the expense accounts,
 * goods received not invoiced for matched stock, recoverable tax, price variance and exchange difference;
 * Dr payables), with payables debited by what the credit clears and keeps; a cent between the two
 * (rounding at a foreign rate) is an exchange difference.
 */
function creditEntryLines(ctx: ActingContext, bill: BillRow, lines: SupplierCreditNoteLineRow[], bases: ReturnType<typeof settlementOf>) {
  const receivedRate = bill.purchaseOrderId ? retrievePurchaseOrder(ctx, bill.purchaseOrderId).exchangeRate : bill.exchangeRate;
  const items = lines.map((line) => ({ ...line, purchaseOrderLineId: null }));
  const reversed = approvalLines(
    ctx,
    { ...bill, items, baseTotal: bases.linesBase },
    items.map((l) => l.clearedValueCents),
    receivedRate,
  ).map(flip);
  const payable = reversed[reversed.length - 1];
  payable.debit = bases.payablesBase;
  payable.description = `${bill.supplier.name} credit on ${bill.billNumber}`;
  const difference = money.toNumber(money.subtract(bases.payablesBase, bases.linesBase));
  if (difference !== 0) {
    const accountId = controlAccount(ctx, 'exchange_gain_loss').id;
    reversed.push(difference > 0 ? { accountId, credit: difference } : { accountId, debit: -difference });
  }
  return reversed;
}

/** Gives the order back what the credited matched lines billed: billed quantities, and goods received not invoiced (PUR-59). */
function unbillOnOrder(ctx: ActingContext, bill: BillRow, lines: readonly SupplierCreditNoteLineRow[]): void {
  if (!bill.purchaseOrderId) return;
  const order = retrievePurchaseOrder(ctx, bill.purchaseOrderId);
  const orderLineOf = new Map(bill.items.map((line) => [line.id, line.purchaseOrderLineId]));
  const items = order.items.map((orderLine) => {
    const credited = lines.filter((line) => orderLineOf.get(line.billLineId) === orderLine.id);
    if (credited.length === 0) return orderLine;
    return {
      ...orderLine,
      billedQuantity: roundQuantity(credited.reduce((left, line) => left - line.quantity, orderLine.billedQuantity)),
      receivedValueCents: credited.reduce((value, line) => value + line.clearedValueCents, orderLine.receivedValueCents),
    };
  });
  purchaseOrdersTable(ctx).update(order.id, { items, updatedAt: ctx.clock.iso() });
}

/**
 * `POST /bills/{billId}/supplier-credit-notes` (PUR-58): the supplier credits an approved bill, the chosen
 * lines and quantities at the bill's prices or everything not yet credited, at the credit note's date and the
 * bill's rate. One entry reverses the credited share of the bill's; the credit settles what the bill has due,
 * and the rest stays as supplier credit to apply or to be refunded. The supplier's balance falls by it all.
 */
export function createSupplierCreditNote(ctx: ActingContext, billId: string, input: SupplierCreditNoteCreateParams): SupplierCreditNoteRow {
  return ctx.store.transaction(() => {
    const bill = retrieveBill(ctx, billId);
    BILL_NOTE_MOVES.assert('credit', bill.status, { billId: bill.id, billNumber: bill.billNumber });
    const creditNoteDate = input.creditNoteDate ?? companyToday(ctx);
    checkDateOrder('creditNoteDate', creditNoteDate, bill.billDate, 'billDate');
    checkNotAfterToday(ctx, 'creditNoteDate', creditNoteDate);
    const table = supplierCreditNotesTable(ctx);
    const prior = table.byIndex('billId', bill.id);
    const lines = creditedLines(ctx, bill, prior, input.items);
    const subtotal = money.toNumber(money.sum(lines.map((l) => l.lineTotal)));
    const taxTotal = money.toNumber(money.sum(lines.map((l) => l.taxAmount)));
    const total = money.toNumber(money.add(subtotal, taxTotal));
    const taken = [...prior.flatMap((note) => note.items), ...lines];
    const completes = bill.items.every((line) =>
      money.equals(
        taken.filter((l) => l.billLineId === line.id).reduce((q, l) => addQuantities(q, l.quantity), 0),
        line.quantity,
      ),
    );
    const bases = settlementOf(bill, prior, total, completes);

    const id = table.newId();
    const creditNoteNumber = nextDocumentNumber(ctx, SUPPLIER_NOTE_NUMBERS.creditNote);
    const entry = postLedgerEntry(ctx, {
      date: creditNoteDate,
      reference: creditNoteNumber,
      description: `Supplier credit note ${creditNoteNumber}: ${bill.supplier.name} on ${bill.billNumber}`,
      lines: creditEntryLines(ctx, bill, lines, bases),
      source: { type: 'supplier_credit_note', id },
    });
    unbillOnOrder(ctx, bill, lines);
    if (bases.applied > 0) adjustBill(ctx, bill, { credited: bases.applied, baseDelta: -bases.baseApplied });
    const supplier = retrieveSupplier(ctx, bill.supplierId);
    const now = ctx.clock.iso();
    suppliersTable(ctx).update(supplier.id, balanceMove(supplier, -bases.payablesBase, now));
    const application = {
      id: ctx.store.ids.next('sca'),
      billId: bill.id,
      billNumber: bill.billNumber,
      amount: bases.applied,
      baseAmount: bases.baseApplied,
      creditBase: bases.baseApplied,
      applicationDate: creditNoteDate,
      createdAt: now,
    };
    return table.insert({
      id,
      creditNoteNumber,
      supplierCreditNoteNumber: input.supplierCreditNoteNumber ?? null,
      billId: bill.id,
      billNumber: bill.billNumber,
      supplierId: bill.supplierId,
      supplier: { ...bill.supplier },
      creditNoteDate,
      status: supplierCreditStatusOf(bases.excess, 0),
      reason: input.reason,
      notes: input.notes ?? null,
      currency: bill.currency,
      exchangeRate: bill.exchangeRate,
      items: lines,
      subtotal,
      taxTotal,
      total,
      baseTotal: bases.payablesBase,
      baseLinesTotal: bases.linesBase,
      amountApplied: bases.applied,
      amountRefunded: 0,
      remainingCredit: bases.excess,
      baseRemainingCredit: bases.baseExcess,
      applications: bases.applied > 0 ? [application] : [],
      refunds: [],
      journalEntryId: entry.id,
      createdBy: actorOf(ctx),
      createdAt: now,
      updatedAt: now,
    });
  });
}

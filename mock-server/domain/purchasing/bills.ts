import type { Bill, BillCreateParams, BillPayment, BillStatus, BillUpdateParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { businessRule, notFound, ServiceError, validationError } from '../../kernel/errors.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { addDays, companyToday, daysBetween } from '../shared/calendar.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { checkDateOrder, documentCurrency, documentTotals, toBase } from '../sales/index.js';
import { retrievePurchaseOrder } from './purchase-orders.js';
import { supplierForPurchase, supplierRef } from './suppliers.js';
import type { PurchaseOrderRow, SupplierRow } from './tables.js';
import { BILL_MOVES } from './bill-status.js';
import { priceBillLines } from './bill-lines.js';
import { attachBillFiles, presentBillAttachments } from './bill-attachments.js';
import {
  BILL_NUMBER,
  billPaymentsTable,
  billStatusOf,
  billsTable,
  isBillOverdue,
  type BillPaymentRow,
  type BillRow,
} from './bill-tables.js';

/** 404 BILL_NOT_FOUND for an unknown bill. */
export function retrieveBill(ctx: CompanyContext, billId: string): BillRow {
  const bill = billsTable(ctx).get(billId);
  if (!bill) throw notFound('bill', billId, 'BILL_NOT_FOUND', 'billId');
  return bill;
}

const invoiceKey = (value: string): string => value.trim().toUpperCase();

/** 409 INVALID_SUPPLIER_INVOICE when another bill of the supplier carries the number (spec document 2, "Bill": unique per supplier; status chosen). */
function checkSupplierInvoiceNumber(ctx: CompanyContext, supplierId: string, number: string, selfId: string | null): void {
  const taken = billsTable(ctx)
    .byIndex('supplierId', supplierId)
    .find((bill) => bill.id !== selfId && invoiceKey(bill.supplierInvoiceNumber) === invoiceKey(number));
  if (taken) {
    throw new ServiceError(
      'INVALID_SUPPLIER_INVOICE',
      `the supplier's invoice ${number.trim()} is already entered as ${taken.billNumber}`,
      [{ field: 'supplierInvoiceNumber', value: number.trim(), billId: taken.id, billNumber: taken.billNumber }],
    );
  }
}

/**
 * The order a bill is matched to: the supplier's and sent. A cancelled order is billable only for goods
 * that arrived before it was cancelled, so their value does not stay on goods received not invoiced.
 */
function orderToBill(ctx: CompanyContext, supplier: SupplierRow, purchaseOrderId: string | undefined): PurchaseOrderRow | null {
  if (!purchaseOrderId) return null;
  const order = retrievePurchaseOrder(ctx, purchaseOrderId);
  if (order.supplierId !== supplier.id) {
    throw validationError([
      {
        field: 'purchaseOrderId',
        code: 'INVALID_CHOICE',
        message: `purchase order ${order.poNumber} is from another supplier`,
        value: order.id,
      },
    ]);
  }
  const unbilledReceipts = order.items.some((line) => line.receivedQuantity > line.billedQuantity);
  if (order.status === 'draft' || (order.status === 'cancelled' && !unbilledReceipts)) {
    throw businessRule(`a bill is matched to a sent purchase order; ${order.poNumber} is ${order.status}`, {
      purchaseOrderId: order.id,
      status: order.status,
    });
  }
  return order;
}

/** Amounts of the bill's lines; `baseTotal` shows what approval would post (approval keeps it). */
export function billAmounts(lines: BillRow['items'], exchangeRate: number) {
  const totals = documentTotals(
    lines.map((l) => ({ lineTotal: l.lineTotal, discountAmount: 0, taxAmount: l.taxAmount })),
    0,
    exchangeRate,
  );
  return {
    subtotal: totals.subtotal,
    taxTotal: totals.totalTax,
    total: totals.total,
    baseTotal: toBase(totals.total, exchangeRate),
    balanceDue: totals.total,
  };
}

/**
 * `POST /bills`: a draft (nothing posted until approved). The supplier must be active; the currency is
 * the order's for a bill matched to one, else the supplier's; dueDate defaults to billDate plus the
 * supplier's `termsDays`. Attachments are checked and stored with it.
 */
export function createBill(ctx: ActingContext, input: BillCreateParams): BillRow {
  return ctx.store.transaction(() => {
    const supplier = supplierForPurchase(ctx, input.supplierId);
    checkSupplierInvoiceNumber(ctx, supplier.id, input.supplierInvoiceNumber, null);
    const order = orderToBill(ctx, supplier, input.purchaseOrderId);
    const currencySource = order ?? supplier;
    const { currency, exchangeRate } = documentCurrency(ctx, currencySource, {
      exchangeRate: input.exchangeRate ?? (order && order.exchangeRate !== 1 ? order.exchangeRate : undefined),
    });
    const items = priceBillLines(ctx, order, input.items);
    const billDate = input.billDate ?? companyToday(ctx);
    const dueDate = input.dueDate ?? addDays(billDate, supplier.paymentTerms.termsDays);
    checkDateOrder('dueDate', dueDate, billDate, 'billDate');
    const table = billsTable(ctx);
    const now = ctx.clock.iso();
    const actor = actorOf(ctx);
    const bill = table.insert({
      id: table.newId(),
      billNumber: nextDocumentNumber(ctx, BILL_NUMBER),
      supplierInvoiceNumber: input.supplierInvoiceNumber.trim(),
      supplierId: supplier.id,
      supplier: supplierRef(supplier),
      purchaseOrderId: order?.id ?? null,
      billDate,
      dueDate,
      status: 'draft',
      currency,
      exchangeRate,
      reference: input.reference ?? null,
      ...billAmounts(items, exchangeRate),
      paidAmount: 0,
      discountTaken: 0,
      creditedAmount: 0,
      debitedAmount: 0,
      baseBalanceDue: 0,
      items,
      paymentTerms: { ...supplier.paymentTerms },
      notes: input.notes ?? null,
      journalEntryId: null,
      approvedBy: null,
      approvedAt: null,
      voidDate: null,
      voidReason: null,
      createdBy: actor,
      createdAt: now,
      updatedAt: now,
    });
    attachBillFiles(ctx, bill.id, input.attachments);
    return bill;
  });
}

/** `PUT /bills/{id}`: a draft's fields; `items` replaces every line (matched to the same order), `attachments` adds files. */
export function updateBill(ctx: ActingContext, billId: string, input: BillUpdateParams): BillRow {
  return ctx.store.transaction(() => {
    const bill = retrieveBill(ctx, billId);
    BILL_MOVES.assert('update', bill.status, { billId: bill.id, billNumber: bill.billNumber });
    const changes: Partial<BillRow> = {};
    if (input.supplierInvoiceNumber !== undefined) {
      checkSupplierInvoiceNumber(ctx, bill.supplierId, input.supplierInvoiceNumber, bill.id);
      changes.supplierInvoiceNumber = input.supplierInvoiceNumber.trim();
    }
    if (input.exchangeRate !== undefined)
      changes.exchangeRate = documentCurrency(ctx, bill, { exchangeRate: input.exchangeRate }).exchangeRate;
    if (input.items !== undefined) {
      const order = bill.purchaseOrderId ? retrievePurchaseOrder(ctx, bill.purchaseOrderId) : null;
      changes.items = priceBillLines(ctx, order, input.items);
    }
    const billDate = input.billDate ?? bill.billDate;
    const dueDate = input.dueDate ?? (input.billDate ? addDays(billDate, bill.paymentTerms.termsDays) : bill.dueDate);
    checkDateOrder('dueDate', dueDate, billDate, 'billDate');
    if (input.reference !== undefined) changes.reference = input.reference;
    if (input.notes !== undefined) changes.notes = input.notes;
    const items = changes.items ?? bill.items;
    const rate = changes.exchangeRate ?? bill.exchangeRate;
    attachBillFiles(ctx, bill.id, input.attachments);
    return billsTable(ctx).update(bill.id, { ...changes, billDate, dueDate, ...billAmounts(items, rate), updatedAt: ctx.clock.iso() });
  });
}

/** Plain filters of `GET /bills` (spec document 2: `status`, `supplierId`, `fromDate`, `toDate`, `dueFromDate`, `dueToDate`). */
export interface BillFilters {
  status?: BillStatus;
  supplierId?: string;
  purchaseOrderId?: string;
  fromDate?: string;
  toDate?: string;
  dueFromDate?: string;
  dueToDate?: string;
}

export function billMatches(ctx: CompanyContext, filters: BillFilters): (row: BillRow) => boolean {
  const today = companyToday(ctx);
  return (row) =>
    (filters.status === undefined || billStatusOf(row, today) === filters.status) &&
    (filters.supplierId === undefined || row.supplierId === filters.supplierId) &&
    (filters.purchaseOrderId === undefined || row.purchaseOrderId === filters.purchaseOrderId) &&
    (filters.fromDate === undefined || row.billDate >= filters.fromDate) &&
    (filters.toDate === undefined || row.billDate <= filters.toDate) &&
    (filters.dueFromDate === undefined || row.dueDate >= filters.dueFromDate) &&
    (filters.dueToDate === undefined || row.dueDate <= filters.dueToDate);
}

/** The wire shape: `status` and `overdueBy` read from the clock, with the bill's payments and attachments. */
export function presentBill(ctx: CompanyContext, row: BillRow): Bill {
  const today = companyToday(ctx);
  const overdue = isBillOverdue(row, today);
  const { baseBalanceDue: _base, ...rest } = row;
  return {
    ...rest,
    status: overdue ? 'overdue' : row.status,
    supplier: { ...row.supplier },
    overdueBy: overdue ? daysBetween(row.dueDate, today) : 0,
    items: row.items.map(({ accountId: _a, matchedStock: _m, clearedValueCents: _c, ...line }) => ({ ...line })),
    attachments: presentBillAttachments(ctx, row.id),
    paymentTerms: { ...row.paymentTerms },
    payments: billPaymentsTable(ctx).byIndex('billId', row.id).map(presentBillPayment),
  };
}

/** A payment as the API shows it, inside its bill and in the bill's payment list. */
export const presentBillPayment = ({
  billId: _b,
  supplierId: _s,
  baseSettled: _bs,
  createdBy: _c,
  ...payment
}: BillPaymentRow): BillPayment => ({ ...payment });

/** A bill's payments, oldest first, voided ones included; 404 for an unknown bill. */
export const billPayments = (ctx: CompanyContext, billId: string): BillPaymentRow[] =>
  billPaymentsTable(ctx).byIndex('billId', retrieveBill(ctx, billId).id);

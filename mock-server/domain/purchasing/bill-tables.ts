import type { BillStatus, PaymentMethod, PaymentRecordStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import type { NumberFormat } from '../shared/numbering.js';
import type { PurchaseOrderLineRow, SupplierRow } from './tables.js';

/** The bills' tables (PUR-32): bills, their payments, and the files attached to them. */
export const BILLS = 'bills';
export const BILL_PAYMENTS = 'billPayments';
export const BILL_ATTACHMENTS = 'billAttachments';

export const BILL_NUMBER: NumberFormat = { sequence: 'bill', prefix: 'BILL', digits: 6 };
export const BILL_PAYMENT_NUMBER: NumberFormat = { sequence: 'billPayment', prefix: 'BPAY', digits: 6 };

/** Stored bill states; `overdue` is derived from `dueDate`, `balanceDue` and the clock. */
export type StoredBillStatus = Exclude<BillStatus, 'overdue'>;

/** The priced fields a purchase line has, whatever the document (the order's line shape is the one). */
export type PricedPurchaseLine = Pick<
  PurchaseOrderLineRow,
  'id' | 'itemId' | 'itemCode' | 'description' | 'quantity' | 'unitPrice' | 'lineTotal' | 'taxCode' | 'taxRate' | 'taxAmount'
>;

export interface BillLineRow extends PricedPurchaseLine {
  purchaseOrderLineId: string | null;
  /** The account the line posts to: an expense or asset account, or goods received not invoiced for a matched stock line. */
  accountId: string;
  accountCode: string;
  /** A stock line matched to its order line: approval clears goods received not invoiced for it. */
  matchedStock: boolean;
  /** Company-currency cents of goods received not invoiced the approval cleared for the line (0 until approved). */
  clearedValueCents: number;
}

export interface BillRow {
  id: string;
  billNumber: string;
  supplierInvoiceNumber: string;
  supplierId: string;
  supplier: { id: string; name: string; email: string | null };
  purchaseOrderId: string | null;
  billDate: string;
  dueDate: string;
  status: StoredBillStatus;
  currency: string;
  exchangeRate: number;
  reference: string | null;
  subtotal: number;
  taxTotal: number;
  total: number;
  /** `total` in the company's currency, as approval posts it to accounts payable. */
  baseTotal: number;
  paidAmount: number;
  discountTaken: number;
  /** Supplier credit applied to the bill and charges of its debit notes, in its currency (PUR-58). */
  creditedAmount: number;
  debitedAmount: number;
  balanceDue: number;
  /** What accounts payable still holds for the bill, company currency (0 while a draft). */
  baseBalanceDue: number;
  items: BillLineRow[];
  paymentTerms: SupplierRow['paymentTerms'];
  notes: string | null;
  journalEntryId: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  /** The reversal's date and the reason once voided (PUR-54). */
  voidDate: string | null;
  voidReason: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface BillPaymentRow {
  id: string;
  paymentNumber: string;
  billId: string;
  supplierId: string;
  amount: number;
  discountAmount: number;
  exchangeRate: number;
  /** Paid out of the bank, company currency. */
  baseAmount: number;
  /** What the payment (with its discount) cleared of accounts payable, company currency; a void gives it back. */
  baseSettled: number;
  paymentDate: string;
  method: PaymentMethod;
  reference: string | null;
  accountId: string;
  journalEntryId: string;
  status: PaymentRecordStatus;
  voidDate: string | null;
  voidReason: string | null;
  createdBy: string;
  createdAt: string;
}

/** A file attached to a bill; `content` is the base64 the caller sent, kept apart from the bill so bill writes do not copy it. */
export interface BillAttachmentRow {
  id: string;
  billId: string;
  filename: string;
  mimeType: string;
  size: number;
  content: string;
  uploadedAt: string;
}

/** An approved bill with a balance after its due date, by the company's clock (PUR-33: `overdue` by the clock). */
export const isBillOverdue = (row: Pick<BillRow, 'status' | 'balanceDue' | 'dueDate'>, today: string): boolean =>
  (row.status === 'open' || row.status === 'partially_paid') && row.balanceDue > 0 && row.dueDate < today;

/** The status a caller sees: `overdue` is read from the clock, never stored. */
export const billStatusOf = (row: BillRow, today: string): BillStatus => (isBillOverdue(row, today) ? 'overdue' : row.status);

export function defineBillTables(store: Store): void {
  store.defineTable(BILLS, { prefix: 'bill', indexes: ['supplierId', 'purchaseOrderId', 'status'], derived: { status: billStatusOf } });
  store.defineTable(BILL_PAYMENTS, { prefix: 'bpay', indexes: ['billId', 'supplierId'] });
  store.defineTable(BILL_ATTACHMENTS, { prefix: 'att', indexes: ['billId'] });
}

export const billsTable = (ctx: CompanyContext): Table<BillRow> => ctx.store.table<BillRow>(ctx.companyId, BILLS);
export const billPaymentsTable = (ctx: CompanyContext): Table<BillPaymentRow> =>
  ctx.store.table<BillPaymentRow>(ctx.companyId, BILL_PAYMENTS);
export const billAttachmentsTable = (ctx: CompanyContext): Table<BillAttachmentRow> =>
  ctx.store.table<BillAttachmentRow>(ctx.companyId, BILL_ATTACHMENTS);

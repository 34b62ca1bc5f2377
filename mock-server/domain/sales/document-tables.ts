import type { z } from 'zod';
import type {
  Address,
  CustomerRef,
  EinvoiceStatus,
  InvoiceStatus,
  PaymentMethod,
  PaymentRecordStatus,
  PaymentStatus,
  QuoteStatus,
  SalesOrderPriority,
  SalesOrderStatus,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { defineNoteTables } from './note-tables.js';
import { registerAccountReferences } from '../accounting/index.js';
import { salesAccountReferences } from './account-references.js';
import { defineSalesReservationTable } from './reservations.js';
import { defineSaleStockIssueTable } from './stock-issues.js';

/**
 * The sales documents' tables and the shape of their rows. Amounts are wire numbers computed with
 * exact decimals (domain/money.ts); statuses that follow the clock (`expired`, `overdue`) are not
 * stored but read when a document is presented or listed (the tables' derived `status`).
 */
export const SALES_ORDERS = 'salesOrders';
export const QUOTES = 'quotes';
export const INVOICES = 'invoices';
export const PAYMENTS = 'payments';

/** A billing or shipping address as documents copy it from the customer: the contract's `Address`. */
export type AddressBlock = z.output<typeof Address>;

/** One priced line as every sales document stores it. */
export interface StoredDocumentLine {
  id: string;
  itemId: string | null;
  itemCode: string | null;
  description: string;
  quantity: number;
  unitPrice: number;
  discountPercent: number;
  discountAmount: number;
  lineTotal: number;
  /** Every line names a tax code, the not-taxable one when it carries no tax (document 3). */
  taxCode: string;
  taxRate: number;
  taxAmount: number;
  /** The item's income account, else the company's sales account; null when the chart has neither. */
  incomeAccountId: string | null;
}

export interface SalesOrderLineRow extends StoredDocumentLine {
  notes: string | null;
  /** Quantity already on invoices that are not cancelled. */
  invoicedQuantity: number;
}

export interface InvoiceLineRow extends StoredDocumentLine {
  salesOrderLineId: string | null;
}

/** Totals of a document (spec document 2, "Document line" relations). */
export interface DocumentTotals {
  subtotal: number;
  totalDiscount: number;
  totalTax: number;
  shippingCost: number;
  total: number;
}

export interface StatusChange {
  status: SalesOrderStatus;
  changedAt: string;
  changedBy: string;
  notes: string | null;
}

export interface SalesOrderRow extends DocumentTotals {
  id: string;
  orderNumber: string;
  customerId: string;
  customer: CustomerRef;
  quoteId: string | null;
  /** Where its tracked lines are reserved; null: the company's default location (INV-28). */
  locationId: string | null;
  orderDate: string;
  requiredDate: string | null;
  promisedDate: string | null;
  status: SalesOrderStatus;
  priority: SalesOrderPriority;
  currency: string;
  exchangeRate: number;
  reference: string | null;
  notes: string | null;
  terms: string | null;
  billingAddress: AddressBlock | null;
  shippingAddress: AddressBlock | null;
  items: SalesOrderLineRow[];
  /** Whether an invoice has already carried the shipping cost (the first one made from the order does). */
  shippingInvoiced: boolean;
  shipping: { method: string | null; trackingNumber: string | null; estimatedDelivery: string | null };
  invoiceIds: string[];
  statusHistory: StatusChange[];
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** Stored quote states; `expired` is derived from `validUntil` and the clock. */
export type StoredQuoteStatus = 'draft' | 'sent' | 'accepted' | 'converted' | 'declined';

export interface QuoteRow {
  id: string;
  quoteNumber: string;
  customerId: string;
  customer: CustomerRef;
  quoteDate: string;
  validUntil: string;
  status: StoredQuoteStatus;
  currency: string;
  exchangeRate: number;
  reference: string | null;
  title: string | null;
  description: string | null;
  terms: string | null;
  items: StoredDocumentLine[];
  subtotal: number;
  totalDiscount: number;
  totalTax: number;
  total: number;
  sentAt: string | null;
  acceptedAt: string | null;
  acceptedBy: string | null;
  convertedToOrderAt: string | null;
  salesOrderId: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** Stored invoice states; `overdue` is derived from `dueDate`, `amountDue` and the clock. */
export type StoredInvoiceStatus = 'draft' | 'sent' | 'paid' | 'cancelled';

export interface InvoiceRow extends DocumentTotals {
  id: string;
  invoiceNumber: string;
  customerId: string;
  customer: CustomerRef;
  salesOrderId: string | null;
  /** Where sending it takes its tracked lines from; null: the company's default location (INV-28). */
  locationId: string | null;
  invoiceDate: string;
  dueDate: string;
  status: StoredInvoiceStatus;
  currency: string;
  exchangeRate: number;
  reference: string | null;
  purchaseOrder: string | null;
  notes: string | null;
  terms: string | null;
  items: InvoiceLineRow[];
  amountPaid: number;
  /** Credit applied to the invoice by credit notes (its own and allocations of others'), SALES-61. */
  amountCredited: number;
  /** What debit notes on the invoice added to it, SALES-64. */
  amountDebited: number;
  /** total + amountDebited - amountPaid - amountCredited. */
  amountDue: number;
  paymentStatus: PaymentStatus;
  lastPaymentDate: string | null;
  billingAddress: AddressBlock | null;
  einvoice: {
    status: EinvoiceStatus | null;
    submittedAt: string | null;
    acceptedAt: string | null;
    uuid: string | null;
    validationHash: string | null;
  };
  sendReminders: boolean;
  journalEntryId: string | null;
  /** `total` in the company's currency, as posted to accounts receivable (equal to `total` at rate 1). */
  baseTotal: number;
  /** What accounts receivable still holds for this invoice, in the company's currency. */
  baseAmountDue: number;
  paymentCount: number;
  sentAt: string | null;
  cancelledAt: string | null;
  cancellationReason: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface PaymentRow {
  id: string;
  paymentNumber: string;
  invoiceId: string;
  invoiceNumber: string;
  customerId: string;
  amount: number;
  /** The payment's own rate to the company's currency (the invoice's unless the caller gave one). */
  exchangeRate: number;
  /** `amount` in the company's currency at `exchangeRate`, as debited to the bank or cash account. */
  baseAmount: number;
  /** What the payment cleared of accounts receivable (company currency, at the invoice's rate); a void gives it back. */
  baseSettled: number;
  currency: string;
  paymentDate: string;
  paymentMethod: PaymentMethod;
  reference: string | null;
  notes: string | null;
  accountId: string;
  journalEntryId: string;
  status: PaymentRecordStatus;
  voidDate: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  createdBy: string;
  createdAt: string;
}

/** A sent invoice with something still due after its due date, by the service clock (SALES-33: `overdue` follows the clock). */
export const isOverdue = (row: Pick<InvoiceRow, 'status' | 'amountDue' | 'dueDate'>, today: string): boolean =>
  row.status === 'sent' && row.amountDue > 0 && row.dueDate < today;

/** The status a caller sees: `overdue` is read from the clock, never stored. */
export const invoiceStatusOf = (row: InvoiceRow, today: string): InvoiceStatus => (isOverdue(row, today) ? 'overdue' : row.status);

/**
 * A quote still waiting for an answer (draft or sent) whose `validUntil` is before today by the
 * service clock. A quote accepted in time stays accepted and can still be converted after
 * `validUntil`, as in Xero and QuickBooks Online (SALES-46).
 */
export const isExpired = (row: Pick<QuoteRow, 'status' | 'validUntil'>, today: string): boolean =>
  (row.status === 'draft' || row.status === 'sent') && row.validUntil < today;

export const quoteStatusOf = (row: QuoteRow, today: string): QuoteStatus => (isExpired(row, today) ? 'expired' : row.status);

export function defineSalesDocumentTables(store: Store): void {
  store.defineTable(SALES_ORDERS, { prefix: 'so', indexes: ['customerId', 'status'] });
  // Lists filter quotes by the status a caller sees, which the clock moves (`expired`).
  store.defineTable(QUOTES, { prefix: 'qt', indexes: ['customerId'], derived: { status: quoteStatusOf } });
  // Lists filter invoices by the status a caller sees, which the clock moves (`overdue`).
  store.defineTable(INVOICES, {
    prefix: 'inv',
    indexes: ['customerId', 'salesOrderId', 'status', 'invoiceNumber'],
    derived: { status: invoiceStatusOf, overdue: isOverdue },
  });
  store.defineTable(PAYMENTS, { prefix: 'pay', indexes: ['customerId', 'invoiceId'] });
  defineNoteTables(store);
  defineSalesReservationTable(store);
  defineSaleStockIssueTable(store);
  registerAccountReferences(store, 'sales documents', salesAccountReferences);
}

export const salesOrdersTable = (ctx: CompanyContext): Table<SalesOrderRow> => ctx.store.table<SalesOrderRow>(ctx.companyId, SALES_ORDERS);
export const quotesTable = (ctx: CompanyContext): Table<QuoteRow> => ctx.store.table<QuoteRow>(ctx.companyId, QUOTES);
export const invoicesTable = (ctx: CompanyContext): Table<InvoiceRow> => ctx.store.table<InvoiceRow>(ctx.companyId, INVOICES);
export const paymentsTable = (ctx: CompanyContext): Table<PaymentRow> => ctx.store.table<PaymentRow>(ctx.companyId, PAYMENTS);

import type { InvoiceStatus, PaymentStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { addDays, daysBetween, companyToday } from '../shared/calendar.js';
import type { CustomerRow } from './tables.js';
import { recordCustomerActivity, retrieveCustomer } from './customers.js';
import { documentTotals, priceLines, type LineInput } from './document-lines.js';
import { businessRule, notFound } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import {
  addressOf,
  checkDateOrder,
  customerForSale,
  customerRef,
  documentCurrency,
  recordDocumentMessage,
  type SendInput,
  type SendOptions,
  SALES_NUMBERS,
} from './sales-documents.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { invoicesTable, type InvoiceLineRow, type InvoiceRow } from './document-tables.js';
import { stateMachine } from '../shared/transitions.js';
import type { StoredInvoiceStatus } from './document-tables.js';
import { postInvoice, checkCredit } from './invoice-posting.js';
import { invoiceNoteCount } from './note-tables.js';
import { amendedLines, restateInvoice } from './invoice-restatement.js';
import { stockLocation } from '../inventory/index.js';
import { syncReservations } from './reservations.js';
import { releaseOrderQuantities } from './order-release.js';

/** Header fields of a new invoice (spec document 2, "Invoices": POST /invoices). */
export interface InvoiceFields {
  invoiceDate?: string;
  dueDate?: string;
  currency?: string;
  exchangeRate?: number;
  reference?: string | null;
  purchaseOrder?: string | null;
  notes?: string | null;
  terms?: string | null;
  billingAddress?: unknown;
  shippingCost?: number;
}

export interface InvoiceInput extends InvoiceFields {
  customerId: string;
  items: readonly LineInput[];
  /** Where sending it takes the stock of its tracked lines; default the company's default location. */
  locationId?: string | null;
}

/** `PUT /invoices/{id}`: the fields to change; `items` replaces every line. */
export interface InvoiceChanges extends InvoiceFields {
  customerId?: string;
  items?: readonly LineInput[];
}

export interface InvoiceSendInput extends SendInput {
  sendReminders?: boolean;
}

export interface InvoiceCancelInput {
  reason?: string;
  cancelDate?: string;
}

/** Plain filters of `GET /invoices` (spec document 2). */
export interface InvoiceFilters {
  customerId?: string;
  status?: InvoiceStatus;
  paymentStatus?: PaymentStatus;
  invoiceDateFrom?: string;
  invoiceDateTo?: string;
  dueDateFrom?: string;
  dueDateTo?: string;
  overdue?: boolean;
  totalMin?: number;
  totalMax?: number;
  salesOrderId?: string;
}

/** Lines an invoice is made of when it comes from a sales order (already priced there). */
export interface OrderLinesForInvoice {
  salesOrderId: string;
  /** The order's location: the invoice takes the goods the order reserved there. */
  locationId: string | null;
  lines: InvoiceLineRow[];
  shippingCost: number;
}

// No e-invoice exists until one is created from the invoice (document 3), so no status yet.
const NO_EINVOICE: InvoiceRow['einvoice'] = { status: null, submittedAt: null, acceptedAt: null, uuid: null, validationHash: null };

export function retrieveInvoice(ctx: CompanyContext, invoiceId: string): InvoiceRow {
  const invoice = invoicesTable(ctx).get(invoiceId);
  if (!invoice) throw notFound('invoice', invoiceId, 'NOT_FOUND', 'invoiceId');
  return invoice;
}

// ---------------------------------------------------------------------------------------------
// Create

/** `POST /invoices`: a draft (nothing posted until it is sent); dueDate defaults to invoiceDate plus the customer's payment terms. */
export function createInvoice(ctx: ActingContext, input: InvoiceInput): InvoiceRow {
  return ctx.store.transaction(() => {
    const customer = customerForSale(ctx, input.customerId);
    const lines = priceLines(ctx, input.items).map((line): InvoiceLineRow => ({ ...line, salesOrderLineId: null }));
    const locationId = input.locationId ? stockLocation(ctx, input.locationId).id : null;
    return insertInvoice(ctx, customer, input, lines, input.shippingCost ?? 0, { salesOrderId: null, locationId });
  });
}

/** A draft invoice from sales-order lines (convert-to-invoice); the order's bookkeeping is the caller's. */
export function createInvoiceFromOrder(
  ctx: ActingContext,
  customerId: string,
  fields: InvoiceFields,
  order: OrderLinesForInvoice,
): InvoiceRow {
  return ctx.store.transaction(() => {
    const customer = customerForSale(ctx, customerId);
    return insertInvoice(ctx, customer, fields, order.lines, order.shippingCost, order);
  });
}

function insertInvoice(
  ctx: ActingContext,
  customer: CustomerRow,
  fields: InvoiceFields,
  lines: InvoiceLineRow[],
  shippingCost: number,
  {
    salesOrderId,
    locationId,
  }: Pick<OrderLinesForInvoice, 'salesOrderId' | 'locationId'> | { salesOrderId: null; locationId: string | null },
): InvoiceRow {
  const { currency, exchangeRate } = documentCurrency(ctx, customer, fields);
  const invoiceDate = fields.invoiceDate ?? companyToday(ctx);
  const dueDate = fields.dueDate ?? addDays(invoiceDate, customer.paymentTerms);
  checkDateOrder('dueDate', dueDate, invoiceDate, 'invoiceDate');
  const totals = documentTotals(lines, shippingCost, exchangeRate);
  const table = invoicesTable(ctx);
  const now = ctx.clock.iso();
  return table.insert({
    id: table.newId(),
    invoiceNumber: nextDocumentNumber(ctx, SALES_NUMBERS.invoice),
    customerId: customer.id,
    customer: customerRef(customer),
    salesOrderId,
    locationId,
    invoiceDate,
    dueDate,
    status: 'draft',
    currency,
    exchangeRate,
    reference: fields.reference ?? null,
    purchaseOrder: fields.purchaseOrder ?? null,
    notes: fields.notes ?? null,
    terms: fields.terms ?? null,
    items: lines,
    ...totals,
    amountPaid: 0,
    amountCredited: 0,
    amountDebited: 0,
    amountDue: totals.total,
    paymentStatus: 'unpaid',
    lastPaymentDate: null,
    billingAddress:
      fields.billingAddress !== undefined ? addressOf(fields.billingAddress) : addressOf(customer.billingAddress ?? customer.address),
    einvoice: NO_EINVOICE,
    sendReminders: false,
    journalEntryId: null,
    baseTotal: 0,
    baseAmountDue: 0,
    paymentCount: 0,
    sentAt: null,
    cancelledAt: null,
    cancellationReason: null,
    createdBy: actorOf(ctx),
    createdAt: now,
    updatedAt: now,
  });
}

// ---------------------------------------------------------------------------------------------
// Moves

/**
 * What each action allows from each stored invoice state (spec document 2 lists the states, not the
 * moves): the refusal names the rule, 422 BUSINESS_RULE_VIOLATION. `overdue` is read from the clock
 * and moves like `sent`. Sending a sent or paid invoice again only records another message.
 */
export const INVOICE_MOVES = stateMachine<StoredInvoiceStatus, 'send' | 'update' | 'cancel' | 'pay'>({
  send: { from: ['draft', 'sent', 'paid'], rule: 'a {status} invoice cannot be sent' },
  update: { from: ['draft', 'sent'], rule: 'a {status} invoice cannot be modified' },
  cancel: {
    from: ['draft', 'sent'],
    rule: 'a {status} invoice cannot be cancelled',
    refusals: { cancelled: 'the invoice is already cancelled', paid: 'an invoice with payments cannot be cancelled' },
  },
  pay: {
    from: ['sent'],
    rule: 'a {status} invoice cannot take a payment',
    refusals: { draft: 'a draft invoice cannot take a payment; send it first', paid: 'the invoice is already paid' },
  },
});

/** Refuses `action` on the invoice when the table does not allow it from its stored state. */
export const assertInvoiceMove = (
  invoice: InvoiceRow,
  action: keyof typeof INVOICE_MOVES.moves,
  facts: Record<string, unknown> = {},
): void => INVOICE_MOVES.assert(action, invoice.status, { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, ...facts });

// ---------------------------------------------------------------------------------------------
// Send

/**
 * `POST /invoices/{id}/send`. The first send of a draft runs the credit check, posts the invoice (its
 * tracked goods leave stock, their cost in the same entry: INV-28) and raises the customer's balance
 * and sales; sending a sent, overdue or paid invoice again only records
 * another message. The message goes to the outbox (to: default the customer's email); with no
 * recipient (no `to`, a customer without an email) the invoice is only marked as sent and posted.
 */
export function sendInvoice(ctx: ActingContext, invoiceId: string, input: InvoiceSendInput = {}, options: SendOptions = {}): InvoiceRow {
  return ctx.store.transaction(() => {
    let invoice = retrieveInvoice(ctx, invoiceId);
    assertInvoiceMove(invoice, 'send');
    const now = ctx.clock.iso();
    const table = invoicesTable(ctx);
    if (invoice.status === 'draft') {
      const customer = customerForSale(ctx, invoice.customerId);
      const { journalEntryId, baseTotal } = postInvoice(ctx, invoice);
      checkCredit(customer, baseTotal, invoice.invoiceNumber);
      recordCustomerActivity(ctx, customer.id, { balanceDelta: baseTotal, salesDelta: baseTotal, saleDate: invoice.invoiceDate });
      invoice = table.update(invoice.id, {
        status: 'sent',
        journalEntryId,
        baseTotal,
        baseAmountDue: baseTotal,
        sentAt: now,
        sendReminders: input.sendReminders ?? invoice.sendReminders,
        updatedAt: now,
      });
      // The goods have left: the order's reservation of them is released (INV-28).
      syncReservations(ctx, invoice.salesOrderId);
    } else if (input.sendReminders !== undefined && input.sendReminders !== invoice.sendReminders) {
      invoice = table.update(invoice.id, { sendReminders: input.sendReminders, updatedAt: now });
    }
    if (options.recordMessage === false) return invoice;
    recordDocumentMessage(
      ctx,
      { kind: 'invoice', id: invoice.id, number: invoice.invoiceNumber, customerEmail: invoice.customer.email },
      input,
      {
        subject: `Invoice ${invoice.invoiceNumber}`,
        message: `Dear ${invoice.customer.name}, please find invoice ${invoice.invoiceNumber} for ${invoice.currency} ${money.toFixed(invoice.total)}, due on ${invoice.dueDate}.`,
      },
    );
    return invoice;
  });
}

// ---------------------------------------------------------------------------------------------
// Update

const MONEY_FIELDS = ['shippingCost', 'invoiceDate', 'currency', 'exchangeRate'] as const;

/**
 * `PUT /invoices/{id}`. A draft takes any change. A sent invoice keeps its customer; without payments
 * it may change its lines and amounts, and is restated at its own date (SALES-35): the
 * old entry reversed on the old `invoiceDate`, a new one posted on the new `invoiceDate`, the
 * customer's balance moved by the difference, the credit check on any increase. A change that leaves
 * the posted amounts as they were (notes, or the same lines sent again) writes no entry. With payments
 * only its reference, purchase order, notes, terms, billing address and due date may change. A paid
 * or cancelled invoice is 422 BUSINESS_RULE_VIOLATION.
 */
export function updateInvoice(ctx: ActingContext, invoiceId: string, changes: InvoiceChanges): InvoiceRow {
  return ctx.store.transaction(() => {
    const invoice = retrieveInvoice(ctx, invoiceId);
    const facts = { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, status: invoice.status };
    assertInvoiceMove(invoice, 'update');
    const sent = invoice.status === 'sent';
    if (sent && changes.customerId !== undefined && changes.customerId !== invoice.customerId) {
      throw businessRule('the customer of a sent invoice cannot change', { ...facts, customerId: invoice.customerId });
    }
    const newLines = amendedLines(ctx, invoice, changes.items);
    const moneyChanged = [
      ...(newLines ? ['items'] : []),
      ...MONEY_FIELDS.filter((field) => changes[field] !== undefined && changes[field] !== invoice[field]),
    ];
    if (sent && moneyChanged.length > 0 && (invoice.amountCredited > 0 || invoiceNoteCount(ctx, invoice.id) > 0)) {
      throw businessRule('an invoice with credit or debit notes cannot change its lines, amounts or date; issue another note', {
        ...facts,
        fields: moneyChanged,
      });
    }
    if (sent && invoice.paymentCount > 0 && moneyChanged.length > 0) {
      throw businessRule('an invoice with payments cannot change its lines, amounts or date', {
        ...facts,
        fields: moneyChanged,
        amountPaid: invoice.amountPaid,
      });
    }

    const customer = sent ? retrieveCustomer(ctx, invoice.customerId) : customerForSale(ctx, changes.customerId ?? invoice.customerId);
    const currencyInput = changes.currency ?? invoice.currency;
    const { currency, exchangeRate } = documentCurrency(ctx, customer, {
      currency: currencyInput,
      exchangeRate: changes.exchangeRate ?? (currencyInput === invoice.currency ? invoice.exchangeRate : undefined),
    });
    // The detached invoice still bills the order's shipping unless this change drops it, so the order gets it back only then.
    if (newLines) releaseOrderQuantities(ctx, invoice, (changes.shippingCost ?? invoice.shippingCost) > 0);
    const lines = newLines ?? invoice.items;
    const invoiceDate = changes.invoiceDate ?? invoice.invoiceDate;
    // A new invoice date keeps the invoice's terms unless a due date is given too.
    const dueDate = changes.dueDate ?? addDays(invoiceDate, daysBetween(invoice.invoiceDate, invoice.dueDate));
    checkDateOrder('dueDate', dueDate, invoiceDate, 'invoiceDate');
    const totals = documentTotals(lines, changes.shippingCost ?? invoice.shippingCost, exchangeRate);
    const amountDue = money.toNumber(
      money.parse(totals.total).plus(invoice.amountDebited).minus(invoice.amountPaid).minus(invoice.amountCredited),
    );
    if (amountDue < 0) {
      throw businessRule('an invoice total cannot fall below what has been paid', {
        ...facts,
        total: totals.total,
        amountPaid: invoice.amountPaid,
      });
    }

    const now = ctx.clock.iso();
    const patch: Partial<InvoiceRow> = {
      customerId: customer.id,
      customer: customerRef(customer),
      // New lines detach the invoice from its sales order, which got its quantities back above.
      salesOrderId: newLines ? null : invoice.salesOrderId,
      invoiceDate,
      dueDate,
      currency,
      exchangeRate,
      ...textChanges(invoice, changes),
      items: lines,
      ...totals,
      amountDue,
      updatedAt: now,
    };
    if (sent) Object.assign(patch, restateInvoice(ctx, customer, invoice, { ...invoice, ...patch }));
    // One write: `invoice.updated` carries the invoice as it ends up, never a half-amended one.
    const updated = invoicesTable(ctx).update(invoice.id, patch);
    // A detached invoice no longer takes the order's goods: the order holds them again.
    if (newLines) syncReservations(ctx, invoice.salesOrderId);
    return updated;
  });
}

/** The invoice's free-text fields after `changes`: a field sent as null clears it, one left out keeps it. */
const textChanges = (invoice: InvoiceRow, changes: InvoiceChanges) => ({
  reference: changes.reference !== undefined ? changes.reference : invoice.reference,
  purchaseOrder: changes.purchaseOrder !== undefined ? changes.purchaseOrder : invoice.purchaseOrder,
  notes: changes.notes !== undefined ? changes.notes : invoice.notes,
  terms: changes.terms !== undefined ? changes.terms : invoice.terms,
  billingAddress: changes.billingAddress !== undefined ? addressOf(changes.billingAddress) : invoice.billingAddress,
});

/** A draft invoice of lines priced by the caller, each posting to its own `incomeAccountId` (a migrated opening balance, INT-21). */
export const createInvoiceWithLines = (
  ctx: ActingContext,
  customerId: string,
  fields: InvoiceFields,
  lines: InvoiceLineRow[],
): InvoiceRow =>
  ctx.store.transaction(() =>
    insertInvoice(ctx, customerForSale(ctx, customerId), fields, lines, 0, { salesOrderId: null, locationId: null }),
  );

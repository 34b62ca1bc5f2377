import type { Invoice, InvoiceStatus, PaymentStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../kernel/context.js';
import { accountsTable } from '../accounting/tables.js';
import { addDays, daysBetween, laterDate } from '../shared/calendar.js';
import { controlAccount } from '../accounting/control-accounts.js';
import type { CustomerRow } from './tables.js';
import { recordCustomerActivity, retrieveCustomer } from './customers.js';
import { addQuantities, documentTotals, priceLines, toBase, type LineInput, presentLine } from './document-lines.js';
import { businessRule, notFound, ServiceError } from '../../kernel/errors.js';
import { postLedgerEntry, reverseLedgerEntry, type JournalLineInput } from '../accounting/journal-entries.js';
import { numberRange } from '../shared/list-ranges.js';
import * as money from '../shared/money.js';
import {
  actorOf,
  addressOf,
  checkDateOrder,
  customerForSale,
  customerRef,
  documentCurrency,
  nextDocumentNumber,
  recordDocumentMessage,
  type SalesContext,
  type SendInput,
  type SendOptions,
} from './sales-documents.js';
import { invoicesTable, invoiceStatusOf, isOverdue, salesOrdersTable, type InvoiceLineRow, type InvoiceRow } from './document-tables.js';

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
  lines: InvoiceLineRow[];
  shippingCost: number;
}

const EINVOICE_NOT_SUBMITTED: InvoiceRow['einvoice'] = { status: 'not_submitted', submittedAt: null, acceptedAt: null, uuid: null, validationHash: null };

export function retrieveInvoice(ctx: CompanyContext, invoiceId: string): InvoiceRow {
  const invoice = invoicesTable(ctx).get(invoiceId);
  if (!invoice) throw notFound('invoice', invoiceId, 'NOT_FOUND', 'invoiceId');
  return invoice;
}

// The clock's rules of an invoice live beside its table, which derives the list's `status` and `overdue` from them.
export { invoiceStatusOf, isOverdue } from './document-tables.js';

/** Whether an invoice is part of accounts receivable: sent and not cancelled (paid ones hold nothing). */
export const isOpen = (row: Pick<InvoiceRow, 'status'>): boolean => row.status === 'sent';

// ---------------------------------------------------------------------------------------------
// Create

/** `POST /invoices`: a draft (nothing posted until it is sent); dueDate defaults to invoiceDate plus the customer's payment terms. */
export function createInvoice(ctx: SalesContext, input: InvoiceInput): InvoiceRow {
  return ctx.store.transaction(() => {
    const customer = customerForSale(ctx, input.customerId);
    const lines = priceLines(ctx, input.items).map((line): InvoiceLineRow => ({ ...line, salesOrderLineId: null }));
    return insertInvoice(ctx, customer, input, lines, input.shippingCost ?? 0, null);
  });
}

/** A draft invoice from sales-order lines (convert-to-invoice); the order's bookkeeping is the caller's. */
export function createInvoiceFromOrder(ctx: SalesContext, customerId: string, fields: InvoiceFields, order: OrderLinesForInvoice): InvoiceRow {
  return ctx.store.transaction(() => {
    const customer = customerForSale(ctx, customerId);
    return insertInvoice(ctx, customer, fields, order.lines, order.shippingCost, order.salesOrderId);
  });
}

function insertInvoice(
  ctx: SalesContext,
  customer: CustomerRow,
  fields: InvoiceFields,
  lines: InvoiceLineRow[],
  shippingCost: number,
  salesOrderId: string | null,
): InvoiceRow {
  const { currency, exchangeRate } = documentCurrency(ctx, customer, fields);
  const invoiceDate = fields.invoiceDate ?? ctx.clock.today();
  const dueDate = fields.dueDate ?? addDays(invoiceDate, customer.paymentTerms);
  checkDateOrder('dueDate', dueDate, invoiceDate, 'invoiceDate');
  const totals = documentTotals(lines, shippingCost, exchangeRate);
  const table = invoicesTable(ctx);
  const now = ctx.clock.iso();
  return table.insert({
    id: table.newId(),
    invoiceNumber: nextDocumentNumber(ctx, 'invoice', 'INV'),
    customerId: customer.id,
    customer: customerRef(customer),
    salesOrderId,
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
    amountDue: totals.total,
    paymentStatus: 'unpaid',
    lastPaymentDate: null,
    billingAddress: fields.billingAddress !== undefined ? addressOf(fields.billingAddress) : addressOf(customer.billingAddress ?? customer.address),
    einvoice: EINVOICE_NOT_SUBMITTED,
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
// Posting

/**
 * The invoice's journal entry (issue #3, "Money and the ledger"): debit accounts receivable with the
 * total; credit each line's income account with its lines' totals, tax payable with the tax, and the
 * sales account with shipping. Amounts in the company's currency at the invoice's rate; the debit is
 * the sum of the converted credits, so the entry balances at any rate.
 */
function postInvoice(ctx: SalesContext, invoice: InvoiceRow): { journalEntryId: string; baseTotal: number } {
  const receivable = controlAccount(ctx, 'accounts_receivable');
  const byAccount = new Map<string, money.Amount>();
  for (const line of invoice.items) {
    const accountId = line.incomeAccountId ?? controlAccount(ctx, 'sales').id;
    byAccount.set(accountId, (byAccount.get(accountId) ?? money.ZERO).plus(line.lineTotal));
  }
  const accounts = accountsTable(ctx);
  for (const accountId of byAccount.keys()) {
    const account = accounts.get(accountId);
    if (!account?.isActive) {
      throw businessRule('an invoice line posts to an income account that is missing or inactive', {
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        accountId,
        accountNumber: account?.accountNumber ?? null,
      });
    }
  }

  const rate = invoice.exchangeRate;
  const credits: JournalLineInput[] = [];
  for (const [accountId, amount] of byAccount) credits.push({ accountId, credit: toBase(amount, rate), description: `Sales on ${invoice.invoiceNumber}` });
  if (invoice.totalTax > 0) credits.push({ accountId: controlAccount(ctx, 'tax_payable').id, credit: toBase(invoice.totalTax, rate), description: `Tax on ${invoice.invoiceNumber}` });
  if (invoice.shippingCost > 0) credits.push({ accountId: controlAccount(ctx, 'sales').id, credit: toBase(invoice.shippingCost, rate), description: `Shipping on ${invoice.invoiceNumber}` });
  const posted = credits.filter((line) => (line.credit ?? 0) > 0);
  const baseTotal = money.toNumber(money.sum(posted.map((line) => line.credit ?? 0)));
  if (baseTotal <= 0) {
    throw businessRule('an invoice with a zero total cannot be sent', { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, total: invoice.total });
  }

  const entry = postLedgerEntry(ctx, {
    date: invoice.invoiceDate,
    reference: invoice.invoiceNumber,
    description: `Invoice ${invoice.invoiceNumber} to ${invoice.customer.name}`,
    lines: [{ accountId: receivable.id, debit: baseTotal, description: `Receivable on ${invoice.invoiceNumber}` }, ...posted],
    source: { type: 'invoice', id: invoice.id },
  });
  return { journalEntryId: entry.id, baseTotal };
}

/** Undoes a sent invoice's posting: a reversing entry dated `onDate` (not before the entry's own date). */
function unpostInvoice(ctx: SalesContext, invoice: InvoiceRow, reason: string, onDate?: string): void {
  if (!invoice.journalEntryId) return;
  const voidDate = onDate ?? (laterDate(ctx.clock.today(), invoice.invoiceDate) as string);
  reverseLedgerEntry(ctx, invoice.journalEntryId, { reason, voidDate });
}

/**
 * The credit check (issue #3): with a non-zero `creditLimit`, raising the customer's balance by
 * `increase` (company currency) above the limit is 422 INSUFFICIENT_FUNDS with the spec's details.
 */
export function checkCredit(customer: CustomerRow, increase: number, documentNumber: string): void {
  if (!(customer.creditLimit > 0) || !(increase > 0)) return;
  const next = money.add(customer.currentBalance, increase);
  if (money.compare(next, customer.creditLimit) <= 0) return;
  const available = money.subtract(customer.creditLimit, customer.currentBalance);
  throw new ServiceError(
    422,
    'INSUFFICIENT_FUNDS',
    `${documentNumber} would take ${customer.name}'s balance to ${money.toFixed(next)}, over the credit limit of ${money.toFixed(customer.creditLimit)}`,
    [
      {
        customerId: customer.id,
        currentBalance: customer.currentBalance,
        creditLimit: customer.creditLimit,
        availableCredit: money.toNumber(available.isNegative() ? money.ZERO : available),
        requestedAmount: increase,
      },
    ],
  );
}

// ---------------------------------------------------------------------------------------------
// Moves

/**
 * What each action allows from each stored invoice state (spec document 2 lists the states, not the
 * moves): the refusal names the rule, 422 BUSINESS_RULE_VIOLATION. `overdue` is read from the clock
 * and moves like `sent`. Sending a sent or paid invoice again only records another message.
 */
export const INVOICE_MOVES = {
  send: { cancelled: 'a cancelled invoice cannot be sent' },
  update: { paid: 'a paid invoice cannot be modified', cancelled: 'a cancelled invoice cannot be modified' },
  cancel: { cancelled: 'the invoice is already cancelled', paid: 'an invoice with payments cannot be cancelled' },
  pay: {
    draft: 'a draft invoice cannot take a payment; send it first',
    cancelled: 'a cancelled invoice cannot take a payment',
    paid: 'the invoice is already paid',
  },
} as const satisfies Record<string, Partial<Record<InvoiceRow['status'], string>>>;

/** Refuses `action` on the invoice when the table names a rule for its state. */
export function assertInvoiceMove(invoice: InvoiceRow, action: keyof typeof INVOICE_MOVES, facts: Record<string, unknown> = {}): void {
  const rule = (INVOICE_MOVES[action] as Partial<Record<InvoiceRow['status'], string>>)[invoice.status];
  if (rule) throw businessRule(rule, { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, status: invoice.status, ...facts });
}

// ---------------------------------------------------------------------------------------------
// Send

/**
 * `POST /invoices/{id}/send`. The first send of a draft runs the credit check, posts the invoice and
 * raises the customer's balance and sales; sending a sent, overdue or paid invoice again only records
 * another message. The message goes to the outbox (to: default the customer's email).
 */
export function sendInvoice(ctx: SalesContext, invoiceId: string, input: InvoiceSendInput = {}, options: SendOptions = {}): InvoiceRow {
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

const MONEY_FIELDS = ['items', 'shippingCost', 'invoiceDate', 'currency', 'exchangeRate'] as const;

/**
 * `PUT /invoices/{id}`. A draft takes any change. A sent invoice keeps its customer; without payments
 * it may change its lines and amounts, and is re-posted (the old entry reversed, a new one posted,
 * the customer's balance moved by the difference, the credit check on any increase); with payments
 * only its reference, purchase order, notes, terms, billing address and due date may change. A paid
 * or cancelled invoice is 422 BUSINESS_RULE_VIOLATION.
 */
export function updateInvoice(ctx: SalesContext, invoiceId: string, changes: InvoiceChanges): InvoiceRow {
  return ctx.store.transaction(() => {
    const invoice = retrieveInvoice(ctx, invoiceId);
    const facts = { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, status: invoice.status };
    assertInvoiceMove(invoice, 'update');
    const sent = invoice.status === 'sent';
    if (sent && changes.customerId !== undefined && changes.customerId !== invoice.customerId) {
      throw businessRule('the customer of a sent invoice cannot change', { ...facts, customerId: invoice.customerId });
    }
    const moneyChanged = MONEY_FIELDS.filter((field) => changes[field] !== undefined && changes[field] !== invoice[field]);
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
    let lines = invoice.items;
    if (changes.items !== undefined) {
      // The detached invoice still bills the order's shipping unless this change drops it, so the order gets it back only then.
      releaseOrderQuantities(ctx, invoice, (changes.shippingCost ?? invoice.shippingCost) > 0);
      lines = priceLines(ctx, changes.items).map((line): InvoiceLineRow => ({ ...line, salesOrderLineId: null }));
    }
    const invoiceDate = changes.invoiceDate ?? invoice.invoiceDate;
    // A new invoice date keeps the invoice's terms unless a due date is given too.
    const dueDate = changes.dueDate ?? addDays(invoiceDate, daysBetween(invoice.invoiceDate, invoice.dueDate));
    checkDateOrder('dueDate', dueDate, invoiceDate, 'invoiceDate');
    const totals = documentTotals(lines, changes.shippingCost ?? invoice.shippingCost, exchangeRate);
    const amountDue = money.toNumber(money.subtract(totals.total, invoice.amountPaid));
    if (amountDue < 0) {
      throw businessRule('an invoice total cannot fall below what has been paid', { ...facts, total: totals.total, amountPaid: invoice.amountPaid });
    }

    const now = ctx.clock.iso();
    const patch: Partial<InvoiceRow> = {
      customerId: customer.id,
      customer: customerRef(customer),
      // New lines detach the invoice from its sales order, which got its quantities back above.
      salesOrderId: changes.items !== undefined ? null : invoice.salesOrderId,
      invoiceDate,
      dueDate,
      currency,
      exchangeRate,
      reference: changes.reference !== undefined ? changes.reference : invoice.reference,
      purchaseOrder: changes.purchaseOrder !== undefined ? changes.purchaseOrder : invoice.purchaseOrder,
      notes: changes.notes !== undefined ? changes.notes : invoice.notes,
      terms: changes.terms !== undefined ? changes.terms : invoice.terms,
      billingAddress: changes.billingAddress !== undefined ? addressOf(changes.billingAddress) : invoice.billingAddress,
      items: lines,
      ...totals,
      amountDue,
      updatedAt: now,
    };

    if (sent && moneyChanged.length > 0) {
      unpostInvoice(ctx, invoice, `Invoice ${invoice.invoiceNumber} amended`);
      const { journalEntryId, baseTotal } = postInvoice(ctx, { ...invoice, ...patch });
      const delta = money.toNumber(money.subtract(baseTotal, invoice.baseTotal));
      checkCredit(customer, delta, invoice.invoiceNumber);
      if (delta !== 0) recordCustomerActivity(ctx, customer.id, { balanceDelta: delta, salesDelta: delta, saleDate: invoiceDate });
      Object.assign(patch, { journalEntryId, baseTotal, baseAmountDue: baseTotal });
    }
    // One write: `invoice.updated` carries the invoice as it ends up, never a half-amended one.
    return invoicesTable(ctx).update(invoice.id, patch);
  });
}

// ---------------------------------------------------------------------------------------------
// Cancel

/**
 * `POST /invoices/{id}/cancel` (implied; the spec has the status but no endpoint). A draft is simply
 * cancelled; a sent invoice has its entry reversed (dated `cancelDate`, default today) and the
 * customer's balance and sales lowered. An invoice with payments, or already cancelled, is refused.
 * Quantities invoiced from a sales order go back to the order.
 */
export function cancelInvoice(ctx: SalesContext, invoiceId: string, input: InvoiceCancelInput = {}): InvoiceRow {
  return ctx.store.transaction(() => {
    const invoice = retrieveInvoice(ctx, invoiceId);
    const facts = { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, status: invoice.status };
    assertInvoiceMove(invoice, 'cancel', { amountPaid: invoice.amountPaid, paymentCount: invoice.paymentCount });
    if (invoice.paymentCount > 0) {
      throw businessRule('an invoice with payments cannot be cancelled', { ...facts, amountPaid: invoice.amountPaid, paymentCount: invoice.paymentCount });
    }
    checkDateOrder('cancelDate', input.cancelDate, invoice.invoiceDate, 'invoiceDate');
    const reason = input.reason?.trim() || `Invoice ${invoice.invoiceNumber} cancelled`;
    if (invoice.status === 'sent') {
      unpostInvoice(ctx, invoice, reason, input.cancelDate);
      recordCustomerActivity(ctx, invoice.customerId, { balanceDelta: -invoice.baseTotal, salesDelta: -invoice.baseTotal });
    }
    releaseOrderQuantities(ctx, invoice);
    const now = ctx.clock.iso();
    return invoicesTable(ctx).update(invoice.id, {
      status: 'cancelled',
      amountDue: 0,
      baseAmountDue: 0,
      cancelledAt: now,
      cancellationReason: reason,
      updatedAt: now,
    });
  });
}

/**
 * Gives an invoice's order-line quantities back to its sales order (on cancel, or when its lines are
 * replaced), and the shipping it carried unless `keepsShipping` (the invoice goes on billing it).
 */
function releaseOrderQuantities(ctx: CompanyContext, invoice: InvoiceRow, keepsShipping = false): void {
  if (!invoice.salesOrderId) return;
  const orders = salesOrdersTable(ctx);
  const order = orders.get(invoice.salesOrderId);
  if (!order) return;
  const released = new Map<string, number>();
  for (const line of invoice.items) {
    if (line.salesOrderLineId) released.set(line.salesOrderLineId, addQuantities(released.get(line.salesOrderLineId) ?? 0, line.quantity));
  }
  const carriedShipping = invoice.shippingCost > 0 && !keepsShipping;
  orders.update(order.id, {
    items: order.items.map((line) =>
      released.has(line.id) ? { ...line, invoicedQuantity: addQuantities(line.invoicedQuantity, -released.get(line.id)!) } : line,
    ),
    shippingInvoiced: carriedShipping ? false : order.shippingInvoiced,
    invoiceIds: order.invoiceIds.filter((id) => id !== invoice.id),
    updatedAt: ctx.clock.iso(),
  });
}

// ---------------------------------------------------------------------------------------------
// Read

export function invoiceMatches(ctx: CompanyContext, filters: InvoiceFilters): (row: InvoiceRow) => boolean {
  const today = ctx.clock.today();
  const inTotal = numberRange('totalMin', filters.totalMin, 'totalMax', filters.totalMax);
  return (row) =>
    (filters.customerId === undefined || row.customerId === filters.customerId) &&
    (filters.salesOrderId === undefined || row.salesOrderId === filters.salesOrderId) &&
    (filters.status === undefined || invoiceStatusOf(row, today) === filters.status) &&
    (filters.paymentStatus === undefined || row.paymentStatus === filters.paymentStatus) &&
    (filters.invoiceDateFrom === undefined || row.invoiceDate >= filters.invoiceDateFrom) &&
    (filters.invoiceDateTo === undefined || row.invoiceDate <= filters.invoiceDateTo) &&
    (filters.dueDateFrom === undefined || row.dueDate >= filters.dueDateFrom) &&
    (filters.dueDateTo === undefined || row.dueDate <= filters.dueDateTo) &&
    (filters.overdue === undefined || isOverdue(row, today) === filters.overdue) &&
    inTotal(row.total);
}

/** The wire shape: `status` and `overdueBy` read from the clock. */
export function presentInvoice(ctx: CompanyContext, row: InvoiceRow): Invoice {
  const today = ctx.clock.today();
  const overdue = isOverdue(row, today);
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    customerId: row.customerId,
    customer: { ...row.customer },
    salesOrderId: row.salesOrderId,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    status: overdue ? 'overdue' : row.status,
    currency: row.currency,
    exchangeRate: row.exchangeRate,
    reference: row.reference,
    purchaseOrder: row.purchaseOrder,
    notes: row.notes,
    terms: row.terms,
    items: row.items.map((line) => ({
      ...presentLine(line),
      incomeAccountId: line.incomeAccountId,
      salesOrderLineId: line.salesOrderLineId,
    })),
    subtotal: row.subtotal,
    totalDiscount: row.totalDiscount,
    totalTax: row.totalTax,
    shippingCost: row.shippingCost,
    total: row.total,
    amountPaid: row.amountPaid,
    amountDue: row.amountDue,
    paymentStatus: row.paymentStatus,
    lastPaymentDate: row.lastPaymentDate,
    overdueBy: overdue ? daysBetween(row.dueDate, today) : 0,
    billingAddress: row.billingAddress ? { ...row.billingAddress } : null,
    attachments: [],
    einvoice: { ...row.einvoice },
    sendReminders: row.sendReminders,
    journalEntryId: row.journalEntryId,
    sentAt: row.sentAt,
    cancelledAt: row.cancelledAt,
    cancellationReason: row.cancellationReason,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

import type { Invoice } from '../../../src/contract/index.js';
import { PresentedJson, type JsonText } from '../../kernel/presented.js';
import type { CompanyContext } from '../../store/context.js';
import { daysBetween, companyToday } from '../shared/calendar.js';
import { numberRange } from '../shared/list-ranges.js';
import { invoiceStatusOf, isOverdue, type InvoiceRow } from './document-tables.js';
import { presentLine, toBase, presentTotals } from './document-lines.js';
import type { InvoiceFilters } from './invoices.js';

// ---------------------------------------------------------------------------------------------
// Read

export function invoiceMatches(ctx: CompanyContext, filters: InvoiceFilters): (row: InvoiceRow) => boolean {
  const today = companyToday(ctx);
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

/**
 * `presentInvoice` as JSON, kept per stored row and company day: the reads a suite repeats most (an
 * invoice, a page of them) skip presenting and serialising. Holds while presentInvoice reads nothing
 * but the row and the day; what else it comes to read must join the key.
 */
const keptInvoices = new PresentedJson<InvoiceRow>();
export const presentInvoiceJson = (ctx: CompanyContext, row: InvoiceRow): JsonText =>
  keptInvoices.text(row, companyToday(ctx), (kept) => presentInvoice(ctx, kept));

/** The wire shape: `status` and `overdueBy` read from the clock. */
export function presentInvoice(ctx: CompanyContext, row: InvoiceRow): Invoice {
  const today = companyToday(ctx);
  const overdue = isOverdue(row, today);
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    customerId: row.customerId,
    customer: { ...row.customer },
    salesOrderId: row.salesOrderId,
    locationId: row.locationId,
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
    ...presentTotals(row),
    // A draft has posted nothing yet: it shows what sending it would post.
    baseTotal: row.journalEntryId === null ? toBase(row.total, row.exchangeRate) : row.baseTotal,
    amountPaid: row.amountPaid,
    amountCredited: row.amountCredited,
    amountDebited: row.amountDebited,
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

import type { CompanyContext } from '../../store/context.js';
import { companyToday } from '../shared/calendar.js';
import { recordCustomerActivity } from './customers.js';
import { documentTotals, priceLines, type LineInput } from './document-lines.js';
import { notFound } from '../../kernel/errors.js';
import { checkDateOrder, checkNotAfterToday, customerForSale, SALES_NUMBERS } from './sales-documents.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { retrieveInvoice } from './invoices.js';
import { checkCredit, postSalesDocument } from './invoice-posting.js';
import { adjustInvoice, INVOICE_NOTE_MOVES } from './invoice-adjustments.js';
import { debitNotesTable, type DebitNoteRow } from './note-tables.js';

/** `POST /invoices/{id}/debit-notes` (SALES-64): the extra charge, priced like invoice lines. */
export interface DebitNoteInput {
  reason: string;
  debitNoteDate?: string;
  items: readonly LineInput[];
  shippingCost?: number;
  notes?: string | null;
}

export function retrieveDebitNote(ctx: CompanyContext, debitNoteId: string): DebitNoteRow {
  const note = debitNotesTable(ctx).get(debitNoteId);
  if (!note) throw notFound('debit note', debitNoteId, 'NOT_FOUND', 'debitNoteId');
  return note;
}

/**
 * Charges more on a sent, overdue or paid invoice (SALES-64): the lines are priced like an invoice's
 * and posted like one (Dr receivables, Cr income, tax payable and sales for shipping) at the debit
 * note's date and the invoice's rate, after the customer's credit check. The charge adds to what the
 * invoice has due (`amountDebited`), so a paid invoice is `sent` again and payments against it settle it.
 */
export function createDebitNote(ctx: ActingContext, invoiceId: string, input: DebitNoteInput): DebitNoteRow {
  return ctx.store.transaction(() => {
    const invoice = retrieveInvoice(ctx, invoiceId);
    INVOICE_NOTE_MOVES.assert('debit', invoice.status, { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber });
    const customer = customerForSale(ctx, invoice.customerId);
    const debitNoteDate = input.debitNoteDate ?? companyToday(ctx);
    checkDateOrder('debitNoteDate', debitNoteDate, invoice.invoiceDate, 'invoiceDate');
    checkNotAfterToday(ctx, 'debitNoteDate', debitNoteDate);
    const lines = priceLines(ctx, input.items);
    const totals = documentTotals(lines, input.shippingCost ?? 0, invoice.exchangeRate);

    const table = debitNotesTable(ctx);
    const id = table.newId();
    const debitNoteNumber = nextDocumentNumber(ctx, SALES_NUMBERS.debitNote);
    const { journalEntryId, baseTotal } = postSalesDocument(
      ctx,
      {
        id,
        number: debitNoteNumber,
        date: debitNoteDate,
        customerName: invoice.customer.name,
        exchangeRate: invoice.exchangeRate,
        items: lines,
        ...totals,
      },
      'debit_note',
    );
    checkCredit(customer, baseTotal, debitNoteNumber);
    recordCustomerActivity(ctx, customer.id, { balanceDelta: baseTotal, salesDelta: baseTotal, saleDate: debitNoteDate });
    adjustInvoice(ctx, invoice, { debited: totals.total, baseDelta: baseTotal });
    return table.insert({
      id,
      debitNoteNumber,
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      customerId: invoice.customerId,
      customer: { ...invoice.customer },
      debitNoteDate,
      reason: input.reason,
      notes: input.notes ?? null,
      currency: invoice.currency,
      exchangeRate: invoice.exchangeRate,
      items: lines,
      ...totals,
      baseTotal,
      journalEntryId,
      createdBy: actorOf(ctx),
      createdAt: ctx.clock.iso(),
    });
  });
}

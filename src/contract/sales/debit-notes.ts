import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, nonNegativeMoney, searchQuery, sortQuery } from '../common.js';
import { CustomerRef, DocumentLineCreate, documentList, text, documentAmounts } from './document-lines.js';
import { InvoiceLine } from './invoices.js';

// Debit notes: an additional charge on a posted invoice (SALES-64; implied endpoints, document 3's
// e-invoice type 03).

/** A charged line, priced like an invoice line, with the income account it posts to. */
export const DebitNoteLine = InvoiceLine.omit({ salesOrderLineId: true });
export type DebitNoteLine = z.infer<typeof DebitNoteLine>;

export const DebitNote = z.object({
  id: z.string(),
  debitNoteNumber: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  customerId: z.string(),
  customer: CustomerRef,
  debitNoteDate: isoDate(),
  reason: z.string(),
  notes: z.string().nullable(),
  /** The invoice's currency and rate. */
  currency: z.string().length(3),
  exchangeRate: z.number(),
  items: z.array(DebitNoteLine),
  ...documentAmounts,
  /** `total` in the company's currency, as debited to accounts receivable. */
  baseTotal: money(),
  journalEntryId: z.string(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
});
export type DebitNote = z.infer<typeof DebitNote>;

export const DebitNoteCreateParams = z.object({
  /** Why more is charged (an undercharge, extra work), searched by the list; 1 to 500 characters. */
  reason: text(500).trim().min(1),
  /** Default today. */
  debitNoteDate: isoDate().optional(),
  /** Priced like invoice lines. */
  items: z.array(DocumentLineCreate).min(1).max(200),
  /** Extra shipping charged, in the invoice's currency, at least 0; default 0. Added to the total untaxed. */
  shippingCost: nonNegativeMoney().optional(),
  /** Free-text notes; at most 5000 characters. */
  notes: text(5000).nullable().optional(),
});
export type DebitNoteCreateParams = z.input<typeof DebitNoteCreateParams>;

export const DebitNoteListParams = z.object({
  customerId: z.string().optional(),
  invoiceId: z.string().optional(),
  debitNoteDateFrom: isoDate().optional(),
  debitNoteDateTo: isoDate().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

export const invoiceDebitNotesCreate = endpoint({
  id: 'debitNotes.create',
  method: 'POST',
  path: '/invoices/{invoiceId}/debit-notes',
  scope: 'write:invoices',
  status: 201,
  source: 'implied',
  summary: 'Charge more on a sent or paid invoice: posted like an invoice, it adds to what the invoice has due',
  description:
    'Charges more on a sent, overdue or paid invoice (`DN-000001`): lines priced like invoice lines, in ' +
    "the invoice's currency and rate, posted like an invoice after the credit check. The invoice's " +
    '`amountDebited` and `amountDue` rise (a paid invoice is `sent` again) and payments settle it.',
  example:
    "await acs.debitNotes.create(invoice.id, { reason: 'Weekend installation surcharge', items: [{ description: 'Surcharge', quantity: 1, unitPrice: 80, taxCode: 'SVC8' }] });",
  exampleCall: {
    params: { invoiceId: { fixture: 'sentInvoice' } },
    body: {
      reason: 'Every endpoint',
      items: [{ description: 'Surcharge', quantity: 1, unitPrice: 20 }],
    },
  },
  params: z.object({ invoiceId: z.string() }),
  body: DebitNoteCreateParams,
  response: DebitNote,
});

export const debitNotesList = endpoint({
  id: 'debitNotes.list',
  method: 'GET',
  path: '/debit-notes',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'List debit notes',
  description: 'Lists debit notes, newest first; filter by `customerId`, `invoiceId` and dates.',
  exampleCall: { query: { invoiceId: 'inv_none' } },
  query: DebitNoteListParams,
  response: DebitNote,
  list: {
    ...documentList,
    defaultSort: 'debitNoteDate:desc,debitNoteNumber:desc',
    filters: { debitNoteNumber: 'string', debitNoteDate: 'date', total: 'number', createdAt: 'datetime' },
    search: ['debitNoteNumber', 'invoiceNumber', 'reason', 'customer.name'],
    sort: ['debitNoteDate', 'debitNoteNumber', 'total', 'createdAt'],
    index: {
      customerId: 'string',
      invoiceId: 'string',
      debitNoteDateFrom: ['debitNoteDate', 'gte'],
      debitNoteDateTo: ['debitNoteDate', 'lte'],
    },
  },
});

export const debitNotesRetrieve = endpoint({
  id: 'debitNotes.retrieve',
  method: 'GET',
  path: '/debit-notes/{debitNoteId}',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'Get one debit note',
  description: 'One debit note.',
  exampleCall: { params: { debitNoteId: { fixture: 'debitNote' } } },
  params: z.object({ debitNoteId: z.string() }),
  response: DebitNote,
});

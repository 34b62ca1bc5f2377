import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, searchQuery, sortQuery } from '../common.js';
import { documentList, text } from '../sales/document-lines.js';
import { BillLine, BillLineCreate } from './bills.js';
import { SupplierRef } from './suppliers.js';

// Supplier debit notes (decision PUR-58; implied endpoints): a supplier's extra charge on an approved bill,
// owed with the bill it is tied to.

/** A charged line, priced and posted like a bill line that is not matched to an order. */
export const SupplierDebitNoteLine = BillLine.omit({ purchaseOrderLineId: true });
export type SupplierDebitNoteLine = z.infer<typeof SupplierDebitNoteLine>;

export const SupplierDebitNote = z.object({
  id: z.string(),
  debitNoteNumber: z.string(),
  /** The supplier's own number for its debit note, if given. */
  supplierDebitNoteNumber: z.string().nullable(),
  billId: z.string(),
  billNumber: z.string(),
  supplierId: z.string(),
  supplier: SupplierRef,
  debitNoteDate: isoDate(),
  reason: z.string(),
  notes: z.string().nullable(),
  /** The bill's currency and rate. */
  currency: z.string().length(3),
  exchangeRate: z.number(),
  items: z.array(SupplierDebitNoteLine),
  subtotal: money(),
  taxTotal: money(),
  total: money(),
  /** `total` in the company's currency, as credited to accounts payable. */
  baseTotal: money(),
  journalEntryId: z.string(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
});
export type SupplierDebitNote = z.infer<typeof SupplierDebitNote>;

export const SupplierDebitNoteCreateParams = z.object({
  /** Why the supplier charges more (freight, a price rise agreed after the bill), searched by the list; 1 to 500 characters. */
  reason: text(500).trim().min(1),
  /** The supplier's own debit note number, up to 50 characters. */
  supplierDebitNoteNumber: z.string().trim().min(1).max(50).optional(),
  /** Default today: on or after the bill date, not after today. */
  debitNoteDate: isoDate().optional(),
  /**
   * 1 to 200 charged lines, priced as a bill's lines; a tracked stock item is refused (stock arrives through
   * receipts). A line without `itemId` or `accountCode` posts to the account of the bill's first line that is not matched stock.
   */
  items: z
    .array(BillLineCreate.omit({ purchaseOrderLineId: true }))
    .min(1)
    .max(200),
  /** Free-text notes; at most 5000 characters. */
  notes: text(5000).nullable().optional(),
});
export type SupplierDebitNoteCreateParams = z.input<typeof SupplierDebitNoteCreateParams>;

export const SupplierDebitNoteListParams = z.object({
  supplierId: z.string().optional(),
  billId: z.string().optional(),
  /** Debit note dates from, inclusive. */
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});
export type SupplierDebitNoteListParams = z.input<typeof SupplierDebitNoteListParams>;

export const supplierDebitNotesCreate = endpoint({
  id: 'supplierDebitNotes.create',
  method: 'POST',
  path: '/bills/{billId}/supplier-debit-notes',
  scope: 'write:invoices',
  status: 201,
  source: 'implied',
  summary: "Record a supplier's extra charge on an approved bill; it is owed with the bill",
  description:
    "Records a supplier's debit note on an approved bill (`SDN-000001`, decision PUR-58): its lines are priced " +
    "like a bill's, in the bill's currency and at its rate, and posted like one (debit the lines' expense " +
    "accounts and recoverable tax, credit accounts payable). The charge adds to the bill's `debitedAmount` " +
    'and `balanceDue`, so a paid bill is due again, and the supplier balance grows.',
  example: `const charge = await acs.supplierDebitNotes.create(bill.id, {
  reason: 'Freight agreed after delivery',
  items: [{ description: 'Freight', quantity: 1, unitPrice: 35, accountCode: '5200' }],
});`,
  params: z.object({ billId: z.string() }),
  body: SupplierDebitNoteCreateParams,
  response: SupplierDebitNote,
  exampleCall: {
    params: { billId: { fixture: 'approvedBill' } },
    body: { reason: 'Weekend delivery surcharge', items: [{ description: 'Surcharge', quantity: 1, unitPrice: 12, accountCode: '5200' }] },
  },
});

export const supplierDebitNotesList = endpoint({
  id: 'supplierDebitNotes.list',
  method: 'GET',
  path: '/supplier-debit-notes',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'List supplier debit notes',
  description: 'Lists supplier debit notes, newest first; filter by `supplierId`, `billId` and dates.',
  query: SupplierDebitNoteListParams,
  response: SupplierDebitNote,
  list: {
    ...documentList,
    defaultSort: 'debitNoteDate:desc,debitNoteNumber:desc',
    filters: { debitNoteNumber: 'string', debitNoteDate: 'date', total: 'number', createdAt: 'datetime' },
    search: ['debitNoteNumber', 'billNumber', 'supplierDebitNoteNumber', 'reason', 'supplier.name'],
    sort: ['debitNoteDate', 'debitNoteNumber', 'total', 'createdAt'],
    index: { supplierId: 'string', billId: 'string', fromDate: ['debitNoteDate', 'gte'], toDate: ['debitNoteDate', 'lte'] },
  },
  exampleCall: {},
});

export const supplierDebitNotesRetrieve = endpoint({
  id: 'supplierDebitNotes.retrieve',
  method: 'GET',
  path: '/supplier-debit-notes/{supplierDebitNoteId}',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'Get one supplier debit note',
  description: 'One supplier debit note.',
  params: z.object({ supplierDebitNoteId: z.string() }),
  response: SupplierDebitNote,
  exampleCall: { params: { supplierDebitNoteId: { fixture: 'supplierDebitNote' } } },
});

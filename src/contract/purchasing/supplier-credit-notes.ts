import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, searchQuery, sortQuery } from '../common.js';
import { documentList, quantity, text } from '../sales/document-lines.js';
import { PaymentMethod } from '../sales/payments.js';
import { BillLine } from './bills.js';
import { SupplierRef } from './suppliers.js';

// Supplier credit notes (decision PUR-58; implied endpoints): what a supplier credits back on an approved bill,
// applied to its bills or kept as supplier credit until the supplier refunds it.

/** A credited bill line: the bill line it credits, at that line's price and tax rate. */
export const SupplierCreditNoteLine = BillLine.omit({ purchaseOrderLineId: true }).extend({ billLineId: z.string() });
export type SupplierCreditNoteLine = z.infer<typeof SupplierCreditNoteLine>;

/** Credit applied to a bill: the credit note's own bill on creation, another open bill of the supplier later. */
export const SupplierCreditApplication = z.object({
  id: z.string(),
  billId: z.string(),
  billNumber: z.string(),
  amount: money(),
  applicationDate: isoDate(),
  createdAt: isoDateTime(),
});
export type SupplierCreditApplication = z.infer<typeof SupplierCreditApplication>;

/** Money the supplier paid back of the credit: Dr the bank, Cr accounts payable. */
export const SupplierCreditRefund = z.object({
  id: z.string(),
  refundNumber: z.string(),
  amount: money(),
  /** `amount` in the company's currency at the credit note's rate, as received into the bank or cash account. */
  baseAmount: money(),
  refundDate: isoDate(),
  method: PaymentMethod,
  reference: z.string().nullable(),
  accountId: z.string(),
  journalEntryId: z.string(),
  createdAt: isoDateTime(),
});
export type SupplierCreditRefund = z.infer<typeof SupplierCreditRefund>;

/** `open` while credit remains; when none is left, `refunded` if any of it was paid back, else `applied`. */
export const SupplierCreditNoteStatus = z.enum(['open', 'applied', 'refunded']);
export type SupplierCreditNoteStatus = z.infer<typeof SupplierCreditNoteStatus>;

export const SupplierCreditNote = z.object({
  id: z.string(),
  creditNoteNumber: z.string(),
  /** The supplier's own number for its credit note, if given. */
  supplierCreditNoteNumber: z.string().nullable(),
  billId: z.string(),
  billNumber: z.string(),
  supplierId: z.string(),
  supplier: SupplierRef,
  creditNoteDate: isoDate(),
  status: SupplierCreditNoteStatus,
  reason: z.string(),
  notes: z.string().nullable(),
  /** The bill's currency and rate. */
  currency: z.string().length(3),
  exchangeRate: z.number(),
  items: z.array(SupplierCreditNoteLine),
  subtotal: money(),
  taxTotal: money(),
  total: money(),
  /** `total` in the company's currency, as debited to accounts payable. */
  baseTotal: money(),
  amountApplied: money(),
  amountRefunded: money(),
  /** Supplier credit left to apply or to be refunded: total - amountApplied - amountRefunded. */
  remainingCredit: money(),
  /** `remainingCredit` in the company's currency. */
  baseRemainingCredit: money(),
  applications: z.array(SupplierCreditApplication),
  refunds: z.array(SupplierCreditRefund),
  journalEntryId: z.string(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type SupplierCreditNote = z.infer<typeof SupplierCreditNote>;

export const SupplierCreditNoteCreateParams = z.object({
  /** Why the supplier credits the bill (a price correction, a billing error), searched by the list; 1 to 500 characters. */
  reason: text(500).trim().min(1),
  /** The supplier's own credit note number, up to 50 characters. */
  supplierCreditNoteNumber: z.string().trim().min(1).max(50).optional(),
  /** Default today: on or after the bill date, not after today. */
  creditNoteDate: isoDate().optional(),
  /** The bill lines and quantities to credit; omitted: everything not yet credited. */
  items: z
    .array(z.object({ billLineId: z.string().min(1).max(100), quantity: quantity() }))
    .min(1)
    .max(200)
    .optional(),
  /** Free-text notes; at most 5000 characters. */
  notes: text(5000).nullable().optional(),
});
export type SupplierCreditNoteCreateParams = z.input<typeof SupplierCreditNoteCreateParams>;

export const SupplierCreditNoteApplyParams = z.object({
  /** An open bill of the same supplier and currency. */
  billId: z.string().min(1).max(100),
  /** Credit to apply, in the credit note's currency: above zero, at most its `remainingCredit` and the bill's `balanceDue`. */
  amount: money().pipe(z.number().positive()),
  /** Default today: not before the credit note's or the bill's date, not after today. */
  applicationDate: isoDate().optional(),
});
export type SupplierCreditNoteApplyParams = z.input<typeof SupplierCreditNoteApplyParams>;

export const SupplierCreditNoteRefundParams = z.object({
  /** What the supplier paid back, in the credit note's currency: above zero, at most its `remainingCredit`. */
  amount: money().pipe(z.number().positive()),
  /** Default today: on or after the credit note's date, not after today. */
  refundDate: isoDate().optional(),
  /** Default `bank_transfer`. */
  method: PaymentMethod.optional(),
  /** An active bank or cash account; default the seeded cash account for `cash`, the bank account otherwise. */
  accountId: z.string().min(1).max(100).optional(),
  /** Your reference for the receipt (the supplier's transfer), up to 100 characters. */
  reference: text(100).nullable().optional(),
});
export type SupplierCreditNoteRefundParams = z.input<typeof SupplierCreditNoteRefundParams>;

export const SupplierCreditNoteListParams = z.object({
  supplierId: z.string().optional(),
  billId: z.string().optional(),
  status: SupplierCreditNoteStatus.optional(),
  /** Credit note dates from, inclusive. */
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});
export type SupplierCreditNoteListParams = z.input<typeof SupplierCreditNoteListParams>;

const BillIdParams = z.object({ billId: z.string() });
const SupplierCreditNoteIdParams = z.object({ supplierCreditNoteId: z.string() });

export const supplierCreditNotesCreate = endpoint({
  id: 'supplierCreditNotes.create',
  method: 'POST',
  path: '/bills/{billId}/supplier-credit-notes',
  scope: 'write:invoices',
  status: 201,
  source: 'implied',
  summary: "Record a supplier's credit note on an approved bill, whole or by lines; it settles what the bill has due first",
  description:
    "Records a supplier's credit note on an approved bill (`SCN-000001`, decision PUR-58): `items` names bill " +
    "lines and quantities (omitted: everything not yet credited), at the bill's prices, currency and rate. One " +
    "entry reverses the credited share of the bill's: debit accounts payable, credit the lines' expense accounts, " +
    'goods received not invoiced for matched stock lines (PUR-59) and recoverable tax. The credit settles what the ' +
    'bill has due; the rest is supplier credit (`remainingCredit`) to apply to another bill or to be refunded. ' +
    'Crediting more than was billed less earlier credit notes rejects with `BusinessRuleError`.',
  example: `const credit = await acs.supplierCreditNotes.create(bill.id, {
  reason: 'Two cartons billed twice',
  items: [{ billLineId: bill.items[0].id, quantity: 2 }],
});`,
  params: BillIdParams,
  body: SupplierCreditNoteCreateParams,
  response: SupplierCreditNote,
  exampleCall: { params: { billId: { fixture: 'approvedBill' } }, body: { reason: 'Billed twice' } },
});

export const supplierCreditNotesList = endpoint({
  id: 'supplierCreditNotes.list',
  method: 'GET',
  path: '/supplier-credit-notes',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'List supplier credit notes',
  description: 'Lists supplier credit notes, newest first; filter by `supplierId`, `billId`, `status` (`open` has credit left) and dates.',
  example:
    "for await (const note of acs.supplierCreditNotes.list({ status: 'open' })) console.log(note.creditNoteNumber, note.remainingCredit);",
  query: SupplierCreditNoteListParams,
  response: SupplierCreditNote,
  list: {
    ...documentList,
    defaultSort: 'creditNoteDate:desc,creditNoteNumber:desc',
    filters: { creditNoteNumber: 'string', creditNoteDate: 'date', total: 'number', remainingCredit: 'number', createdAt: 'datetime' },
    search: ['creditNoteNumber', 'billNumber', 'supplierCreditNoteNumber', 'reason', 'supplier.name'],
    sort: ['creditNoteDate', 'creditNoteNumber', 'total', 'remainingCredit', 'createdAt'],
    index: {
      supplierId: 'string',
      billId: 'string',
      status: 'string',
      fromDate: ['creditNoteDate', 'gte'],
      toDate: ['creditNoteDate', 'lte'],
    },
  },
  exampleCall: { query: { status: 'open' } },
});

export const supplierCreditNotesRetrieve = endpoint({
  id: 'supplierCreditNotes.retrieve',
  method: 'GET',
  path: '/supplier-credit-notes/{supplierCreditNoteId}',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'Get one supplier credit note',
  description: 'One supplier credit note, with its applications and refunds.',
  params: SupplierCreditNoteIdParams,
  response: SupplierCreditNote,
  exampleCall: { params: { supplierCreditNoteId: { fixture: 'supplierCredit' } } },
});

export const supplierCreditNotesApply = endpoint({
  id: 'supplierCreditNotes.apply',
  method: 'POST',
  path: '/supplier-credit-notes/{supplierCreditNoteId}/applications',
  scope: 'write:invoices',
  status: 201,
  source: 'implied',
  summary: "Apply a supplier credit note's remaining credit to another open bill of the supplier",
  description:
    'Applies remaining credit to an open bill of the same supplier and currency: `amount` at most the credit ' +
    "note's `remainingCredit` and the bill's `balanceDue` (else a `ValidationError`). The bill's `creditedAmount` " +
    'rises and its `balanceDue` falls; across rates the difference is a realised exchange gain or loss. Resolves ' +
    'to the credit note, the new application last in `applications`.',
  example: 'await acs.supplierCreditNotes.apply(credit.id, { billId: nextBill.id, amount: 50 });',
  params: SupplierCreditNoteIdParams,
  body: SupplierCreditNoteApplyParams,
  response: SupplierCreditNote,
});

export const supplierCreditNotesRefund = endpoint({
  id: 'supplierCreditNotes.refund',
  method: 'POST',
  path: '/supplier-credit-notes/{supplierCreditNoteId}/refunds',
  scope: 'write:invoices',
  status: 201,
  source: 'implied',
  summary: 'Record money the supplier paid back of its credit',
  description:
    'Records a refund the supplier paid of its credit (`SRF-000001`): posts debit the bank or cash account ' +
    '(`accountId`, default the seeded one for `method`), credit accounts payable. `refundDate` defaults to ' +
    'today and may not be after it. Resolves to the credit note, the refund last in `refunds`.',
  example: "await acs.supplierCreditNotes.refund(credit.id, { amount: credit.remainingCredit, reference: 'IBG 55120' });",
  params: SupplierCreditNoteIdParams,
  body: SupplierCreditNoteRefundParams,
  response: SupplierCreditNote,
  exampleCall: { params: { supplierCreditNoteId: { fixture: 'supplierCredit' } }, body: { amount: 40, reference: 'IBG 55120' } },
});

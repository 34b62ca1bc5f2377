import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, nonNegativeMoney, rate, searchQuery, sortQuery } from '../common.js';
import { dateOrder, documentList, quantity, text } from '../sales/document-lines.js';
import { PaymentMethod, PaymentVoidParams } from '../sales/payments.js';
import { SupplierPaymentTerms, SupplierRef } from './suppliers.js';

// Spec document 2, "Bill", and the bills rows of the purchase orders and bills endpoint table.

/** `overdue` is read from the clock: an approved bill with a balance due past its `dueDate`; `void`: voided once approved (PUR-54). */
export const BILL_STATUSES = ['draft', 'open', 'partially_paid', 'paid', 'overdue', 'void'] as const;
export const BillStatus = z.enum(BILL_STATUSES);
export type BillStatus = z.infer<typeof BillStatus>;

/** The types a bill's attachment may be: a scanned or electronic supplier invoice. */
export const BILL_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'application/xml', 'text/xml', 'text/csv'] as const;
/** The largest attachment, decoded (the request body itself stays within the service's 1 MB). */
export const BILL_ATTACHMENT_MAX_BYTES = 512 * 1024;

export const BillAttachmentCreate = z.object({
  /** The file's name as shown on the bill, 1 to 255 characters after trimming. */
  filename: z.string().trim().min(1).max(255),
  /** The file's bytes, base64. */
  content: z
    .string()
    .min(1)
    .max(Math.ceil(BILL_ATTACHMENT_MAX_BYTES / 3) * 4 + 4),
  /** One of `application/pdf`, `image/png`, `image/jpeg`, `application/xml`, `text/xml`, `text/csv`. */
  mimeType: z.string().min(1).max(100),
});
export type BillAttachmentCreate = z.input<typeof BillAttachmentCreate>;

export const BillAttachment = z.object({
  id: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  /** Bytes, decoded. */
  size: z.number().int(),
  /** Downloads the exact bytes with their content type (a `data:` URL in the sandbox). */
  url: z.string(),
  uploadedAt: isoDateTime(),
});
export type BillAttachment = z.infer<typeof BillAttachment>;

export const BillLineCreate = z.object({
  /** An item of the catalogue: default description, unit price (its cost price), purchase tax code and expense account. */
  itemId: z.string().min(1).max(100).optional(),
  /** The purchase order line this line bills (a bill with `purchaseOrderId`); default the order's line of the same item. */
  purchaseOrderLineId: z.string().min(1).max(100).optional(),
  /** Required without `itemId` or an order line. */
  description: text(1000).optional(),
  /** Above zero, four decimals at most; a matched line's at most received less billed (checked at approval). */
  quantity: quantity(),
  /** Default the order line's price, else the item's cost price. */
  unitPrice: nonNegativeMoney().optional(),
  /** A tax code of the company; default the order line's or the item's purchase tax code; null: no tax. */
  taxCode: z.string().trim().min(1).max(20).nullable().optional(),
  /** The expense or asset account number the line posts to; default the item's expense account. Matched stock lines post to goods received not invoiced. */
  accountCode: z.string().trim().min(1).max(20).optional(),
});
export type BillLineCreate = z.input<typeof BillLineCreate>;

export const BillLine = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  itemCode: z.string().nullable(),
  purchaseOrderLineId: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: money(),
  lineTotal: money(),
  taxCode: z.string(),
  taxRate: z.number(),
  taxAmount: money(),
  accountCode: z.string(),
});
export type BillLine = z.infer<typeof BillLine>;

/** A payment made against a bill; `voided` once undone (its entry reversed, the bill and the supplier's balance restored). */
export const BillPayment = z.object({
  id: z.string(),
  paymentNumber: z.string(),
  amount: money(),
  /** Early-payment discount the payment took (supplier terms `discountDays`, `discountPercent`). */
  discountAmount: money(),
  exchangeRate: z.number(),
  /** `amount` in the company's currency, as paid out of the bank or cash account. */
  baseAmount: money(),
  paymentDate: isoDate(),
  method: PaymentMethod,
  reference: z.string().nullable(),
  accountId: z.string(),
  journalEntryId: z.string(),
  status: z.enum(['posted', 'voided']),
  voidDate: isoDate().nullable(),
  voidReason: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type BillPayment = z.infer<typeof BillPayment>;

export const Bill = z.object({
  id: z.string(),
  billNumber: z.string(),
  supplierInvoiceNumber: z.string(),
  supplierId: z.string(),
  supplier: SupplierRef,
  purchaseOrderId: z.string().nullable(),
  billDate: isoDate(),
  dueDate: isoDate(),
  status: BillStatus,
  currency: z.string().length(3),
  exchangeRate: z.number(),
  reference: z.string().nullable(),
  subtotal: money(),
  taxTotal: money(),
  total: money(),
  /** `total` in the company's currency, as posted to accounts payable. */
  baseTotal: money(),
  paidAmount: money(),
  discountTaken: money(),
  /** Supplier credit applied to the bill (PUR-58). */
  creditedAmount: money(),
  /** Extra charges of the supplier's debit notes on the bill (PUR-58). */
  debitedAmount: money(),
  /** total + debitedAmount - paidAmount - discountTaken - creditedAmount. */
  balanceDue: money(),
  /** Days past `dueDate` by the service clock while overdue, else 0. */
  overdueBy: z.number().int(),
  items: z.array(BillLine),
  attachments: z.array(BillAttachment),
  /** The supplier's terms when the bill was written. */
  paymentTerms: SupplierPaymentTerms,
  notes: z.string().nullable(),
  payments: z.array(BillPayment),
  /** The approval's entry; null while a draft. */
  journalEntryId: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: isoDateTime().nullable(),
  /** The reversing entry's date once voided (PUR-54), else null. */
  voidDate: isoDate().nullable(),
  voidReason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Bill = z.infer<typeof Bill>;

const billFields = {
  /** Default the company's today. */
  billDate: isoDate().optional(),
  /** Default billDate plus the supplier's `paymentTerms.termsDays`. */
  dueDate: isoDate().optional(),
  /** Your own reference for the bill, up to 100 characters; null clears it. */
  reference: text(100).nullable().optional(),
  /** Company currency per unit of the bill's currency (the supplier's, or the order's); required for a foreign currency unless the order gives it. */
  exchangeRate: rate().optional(),
  /** Up to 5 files per request, each at most 512 KB decoded; on update they are added to the bill's files. */
  attachments: z.array(BillAttachmentCreate).max(5).optional(),
  /** Free text, up to 5,000 characters; null clears it. */
  notes: text(5000).nullable().optional(),
};

export const BillCreateParams = z
  .object({
    /** An active supplier (unknown: 404 `SUPPLIER_NOT_FOUND`); gives the terms, and the currency without an order. */
    supplierId: z.string().min(1).max(100),
    /** The supplier's own number for the invoice: unique per supplier (409 INVALID_SUPPLIER_INVOICE). */
    supplierInvoiceNumber: z.string().trim().min(1).max(50),
    /** Matches the bill three ways (order, receipt, bill). */
    purchaseOrderId: z.string().min(1).max(100).optional(),
    ...billFields,
    /** Without it, a bill for a purchase order bills everything received and not yet billed. */
    items: z.array(BillLineCreate).min(1).max(200).optional(),
  })
  .superRefine(dateOrder('billDate', 'dueDate'));
export type BillCreateParams = z.input<typeof BillCreateParams>;

/** A draft's fields; `items` replaces every line, `attachments` adds files. */
export const BillUpdateParams = z
  .object({
    /** The supplier's own invoice number, 1 to 50 characters, unique per supplier (409 INVALID_SUPPLIER_INVOICE). */
    supplierInvoiceNumber: z.string().trim().min(1).max(50).optional(),
    ...billFields,
    /** 1 to 200 lines replacing every line, priced again and matched to the bill's order if it has one. */
    items: z.array(BillLineCreate).min(1).max(200).optional(),
  })
  .superRefine(dateOrder('billDate', 'dueDate'));
export type BillUpdateParams = z.input<typeof BillUpdateParams>;

export const BillListParams = z.object({
  status: BillStatus.optional(),
  supplierId: z.string().optional(),
  purchaseOrderId: z.string().optional(),
  /** Bill dates from, inclusive. */
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  dueFromDate: isoDate().optional(),
  dueToDate: isoDate().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});
export type BillListParams = z.input<typeof BillListParams>;

export const BillPaymentCreateParams = z.object({
  /** In the bill's currency, cents, up to `balanceDue`; in the discount window `balanceDue` less the discount settles it. */
  amount: money().pipe(z.number().positive()),
  /** Default today; not before the bill date nor after today. */
  paymentDate: isoDate().optional(),
  /** Default `bank_transfer`. */
  method: PaymentMethod.optional(),
  /** An active bank or cash account; default the seeded cash account for `cash`, the bank account otherwise. */
  accountId: z.string().min(1).max(100).optional(),
  /** Foreign-currency bills only (else 1); default the bill's rate; another rate books an exchange gain or loss. */
  exchangeRate: rate().optional(),
  /** Your reference for the payment (a transfer or cheque number), up to 100 characters; stored and shown. */
  reference: text(100).nullable().optional(),
});
export type BillPaymentCreateParams = z.input<typeof BillPaymentCreateParams>;

export const BillIdParams = z.object({ billId: z.string() });

export const billsList = endpoint({
  id: 'bills.list',
  method: 'GET',
  path: '/bills',
  scope: 'read:invoices',
  summary: 'List bills',
  description:
    'Lists bills, newest first; filters `status` (`overdue` by the clock), `supplierId`, ' +
    '`fromDate`/`toDate` (bill date), `dueFromDate`/`dueToDate`.',
  example: "for await (const bill of acs.bills.list({ status: 'overdue' })) console.log(bill.billNumber, bill.balanceDue);",
  exampleCall: { query: { status: 'open' } },
  query: BillListParams,
  response: Bill,
  list: {
    ...documentList,
    defaultSort: 'billDate:desc,billNumber:desc',
    filters: { billNumber: 'string', billDate: 'date', dueDate: 'date', total: 'number', balanceDue: 'number', createdAt: 'datetime' },
    search: ['billNumber', 'supplierInvoiceNumber', 'reference', 'supplier.name'],
    sort: ['billDate', 'dueDate', 'billNumber', 'total', 'balanceDue', 'createdAt'],
    // `status` reads the table's derived status, so `overdue` comes from the clock here too.
    index: {
      status: 'string',
      supplierId: 'string',
      purchaseOrderId: 'string',
      fromDate: ['billDate', 'gte'],
      toDate: ['billDate', 'lte'],
      dueFromDate: ['dueDate', 'gte'],
      dueToDate: ['dueDate', 'lte'],
    },
  },
});

export const billsCreate = endpoint({
  id: 'bills.create',
  method: 'POST',
  path: '/bills',
  scope: 'write:invoices',
  status: 201,
  summary: 'Enter a supplier bill (a draft)',
  description:
    "Enters a supplier's invoice as a draft. With `purchaseOrderId` it is matched to the order (without " +
    '`items`, it bills everything received and not yet billed). A supplier invoice number entered before ' +
    'rejects with `INVALID_SUPPLIER_INVOICE` (409).',
  example:
    "const bill = await acs.bills.create({ supplierId, supplierInvoiceNumber: 'INV-8812', items: [{ description: 'Courier', quantity: 1, unitPrice: 45, accountCode: '5200' }] });",
  exampleCall: { body: { fixture: 'newBill' } },
  body: BillCreateParams,
  response: Bill,
});

export const billsRetrieve = endpoint({
  id: 'bills.retrieve',
  method: 'GET',
  path: '/bills/{billId}',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'Get one bill',
  description: 'One bill with its lines, payments and attachments. `NotFoundError` (`BILL_NOT_FOUND`) for an unknown ' + 'id.',
  exampleCall: { params: { billId: { fixture: 'draftBill' } } },
  params: BillIdParams,
  response: Bill,
});

export const billsUpdate = endpoint({
  id: 'bills.update',
  method: 'PUT',
  path: '/bills/{billId}',
  scope: 'write:invoices',
  source: 'implied',
  summary: 'Change a draft bill',
  description: 'Changes a draft; `items` replaces every line, `attachments` adds files.',
  exampleCall: { params: { billId: { fixture: 'draftBill' } }, body: { notes: 'Checked against the delivery order' } },
  params: BillIdParams,
  body: BillUpdateParams,
  response: Bill,
});

export const billsApprove = endpoint({
  id: 'bills.approve',
  method: 'POST',
  path: '/bills/{billId}/approve',
  scope: 'write:invoices',
  source: 'implied',
  summary: 'Approve a draft bill: it posts to accounts payable and falls due',
  description:
    'Approves a draft: one entry posts Dr goods received not invoiced / expenses / tax recoverable, Cr ' +
    "accounts payable, and the supplier's balance grows. A bill for an order is refused beyond what was " +
    "received, or at a price more than 5% from the order's.",
  exampleCall: { params: { billId: { fixture: 'draftBill' } } },
  params: BillIdParams,
  response: Bill,
});

export const billsPay = endpoint({
  id: 'bills.pay',
  method: 'POST',
  path: '/bills/{billId}/payments',
  scope: 'write:invoices',
  source: 'implied',
  status: 201,
  summary: 'Pay a bill, in part or in full',
  description:
    'Pays an approved bill in part or in full (Dr accounts payable / Cr bank) and answers the bill. ' +
    "Paying the total less the supplier's early-payment discount within its `discountDays` settles it. A " +
    'paid bill rejects with `BILL_ALREADY_PAID`.',
  example: "const paid = await acs.bills.pay(bill.id, { amount: 500, reference: 'IBG 7781' });",
  exampleCall: { params: { billId: { fixture: 'approvedBill' } }, body: { amount: 40 } },
  params: BillIdParams,
  body: BillPaymentCreateParams,
  response: Bill,
});

export const BillPaymentListParams = z.object({ ...sortQuery, ...cursorPageQuery });
export type BillPaymentListParams = z.input<typeof BillPaymentListParams>;

export const billsListPayments = endpoint({
  id: 'bills.listPayments',
  method: 'GET',
  path: '/bills/{billId}/payments',
  scope: 'read:invoices',
  source: 'implied',
  summary: "List a bill's payments, voided ones included",
  description: "A bill's payments, oldest first, voided ones included (each bill also carries them as `payments`).",
  exampleCall: { params: { billId: { fixture: 'paidBill' } } },
  params: BillIdParams,
  query: BillPaymentListParams,
  response: BillPayment,
  list: {
    ...documentList,
    defaultSort: 'paymentDate:asc,paymentNumber:asc',
    filters: { paymentDate: 'date', amount: 'number' },
    sort: ['paymentDate', 'amount', 'paymentNumber', 'createdAt'],
  },
});

export const billsVoidPayment = endpoint({
  id: 'bills.voidPayment',
  method: 'POST',
  path: '/bills/{billId}/payments/{paymentId}/void',
  scope: 'write:invoices',
  source: 'implied',
  summary: "Void a bill's payment: its entry is reversed and the bill and the supplier balance are restored",
  description: "Voids a payment: its entry is reversed and the bill and the supplier's balance are restored.",
  example: "await acs.bills.voidPayment(bill.id, bill.payments[0].id, { reason: 'Paid twice' });",
  params: z.object({ billId: z.string(), paymentId: z.string() }),
  body: PaymentVoidParams,
  response: Bill,
});

/** `POST /bills/{billId}/void` (PUR-54): why, and the reversal's date (default the bill's date, or the day after the lock). */
export const BillVoidParams = z.object({
  reason: z.string().trim().min(1).max(500),
  voidDate: isoDate().optional(),
});
export type BillVoidParams = z.input<typeof BillVoidParams>;

export const billsVoid = endpoint({
  id: 'bills.void',
  method: 'POST',
  path: '/bills/{billId}/void',
  scope: 'write:invoices',
  source: 'implied',
  summary: "Void an approved, unpaid bill: its entry is reversed, the order's billed quantities and the supplier balance go back",
  description:
    'Voids an approved bill with nothing paid (decision PUR-54): its entry is reversed on `voidDate` (default ' +
    "the bill date, or the day after the lock date when that is closed), the purchase order's billed " +
    "quantities and the supplier's balance go back, and the bill is `void`. A bill with payments rejects " +
    'with `BusinessRuleError` until they are voided; a date inside the lock with `PERIOD_LOCKED`.',
  example: "const voided = await acs.bills.void(bill.id, { reason: 'Entered against the wrong supplier' });",
  exampleCall: { params: { billId: { fixture: 'approvedBill' } }, body: { reason: 'Entered against the wrong supplier' } },
  params: BillIdParams,
  body: BillVoidParams,
  response: Bill,
});

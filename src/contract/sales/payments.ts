import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, rate, sortQuery } from '../common.js';
import { documentList, text } from './document-lines.js';

// Payments recorded against an invoice (spec document 2, "Invoices").

export const PAYMENT_METHODS = ['bank_transfer', 'cash', 'cheque', 'credit_card', 'debit_card', 'ewallet', 'other'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

// `voided` once the payment is undone (its entry reversed, the invoice and the customer's balance restored).
export const PAYMENT_RECORD_STATUSES = ['posted', 'voided'] as const;
export const PaymentRecordStatus = z.enum(PAYMENT_RECORD_STATUSES);
export type PaymentRecordStatus = z.infer<typeof PaymentRecordStatus>;

export const Payment = z.object({
  id: z.string(),
  paymentNumber: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  customerId: z.string(),
  amount: money(),
  currency: z.string().length(3),
  exchangeRate: z.number(),
  /** `amount` in the company's currency, as banked. */
  baseAmount: money(),
  paymentDate: isoDate(),
  paymentMethod: PaymentMethod,
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  /** The bank or cash account debited. */
  accountId: z.string(),
  journalEntryId: z.string(),
  status: PaymentRecordStatus,
  voidDate: isoDate().nullable(),
  voidedAt: isoDateTime().nullable(),
  voidReason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
});
export type Payment = z.infer<typeof Payment>;

export const PaymentCreateParams = z.object({
  /** Amount received, in the invoice's currency: above zero, two decimals, at most its `amountDue`. */
  amount: money().pipe(z.number().positive()),
  /** Default today. */
  paymentDate: isoDate().optional(),
  /** Default `bank_transfer`. */
  paymentMethod: PaymentMethod.optional(),
  /** Rate banked at, default the invoice's (1 in the company's currency); another rate books an exchange gain or loss. */
  exchangeRate: rate().optional(),
  /** Your reference (a bank transaction or cheque number); at most 100 characters. */
  reference: text(100).nullable().optional(),
  /** Free-text notes; at most 1000 characters. */
  notes: text(1000).nullable().optional(),
  /** An active asset account; default the seeded cash account for `cash`, the bank account otherwise. */
  accountId: z.string().min(1).optional(),
});
export type PaymentCreateParams = z.input<typeof PaymentCreateParams>;

export const PaymentVoidParams = z.object({
  reason: z.string().trim().min(1).max(500),
  // Date of the reversing entry: default today, not before the payment date.
  voidDate: isoDate().optional(),
});
export type PaymentVoidParams = z.input<typeof PaymentVoidParams>;

export const PaymentListParams = z.object({ status: PaymentRecordStatus.optional(), ...sortQuery, ...cursorPageQuery });

const InvoiceIdParams = z.object({ invoiceId: z.string() });
const PaymentIdParams = z.object({ invoiceId: z.string(), paymentId: z.string() });

export const invoicesPay = endpoint({
  id: 'invoices.pay',
  method: 'POST',
  path: '/invoices/{invoiceId}/payment',
  scope: 'write:invoices',
  status: 201,
  summary: 'Record a payment against an invoice (the short form of POST /invoices/{invoiceId}/payments)',
  description: 'The short form of `acs.invoices.payments.create` (`POST /invoices/{id}/payment`); same rules, same ' + 'result.',
  exampleCall: { params: { invoiceId: { fixture: 'sentInvoice' } }, body: { amount: 100 } },
  params: InvoiceIdParams,
  body: PaymentCreateParams,
  response: Payment,
});

export const invoicePaymentsCreate = endpoint({
  id: 'invoices.payments.create',
  method: 'POST',
  path: '/invoices/{invoiceId}/payments',
  scope: 'write:invoices',
  status: 201,
  summary: 'Record a payment against an invoice',
  description:
    'Records a payment against a sent invoice: `amount` above zero and at most `amountDue` (else a ' +
    '`ValidationError`), `paymentDate` (default today), `paymentMethod`, `reference`, `notes`, and the ' +
    '`accountId` of the bank or cash account it is banked in (default the seeded one). Posts debit that ' +
    "account, credit accounts receivable; the invoice's `amountPaid`, `amountDue`, `paymentStatus` and " +
    "the customer's balance follow. Not after today; a foreign `exchangeRate` books a realised exchange " +
    'gain or loss. Resolves to the payment.',
  example:
    "const payment = await acs.invoices.payments.create(invoice.id, { amount: 500, paymentMethod: 'bank_transfer', reference: 'IBG 88123' });",
  exampleCall: { params: { invoiceId: { fixture: 'sentInvoice' } }, body: { amount: 100 } },
  params: InvoiceIdParams,
  body: PaymentCreateParams,
  response: Payment,
});

export const invoicePaymentsList = endpoint({
  id: 'invoices.payments.list',
  method: 'GET',
  path: '/invoices/{invoiceId}/payments',
  scope: 'read:invoices',
  source: 'implied',
  summary: "List an invoice's payments",
  description: "An invoice's payments, oldest first.",
  params: InvoiceIdParams,
  query: PaymentListParams,
  response: Payment,
  list: {
    ...documentList,
    defaultSort: 'paymentDate:asc,paymentNumber:asc',
    filters: { paymentDate: 'date', amount: 'number' },
    sort: ['paymentDate', 'amount', 'paymentNumber', 'createdAt'],
  },
});

export const invoicePaymentsVoid = endpoint({
  id: 'invoices.payments.void',
  method: 'POST',
  path: '/invoices/{invoiceId}/payments/{paymentId}/void',
  scope: 'write:invoices',
  source: 'implied',
  summary: 'Void a payment: its entry is reversed and the invoice and the customer balance are restored',
  description: "Voids a payment: reverses its entry and restores the invoice and the customer's balance.",
  example: "await acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Cheque bounced' });",
  params: PaymentIdParams,
  body: PaymentVoidParams,
  response: Payment,
});

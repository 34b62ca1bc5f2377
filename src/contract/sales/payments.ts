import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, sortQuery } from '../common.js';
import { documentList, text } from './document-lines.js';

// Payments recorded against an invoice (spec document 2, "Invoices").

export const PAYMENT_METHODS = ['bank_transfer', 'cash', 'cheque', 'credit_card', 'debit_card', 'ewallet', 'other'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const Payment = z.object({
  id: z.string(),
  paymentNumber: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  customerId: z.string(),
  amount: money(),
  currency: z.string().length(3),
  paymentDate: isoDate(),
  paymentMethod: PaymentMethod,
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  /** The bank or cash account debited. */
  accountId: z.string(),
  journalEntryId: z.string(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
});
export type Payment = z.infer<typeof Payment>;

export const PaymentCreateParams = z.object({
  amount: money().pipe(z.number().positive()),
  /** Default today. */
  paymentDate: isoDate().optional(),
  /** Default `bank_transfer`. */
  paymentMethod: PaymentMethod.optional(),
  reference: text(100).nullable().optional(),
  notes: text(1000).nullable().optional(),
  /** An active asset account; default the seeded cash account for `cash`, the bank account otherwise. */
  accountId: z.string().min(1).optional(),
});
export type PaymentCreateParams = z.input<typeof PaymentCreateParams>;

export const PaymentListParams = z.object({ ...sortQuery, ...cursorPageQuery });

const InvoiceIdParams = z.object({ invoiceId: z.string() });

export const invoicesPay = endpoint({
  id: 'invoices.pay',
  method: 'POST',
  path: '/invoices/{invoiceId}/payment',
  scope: 'write:invoices',
  status: 201,
  summary: 'Record a payment against an invoice (the short form of POST /invoices/{invoiceId}/payments)',
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

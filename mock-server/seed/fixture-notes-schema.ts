import { z } from 'zod';
import {
  BillVoidParams,
  CreditAllocationCreateParams,
  CreditNoteCreateParams,
  DebitNoteCreateParams,
  InvoiceCancelParams,
  PaymentVoidParams,
  RefundCreateParams,
  SupplierCreditNoteApplyParams,
  SupplierCreditNoteCreateParams,
  SupplierCreditNoteRefundParams,
  SupplierDebitNoteCreateParams,
} from '../../src/contract/index.js';
import { accountNumber, day, FixtureBillLine, FixtureCreditedLine, FixtureSalesLine, lines } from './fixture-lines-schema.js';

// A fixture's final states and the notes on its documents (MOCK-47): each the body its POST takes, dates required
// (MOCK-41), another document named by its position in the same company's list, an account by number (MOCK-35).

/** `POST /invoices/{id}/cancel`'s body: a draft is cancelled, a sent invoice's entry reversed on `cancelDate`. */
export const FixtureInvoiceCancel = InvoiceCancelParams;

/** How many of its document's credit notes came before a payment or its void (MOCK-52); default none. */
export const afterCreditNotes = z.number().int().min(0).max(199).optional();

/**
 * `POST .../payments/{id}/void`'s body with its date required: the payment is voided right after it is recorded, or
 * after `afterCreditNotes` of its document's credit notes when it was voided after them (MOCK-52).
 */
export const FixturePaymentVoid = PaymentVoidParams.extend({ voidDate: day, afterCreditNotes });

/** `POST /bills/{id}/void`'s body with its date required (an `open` bill with nothing paid). */
export const FixtureBillVoid = BillVoidParams.extend({ voidDate: day });

/** `POST /invoices/{id}/debit-notes`' body: lines priced like an invoice's, items by code. */
export const FixtureDebitNote = z
  .object({ ...DebitNoteCreateParams.shape })
  .omit({ items: true })
  .extend({ debitNoteDate: day, items: lines(FixtureSalesLine) });

/** `POST /credit-notes/{id}/allocations`' body: `invoice` is the position of an invoice in this company's `invoices`. */
export const FixtureCreditAllocation = z
  .object({ ...CreditAllocationCreateParams.shape })
  .omit({ invoiceId: true })
  .extend({ invoice: z.number().int().min(0), allocationDate: day });

/** `POST /credit-notes/{id}/refunds`' body, the account by number. */
export const FixtureRefund = z
  .object({ ...RefundCreateParams.shape })
  .omit({ accountId: true })
  .extend({ refundDate: day, account: accountNumber.optional() });

/**
 * `POST /invoices/{id}/credit-notes`' body, lines by position in the invoice's `items`; then, after every document
 * of the company, its credit applied to other invoices (`allocations`) and paid back (`refunds`).
 */
export const FixtureCreditNote = z
  .object({ ...CreditNoteCreateParams.shape })
  .omit({ items: true })
  .extend({
    creditNoteDate: day,
    items: z.array(FixtureCreditedLine).max(200).optional(),
    allocations: z.array(FixtureCreditAllocation).optional(),
    refunds: z.array(FixtureRefund).optional(),
  });

/** `POST /bills/{id}/supplier-debit-notes`' body, items by code. */
export const FixtureSupplierDebitNote = z
  .object({ ...SupplierDebitNoteCreateParams.shape })
  .omit({ items: true })
  .extend({ debitNoteDate: day, items: lines(FixtureBillLine) });

/** `POST /supplier-credit-notes/{id}/apply`'s body: `bill` is the position of a bill in this company's `bills`. */
export const FixtureSupplierCreditApplication = z
  .object({ ...SupplierCreditNoteApplyParams.shape })
  .omit({ billId: true })
  .extend({ bill: z.number().int().min(0), applicationDate: day });

/** `POST /supplier-credit-notes/{id}/refund`'s body, the account by number. */
export const FixtureSupplierRefund = z
  .object({ ...SupplierCreditNoteRefundParams.shape })
  .omit({ accountId: true })
  .extend({ refundDate: day, account: accountNumber.optional() });

/** `POST /bills/{id}/supplier-credit-notes`' body, lines by position in the bill's `items`, then applied and refunded. */
export const FixtureSupplierCreditNote = z
  .object({ ...SupplierCreditNoteCreateParams.shape })
  .omit({ items: true })
  .extend({
    creditNoteDate: day,
    items: z.array(FixtureCreditedLine).min(1).max(200).optional(),
    applications: z.array(FixtureSupplierCreditApplication).optional(),
    refunds: z.array(FixtureSupplierRefund).optional(),
  });

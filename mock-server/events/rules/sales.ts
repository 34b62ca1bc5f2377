import {
  CREDIT_NOTES,
  type CreditNoteRow,
  type CustomerRow,
  DEBIT_NOTES,
  type DebitNoteRow,
  CUSTOMERS,
  type InvoiceRow,
  INVOICES,
  type PaymentRow,
  PAYMENTS,
  presentCreditNote,
  presentCustomer,
  presentDebitNote,
  presentInvoice,
  presentPayment,
  presentRefund,
  presentSalesOrder,
  REFUNDS,
  type RefundRow,
  SALES_ORDERS,
  type SalesOrderRow,
} from '../../domain/sales/index.js';
import { onFieldChange, onInsert, onUpdate, type EventRule } from '../bus.js';

const invoice = (row: unknown) => row as InvoiceRow;

/**
 * Events of the sales module (spec document 1, "Events": stream channels), each with the record as the
 * API shows it as `data`. Sending a draft is an update too, so it publishes `invoice.updated` and
 * `invoice.sent`; a payment publishes `payment.received` and the invoice's `invoice.updated`.
 */
export const salesEventRules: EventRule[] = [
  { table: CUSTOMERS, event: 'customer.created', present: (change, ctx) => presentCustomer(ctx, change.after as unknown as CustomerRow) },
  { table: INVOICES, event: 'invoice.created', when: onInsert, present: (change, ctx) => presentInvoice(ctx, invoice(change.after)) },
  { table: INVOICES, event: 'invoice.updated', when: onUpdate, present: (change, ctx) => presentInvoice(ctx, invoice(change.after)) },
  // Sent from a draft only: a voided payment takes a paid invoice back to `sent` without sending it.
  {
    table: INVOICES,
    event: 'invoice.sent',
    when: (change) => onFieldChange('status', ['sent'])(change) && invoice(change.before).status === 'draft',
    present: (change, ctx) => presentInvoice(ctx, invoice(change.after)),
  },
  {
    table: PAYMENTS,
    event: 'payment.received',
    when: onInsert,
    present: (change) => presentPayment(change.after as unknown as PaymentRow),
  },
  // A credit note inserts applied to its invoice (SALES-61), so its event shows the allocation.
  {
    table: CREDIT_NOTES,
    event: 'credit_note.created',
    when: onInsert,
    present: (change, ctx) => presentCreditNote(ctx, change.after as unknown as CreditNoteRow),
  },
  {
    table: DEBIT_NOTES,
    event: 'debit_note.created',
    when: onInsert,
    present: (change) => presentDebitNote(change.after as unknown as DebitNoteRow),
  },
  { table: REFUNDS, event: 'refund.created', when: onInsert, present: (change) => presentRefund(change.after as unknown as RefundRow) },
  {
    table: SALES_ORDERS,
    event: 'order.status_changed',
    when: onFieldChange('status'),
    present: (change) => ({
      ...presentSalesOrder(change.after as unknown as SalesOrderRow),
      previousStatus: (change.before as unknown as SalesOrderRow).status,
    }),
  },
];

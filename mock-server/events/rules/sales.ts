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
import { onFieldChange, onInsert, onUpdate, tableRule, type EventRule, type TableChange } from '../bus.js';
import type { CompanyContext } from '../../store/context.js';

const invoice = (change: TableChange<InvoiceRow>, ctx: CompanyContext) => presentInvoice(ctx, change.after!);

/**
 * Events of the sales module (spec document 1, "Events": stream channels), each with the record as the
 * API shows it as `data`. Sending a draft is an update too, so it publishes `invoice.updated` and
 * `invoice.sent`; a payment publishes `payment.received` and the invoice's `invoice.updated`.
 */
export const salesEventRules: EventRule[] = [
  tableRule<CustomerRow>({ table: CUSTOMERS, event: 'customer.created', present: (change, ctx) => presentCustomer(ctx, change.after!) }),
  tableRule<InvoiceRow>({ table: INVOICES, event: 'invoice.created', when: onInsert, present: invoice }),
  tableRule<InvoiceRow>({ table: INVOICES, event: 'invoice.updated', when: onUpdate, present: invoice }),
  // Sent from a draft only: a voided payment takes a paid invoice back to `sent` without sending it.
  tableRule<InvoiceRow>({
    table: INVOICES,
    event: 'invoice.sent',
    when: (change) => onFieldChange<InvoiceRow>('status', ['sent'])(change) && change.before!.status === 'draft',
    present: invoice,
  }),
  tableRule<PaymentRow>({ table: PAYMENTS, event: 'payment.received', when: onInsert, present: (change) => presentPayment(change.after!) }),
  // A credit note inserts applied to its invoice (SALES-61), so its event shows the allocation.
  tableRule<CreditNoteRow>({
    table: CREDIT_NOTES,
    event: 'credit_note.created',
    when: onInsert,
    present: (change, ctx) => presentCreditNote(ctx, change.after!),
  }),
  tableRule<DebitNoteRow>({
    table: DEBIT_NOTES,
    event: 'debit_note.created',
    when: onInsert,
    present: (change) => presentDebitNote(change.after!),
  }),
  tableRule<RefundRow>({ table: REFUNDS, event: 'refund.created', when: onInsert, present: (change) => presentRefund(change.after!) }),
  tableRule<SalesOrderRow>({
    table: SALES_ORDERS,
    event: 'order.status_changed',
    when: onFieldChange('status'),
    present: (change) => ({ ...presentSalesOrder(change.after!), previousStatus: change.before!.status }),
  }),
];

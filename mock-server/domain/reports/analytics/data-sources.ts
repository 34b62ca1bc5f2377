import type { CustomReportSource } from '../../../../src/contract/index.js';
import {
  CUSTOMERS,
  customersTable,
  INVOICES,
  invoicesTable,
  invoiceStatusOf,
  PAYMENTS,
  paymentsTable,
  type InvoiceRow,
} from '../../sales/index.js';
import { companyToday } from '../../shared/calendar.js';
import { billsSource, journalLinesSource, stockMovementsSource } from './data-sources-books.js';
import { datedRows, type DataSource, type FieldKind, type SourceRecord } from './data-sources-common.js';

export type { Cell, DataSource, FieldKind, SourceRecord } from './data-sources-common.js';

// The data sources of custom reports (decision REP-63): named record sets read from the modules'
// tables, each a flat list of typed fields.

/** Fields every sales document source shares: its invoice's. */
const INVOICE_FIELDS = {
  invoiceId: 'text',
  invoiceNumber: 'text',
  invoiceDate: 'date',
  dueDate: 'date',
  customerId: 'text',
  customerName: 'text',
  status: 'text',
  currency: 'text',
} as const satisfies Record<string, FieldKind>;

function invoiceFields(row: InvoiceRow, today: string): SourceRecord {
  return {
    invoiceId: row.id,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    customerId: row.customerId,
    customerName: row.customer.name,
    status: invoiceStatusOf(row, today),
    currency: row.currency,
  };
}

/** Invoices dated in the range, every status (the status a caller sees, `overdue` included); amounts in the invoice's currency, `baseTotal` in the company's. */
const invoicesSource: DataSource = {
  name: 'invoices',
  reads: [INVOICES],
  dateField: 'invoiceDate',
  fields: {
    id: 'text',
    ...INVOICE_FIELDS,
    subtotal: 'money',
    totalDiscount: 'money',
    totalTax: 'money',
    total: 'money',
    amountPaid: 'money',
    amountDue: 'money',
    baseTotal: 'money',
  },
  *records(ctx, from, to) {
    const today = companyToday(ctx);
    for (const row of datedRows(ctx, invoicesTable(ctx).values(), (invoice) => invoice.invoiceDate, from, to)) {
      const { subtotal, totalDiscount, totalTax, total, amountPaid, amountDue, baseTotal } = row;
      yield { id: row.id, ...invoiceFields(row, today), subtotal, totalDiscount, totalTax, total, amountPaid, amountDue, baseTotal };
    }
  },
};

/** The lines of invoices dated in the range, with their invoice's fields. */
const invoiceLinesSource: DataSource = {
  name: 'invoiceLines',
  reads: [INVOICES],
  dateField: 'invoiceDate',
  fields: {
    id: 'text',
    ...INVOICE_FIELDS,
    itemId: 'text',
    itemCode: 'text',
    description: 'text',
    quantity: 'number',
    unitPrice: 'money',
    discountAmount: 'money',
    lineTotal: 'money',
    taxCode: 'text',
    taxAmount: 'money',
  },
  *records(ctx, from, to) {
    const today = companyToday(ctx);
    for (const row of datedRows(ctx, invoicesTable(ctx).values(), (invoice) => invoice.invoiceDate, from, to)) {
      const invoice = invoiceFields(row, today);
      for (const line of row.items) {
        ctx.budget.spend(1);
        const { itemId, itemCode, description, quantity, unitPrice, discountAmount, lineTotal, taxCode, taxAmount } = line;
        yield {
          id: line.id,
          ...invoice,
          itemId,
          itemCode,
          description,
          quantity,
          unitPrice,
          discountAmount,
          lineTotal,
          taxCode,
          taxAmount,
        };
      }
    }
  },
};

/** Customer payments dated in the range, voided ones included (`status`); `amount` in the payment's currency, `baseAmount` in the company's. */
const paymentsSource: DataSource = {
  name: 'payments',
  reads: [PAYMENTS, CUSTOMERS],
  dateField: 'paymentDate',
  fields: {
    id: 'text',
    paymentNumber: 'text',
    paymentDate: 'date',
    invoiceId: 'text',
    invoiceNumber: 'text',
    customerId: 'text',
    customerName: 'text',
    paymentMethod: 'text',
    status: 'text',
    currency: 'text',
    reference: 'text',
    amount: 'money',
    baseAmount: 'money',
  },
  *records(ctx, from, to) {
    const customers = customersTable(ctx);
    for (const row of datedRows(ctx, paymentsTable(ctx).values(), (payment) => payment.paymentDate, from, to)) {
      const {
        id,
        paymentNumber,
        paymentDate,
        invoiceId,
        invoiceNumber,
        customerId,
        paymentMethod,
        status,
        currency,
        reference,
        amount,
        baseAmount,
      } = row;
      const customerName = customers.get(customerId)?.name ?? null;
      yield {
        id,
        paymentNumber,
        paymentDate,
        invoiceId,
        invoiceNumber,
        customerId,
        customerName,
        paymentMethod,
        status,
        currency,
        reference,
        amount,
        baseAmount,
      };
    }
  },
};

/** Every data source by name. */
export const DATA_SOURCES: ReadonlyMap<CustomReportSource, DataSource> = new Map(
  [invoicesSource, invoiceLinesSource, paymentsSource, journalLinesSource, stockMovementsSource, billsSource].map((source) => [
    source.name,
    source,
  ]),
);

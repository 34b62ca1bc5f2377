// Credit notes, refunds and debit notes at list depth: rows copied from one made through the domain,
// straight to the table, then the first page of every declared filter and sort and the first page against the last.
import { createCreditNote } from '../mock-server/domain/sales/credit-notes.js';
import { refundCredit } from '../mock-server/domain/sales/customer-credit.js';
import { createDebitNote } from '../mock-server/domain/sales/debit-notes.js';
import { createInvoice, sendInvoice } from '../mock-server/domain/sales/invoices.js';
import {
  creditNotesTable,
  debitNotesTable,
  refundsTable,
  type CreditNoteRow,
  type CreditNoteStatus,
  type DebitNoteRow,
  type RefundRow,
} from '../mock-server/domain/sales/note-tables.js';
import { recordPayment } from '../mock-server/domain/sales/payments.js';
import { report, type Figure } from './harness.js';
import { client } from './list-page.js';
import { firstAndLast, firstPages } from './list-depth-pages.js';
import { fillCopies, type CustomerRefRow, type SalesContext } from './list-depth-sales.js';

const NOTE_STATUSES: CreditNoteStatus[] = ['open', 'applied', 'refunded'];
const LINES = [{ description: 'Teh tarik premix 1kg', quantity: 3, unitPrice: 18.9, taxCode: 'SST5' }];
/** One note in a thousand is on one invoice: the invoiceId filter's rows. */
const INVOICE_OF = (i: number) => (i % 1000 === 0 ? 'inv_bench0' : `inv_bench${1 + (i % 5000)}`);

/** A paid invoice and an open credit note on it, part refunded, and a debit note: the templates of the three fills. */
function templates(ctx: SalesContext, customer: CustomerRefRow) {
  const invoice = sendInvoice(ctx, createInvoice(ctx, { customerId: customer.id, items: LINES }).id);
  recordPayment(ctx, invoice.id, { amount: invoice.amountDue });
  const note = createCreditNote(ctx, invoice.id, { reason: 'Damaged in transit' });
  const refund = refundCredit(ctx, note.id, { amount: 10 });
  const debit = createDebitNote(ctx, invoice.id, { reason: 'Freight', items: LINES });
  return { note: creditNotesTable(ctx).get(note.id)!, refund, debit };
}

const number = (prefix: string, i: number) => `${prefix}-B${String(i + 1).padStart(6, '0')}`;

const fillCreditNotes = (count: number) =>
  fillCopies(
    count,
    51,
    100_000,
    (ctx, customers) => templates(ctx, customers[0]).note,
    creditNotesTable,
    (row: CreditNoteRow, { i, day, created, customer, amount, random }) => {
      const status = NOTE_STATUSES[Math.floor(random() * 3)];
      const remainingCredit = status === 'open' ? amount : 0;
      return {
        ...row,
        creditNoteNumber: number('CN', i),
        invoiceId: INVOICE_OF(i),
        customerId: customer.id,
        customer: { ...row.customer, ...customer },
        creditNoteDate: day,
        status,
        subtotal: amount,
        totalTax: 0,
        total: amount,
        baseTotal: amount,
        amountApplied: status === 'applied' ? amount : 0,
        amountRefunded: status === 'refunded' ? amount : 0,
        remainingCredit,
        baseRemainingCredit: remainingCredit,
        createdAt: created,
        updatedAt: created,
      };
    },
  );

const fillRefunds = (count: number) =>
  fillCopies(
    count,
    52,
    100_000,
    (ctx, customers) => templates(ctx, customers[0]).refund,
    refundsTable,
    (row: RefundRow, { i, day, created, customer, amount }) => ({
      ...row,
      refundNumber: number('RF', i),
      // One credit note in a thousand has refunds of its own: the creditNoteId filter's rows.
      creditNoteId: i % 1000 === 0 ? 'cn_bench0' : `cn_bench${1 + (i % 5000)}`,
      customerId: customer.id,
      amount,
      baseAmount: amount,
      refundDate: day,
      createdAt: created,
    }),
  );

const fillDebitNotes = (count: number) =>
  fillCopies(
    count,
    53,
    100_000,
    (ctx, customers) => templates(ctx, customers[0]).debit,
    debitNotesTable,
    (row: DebitNoteRow, { i, day, created, customer, amount }) => ({
      ...row,
      debitNoteNumber: number('DN', i),
      invoiceId: INVOICE_OF(i),
      customerId: customer.id,
      customer: { ...row.customer, ...customer },
      debitNoteDate: day,
      subtotal: amount,
      totalTax: 0,
      total: amount,
      baseTotal: amount,
      createdAt: created,
    }),
  );

const dated = (field: string): [string, string][] => [
  [`${field}From`, `${field}From=2026-11-01`],
  [`${field}To`, `${field}To=2024-01-15`],
];

const CREDIT_QUERIES: [string, string][] = [
  ['no filter (creditNoteDate:desc)', ''],
  ['status=open', 'status=open'],
  ['status=refunded', 'status=refunded'],
  ['invoiceId', 'invoiceId=inv_bench0'],
  ...dated('creditNoteDate'),
  ['status + creditNoteDateFrom', 'status=applied&creditNoteDateFrom=2026-06-01'],
  ['sort=creditNoteNumber:asc', 'sort=creditNoteNumber:asc'],
  ['sort=total:desc', 'sort=total:desc'],
  ['sort=remainingCredit:desc', 'sort=remainingCredit:desc'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
  ['total[gte]', 'total[gte]=990'],
];

const REFUND_QUERIES: [string, string][] = [
  ['no filter (refundDate:desc)', ''],
  ['creditNoteId', 'creditNoteId=cn_bench0'],
  ...dated('refundDate'),
  ['sort=refundNumber:asc', 'sort=refundNumber:asc'],
  ['sort=amount:desc', 'sort=amount:desc'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
  ['amount[gte]', 'amount[gte]=990'],
];

const DEBIT_QUERIES: [string, string][] = [
  ['no filter (debitNoteDate:desc)', ''],
  ['invoiceId', 'invoiceId=inv_bench0'],
  ...dated('debitNoteDate'),
  ['sort=debitNoteNumber:asc', 'sort=debitNoteNumber:asc'],
  ['sort=total:desc', 'sort=total:desc'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
  ['total[gte]', 'total[gte]=990'],
];

const LISTS = [
  { name: 'credit notes', path: '/credit-notes', fill: fillCreditNotes, queries: CREDIT_QUERIES },
  { name: 'refunds', path: '/refunds', fill: fillRefunds, queries: REFUND_QUERIES },
  { name: 'debit notes', path: '/debit-notes', fill: fillDebitNotes, queries: DEBIT_QUERIES },
];

export async function notesDepth({ rows, runs }: { rows: number; runs: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const list of LISTS) {
    const t0 = performance.now();
    const filled = list.fill(rows);
    figures.push(
      report(
        `fill ${rows.toLocaleString('en-US')} ${list.name} (rows straight to the table)`,
        `${((performance.now() - t0) / 1000).toFixed(2)} s`,
      ),
    );
    const get = client(filled.mock, list.path);
    figures.push(...(await firstPages(list.name, get, [...list.queries, ['customerId', `customerId=${filled.customerId}`]], 50, runs)));
    figures.push(...(await firstAndLast(list.name, get, '', 50, 100, runs)));
  }
  return figures;
}

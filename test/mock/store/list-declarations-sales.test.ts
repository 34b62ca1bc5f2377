// Quotes, sales orders, credit notes, refunds and debit notes held to their `index` declarations: the
// indexed answer equals a scan through the domain's `where`.
import { describe, it } from 'vitest';
import { contract } from '../../../src/contract/index.js';
import {
  acceptQuote,
  changeSalesOrderStatus,
  createCreditNote,
  createDebitNote,
  createInvoice,
  createQuote,
  createSalesOrder,
  creditNoteMatches,
  creditNotesTable,
  debitNoteMatches,
  debitNotesTable,
  declineQuote,
  quoteMatches,
  quotesTable,
  recordPayment,
  refundCredit,
  refundMatches,
  refundsTable,
  salesOrderMatches,
  salesOrdersTable,
  sendInvoice,
  sendQuote,
} from '../../../mock-server/domain/sales/index.js';
import { salesWorld } from '../support/sales.js';
import { expectIndexedAsScanned } from './list-declarations-support.js';

const LINE = { description: 'Work', quantity: 2, unitPrice: 50, taxCode: null };
const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}`;

describe('quotes.list', () => {
  it('answers each declared filter, alone and in pairs, as the domain where does (expired by the clock)', () => {
    const w = salesWorld();
    const customers = [w.customer(), w.customer(), w.customer()];
    for (let i = 0; i < 30; i++) {
      const quote = createQuote(w.ctx, {
        customerId: customers[i % 3].id,
        quoteDate: day(1 + (i % 19)),
        validUntil: day(20 + (i % 10)),
        items: [{ ...LINE, quantity: 1 + (i % 4) }],
      });
      const fate = i % 5;
      if (fate >= 1) sendQuote(w.ctx, quote.id);
      if (fate === 2) acceptQuote(w.ctx, quote.id);
      if (fate === 3) declineQuote(w.ctx, quote.id, {});
    }
    w.clock.advance({ days: 5 }); // drafts and sent quotes valid until before the 25th fall expired
    const values: Record<string, unknown[]> = {
      customerId: [customers[0].id, customers[2].id, 'cus_none'],
      status: ['draft', 'sent', 'accepted', 'declined', 'expired', 'converted'],
      quoteDateFrom: ['2026-11-10'],
      quoteDateTo: ['2026-11-08', '2026-10-01'],
      validUntilFrom: ['2026-11-25'],
      validUntilTo: ['2026-11-24'],
    };
    expectIndexedAsScanned(w.ctx, quotesTable(w.ctx), contract.sales.quotesList.list, values, (query) => quoteMatches(w.ctx, query), {
      field: 'total',
      op: 'gte',
      value: '200',
    });
  });
});

describe('salesOrders.list', () => {
  it('answers each declared filter, alone and in pairs, as the domain where does (no required date is outside both bounds)', () => {
    const w = salesWorld();
    const customers = [w.customer(), w.customer(), w.customer()];
    for (let i = 0; i < 30; i++) {
      const order = createSalesOrder(w.ctx, {
        customerId: customers[i % 3].id,
        orderDate: day(1 + (i % 19)),
        requiredDate: i % 4 === 0 ? null : day(5 + (i % 20)),
        priority: (['low', 'normal', 'high', 'urgent'] as const)[i % 4],
        items: [{ ...LINE, quantity: 1 + (i % 4) }],
      });
      if (i % 3 === 1) changeSalesOrderStatus(w.ctx, order.id, { status: 'confirmed' });
      if (i % 6 === 2) changeSalesOrderStatus(w.ctx, order.id, { status: 'cancelled' });
    }
    const values: Record<string, unknown[]> = {
      customerId: [customers[0].id, customers[2].id, 'cus_none'],
      status: ['draft', 'confirmed', 'cancelled', 'shipped'],
      priority: ['low', 'urgent'],
      orderDateFrom: ['2026-11-10'],
      orderDateTo: ['2026-11-08', '2026-10-01'],
      requiredDateFrom: ['2026-11-15'],
      requiredDateTo: ['2026-11-14'],
    };
    expectIndexedAsScanned(
      w.ctx,
      salesOrdersTable(w.ctx),
      contract.sales.salesOrdersList.list,
      values,
      (query) => salesOrderMatches(query),
      { field: 'total', op: 'gte', value: '200' },
    );
  });
});

/** Sent invoices of three customers; a credit note on most (left open by a paid invoice, applied, or refunded in part or whole), a debit note on some. */
function noteWorld() {
  const w = salesWorld();
  const customers = [w.customer(), w.customer(), w.customer()];
  const invoices = Array.from({ length: 24 }, (_, i) =>
    sendInvoice(
      w.ctx,
      createInvoice(w.ctx, { customerId: customers[i % 3].id, invoiceDate: day(1 + (i % 12)), items: [{ ...LINE, quantity: 2 + (i % 3) }] })
        .id,
    ),
  );
  invoices.forEach((invoice, i) => {
    if (i % 4 !== 3) {
      if (i % 4 !== 1) recordPayment(w.ctx, invoice.id, { amount: invoice.amountDue });
      const note = createCreditNote(w.ctx, invoice.id, {
        reason: 'Returned',
        creditNoteDate: day(12 + (i % 8)),
        items: [{ invoiceLineId: invoice.items[0].id, quantity: 1 }],
      });
      if (i % 2 === 0) refundCredit(w.ctx, note.id, { amount: i % 8 === 2 ? note.remainingCredit : 5 + i, refundDate: day(13 + (i % 8)) });
    }
    if (i % 3 === 0)
      createDebitNote(w.ctx, invoice.id, {
        reason: 'Freight',
        debitNoteDate: day(12 + (i % 9)),
        items: [{ ...LINE, quantity: 1 + (i % 2) }],
      });
  });
  return { w, customers, invoices };
}

describe('creditNotes.list, refunds.list and debitNotes.list', () => {
  it('answer each declared filter, alone and in pairs, as the domain where does', () => {
    const { w, customers, invoices } = noteWorld();
    // Pairs take the first value of one filter and the last of the other: both find something.
    const customerIds = [customers[0].id, 'cus_none', customers[2].id];
    const refunded = refundsTable(w.ctx).all().at(-1)!.creditNoteId;
    expectIndexedAsScanned(
      w.ctx,
      creditNotesTable(w.ctx),
      contract.sales.creditNotesList.list,
      {
        customerId: customerIds,
        invoiceId: [invoices[0].id, 'inv_none', invoices[0].id],
        status: ['open', 'applied', 'refunded'],
        creditNoteDateFrom: ['2026-11-16'],
        creditNoteDateTo: ['2026-10-01', '2026-11-14'],
      },
      (query) => creditNoteMatches(query),
      { field: 'total', op: 'gte', value: '50' },
    );
    expectIndexedAsScanned(
      w.ctx,
      refundsTable(w.ctx),
      contract.sales.refundsList.list,
      {
        customerId: customerIds,
        creditNoteId: [refunded, 'cn_none', refunded],
        refundDateFrom: ['2026-11-17'],
        refundDateTo: ['2026-10-01', '2026-11-15'],
      },
      (query) => refundMatches(query),
      { field: 'amount', op: 'gte', value: '15' },
    );
    expectIndexedAsScanned(
      w.ctx,
      debitNotesTable(w.ctx),
      contract.sales.debitNotesList.list,
      {
        customerId: customerIds,
        invoiceId: [invoices[3].id, 'inv_none', invoices[3].id],
        debitNoteDateFrom: ['2026-11-16'],
        debitNoteDateTo: ['2026-10-01', '2026-11-14'],
      },
      (query) => debitNoteMatches(query),
      { field: 'total', op: 'gte', value: '60' },
    );
  });
});

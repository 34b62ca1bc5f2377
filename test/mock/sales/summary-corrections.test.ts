import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCreditNote,
  createDebitNote,
  createInvoice,
  customerSummary,
  recordPayment,
  salesFunnel,
  sendInvoice,
} from '../../../mock-server/domain/sales/index.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';

/**
 * SALES-50, SALES-51: the summary and the funnel read sales net of credit notes and with debit notes, as the
 * customer's `totalSales` does; the funnel's paid stage counts invoices paid by money. Today is 2026-11-20;
 * every line is without tax (NT), so totals are the prices.
 * - `returned`: INV 2026-10-01, 1 x gadget 1,000, credited in full 2026-10-05 (settled by credit alone);
 *   INV 2026-10-10, 1 x widget 500, paid 2026-10-20.
 * - `mixed`: INV 2026-10-01, 2 x gadget 2,000; one gadget credited 2026-10-03, a 50 delivery charged by a
 *   debit note 2026-10-04, the rest (1,050) paid 2026-10-08.
 * - `overCredited`: INV 2026-10-01, 1 x gadget 1,000 paid 2026-10-02, then credited in full 2026-10-06: 1,000 of credit left.
 */
let w: SalesWorld;
let gadget: string;
let widget: string;
const ids = { returned: '', mixed: '', overCredited: '' };

beforeAll(() => {
  w = salesWorld();
  const noTax = { tax: { salesTaxCode: 'NT', taxable: false } };
  gadget = w.item({ name: 'Gadget', pricing: { sellingPrice: 1000 }, ...noTax }).id;
  widget = w.item({ name: 'Widget', pricing: { sellingPrice: 500 }, ...noTax }).id;
  const sent = (customerId: string, invoiceDate: string, itemId: string, quantity: number) =>
    sendInvoice(w.ctx, createInvoice(w.ctx, { customerId, invoiceDate, items: [{ itemId, quantity }] }).id);

  ids.returned = w.customer({ creditLimit: 2000, paymentTerms: 30 }).id;
  const credited = sent(ids.returned, '2026-10-01', gadget, 1);
  createCreditNote(w.ctx, credited.id, { reason: 'Returned unopened', creditNoteDate: '2026-10-05' });
  const paid = sent(ids.returned, '2026-10-10', widget, 1);
  recordPayment(w.ctx, paid.id, { amount: 500, paymentDate: '2026-10-20' });

  ids.mixed = w.customer({ creditLimit: 5000, paymentTerms: 30 }).id;
  const mixed = sent(ids.mixed, '2026-10-01', gadget, 2);
  createCreditNote(w.ctx, mixed.id, {
    reason: 'One damaged',
    creditNoteDate: '2026-10-03',
    items: [{ invoiceLineId: mixed.items[0].id, quantity: 1 }],
  });
  createDebitNote(w.ctx, mixed.id, {
    reason: 'Second site',
    debitNoteDate: '2026-10-04',
    items: [{ description: 'Delivery', quantity: 1, unitPrice: 50, taxCode: 'NT' }],
  });
  recordPayment(w.ctx, mixed.id, { amount: 1050, paymentDate: '2026-10-08' });

  ids.overCredited = w.customer({ creditLimit: 2000, paymentTerms: 30 }).id;
  const over = sent(ids.overCredited, '2026-10-01', gadget, 1);
  recordPayment(w.ctx, over.id, { amount: 1000, paymentDate: '2026-10-02' });
  createCreditNote(w.ctx, over.id, { reason: 'Returned after payment', creditNoteDate: '2026-10-06' });
});

describe('the customer summary after credit and debit notes', () => {
  it('an invoice credited in full is no sale: totals, count and average agree with the customer totalSales', () => {
    const { summary } = customerSummary(w.ctx, ids.returned);
    expect(w.reload(ids.returned).totalSales).toBe(500);
    expect(summary).toMatchObject({
      totalSales: 500,
      totalInvoices: 1,
      averageOrderValue: 500,
      currentBalance: 0,
      creditUtilization: 0,
      lastOrderDate: '2026-10-10',
      orderFrequency: null,
    });
  });

  it('nets a partial credit and adds a debit note to the sale, its count and its products', () => {
    const summary = customerSummary(w.ctx, ids.mixed);
    expect(w.reload(ids.mixed).totalSales).toBe(1050);
    expect(summary.summary).toMatchObject({ totalSales: 1050, totalInvoices: 1, averageOrderValue: 1050 });
    expect(summary.topProducts).toEqual([
      { itemId: gadget, itemCode: expect.any(String), description: 'Gadget', quantityOrdered: 1, totalValue: 1000 },
    ]);
  });

  it('takes credited items off the top products, leaving out an item credited in full', () => {
    expect(customerSummary(w.ctx, ids.returned).topProducts.map((p) => [p.description, p.quantityOrdered, p.totalValue])).toEqual([
      ['Widget', 1, 500],
    ]);
    expect(customerSummary(w.ctx, ids.overCredited).topProducts).toEqual([]);
  });

  it('counts payment days only for invoices paid by money: one settled by credit alone is not in the history', () => {
    expect(customerSummary(w.ctx, ids.returned).summary.paymentHistory).toEqual({
      onTimePayments: 1,
      latePayments: 0,
      averagePaymentDays: 10,
    });
    // Partly credited, the rest paid: paid, in the days to its last payment.
    expect(customerSummary(w.ctx, ids.mixed).summary.paymentHistory).toEqual({ onTimePayments: 1, latePayments: 0, averagePaymentDays: 7 });
  });

  it('dates notes in the trends at their own dates, and nets them out of sales growth', () => {
    w.clock.set('2026-12-31T09:00:00.000Z');
    try {
      // Windows 2026-10-03 to 2026-12-31 (credit -1,000 and invoice 500) against 2026-07-05 to 2026-10-02 (invoice 1,000).
      expect(customerSummary(w.ctx, ids.returned).trends.salesGrowth).toBe(-150);
    } finally {
      w.clock.set('2026-11-20T09:00:00.000Z');
    }
  });

  it('a customer holding credit has a negative balance and uses none of the credit limit', () => {
    const customer = w.reload(ids.overCredited);
    const { summary } = customerSummary(w.ctx, ids.overCredited);
    expect(summary).toMatchObject({
      totalSales: customer.totalSales,
      totalInvoices: 0,
      averageOrderValue: 0,
      currentBalance: -1000,
      creditUtilization: 0,
    });
    expect(summary.totalSales).toBe(0);
    expect(summary.currentBalance).toBe(customer.currentBalance);
  });
});

describe('the sales funnel after credit notes', () => {
  it('counts as paid the invoices paid by money, not one settled by a credit note', () => {
    const stages = salesFunnel(w.ctx, { customerId: ids.returned }).stages;
    expect(stages.slice(2)).toEqual([
      { stage: 'invoice', count: 2, value: 1500, conversionRate: null },
      { stage: 'paid', count: 1, value: 500, conversionRate: 50 },
    ]);
  });

  it('counts an invoice partly credited and the rest paid as paid, at its total less the credit plus debit notes', () => {
    expect(salesFunnel(w.ctx, { customerId: ids.mixed }).stages[3]).toMatchObject({ count: 1, value: 1050 });
  });

  it('leaves out an invoice paid and then credited in full', () => {
    expect(salesFunnel(w.ctx, { customerId: ids.overCredited }).stages[3]).toMatchObject({ count: 0, value: 0 });
  });
});

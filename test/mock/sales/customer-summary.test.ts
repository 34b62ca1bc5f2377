import { beforeAll, describe, expect, it } from 'vitest';
import { CustomerSummary, SalesFunnel } from '../../../src/contract/index.js';
import {
  acceptQuote,
  cancelInvoice,
  changeSalesOrderStatus,
  createInvoice,
  createQuote,
  createSalesOrder,
  customerSummary,
  percentChange,
  recordPayment,
  salesFunnel,
  sendInvoice,
  sendQuote,
} from '../../../mock-server/domain/sales/index.js';
import { refusal } from '../support/domain.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';

/**
 * One customer's history by the clock's today, 2026-11-20 (trend windows: 2026-08-23 to today, and
 * 2026-05-25 to 2026-08-22):
 * - INV A 2026-06-01, 1 x chair 100 + 10% = 110, paid 2026-06-10 (on time, 9 days)
 * - INV B 2026-09-01, 2 x desk 100 + 10% = 220, paid 2026-09-30 (late, 29 days)
 * - SO    2026-10-15, 3 x chair 100 + 10% = 330, confirmed (not invoiced)
 * - INV C 2026-11-01, 3 x service 100 + 10% = 330, sent, unpaid
 * - a draft invoice, a cancelled one and a draft order, which count for nothing
 * - quotes: two sent (one accepted) and one draft
 */
let w: SalesWorld;
let customerId: string;
let chairId: string;
let deskId: string;

beforeAll(() => {
  w = salesWorld();
  const customer = w.customer({ creditLimit: 1000, paymentTerms: 14 });
  customerId = customer.id;
  chairId = w.item({ name: 'Chair', pricing: { sellingPrice: 100 } }).id;
  deskId = w.item({ name: 'Desk', pricing: { sellingPrice: 100 } }).id;
  const invoice = (invoiceDate: string, items: Parameters<typeof createInvoice>[1]['items']) =>
    sendInvoice(w.ctx, createInvoice(w.ctx, { customerId, invoiceDate, items }).id);

  const a = invoice('2026-06-01', [{ itemId: chairId, quantity: 1 }]);
  recordPayment(w.ctx, a.id, { amount: 110, paymentDate: '2026-06-10' });
  const b = invoice('2026-09-01', [{ itemId: deskId, quantity: 2 }]);
  recordPayment(w.ctx, b.id, { amount: 100, paymentDate: '2026-09-20' });
  recordPayment(w.ctx, b.id, { amount: 120, paymentDate: '2026-09-30' });
  const order = createSalesOrder(w.ctx, { customerId, orderDate: '2026-10-15', items: [{ itemId: chairId, quantity: 3 }] });
  changeSalesOrderStatus(w.ctx, order.id, { status: 'confirmed' });
  invoice('2026-11-01', [{ description: 'Installation service', quantity: 3, unitPrice: 100, taxCode: 'SST10' }]);

  createInvoice(w.ctx, { customerId, invoiceDate: '2026-11-15', items: [{ itemId: chairId, quantity: 50 }] });
  cancelInvoice(w.ctx, invoice('2026-10-20', [{ itemId: deskId, quantity: 5 }]).id);
  createSalesOrder(w.ctx, { customerId, orderDate: '2026-11-18', items: [{ itemId: deskId, quantity: 9 }] });

  const quote = (quoteDate: string) =>
    createQuote(w.ctx, { customerId, quoteDate, validUntil: '2026-12-31', items: [{ itemId: chairId, quantity: 1 }] });
  sendQuote(w.ctx, quote('2026-10-01').id);
  const accepted = quote('2026-10-05');
  sendQuote(w.ctx, accepted.id);
  acceptQuote(w.ctx, accepted.id);
  quote('2026-10-07');
});

describe('the customer summary', () => {
  it('totals the issued invoices and the balance they leave', () => {
    const { summary } = customerSummary(w.ctx, customerId);
    expect(summary).toMatchObject({ totalInvoices: 3, totalSales: 660, currentBalance: 330, creditUtilization: 33 });
    expect(summary.currentBalance).toBe(w.reload(customerId).currentBalance);
  });

  it('counts an invoice paid by its due date as on time, and averages the days to full payment', () => {
    expect(customerSummary(w.ctx, customerId).summary.paymentHistory).toEqual({
      onTimePayments: 1,
      latePayments: 1,
      averagePaymentDays: 19,
    });
  });

  it('reads orders as confirmed sales orders plus invoices not made from an order', () => {
    expect(customerSummary(w.ctx, customerId).summary).toMatchObject({
      averageOrderValue: 247.5, // (110 + 220 + 330 + 330) / 4
      lastOrderDate: '2026-11-01',
      daysSinceLastOrder: 19,
      orderFrequency: 51, // 153 days from the first to the last, over 3 gaps
    });
  });

  it('compares the last 90 days with the 90 before', () => {
    expect(customerSummary(w.ctx, customerId).trends).toEqual({
      salesGrowth: 400, // 550 against 110
      orderVolumeGrowth: 200, // 3 orders against 1
      paymentDaysImprovement: -20, // paid in 29 days now, 9 before: slower
    });
  });

  it('ranks products by value over the orders', () => {
    expect(customerSummary(w.ctx, customerId).topProducts).toEqual([
      { itemId: chairId, itemCode: expect.any(String), description: 'Chair', quantityOrdered: 4, totalValue: 400 },
      { itemId: deskId, itemCode: expect.any(String), description: 'Desk', quantityOrdered: 2, totalValue: 200 },
    ]);
  });

  it('fits the contract, follows the clock, and is 404 CUSTOMER_NOT_FOUND for an unknown customer', () => {
    const summary = customerSummary(w.ctx, customerId);
    expect(CustomerSummary.parse(summary)).toEqual(summary);
    expect(summary).toMatchObject({ asOfDate: '2026-11-20', currency: 'MYR' });
    expect(refusal(() => customerSummary(w.ctx, 'cus_nobody'))).toMatchObject({ status: 404, code: 'CUSTOMER_NOT_FOUND' });
  });

  it('a customer without documents has zeros and nulls, not errors', () => {
    const fresh = w.customer();
    expect(customerSummary(w.ctx, fresh.id)).toMatchObject({
      summary: {
        totalSales: 0,
        totalInvoices: 0,
        averageOrderValue: 0,
        currentBalance: 0,
        creditUtilization: 0,
        lastOrderDate: null,
        daysSinceLastOrder: null,
        orderFrequency: null,
        paymentHistory: { onTimePayments: 0, latePayments: 0, averagePaymentDays: null },
      },
      trends: { salesGrowth: null, orderVolumeGrowth: null, paymentDaysImprovement: null },
      topProducts: [],
    });
  });

  it('a percent change needs a previous figure', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.67);
    expect(percentChange(5, 0)).toBeNull();
  });
});

describe('the sales funnel', () => {
  it('counts quotes, orders, invoices and paid invoices dated in the period, with values and conversion rates', () => {
    const funnel = salesFunnel(w.ctx, { customerId, dateFrom: '2026-05-01' });
    expect(SalesFunnel.parse(funnel)).toEqual(funnel);
    expect(funnel).toMatchObject({ customerId, dateFrom: '2026-05-01', dateTo: null, currency: 'MYR', overallConversionRate: 100 });
    expect(funnel.stages).toEqual([
      { stage: 'quote', count: 2, value: 220, conversionRate: null },
      { stage: 'order', count: 1, value: 330, conversionRate: 50 },
      { stage: 'invoice', count: 3, value: 660, conversionRate: 300 },
      { stage: 'paid', count: 2, value: 330, conversionRate: 66.67 },
    ]);
  });

  it('bounds are inclusive; a stage after an empty one has no rate', () => {
    const funnel = salesFunnel(w.ctx, { customerId, dateFrom: '2026-06-01', dateTo: '2026-09-01' });
    expect(funnel.stages.map((s) => [s.stage, s.count, s.conversionRate])).toEqual([
      ['quote', 0, null],
      ['order', 0, null],
      ['invoice', 2, null],
      ['paid', 2, 100],
    ]);
    expect(funnel.overallConversionRate).toBeNull();
  });

  it('refuses dateTo before dateFrom and an unknown customer', () => {
    expect(refusal(() => salesFunnel(w.ctx, { dateFrom: '2026-06-02', dateTo: '2026-06-01' })).details[0]).toMatchObject({
      field: 'dateTo',
      code: 'DATE_CONSTRAINT',
    });
    expect(refusal(() => salesFunnel(w.ctx, { customerId: 'cus_nobody' })).code).toBe('CUSTOMER_NOT_FOUND');
  });

  it('without a customer it covers the whole company, the demo documents included', () => {
    const all = salesFunnel(w.ctx);
    const mine = salesFunnel(w.ctx, { customerId });
    for (const [i, stage] of all.stages.entries()) expect(stage.count).toBeGreaterThan(mine.stages[i].count);
  });
});

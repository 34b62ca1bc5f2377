import { beforeEach, describe, expect, it } from 'vitest';
import type { Customer, Item } from '../../../src/index.js';
import { controlAccount } from '../../../mock-server/domain/accounting/index.js';
import { locationsTable, postStockValue, recordStockMovements } from '../../../mock-server/domain/inventory/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

// REP-36 to REP-46: the sales reports (document 3, "Reports"; parameters and responses ours where not shown).

const { mock, acs } = sandbox({ seed: 'demo', now: '2026-12-04T09:00:00Z' });
const ctx = () => ({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'usr_test' } });
let serial = 0;

beforeEach(() => {
  mock.reset();
});

const newCustomer = (fields: Partial<Parameters<typeof acs.customers.create>[0]> = {}): Promise<Customer> =>
  acs.customers.create({ name: `Buyer ${++serial} Sdn Bhd`, email: `buyer${serial}@sales.my`, ...fields });

/** A sent invoice of untaxed lines at `unitPrice` each (or the given items). */
async function sentInvoice(customerId: string, invoiceDate: string, amounts: number[], extra: Record<string, unknown> = {}) {
  const draft = await acs.invoices.create({
    customerId,
    invoiceDate,
    items: amounts.map((unitPrice) => ({ description: `Work ${++serial}`, quantity: 1, unitPrice, taxCode: 'NT' })),
    ...extra,
  });
  return acs.invoices.send(draft.id, {});
}

/** The date `days` after `date` (before, when negative), `YYYY-MM-DD`. */
const daysFrom = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Every month `YYYY-MM` from the one of `from` to the one of `to`. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  while (`${y}-${String(m).padStart(2, '0')}` <= to.slice(0, 7)) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    if (m === 12) [y, m] = [y + 1, 1];
    else m++;
  }
  return months;
}

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b * 100, 0)) / 100;

describe('sales summary', () => {
  it('sums invoices at their date, takes credit notes off and adds debit notes at theirs; a cancelled invoice comes off at its cancellation, a draft never counts', async () => {
    const customer = await newCustomer();
    const september = await acs.invoices.send(
      (
        await acs.invoices.create({
          customerId: customer.id,
          invoiceDate: '2026-09-05',
          shippingCost: 25,
          items: [
            { description: 'Chairs', quantity: 2, unitPrice: 100, discountPercent: 10, taxCode: 'SVC8' },
            { description: 'Fitting', quantity: 1, unitPrice: 50, taxCode: 'NT' },
          ],
        })
      ).id,
      {},
    );
    const october = await sentInvoice(customer.id, '2026-10-10', [300]);
    const debit = await acs.debitNotes.create(september.id, {
      reason: 'Late fee',
      debitNoteDate: '2026-10-20',
      items: [{ description: 'Fee', quantity: 1, unitPrice: 40, taxCode: 'NT' }],
    });
    const credit = await acs.creditNotes.create(october.id, {
      reason: 'Part returned',
      creditNoteDate: '2026-11-02',
      items: [{ invoiceLineId: october.items[0].id, quantity: 0.5 }],
    });
    const cancelled = await sentInvoice(customer.id, '2026-10-15', [999]);
    await acs.invoices.cancel(cancelled.id, { reason: 'Duplicate', cancelDate: '2026-11-03' });
    await acs.invoices.create({
      customerId: customer.id,
      invoiceDate: '2026-10-16',
      items: [{ description: 'Draft', quantity: 1, unitPrice: 777, taxCode: 'NT' }],
    });

    const report = await acs.reports.salesSummary({ fromDate: '2026-09-01', toDate: '2026-11-30', customerId: customer.id });
    expect(report).toMatchObject({
      reportType: 'sales-summary',
      groupBy: 'month',
      currency: 'MYR',
      filters: { customerId: customer.id, productId: null },
    });
    expect(report.periods).toEqual([
      {
        period: '2026-09',
        fromDate: '2026-09-01',
        toDate: '2026-09-30',
        invoiceCount: 1,
        creditNoteCount: 0,
        debitNoteCount: 0,
        subtotal: september.subtotal,
        discount: 20,
        tax: september.totalTax,
        shipping: 25,
        total: september.total,
      },
      {
        period: '2026-10',
        fromDate: '2026-10-01',
        toDate: '2026-10-31',
        // The cancelled invoice was a sale in October, as the ledger has it (REP-96).
        invoiceCount: 2,
        creditNoteCount: 0,
        debitNoteCount: 1,
        subtotal: 1339,
        discount: 0,
        tax: 0,
        shipping: 0,
        total: sum([october.total, debit.total, cancelled.total]),
      },
      {
        period: '2026-11',
        fromDate: '2026-11-01',
        toDate: '2026-11-30',
        invoiceCount: 0,
        creditNoteCount: 1,
        debitNoteCount: 0,
        subtotal: -1149,
        discount: 0,
        tax: 0,
        shipping: 0,
        total: -sum([credit.total, cancelled.total]),
      },
    ]);
    expect(september.subtotal).toBe(230);
    // Over the three months the cancelled invoice counts once and comes off again: nothing of it is left.
    expect(report.totals).toMatchObject({
      invoiceCount: 3,
      creditNoteCount: 1,
      debitNoteCount: 1,
      total: sum([september.total, october.total, debit.total, -credit.total]),
    });
    for (const row of [...report.periods, report.totals]) expect(sum([row.subtotal, row.tax, row.shipping])).toBe(row.total);
  });

  it('groups by day, ISO week or quarter, the first and last period cut to the dates', async () => {
    const weeks = await acs.reports.salesSummary({ fromDate: '2026-09-30', toDate: '2026-10-06', groupBy: 'week' });
    expect(weeks.periods.map((p) => [p.period, p.fromDate, p.toDate])).toEqual([
      ['2026-W40', '2026-09-30', '2026-10-04'],
      ['2026-W41', '2026-10-05', '2026-10-06'],
    ]);
    const quarters = await acs.reports.salesSummary({ fromDate: '2026-08-15', toDate: '2026-11-24', groupBy: 'quarter' });
    expect(quarters.periods.map((p) => [p.period, p.fromDate, p.toDate])).toEqual([
      ['2026-Q3', '2026-08-15', '2026-09-30'],
      ['2026-Q4', '2026-10-01', '2026-11-24'],
    ]);
    expect(sum(quarters.periods.map((p) => p.total))).toBe(quarters.totals.total);
    const days = await acs.reports.salesSummary({ fromDate: '2026-10-30', toDate: '2026-11-01', groupBy: 'day' });
    expect(days.periods.map((p) => p.period)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01']);
  });

  it("filters by product (its lines only), sales person (who raised the invoice) and region (the billing address's state or country)", async () => {
    const penang = await newCustomer({ address: { city: 'George Town', state: 'Penang', country: 'MY' } });
    const chair = (await acs.items.list({ limit: 100 })).data.find((item) => item.itemCode === 'SVC-INS')!;
    const draft = await acs.invoices.create({
      customerId: penang.id,
      items: [
        { itemId: chair.id, quantity: 2, unitPrice: 80, taxCode: 'NT' },
        { description: 'Other', quantity: 1, unitPrice: 500, taxCode: 'NT' },
      ],
    });
    const invoice = await acs.invoices.send(draft.id, {});
    const range = { fromDate: mock.today(), toDate: mock.today() };
    const byProduct = await acs.reports.salesSummary({ ...range, customerId: penang.id, productId: chair.id });
    expect(byProduct.totals).toMatchObject({ invoiceCount: 1, subtotal: 160, total: 160 });
    const mine = await acs.reports.salesSummary({ ...range, salesPersonId: invoice.createdBy, customerId: penang.id });
    expect(mine.totals.total).toBe(invoice.total);
    expect((await acs.reports.salesSummary({ ...range, salesPersonId: 'usr_someone_else' })).totals.invoiceCount).toBe(0);
    expect((await acs.reports.salesSummary({ ...range, regionId: 'penang' })).totals.total).toBe(invoice.total);
    const country = await acs.reports.salesSummary({ ...range, regionId: 'MY' });
    expect(country.totals.total).toBeGreaterThanOrEqual(invoice.total);
    expect((await acs.reports.salesSummary({ ...range, regionId: 'Sabah' })).totals.invoiceCount).toBe(0);
  });

  it('writes foreign-currency documents in the company currency at their own rate', async () => {
    const customer = await newCustomer({ currency: 'USD' });
    const invoice = await sentInvoice(customer.id, mock.today(), [1000], { currency: 'USD', exchangeRate: 4.3 });
    const report = await acs.reports.salesSummary({ fromDate: mock.today(), toDate: mock.today(), customerId: customer.id });
    expect(report.totals).toMatchObject({ subtotal: 4300, total: 4300 });
    expect(invoice.baseTotal).toBe(4300);
  });

  it('refuses missing or reversed dates, an unknown grouping, customer or product', async () => {
    const missing = await failureOf(acs.reports.salesSummary({ fromDate: '2026-01-01' } as { fromDate: string; toDate: string }));
    expect(missing).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS', details: [expect.objectContaining({ field: 'toDate' })] });
    expect(await failureOf(acs.reports.salesSummary({ fromDate: '2026-10-01', toDate: '2026-09-01' }))).toMatchObject({
      status: 400,
      code: 'INVALID_DATE_RANGE',
    });
    expect(
      await failureOf(acs.reports.salesSummary({ fromDate: '2026-01-01', toDate: '2026-02-01', groupBy: 'year' as 'month' })),
    ).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS' });
    for (const field of ['customerId', 'productId'] as const) {
      expect(
        await failureOf(acs.reports.salesSummary({ fromDate: '2026-01-01', toDate: '2026-02-01', [field]: 'x_unknown' })),
      ).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS', details: [expect.objectContaining({ field })] });
    }
  });

  it('downloads as CSV: a row per period and the totals', async () => {
    const query = { fromDate: '2026-08-01', toDate: '2026-11-24' };
    const json = await acs.reports.salesSummary(query);
    const file = await acs.reports.salesSummary.download({ ...query, format: 'csv' });
    expect(file.filename).toBe('sales-summary-2026-08-01-to-2026-11-24.csv');
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Period,From,To,Invoices,Credit notes,Debit notes,Subtotal,Discount,Tax,Shipping,Total');
    expect(lines).toHaveLength(json.periods.length + 2);
    expect(lines.at(-1)!.split(',').at(-1)).toBe(json.totals.total.toFixed(2));
  });
});

describe('top customers', () => {
  it('ranks customers by revenue, invoices or payments in the period, up to the limit', async () => {
    const [big, many, payer] = [await newCustomer(), await newCustomer(), await newCustomer()];
    await sentInvoice(big.id, '2026-04-03', [1000]);
    for (const day of ['2026-04-05', '2026-04-06', '2026-04-07']) await sentInvoice(many.id, day, [200]);
    const paid = await sentInvoice(payer.id, '2026-04-10', [300]);
    await acs.invoices.payments.create(paid.id, { amount: 300, paymentDate: '2026-04-20' });
    const range = { fromDate: '2026-04-01', toDate: '2026-04-30' };

    const byRevenue = await acs.reports.topCustomers(range);
    expect(byRevenue).toMatchObject({
      reportType: 'top-customers',
      metric: 'revenue',
      totals: { customerCount: 3, revenue: 1900, invoiceCount: 5, paymentsReceived: 300 },
    });
    expect(byRevenue.customers.map((c) => [c.rank, c.customerId, c.revenue, c.invoiceCount, c.paymentsReceived, c.shareOfRevenue])).toEqual(
      [
        [1, big.id, 1000, 1, 0, 52.63],
        [2, many.id, 600, 3, 0, 31.58],
        [3, payer.id, 300, 1, 300, 15.79],
      ],
    );
    expect((await acs.reports.topCustomers({ ...range, metric: 'invoices' })).customers.map((c) => c.customerId)).toEqual([
      many.id,
      big.id,
      payer.id,
    ]);
    expect((await acs.reports.topCustomers({ ...range, metric: 'payments', limit: 1 })).customers.map((c) => c.customerId)).toEqual([
      payer.id,
    ]);
    expect(await failureOf(acs.reports.topCustomers({ limit: 101 }))).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETERS',
      details: [expect.objectContaining({ field: 'limit' })],
    });
    expect(await failureOf(acs.reports.topCustomers({ metric: 'margin' as 'revenue' }))).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
  });

  it('lists ten by default from the start of the fiscal year, and downloads as CSV', async () => {
    const report = await acs.reports.topCustomers();
    // The demo company's fiscal year starts on 1 January.
    expect(report).toMatchObject({ fromDate: `${mock.today().slice(0, 4)}-01-01`, toDate: mock.today() });
    expect(report.customers.length).toBeLessThanOrEqual(10);
    const file = await acs.reports.topCustomers.download({ format: 'csv' });
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Rank,Customer,Revenue,Share,Invoices,Payments');
    expect(lines).toHaveLength(report.customers.length + 2);
  });
});

describe('sales by product', () => {
  const locationId = (code: string) => locationsTable(ctx()).byIndex('code', code)[0].id;
  function receive(itemId: string, quantity: number, unitCost: number): void {
    const c = ctx();
    const source = { type: 'test_receipt', id: `rcv-${++serial}`, number: `RCV-${serial}` };
    const movements = recordStockMovements(c, [
      { date: mock.today(), itemId, locationId: locationId('WH-SJ'), quantity, unitCost, type: 'initial_stock', source },
    ]);
    postStockValue(c, {
      date: mock.today(),
      reference: source.number,
      description: 'Goods received',
      source,
      movements,
      counterAccountId: () => controlAccount(c, 'opening_balance').id,
    });
  }
  const newItem = (): Promise<Item> =>
    acs.items.create({
      itemCode: `SBP-${++serial}`,
      name: `Sold thing ${serial}`,
      type: 'inventory',
      pricing: { costPrice: 10, sellingPrice: 50 },
      tax: { salesTaxCode: 'SVC8', taxable: true },
    });

  it("gives each item's quantity, revenue before tax, cost of the stock it took and margin; a credit note with the goods back takes its share off", async () => {
    const [customer, item] = [await newCustomer(), await newItem()];
    receive(item.id, 10, 10);
    const invoice = await acs.invoices.send(
      (await acs.invoices.create({ customerId: customer.id, items: [{ itemId: item.id, quantity: 4 }] })).id,
      {},
    );
    expect(invoice.totalTax).toBeGreaterThan(0);
    await acs.creditNotes.create(invoice.id, { reason: 'One came back', items: [{ invoiceLineId: invoice.items[0].id, quantity: 1 }] });
    const report = await acs.reports.salesByProduct({ fromDate: mock.today(), toDate: mock.today() });
    expect(report.products.find((p) => p.itemId === item.id)).toEqual({
      itemId: item.id,
      itemCode: item.itemCode,
      itemName: item.name,
      categoryId: null,
      quantity: 3,
      revenue: 150,
      cost: 30,
      margin: 120,
      marginPercent: 80,
    });
    expect(report.totals.revenue).toBe(sum(report.products.map((p) => p.revenue)));
    expect(report.totals.margin).toBe(sum([report.totals.revenue, -report.totals.cost]));
  });

  it('keeps the items of a category and its subcategories; an unknown category is 400 INVALID_PARAMETERS', async () => {
    // The last year, which holds the seed's sales whatever the date (the default fiscal year to date is empty on 1 January).
    const year = { fromDate: daysFrom(mock.today(), -365), toDate: mock.today() };
    const all = await acs.reports.salesByProduct(year);
    const categoryId = all.products.find((p) => p.categoryId !== null)!.categoryId!;
    const some = await acs.reports.salesByProduct({ ...year, categoryId });
    expect(some.products.length).toBeGreaterThan(0);
    expect(some.products.every((p) => p.categoryId === categoryId)).toBe(true);
    expect(some.products).toEqual(all.products.filter((p) => p.categoryId === categoryId));
    expect(await failureOf(acs.reports.salesByProduct({ categoryId: 'cat_unknown' }))).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETERS',
      details: [expect.objectContaining({ field: 'categoryId' })],
    });
  });
});

describe('sales performance dashboard', () => {
  it('compares the period with the one of equal length before it; orders and quote conversion are the sales funnel', async () => {
    // The last 55 days, which the seed's four months of trading cover, and the 55 before them.
    const range = { fromDate: daysFrom(mock.today(), -54), toDate: mock.today() };
    const previous = { fromDate: daysFrom(range.fromDate, -55), toDate: daysFrom(range.fromDate, -1) };
    const report = await acs.reports.salesPerformanceDashboard(range);
    expect(report).toMatchObject({
      reportType: 'sales-performance-dashboard',
      previousFromDate: previous.fromDate,
      previousToDate: previous.toDate,
    });
    const revenueOf = async (fromDate: string, toDate: string) => {
      const { totals } = await acs.reports.salesSummary({ fromDate, toDate });
      return sum([totals.subtotal, totals.shipping]);
    };
    const [now, before] = [await revenueOf(range.fromDate, range.toDate), await revenueOf(previous.fromDate, previous.toDate)];
    expect(report.metrics.revenue).toEqual({
      current: now,
      previous: before,
      change: Math.round(((now - before) / before) * 10_000) / 100,
      trend: now > before ? 'up' : 'down',
    });
    const funnel = await acs.analytics.salesFunnel({ dateFrom: range.fromDate, dateTo: range.toDate });
    const orders = funnel.stages.find((s) => s.stage === 'order')!;
    expect(report.metrics.orders.current).toBe(orders.count);
    expect(report.metrics.quoteConversionRate.current).toBe(orders.conversionRate);
    expect(report.metrics.averageOrderValue.current).toBe(
      orders.count === 0 ? null : Math.round((orders.value / orders.count) * 100) / 100,
    );
    expect(report.byMonth.map((m) => m.month)).toEqual(monthsOf(range.fromDate, range.toDate));
    expect(sum(report.byMonth.map((m) => m.revenue))).toBe(now);
    expect(sum(report.byMonth.map((m) => m.invoiceCount))).toBe(report.metrics.invoices.current);
    const top = await acs.reports.topCustomers({ ...range, limit: 5 });
    expect(report.topCustomers).toEqual(
      top.customers.map(({ customerId, customerName, revenue }) => ({ customerId, customerName, revenue })),
    );
    const products = await acs.reports.salesByProduct(range);
    expect(report.topProducts).toEqual(
      products.products
        .slice(0, 5)
        .map(({ itemId, itemName, quantity, revenue, margin }) => ({ itemId, itemName, quantity, revenue, margin })),
    );
  });

  it('downloads as CSV with a section per table', async () => {
    const file = await acs.reports.salesPerformanceDashboard.download({ format: 'csv' });
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].startsWith('section,')).toBe(true);
    expect(lines.filter((line) => line.startsWith('Key figures,'))).toHaveLength(5);
  });
});

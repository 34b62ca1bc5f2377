import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { purchaseOrdersTable } from '../../../mock-server/domain/purchasing/index.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';
import { ValidationError, type PurchaseOrder } from '../../../src/index.js';
import type { WebhookEventData } from '../../../src/webhooks/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();
const ctx = () => ({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId });

beforeEach(() => {
  mock.reset();
});

const supplierId = async (search: string) => (await acs.suppliers.list({ search })).data[0].id;
const numbers = async (query: Parameters<typeof acs.purchaseOrders.list>[0]) =>
  (await acs.purchaseOrders.list({ limit: 100, ...query })).data.map((o) => o.reference).sort();

describe('listing purchase orders', () => {
  it('filters the demo orders by status, supplier, order date and total', async () => {
    expect(await numbers({ status: 'partially_received' })).toEqual(['IMPORT-2026-07', 'STATIONERY-OCT']);
    expect(await numbers({ supplierId: await supplierId('Bestari') })).toEqual(['FILES-BULK', 'OFFICE-Q4', 'STATIONERY-OCT']);
    const today = mock.today();
    expect(await numbers({ fromDate: addDays(today, -12), toDate: addDays(today, -6) })).toEqual(['DESKS-NOV', 'RESTOCK-CAB']);
    // The approvals demo's SHOWROOM-RESTOCK (40 chairs, waiting for the manager) and the bills demo's RESTOCK-CHR fall in the band too.
    expect(await numbers({ totalMin: 3465, totalMax: 9590 })).toEqual([
      'DESKS-NOV',
      'EXEC-CHAIRS',
      'RESTOCK-CAB',
      'RESTOCK-CHR',
      'SHOWROOM-RESTOCK',
    ]);
  });

  it('refuses a total or date range that cannot match anything', async () => {
    const totals = await failureOf(acs.purchaseOrders.list({ totalMin: 500, totalMax: 100 }));
    expect(totals).toBeInstanceOf(ValidationError);
    expect((totals as ValidationError).details).toMatchObject([{ field: 'totalMax', code: 'MIN_VALUE' }]);
    const dates = await failureOf(acs.purchaseOrders.list({ fromDate: '2026-10-10', toDate: '2026-10-01' }));
    expect((dates as ValidationError).details).toMatchObject([{ field: 'toDate', code: 'DATE_CONSTRAINT' }]);
  });
});

describe('purchase order events', () => {
  it('publishes created, sent, approved, received once per receipt, and cancelled, each with the order', async () => {
    const seen = mock.events.history.length;
    const order = await acs.purchaseOrders.create({
      supplierId: await supplierId('Perabot'),
      requiresApproval: true,
      items: [{ description: 'Sample chairs', quantity: 4, unitPrice: 150 }],
    });
    // The approvals slice approves through its endpoints; the event follows the row, whoever writes it.
    purchaseOrdersTable(ctx()).update(order.id, { approval: { required: true, status: 'approved' } });
    await acs.purchaseOrders.send(order.id);
    await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 1 }] });
    await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 1 }] });
    await acs.purchaseOrders.cancel(order.id, { reason: 'Enough samples' });
    const events = mock.events.history.slice(seen).filter((e) => e.event.startsWith('purchase_order.'));
    expect(events.map((e) => e.event)).toEqual([
      'purchase_order.created',
      'purchase_order.approved',
      'purchase_order.sent',
      'purchase_order.received',
      'purchase_order.received',
      'purchase_order.cancelled',
    ]);
    const data = events.map((e) => e.data as PurchaseOrder);
    expect(data.every((d) => d.id === order.id)).toBe(true);
    expect(data[4].receipts).toHaveLength(2);
    expect(data[5]).toMatchObject({ status: 'cancelled', items: [{ receivedQuantity: 2 }] });
    expectTypeOf<WebhookEventData<'purchase_order.received'>>().toEqualTypeOf<PurchaseOrder>();
  });
});

describe('GET /reports/purchasing/outstanding-pos', () => {
  it('shows what is still to arrive on the demo orders, by supplier, with days overdue', async () => {
    const report = await acs.reports.purchasing.outstandingPos();
    expect(report).toMatchObject({ reportName: 'Outstanding purchase orders', asOfDate: mock.today(), currency: 'MYR' });
    expect(report.orders.map((o) => [o.supplierName, o.status, o.baseOutstandingValue, o.daysOverdue])).toEqual([
      ['Kilang Perabot Muar Sdn Bhd', 'confirmed', 7800, 0],
      ['Kilang Perabot Muar Sdn Bhd', 'sent', 3150, 0],
      // 24 of 60 chairs at USD 36 and 4.45, promised 30 days after an order 40 days ago.
      ['Shenzhen Ergo Seating Co., Ltd.', 'partially_received', 3844.8, 10],
      // 80 boxes of paper at 56, required 7 days after an order 20 days ago; the pens all arrived.
      ['Syarikat Alat Tulis Bestari', 'partially_received', 4480, 13],
    ]);
    expect(report.orders[3].lines).toMatchObject([
      { itemCode: 'PAP-A4', quantity: 200, receivedQuantity: 120, outstandingQuantity: 80, outstandingValue: 4480 },
    ]);
    expect(report.summary).toEqual({ orderCount: 4, lineCount: 4, outstandingValue: 19274.8, overdueCount: 2, overdueValue: 8324.8 });
    expect(report.bySupplier.map((s) => [s.supplierName, s.orderCount, s.outstandingValue, s.overdueValue])).toEqual([
      ['Kilang Perabot Muar Sdn Bhd', 2, 10950, 0],
      ['Shenzhen Ergo Seating Co., Ltd.', 1, 3844.8, 3844.8],
      ['Syarikat Alat Tulis Bestari', 1, 4480, 4480],
    ]);
  });

  it('as of an earlier date, counts later receipts as outstanding and leaves out later orders', async () => {
    const orders = (await acs.purchaseOrders.list({ limit: 100 })).data;
    const number = (reference: string) => orders.find((o) => o.reference === reference)!.poNumber;
    const asOf = async (daysAgo: number) =>
      new Map(
        (await acs.reports.purchasing.outstandingPos({ asOfDate: addDays(mock.today(), -daysAgo) })).orders.map((o) => [o.poNumber, o]),
      );
    const sixteenDaysAgo = await asOf(16);
    // The stationery (ordered 20 days ago, received 14 days ago) had all to come and was not yet due.
    expect(sixteenDaysAgo.get(number('STATIONERY-OCT'))).toMatchObject({ outstandingValue: 13000, daysOverdue: 0 });
    // The desks were ordered 12 days ago; the cancelled files never count.
    expect(sixteenDaysAgo.has(number('DESKS-NOV'))).toBe(false);
    expect(sixteenDaysAgo.has(number('FILES-BULK'))).toBe(false);
    // The executive chairs: the last 8 arrived 30 days ago, so 32 days ago they were outstanding.
    expect(sixteenDaysAgo.has(number('EXEC-CHAIRS'))).toBe(false);
    expect((await asOf(32)).get(number('EXEC-CHAIRS'))?.lines).toMatchObject([
      { itemCode: 'CHR-200', receivedQuantity: 12, outstandingQuantity: 8 },
    ]);
  });

  it('overdueOnly keeps the late lines only, and supplierId one supplier', async () => {
    const overdue = await acs.reports.purchasing.outstandingPos({ overdueOnly: true });
    expect(overdue.orders.map((o) => o.supplierName)).toEqual(['Shenzhen Ergo Seating Co., Ltd.', 'Syarikat Alat Tulis Bestari']);
    expect(overdue.summary).toMatchObject({ orderCount: 2, outstandingValue: overdue.summary.overdueValue });
    const one = await acs.reports.purchasing.outstandingPos({ supplierId: await supplierId('Perabot') });
    expect(one.bySupplier).toMatchObject([{ supplierName: 'Kilang Perabot Muar Sdn Bhd', orderCount: 2 }]);
  });

  it('the bakery sees its own received flour order as nothing outstanding, with its lot on record', async () => {
    const bakery = acs.withCompany(mock.credentials.companies[1].id);
    expect((await bakery.reports.purchasing.outstandingPos()).orders).toEqual([]);
    const flour = (await bakery.purchaseOrders.list({ search: 'FLOUR-WK46' })).data[0];
    expect(flour).toMatchObject({
      status: 'received',
      receipts: [{ items: [{ quantity: 40, lotNumber: 'FFM-2611-A', expiryDate: expect.any(String) }] }],
    });
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, ConflictError, NotFoundError, ValidationError, type PurchaseOrder, type Supplier } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const daysFromToday = (days: number): string =>
  new Date(Date.parse(`${mock.today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface History {
  supplier: Supplier;
  late: PurchaseOrder;
  undated: PurchaseOrder;
}

/**
 * A supplier with three receipts: one on time (due on the order's requiredDate), one late (a line
 * expected earlier), one with no due date; lead times 5, 22 and 3 days.
 */
async function supplierHistory(): Promise<History> {
  const supplier = await acs.suppliers.create({ name: 'Kayu Jati Trading' });
  const chair = (await acs.items.list({ itemCode: 'CHR-100' })).data[0];
  const draft = await acs.purchaseOrders.create({
    supplierId: supplier.id,
    orderDate: daysFromToday(-30),
    requiredDate: daysFromToday(-10),
    items: [
      { itemId: chair.id, quantity: 10, unitPrice: 100 },
      { description: 'Assembly', quantity: 1, unitPrice: 50, taxCode: null, expectedDate: daysFromToday(-20) },
    ],
  });
  await acs.purchaseOrders.send(draft.id);
  await acs.purchaseOrders.receive(draft.id, { date: daysFromToday(-25), items: [{ lineId: draft.items[0].id, quantity: 4 }] });
  const late = await acs.purchaseOrders.receive(draft.id, { date: daysFromToday(-8) });
  const other = await acs.purchaseOrders.create({
    supplierId: supplier.id,
    orderDate: daysFromToday(-5),
    items: [{ description: 'Courier', quantity: 2, unitPrice: 30, taxCode: null }],
  });
  await acs.purchaseOrders.send(other.id);
  const undated = await acs.purchaseOrders.receive(other.id, { date: daysFromToday(-2) });
  await acs.purchaseOrders.create({
    supplierId: supplier.id,
    items: [{ description: 'Never sent', quantity: 1, unitPrice: 999, taxCode: null }],
  });
  return { supplier, late, undated };
}

describe('supplier delivery performance', () => {
  it('judges each receipt against line expectedDate or the order requiredDate, with lead days from the order date', async () => {
    const { supplier, late, undated } = await supplierHistory();
    const report = await acs.suppliers.deliveryPerformance(supplier.id);
    expect(report.summary).toEqual({ receiptCount: 3, onTimeCount: 1, lateCount: 1, onTimeRate: 50, averageLeadDays: 10 });
    expect(report.receipts).toEqual([
      expect.objectContaining({
        receiptId: late.receipts[0].id,
        dueDate: daysFromToday(-10),
        receivedDate: daysFromToday(-25),
        leadDays: 5,
        daysLate: 0,
        onTime: true,
      }),
      expect.objectContaining({
        receiptId: late.receipts[1].id,
        poNumber: late.poNumber,
        dueDate: daysFromToday(-20),
        leadDays: 22,
        daysLate: 12,
        onTime: false,
      }),
      expect.objectContaining({ receiptId: undated.receipts[0].id, dueDate: null, leadDays: 3, daysLate: 0, onTime: null }),
    ]);
  });

  it('fromDate and toDate take the receipts dated between them', async () => {
    const { supplier } = await supplierHistory();
    const recent = await acs.suppliers.deliveryPerformance(supplier.id, { fromDate: daysFromToday(-10) });
    expect(recent.summary).toEqual({ receiptCount: 2, onTimeCount: 0, lateCount: 1, onTimeRate: 0, averageLeadDays: 12.5 });
    expect((await acs.suppliers.deliveryPerformance(supplier.id, { toDate: daysFromToday(-20) })).summary.onTimeRate).toBe(100);
    const reversed = await failureOf(
      acs.suppliers.deliveryPerformance(supplier.id, { fromDate: daysFromToday(-1), toDate: daysFromToday(-9) }),
    );
    expect(reversed).toBeInstanceOf(ValidationError);
    expect(await failureOf(acs.suppliers.deliveryPerformance('sup_missing'))).toMatchObject({ code: 'SUPPLIER_NOT_FOUND' });
  });
});

describe('supplier ratings', () => {
  it('rates a receipt once and a period, and averages each criterion over the ratings that scored it', async () => {
    const { supplier, late } = await supplierHistory();
    const first = await acs.suppliers.ratePerformance(supplier.id, {
      receiptId: late.receipts[0].id,
      quality: 5,
      delivery: 5,
      comments: '  Well packed ',
    });
    expect(first).toMatchObject({
      receiptId: late.receipts[0].id,
      purchaseOrderId: late.id,
      periodFrom: null,
      quality: 5,
      price: null,
      overall: 5,
      comments: 'Well packed',
      date: mock.today(),
    });
    mock.clock.advance({ minutes: 1 });
    const period = await acs.suppliers.ratePerformance(supplier.id, {
      periodFrom: daysFromToday(-30),
      periodTo: daysFromToday(-1),
      quality: 3,
      price: 4,
      communication: 2,
    });
    expect(period).toMatchObject({ receiptId: null, overall: 3 });

    const again = await failureOf(acs.suppliers.ratePerformance(supplier.id, { receiptId: late.receipts[0].id, quality: 1 }));
    expect(again).toBeInstanceOf(ConflictError);
    expect((again as ConflictError).details[0]).toMatchObject({ field: 'receiptId', existingId: first.id });

    const ratings = await acs.suppliers.qualityRatings(supplier.id);
    expect(ratings.averages).toEqual({ count: 2, quality: 4, delivery: 5, price: 4, communication: 2, overall: 4 });
    expect(ratings.ratings.map((r) => r.id)).toEqual([period.id, first.id]);
    expect((await acs.suppliers.qualityRatings(supplier.id, { limit: 1 })).ratings.map((r) => r.id)).toEqual([period.id]);
    expect((await acs.suppliers.qualityRatings(supplier.id, { toDate: daysFromToday(-1) })).averages.count).toBe(0);
  });

  it("refuses another supplier's receipt, an unknown receipt, a rating of nothing and a score outside 1 to 5, writing nothing", async () => {
    const { supplier } = await supplierHistory();
    const muar = (await acs.suppliers.list({ search: 'Perabot' })).data[0];
    const theirs = await acs.purchaseOrders.send(
      (
        await acs.purchaseOrders.create({
          supplierId: muar.id,
          items: [{ description: 'Sample', quantity: 1, unitPrice: 5, taxCode: null }],
        })
      ).id,
    );
    const received = await acs.purchaseOrders.receive(theirs.id);

    const foreign = await failureOf(acs.suppliers.ratePerformance(supplier.id, { receiptId: received.receipts[0].id, quality: 4 }));
    expect(foreign).toBeInstanceOf(BusinessRuleError);
    expect((foreign as BusinessRuleError).details[0]).toMatchObject({ field: 'receiptId', supplierId: muar.id });
    expect(await failureOf(acs.suppliers.ratePerformance(supplier.id, { receiptId: 'grn_missing', quality: 4 }))).toBeInstanceOf(
      NotFoundError,
    );

    const nothing = await failureOf(acs.suppliers.ratePerformance(supplier.id, { comments: 'no scores' }));
    expect((nothing as ValidationError).details.map((d) => d.field).sort()).toEqual(['periodFrom', 'periodTo', 'quality']);
    const both = await failureOf(
      acs.suppliers.ratePerformance(supplier.id, {
        receiptId: received.receipts[0].id,
        periodFrom: daysFromToday(-9),
        periodTo: daysFromToday(-1),
        price: 2,
      }),
    );
    expect((both as ValidationError).details.map((d) => d.field)).toEqual(['periodFrom']);
    const outOfScale = await failureOf(
      acs.suppliers.ratePerformance(supplier.id, { periodFrom: daysFromToday(-9), periodTo: daysFromToday(-1), quality: 6, price: 0 }),
    );
    expect((outOfScale as ValidationError).details.map((d) => d.field).sort()).toEqual(['price', 'quality']);
    expect((await acs.suppliers.qualityRatings(supplier.id)).averages.count).toBe(0);
  });
});

describe('supplier performance and the supplier performance report', () => {
  it('sums orders placed, ordered and received value, delivery and ratings into a score', async () => {
    const { supplier, late } = await supplierHistory();
    await acs.suppliers.ratePerformance(supplier.id, {
      receiptId: late.receipts[1].id,
      quality: 4,
      delivery: 2,
      price: 4,
      communication: 4,
    });
    const performance = await acs.suppliers.performance(supplier.id);
    expect(performance).toEqual({
      supplierId: supplier.id,
      supplierNumber: supplier.supplierNumber,
      supplierName: 'Kayu Jati Trading',
      periodFrom: null,
      periodTo: null,
      currency: 'MYR',
      orderCount: 2,
      openOrderCount: 0,
      cancelledOrderCount: 0,
      orderedValue: 1110,
      receivedValue: 1110,
      delivery: { receiptCount: 3, onTimeCount: 1, lateCount: 1, onTimeRate: 50, averageLeadDays: 10 },
      quality: { count: 1, quality: 4, delivery: 2, price: 4, communication: 4, overall: 3.5 },
      score: 60,
    });
    const recent = await acs.suppliers.performance(supplier.id, { fromDate: daysFromToday(-10) });
    expect(recent).toMatchObject({ orderCount: 1, orderedValue: 60, receivedValue: 710, delivery: { receiptCount: 2, onTimeRate: 0 } });
  });

  it('ranks every supplier by the same figures as /performance', async () => {
    const { supplier } = await supplierHistory();
    const report = await acs.reports.purchasing.supplierPerformance();
    expect(report).toMatchObject({ reportName: 'Supplier Performance', periodFrom: null, currency: 'MYR' });
    expect(report.suppliers).toHaveLength(4);
    const scores = report.suppliers.map((row) => row.score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const rank = report.suppliers.findIndex((row) => row.supplierId === supplier.id) + 1;
    expect(report.suppliers[rank - 1]).toEqual(await acs.suppliers.performance(supplier.id));
    expect(report.suppliers[rank - 1].score).toBe(50);
    expect(rank).toBe(report.suppliers.filter((row) => (row.score ?? -1) > 50).length + 1);
    // The demo's two quarterly ratings of Perabot Muar (4.5 and 4.25 overall), averaged half-up.
    expect(report.suppliers.find((row) => row.supplierName === 'Kilang Perabot Muar Sdn Bhd')?.quality).toMatchObject({
      count: 2,
      overall: 4.38,
    });
  });
});

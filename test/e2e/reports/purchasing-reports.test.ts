import { beforeEach, describe, expect, it } from 'vitest';
import { agedPayablesDefinition } from '../../../mock-server/domain/reports/index.js';
import { readPdf, readWorkbook } from '../../support/report-files.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const payablesOn = async (dateTo?: string) => {
  const account = await accountByNumber(acs, '2110');
  return dateTo
    ? (await acs.accounts.ledger(account.id, { dateTo })).closingBalance
    : (await acs.accounts.retrieve(account.id)).balance.net;
};

describe('aged payables report', () => {
  it('is the purchasing aged payables with reportType and stamp; its total is the payables control account (2110)', async () => {
    const report = await acs.reports.agedPayables();
    expect(report).toMatchObject({ reportType: 'aged-payables', asOfDate: mock.today(), generatedBy: expect.any(String) });
    expect(report.totals).toEqual((await acs.reports.purchasing.agedPayables()).totals);
    expect(report.totals.total).toBeGreaterThan(0);
    expect(report.totals.total).toBe(await payablesOn());
  });

  it('ties to the control account on a past date and after a bill is paid', async () => {
    const past = (await acs.reports.agedPayables({ asOfDate: '2026-10-15' })).totals.total;
    expect(past).toBe(await payablesOn('2026-10-15'));
    const bill = (await acs.bills.list({ status: 'open' })).data[0];
    await acs.bills.pay(bill.id, { amount: 10 });
    const after = await acs.reports.agedPayables();
    expect(after.totals.total).toBe(await payablesOn());
  });

  it('lays out the suppliers by bucket with a totals row and a bar chart of the buckets', async () => {
    const report = await acs.reports.agedPayables();
    const layout = agedPayablesDefinition.layout(report, {});
    expect(layout.chart).toEqual({
      title: 'Owed by days past due',
      labels: ['Not yet due', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days'],
      values: [report.totals.current, report.totals.days1To30, report.totals.days31To60, report.totals.days61To90, report.totals.over90],
    });
    const file = await acs.reports.agedPayables.download({ format: 'csv' });
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Supplier,Bills,Not yet due,1-30 days,31-60 days,61-90 days,Over 90 days,Total');
    expect(lines.at(-1)).toMatch(new RegExp(`^Total,\\d+,.*,${report.totals.total.toFixed(2)}$`));
  });

  it('downloads as a PDF with the buckets as a chart and the totals, and as a workbook of typed cells', async () => {
    const json = await acs.reports.agedPayables();
    const pdfFile = await acs.reports.agedPayables.download({ format: 'pdf' });
    expect(pdfFile.filename).toBe(`aged-payables-${json.asOfDate}.pdf`);
    const text = (await readPdf(pdfFile.data)).pages.join('\n');
    expect(text).toContain('Aged payables');
    expect(text).toContain('Owed by days past due');
    for (const row of json.suppliers) expect(text).toContain(row.supplierName);
    const workbook = await readWorkbook((await acs.reports.agedPayables.download({ format: 'excel' })).data);
    const sheet = workbook.worksheets[0]!;
    const { ySplit } = sheet.views[0] as { ySplit: number };
    expect(sheet.getRow(ySplit).values).toEqual([
      undefined,
      'Supplier',
      'Bills',
      'Not yet due',
      '1-30 days',
      '31-60 days',
      '61-90 days',
      'Over 90 days',
      'Total',
    ]);
    const totals = sheet.getRow(ySplit + 1 + json.suppliers.length);
    expect(totals.getCell(8).value).toBe(json.totals.total);
    expect(totals.getCell(8).value).toBe(await payablesOn());
  });
});

describe('purchase analysis report', () => {
  it('is the spend analysis of the purchasing module', async () => {
    const report = await acs.reports.purchaseAnalysis({ fromDate: '2026-01-01' });
    const spend = await acs.reports.purchasing.spendAnalysis({ fromDate: '2026-01-01' });
    expect(report).toMatchObject({
      reportType: 'purchase-analysis',
      total: spend.total,
      bySupplier: spend.bySupplier,
      byMonth: spend.byMonth,
    });
    expect(report.total).toBeGreaterThan(0);
  });

  it('answers fromDate after toDate with 400 INVALID_DATE_RANGE, and a bad date with INVALID_PARAMETERS', async () => {
    expect(await failureOf(acs.reports.purchaseAnalysis({ fromDate: '2026-05-01', toDate: '2026-04-01' }))).toMatchObject({
      status: 400,
      code: 'INVALID_DATE_RANGE',
    });
    expect(await failureOf(acs.reports.purchaseAnalysis({ fromDate: '2026-02-30' }))).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
  });
});

describe('supplier performance report', () => {
  it('ranks every supplier as the purchasing report does', async () => {
    const report = await acs.reports.supplierPerformance({ fromDate: '2026-01-01' });
    const module = await acs.reports.purchasing.supplierPerformance({ fromDate: '2026-01-01' });
    expect(report.reportType).toBe('supplier-performance');
    expect(report.suppliers).toEqual(module.suppliers);
    expect(await failureOf(acs.reports.supplierPerformance({ fromDate: '2026-05-01', toDate: '2026-04-01' }))).toMatchObject({
      code: 'INVALID_DATE_RANGE',
    });
  });
});

describe('outstanding purchase orders report', () => {
  it('is the outstanding orders report, and a new sent order shows in it', async () => {
    const before = await acs.reports.outstandingPurchaseOrders();
    expect(before.reportType).toBe('outstanding-purchase-orders');
    expect(before.summary).toEqual((await acs.reports.purchasing.outstandingPos()).summary);
    const supplier = (await acs.suppliers.list({ limit: 1 })).data[0];
    const item = (await acs.items.list({ type: 'inventory', tracked: true, limit: 1 })).data[0];
    const order = await acs.purchaseOrders.create({ supplierId: supplier.id, items: [{ itemId: item.id, quantity: 3, unitPrice: 20 }] });
    await acs.purchaseOrders.send(order.id);
    const after = await acs.reports.outstandingPurchaseOrders();
    expect(after.orders.map((o) => o.purchaseOrderId)).toContain(order.id);
    expect(after.summary.outstandingValue).toBeCloseTo(before.summary.outstandingValue + 60, 2);
  });
});

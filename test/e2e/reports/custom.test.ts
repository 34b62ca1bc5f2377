import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomReportFilter, CustomReportParams, Invoice } from '../../../src/index.js';
import { reportRuntime } from '../../../mock-server/domain/reports/index.js';
import { accountByNumber, failureOf, sandbox, transfer } from '../../support/sandbox.js';

const { mock, acs } = sandbox();
const WIDE = { type: 'absolute', from: '2020-01-01', to: '2029-12-31' } as const;

beforeEach(() => {
  mock.reset();
});

afterEach(() => {
  reportRuntime(mock.store).workLimit = 2_000_000;
});

async function allInvoices(): Promise<Invoice[]> {
  const out: Invoice[] = [];
  for await (const invoice of acs.invoices.list({ limit: 100 })) out.push(invoice);
  return out;
}

const cents = (n: number) => Math.round(n * 100);

describe('custom reports', () => {
  it('groups invoices by customer: one row per customer, totals equal the rows, the same figures as the invoices', async () => {
    const report = await acs.reports.custom({
      name: 'Sales by customer',
      dataSource: 'invoices',
      dateRange: WIDE,
      dimensions: [{ field: 'customerId' }, { field: 'customerName', label: 'Customer' }],
      measures: [
        { field: 'baseTotal', aggregation: 'sum', label: 'Sales' },
        { field: 'id', aggregation: 'count' },
      ],
      filters: [{ field: 'status', operator: 'nin', values: ['draft', 'cancelled'] }],
    });
    expect(report).toMatchObject({
      reportType: 'custom',
      name: 'Sales by customer',
      dataSource: 'invoices',
      currency: 'MYR',
      truncated: false,
      savedReportId: null,
    });
    expect(report.columns).toEqual([
      { key: 'customerId', label: 'customerId', kind: 'text', role: 'dimension' },
      { key: 'customerName', label: 'Customer', kind: 'text', role: 'dimension' },
      { key: 'baseTotal_sum', label: 'Sales', kind: 'money', role: 'measure' },
      { key: 'id_count', label: 'count of id', kind: 'integer', role: 'measure' },
    ]);
    const invoices = (await allInvoices()).filter((invoice) => invoice.status !== 'draft' && invoice.status !== 'cancelled');
    const byCustomer = new Map<string, number>();
    for (const invoice of invoices)
      byCustomer.set(invoice.customerId, (byCustomer.get(invoice.customerId) ?? 0) + cents(invoice.total * invoice.exchangeRate));
    expect(report.rowCount).toBe(byCustomer.size);
    expect(report.rows.length).toBe(byCustomer.size);
    for (const row of report.rows) expect(cents(row.baseTotal_sum as number)).toBe(byCustomer.get(row.customerId as string));
    expect(report.totals.id_count).toBe(invoices.length);
    expect(cents(report.totals.baseTotal_sum!)).toBe(report.rows.reduce((sum, row) => sum + cents(row.baseTotal_sum as number), 0));
    // By the dimensions, ascending, when no sorting is asked.
    const ids = report.rows.map((row) => row.customerId as string);
    expect(ids).toEqual([...ids].sort());
  });

  it('reads posted journal lines only: a draft does not count, its posting does, and the ledger nets to zero', async () => {
    const request: CustomReportParams = {
      name: 'Net by account type',
      dataSource: 'journalLines',
      dateRange: WIDE,
      dimensions: [{ field: 'accountType' }],
      measures: [
        { field: 'net', aggregation: 'sum' },
        { field: 'debit', aggregation: 'sum' },
      ],
    };
    const before = await acs.reports.custom(request);
    expect(before.totals.net_sum).toBe(0);
    const trial = await acs.reports.trialBalance({ asOfDate: '2029-12-31' });
    for (const type of trial.byType) {
      const row = before.rows.find((r) => r.accountType === type.accountType);
      expect(cents((row?.net_sum as number) ?? 0), type.accountType).toBe(cents(type.debit - type.credit));
    }
    const bank = await accountByNumber(acs, '1120');
    const rent = await accountByNumber(acs, '6100');
    const draft = await acs.journalEntries.create({ date: mock.today(), lines: transfer(rent.id, bank.id, 75) });
    const withDraft = await acs.reports.custom(request).withResponse();
    expect(withDraft.data.totals.debit_sum).toBe(before.totals.debit_sum);
    await acs.journalEntries.post(draft.id);
    const posted = await acs.reports.custom(request).withResponse();
    expect(posted.response.headers.get('x-report-cache')).toBe('MISS');
    expect(cents(posted.data.totals.debit_sum!)).toBe(cents(before.totals.debit_sum!) + 7500);
    const expense = (report: typeof before) => (report.rows.find((row) => row.accountType === 'expense')?.net_sum as number) ?? 0;
    expect(cents(expense(posted.data))).toBe(cents(expense(before)) + 7500);
  });

  it('groups a date field by day, week, month, quarter and year; every grouping gives the same totals', async () => {
    const labels: Record<string, RegExp> = {
      day: /^\d{4}-\d{2}-\d{2}$/,
      week: /^\d{4}-W\d{2}$/,
      month: /^\d{4}-\d{2}$/,
      quarter: /^\d{4}-Q[1-4]$/,
      year: /^\d{4}$/,
    };
    const totals = new Set<string>();
    for (const groupBy of ['day', 'week', 'month', 'quarter', 'year'] as const) {
      const report = await acs.reports.custom({
        name: `Lines by ${groupBy}`,
        dataSource: 'invoiceLines',
        dateRange: WIDE,
        dimensions: [{ field: 'invoiceDate', groupBy }],
        measures: [
          { field: 'lineTotal', aggregation: 'sum' },
          { field: 'quantity', aggregation: 'sum' },
        ],
      });
      expect(report.columns[0]).toMatchObject({ key: 'invoiceDate', kind: groupBy === 'day' ? 'date' : 'text' });
      for (const row of report.rows) expect(row.invoiceDate).toMatch(labels[groupBy]);
      expect(new Set(report.rows.map((row) => row.invoiceDate)).size).toBe(report.rows.length);
      totals.add(JSON.stringify(report.totals));
    }
    expect(totals.size).toBe(1);
  });

  it("puts a date in its ISO week: the Monday-to-Sunday week holding the year's first Thursday is week 1", async () => {
    const bank = await accountByNumber(acs, '1120');
    const rent = await accountByNumber(acs, '6100');
    // 2021-01-03 is a Sunday of 2020-W53; 2024-12-30 a Monday of 2025-W01.
    for (const date of ['2021-01-03', '2024-12-30']) {
      const entry = await acs.journalEntries.create({ date, lines: transfer(rent.id, bank.id, 1) });
      await acs.journalEntries.post(entry.id);
    }
    const report = await acs.reports.custom({
      name: 'Weeks',
      dataSource: 'journalLines',
      dateRange: WIDE,
      dimensions: [{ field: 'date', groupBy: 'week' }],
      measures: [{ field: 'id', aggregation: 'count' }],
      filters: [{ field: 'date', operator: 'in', values: ['2021-01-03', '2024-12-30'] }],
    });
    expect(report.rows).toEqual([
      { date: '2020-W53', id_count: 2 },
      { date: '2025-W01', id_count: 2 },
    ]);
  });

  it('keeps the records each filter operator selects', async () => {
    const base = await acs.reports.custom({
      name: 'Every invoice',
      dataSource: 'invoices',
      dateRange: WIDE,
      dimensions: [{ field: 'invoiceNumber' }, { field: 'customerName' }, { field: 'invoiceDate' }, { field: 'total' }],
      measures: [{ field: 'id', aggregation: 'count' }],
    });
    expect(base.rows.length).toBeGreaterThan(3);
    const [a, b, c] = base.rows;
    const total = (row: (typeof base.rows)[number]) => row.total as number;
    const sortedTotals = base.rows.map(total).sort((x, y) => x - y);
    const middle = sortedTotals[Math.floor(sortedTotals.length / 2)];
    const word = (a.customerName as string).split(' ')[0].toUpperCase();
    const cases: [CustomReportFilter, (row: (typeof base.rows)[number]) => boolean][] = [
      [{ field: 'invoiceNumber', operator: 'eq', values: [a.invoiceNumber as string] }, (row) => row.invoiceNumber === a.invoiceNumber],
      [{ field: 'invoiceNumber', operator: 'ne', values: [a.invoiceNumber as string] }, (row) => row.invoiceNumber !== a.invoiceNumber],
      [
        { field: 'invoiceNumber', operator: 'in', values: [b.invoiceNumber as string, c.invoiceNumber as string] },
        (row) => row.invoiceNumber === b.invoiceNumber || row.invoiceNumber === c.invoiceNumber,
      ],
      [{ field: 'invoiceNumber', operator: 'nin', values: [b.invoiceNumber as string] }, (row) => row.invoiceNumber !== b.invoiceNumber],
      [{ field: 'total', operator: 'gt', values: [middle] }, (row) => total(row) > middle],
      [{ field: 'total', operator: 'gte', values: [String(middle)] }, (row) => total(row) >= middle],
      [{ field: 'total', operator: 'lt', values: [middle] }, (row) => total(row) < middle],
      [{ field: 'total', operator: 'lte', values: [middle] }, (row) => total(row) <= middle],
      [{ field: 'customerName', operator: 'contains', values: [word] }, (row) => (row.customerName as string).toUpperCase().includes(word)],
      [
        { field: 'invoiceDate', operator: 'between', values: [b.invoiceDate as string, c.invoiceDate as string].sort() },
        (row) => {
          const [from, to] = [b.invoiceDate as string, c.invoiceDate as string].sort();
          return (row.invoiceDate as string) >= from && (row.invoiceDate as string) <= to;
        },
      ],
    ];
    for (const [filter, keeps] of cases) {
      const report = await acs.reports.custom({
        name: 'Filtered',
        dataSource: 'invoices',
        dateRange: WIDE,
        dimensions: [{ field: 'invoiceNumber' }],
        measures: [{ field: 'id', aggregation: 'count' }],
        filters: [filter],
      });
      const expected = base.rows
        .filter(keeps)
        .map((row) => row.invoiceNumber)
        .sort();
      expect(
        report.rows.map((row) => row.invoiceNumber),
        `${filter.field} ${filter.operator}`,
      ).toEqual(expected);
      expect(expected.length, `${filter.operator} selects some`).toBeGreaterThan(0);
    }
  });

  it('measures count, sum, avg, min and max; sorts by a measure; limit keeps the first rows and rowCount counts them all', async () => {
    const report = await acs.reports.custom({
      name: 'Quantities',
      dataSource: 'invoiceLines',
      dateRange: WIDE,
      dimensions: [{ field: 'description' }],
      measures: ['count', 'sum', 'avg', 'min', 'max'].map((aggregation) => ({ field: 'quantity', aggregation: aggregation as 'sum' })),
      sorting: [{ field: 'quantity_sum', direction: 'desc' }],
      limit: 2,
    });
    expect(report.rows).toHaveLength(2);
    expect(report.rowCount).toBeGreaterThan(2);
    expect(report.truncated).toBe(true);
    expect(report.rows[0].quantity_sum as number).toBeGreaterThanOrEqual(report.rows[1].quantity_sum as number);
    for (const row of report.rows) {
      const [count, sum, avg, min, max] = ['count', 'sum', 'avg', 'min', 'max'].map((a) => row[`quantity_${a}`] as number);
      expect(avg).toBeCloseTo(sum / count, 4);
      expect(min).toBeLessThanOrEqual(avg);
      expect(max).toBeGreaterThanOrEqual(avg);
    }
    const all = await acs.reports.custom({
      name: 'All',
      dataSource: 'invoiceLines',
      dateRange: WIDE,
      measures: [
        { field: 'quantity', aggregation: 'count' },
        { field: 'quantity', aggregation: 'max' },
      ],
    });
    expect(all.rows).toHaveLength(1);
    expect(all.rows[0]).toEqual(all.totals);
    expect(report.totals.quantity_count).toBe(all.totals.quantity_count);
    expect(report.totals.quantity_max).toBe(all.totals.quantity_max);
  });

  it('answers one row of zeros, with no dimension, when no record matches', async () => {
    const report = await acs.reports.custom({
      name: 'None',
      dataSource: 'bills',
      dateRange: { type: 'absolute', from: '2020-01-01', to: '2020-01-31' },
      measures: [
        { field: 'total', aggregation: 'sum' },
        { field: 'total', aggregation: 'avg' },
        { field: 'id', aggregation: 'count' },
      ],
    });
    expect(report.rows).toEqual([{ total_sum: 0, total_avg: null, id_count: 0 }]);
    expect(report.totals).toEqual({ total_sum: 0, total_avg: null, id_count: 0 });
  });

  it('reads every data source over its own date field', async () => {
    const sources = {
      invoices: 'invoiceDate',
      invoiceLines: 'invoiceDate',
      payments: 'paymentDate',
      journalLines: 'date',
      stockMovements: 'date',
      bills: 'billDate',
    } as const;
    for (const [dataSource, dateField] of Object.entries(sources)) {
      const report = await acs.reports.custom({
        name: dataSource,
        dataSource: dataSource as 'bills',
        dateRange: WIDE,
        dimensions: [{ field: dateField, groupBy: 'year' }],
        measures: [{ field: 'id', aggregation: 'count' }],
      });
      expect(report.totals.id_count, dataSource).toBeGreaterThan(0);
    }
    const stock = await acs.reports.custom({
      name: 'Stock value',
      dataSource: 'stockMovements',
      dateRange: WIDE,
      measures: [{ field: 'value', aggregation: 'sum' }],
    });
    const inventory = await accountByNumber(acs, '1140');
    expect(cents(stock.totals.value_sum!)).toBe(cents(inventory.balance.debit - inventory.balance.credit));
  });

  it("resolves relative periods from the company's today: calendar months, quarters, years; year_to_date from the fiscal year start", async () => {
    const january = sandbox({ now: '2026-01-15T04:00:00Z' });
    const expected = {
      this_month: ['2026-01-01', '2026-01-31'],
      last_month: ['2025-12-01', '2025-12-31'],
      this_quarter: ['2026-01-01', '2026-03-31'],
      last_quarter: ['2025-10-01', '2025-12-31'],
      this_year: ['2026-01-01', '2026-12-31'],
      last_year: ['2025-01-01', '2025-12-31'],
      last_7_days: ['2026-01-09', '2026-01-15'],
      last_30_days: ['2025-12-17', '2026-01-15'],
      last_90_days: ['2025-10-18', '2026-01-15'],
      year_to_date: ['2026-01-01', '2026-01-15'],
    } as const;
    for (const [period, [from, to]] of Object.entries(expected)) {
      const report = await january.acs.reports.custom({
        name: period,
        dataSource: 'invoices',
        dateRange: { type: 'relative', period: period as 'this_month' },
        measures: [{ field: 'id', aggregation: 'count' }],
      });
      expect(report.dateRange, period).toEqual({ from, to, period });
    }
    const defaulted = await january.acs.reports.custom({
      name: 'Default',
      dataSource: 'invoices',
      measures: [{ field: 'id', aggregation: 'count' }],
    });
    expect(defaulted.dateRange).toEqual({ from: '2026-01-01', to: '2026-01-15', period: null });
  });

  it('answers a field, operator, value or sort the data source cannot take with 400 INVALID_PARAMETERS naming it', async () => {
    const base: CustomReportParams = {
      name: 'Bad',
      dataSource: 'invoices',
      dateRange: WIDE,
      measures: [{ field: 'total', aggregation: 'sum' }],
    };
    const refusals: [Partial<CustomReportParams>, string, string?][] = [
      [{ dimensions: [{ field: 'colour' }] }, 'dimensions.0.field', 'colour'],
      [
        {
          measures: [
            { field: 'total', aggregation: 'sum' },
            { field: 'nope', aggregation: 'count' },
          ],
        },
        'measures.1.field',
        'nope',
      ],
      [{ measures: [{ field: 'customerName', aggregation: 'sum' }] }, 'measures.0.aggregation'],
      [{ measures: [{ field: 'total', aggregation: 'median' as 'sum' }] }, 'measures.0.aggregation', 'median'],
      [{ filters: [{ field: 'total', operator: 'like' as 'eq', values: [1] }] }, 'filters.0.operator', 'like'],
      [{ filters: [{ field: 'weight', operator: 'eq', values: [1] }] }, 'filters.0.field', 'weight'],
      [{ filters: [{ field: 'total', operator: 'contains', values: ['1'] }] }, 'filters.0.operator'],
      [{ filters: [{ field: 'customerName', operator: 'gt', values: ['A'] }] }, 'filters.0.operator'],
      [{ filters: [{ field: 'total', operator: 'between', values: [1] }] }, 'filters.0.values'],
      [{ filters: [{ field: 'total', operator: 'eq', values: ['lots'] }] }, 'filters.0.values.0', 'lots'],
      [{ filters: [{ field: 'invoiceDate', operator: 'gte', values: ['2026-02-31'] }] }, 'filters.0.values.0', '2026-02-31'],
      [{ dimensions: [{ field: 'customerName', groupBy: 'month' }] }, 'dimensions.0.groupBy'],
      [{ dimensions: [{ field: 'status' }, { field: 'status' }] }, 'dimensions.1.field'],
      [{ sorting: [{ field: 'customerName' }] }, 'sorting.0.field', 'customerName'],
      [{ dataSource: 'orders' as 'bills' }, 'dataSource', 'orders'],
      [{ dateRange: { type: 'relative', period: 'next_month' as 'this_month' } }, 'dateRange.period', 'next_month'],
    ];
    for (const [change, field, value] of refusals) {
      const error = await failureOf(acs.reports.custom({ ...base, ...change }));
      expect(error, field).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS' });
      const detail = (error as { details: { field: string; value?: unknown }[] }).details.find((d) => d.field === field);
      expect(detail, `${field} in ${JSON.stringify((error as { details: unknown }).details)}`).toBeDefined();
      if (value !== undefined) expect(detail!.value).toBe(value);
    }
  });

  it('answers an absolute range in the wrong order, or over ten years, with 400 INVALID_DATE_RANGE', async () => {
    const run = (from: string, to: string) =>
      failureOf(
        acs.reports.custom({
          name: 'Range',
          dataSource: 'payments',
          dateRange: { type: 'absolute', from, to },
          measures: [{ field: 'amount', aggregation: 'sum' }],
        }),
      );
    expect(await run('2026-05-01', '2026-04-01')).toMatchObject({
      status: 400,
      code: 'INVALID_DATE_RANGE',
      details: [expect.objectContaining({ field: 'dateRange.from' }), expect.objectContaining({ field: 'dateRange.to' })],
    });
    expect(await run('2000-01-01', '2026-04-01')).toMatchObject({ status: 400, code: 'INVALID_DATE_RANGE' });
  });

  it('runs through the report engine: the same request is served from the cache until a write to its source, and over the work limit it answers 422 REPORT_GENERATION_TIMEOUT', async () => {
    const request: CustomReportParams = {
      name: 'Payments',
      dataSource: 'payments',
      dateRange: WIDE,
      dimensions: [{ field: 'customerName' }],
      measures: [{ field: 'baseAmount', aggregation: 'sum' }],
    };
    expect((await acs.reports.custom(request).withResponse()).response.headers.get('x-report-cache')).toBe('MISS');
    expect((await acs.reports.custom(request).withResponse()).response.headers.get('x-report-cache')).toBe('HIT');
    // A write to another source's tables leaves it cached.
    const bank = await accountByNumber(acs, '1120');
    const rent = await accountByNumber(acs, '6100');
    await acs.journalEntries.create({ date: mock.today(), lines: transfer(rent.id, bank.id, 5) });
    expect((await acs.reports.custom(request).withResponse()).response.headers.get('x-report-cache')).toBe('HIT');
    const invoice = (await allInvoices()).find((i) => i.status === 'sent' || i.status === 'overdue')!;
    await acs.invoices.pay(invoice.id, { amount: 1 });
    expect((await acs.reports.custom(request).withResponse()).response.headers.get('x-report-cache')).toBe('MISS');
    reportRuntime(mock.store).workLimit = 5;
    const error = await failureOf(acs.reports.custom({ ...request, name: 'Payments again', save: true }));
    expect(error).toMatchObject({ status: 422, code: 'REPORT_GENERATION_TIMEOUT' });
    reportRuntime(mock.store).workLimit = 2_000_000;
    expect((await acs.reports.saved.list()).data.map((saved) => saved.name)).not.toContain('Payments again');
  });

  it('saves the definition with save: true or saveAs, and the saved report runs to the same figures', async () => {
    const request: CustomReportParams = {
      name: 'Bills by supplier',
      description: 'Approved bills',
      dataSource: 'bills',
      dateRange: WIDE,
      dimensions: [{ field: 'supplierName' }],
      measures: [{ field: 'baseTotal', aggregation: 'sum' }],
      filters: [{ field: 'status', operator: 'ne', values: ['draft'] }],
    };
    const first = await acs.reports.custom({ ...request, save: true });
    expect(first.savedReportId).toMatch(/^rpt_/);
    const saved = await acs.reports.saved.retrieve(first.savedReportId!);
    expect(saved).toMatchObject({
      name: 'Bills by supplier',
      description: 'Approved bills',
      reportType: 'custom',
      parameters: {},
      definition: request,
    });
    const run = await acs.reports.saved.execute(saved.id);
    expect(run.report).toMatchObject({ rows: first.rows, totals: first.totals, savedReportId: saved.id });
    const named = await acs.reports.custom({ ...request, saveAs: 'Supplier spend' });
    expect((await acs.reports.saved.retrieve(named.savedReportId!)).name).toBe('Supplier spend');
    const unsaved = await acs.reports.custom(request);
    expect(unsaved.savedReportId).toBeNull();
    const failed = await failureOf(acs.reports.custom({ ...request, dimensions: [{ field: 'nope' }], save: true }));
    expect(failed).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS' });
    const names = [];
    for await (const report of acs.reports.saved.list()) names.push(report.name);
    expect(names.filter((name) => name === 'Bills by supplier')).toHaveLength(1);
  });
});

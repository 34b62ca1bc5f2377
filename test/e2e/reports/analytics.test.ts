import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJournalEntry, postJournalEntry } from '../../../mock-server/domain/accounting/index.js';
import type { AcsStream } from '../../../src/stream/index.js';
import { accountByNumber, failureOf, sandbox, transfer } from '../../support/sandbox.js';
import { until } from '../../stream/helpers.js';

// The stream tests need the sandbox address and the global fetch, answered by msw (as test/stream does).
const { mock, acs } = sandbox({ seed: 'demo' }, { fetch: undefined });
const server = setupServer(...mock.handlers);
const open: Pick<AcsStream, 'close'>[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  mock.reset();
});
afterEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await until(() => mock.stream.connections === 0, 'every connection to close');
});
afterAll(() => server.close());

/** Posts a two-line entry dated `date`: `amount` debited to one account number and credited to another. */
async function post(date: string, debit: string, credit: string, amount: number) {
  const entry = await acs.journalEntries.create({
    date,
    lines: transfer((await accountByNumber(acs, debit)).id, (await accountByNumber(acs, credit)).id, amount),
  });
  return acs.journalEntries.post(entry.id);
}

/** An account's posted balance on a date, debit positive. */
const balanceOn = async (accountNumber: string, asOfDate: string) => {
  const row = (await acs.reports.trialBalance({ asOfDate })).accounts.find((r) => r.accountCode === accountNumber);
  return row ? row.debit - row.credit : 0;
};

describe('GET /v1/analytics/kpis', () => {
  it('computes the KPIs of a month to date from posted lines, against the whole previous month', async () => {
    // A month with nothing else posted in it: June 2030, to the 15th.
    await post('2030-06-03', '1120', '4100', 1000);
    await post('2030-06-05', '5100', '1120', 400);
    await post('2030-06-07', '6100', '1120', 100);
    const kpis = await acs.analytics.kpis({ asOfDate: '2030-06-15' });
    expect(kpis).toMatchObject({
      period: 'month',
      asOfDate: '2030-06-15',
      currentPeriod: { from: '2030-06-01', to: '2030-06-15' },
      previousPeriod: { from: '2030-05-01', to: '2030-05-31' },
    });
    expect(kpis.financial.grossProfitMargin).toEqual({ current: 60, previous: null, change: null, trend: 'flat' });
    expect(kpis.financial.netProfitMargin.current).toBe(50);
    const receivables = await balanceOn('1130', '2030-06-15');
    expect(kpis.financial.daysOutstanding.current).toBeCloseTo((receivables / 1000) * 15, 2);
    const inventory = await balanceOn('1140', '2030-06-15');
    expect(kpis.operational.inventoryTurnover.current).toBeCloseTo((400 / inventory) * (365 / 15), 2);
    // Nothing was bought on account in the month.
    expect(kpis.operational.accountsPayableTurnover.current).toBe(0);
  });

  it('divides current assets by current liabilities at the period end', async () => {
    const { data: accounts } = await acs.accounts.list({ limit: 100 });
    const tb = await acs.reports.trialBalance();
    const sumOf = (category: string) =>
      tb.accounts
        .filter((row) => accounts.find((a) => a.id === row.accountId)?.category === category)
        .reduce((sum, row) => sum + row.debit - row.credit, 0);
    const kpis = await acs.analytics.kpis();
    expect(kpis.financial.currentRatio.current).toBeCloseTo(sumOf('current_asset') / -sumOf('current_liability'), 2);
  });

  it('compares with the previous period: change in the unit of the KPI and its trend', async () => {
    await post('2030-05-10', '1120', '4100', 1000);
    await post('2030-05-11', '5100', '1120', 500);
    await post('2030-06-03', '1120', '4100', 1000);
    await post('2030-06-05', '5100', '1120', 200);
    const { grossProfitMargin } = (await acs.analytics.kpis({ asOfDate: '2030-06-15' })).financial;
    expect(grossProfitMargin).toEqual({ current: 80, previous: 50, change: 30, trend: 'up' });
  });

  it('takes a quarter or a year of the fiscal year', async () => {
    const quarter = await acs.analytics.kpis({ period: 'quarter', asOfDate: '2026-11-24' });
    expect([quarter.currentPeriod, quarter.previousPeriod]).toEqual([
      { from: '2026-10-01', to: '2026-11-24' },
      { from: '2026-07-01', to: '2026-09-30' },
    ]);
    const year = await acs.analytics.kpis({ period: 'year', asOfDate: '2026-11-24' });
    expect([year.currentPeriod, year.previousPeriod]).toEqual([
      { from: '2026-01-01', to: '2026-11-24' },
      { from: '2025-01-01', to: '2025-12-31' },
    ]);
  });

  it('answers an unknown period or a bad date with 400 INVALID_PARAMETERS', async () => {
    expect(await failureOf(acs.analytics.kpis({ period: 'week' as 'month' }))).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETERS',
      details: [expect.objectContaining({ field: 'period' })],
    });
    expect(await failureOf(acs.analytics.kpis({ asOfDate: '2026-02-30' }))).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS' });
  });
});

describe('GET /v1/analytics/dashboard', () => {
  it('shows cash, receivables and payables as the ledger and the reports have them', async () => {
    const dash = await acs.analytics.dashboard();
    expect(dash).toMatchObject({ asOfDate: mock.today(), period: 'month', currency: 'MYR' });
    expect(dash.cash.accounts.map((a) => a.accountCode)).toEqual(['1110', '1120', '1125']);
    for (const account of dash.cash.accounts) expect(account.balance).toBeCloseTo(await balanceOn(account.accountCode, mock.today()), 2);
    expect(dash.cash.total).toBeCloseTo(
      dash.cash.accounts.reduce((sum, a) => sum + a.balance, 0),
      2,
    );
    expect(dash.receivables.total).toBeCloseTo(await balanceOn('1130', mock.today()), 2);
    expect(dash.receivables.overdue).toBeGreaterThan(0);
    const overdueInvoices = (await acs.invoices.list({ overdue: true, limit: 100 })).data;
    expect(dash.receivables.overdue).toBeCloseTo(
      overdueInvoices.reduce((sum, i) => sum + i.amountDue * i.exchangeRate, 0),
      2,
    );
    const payables = (await acs.reports.agedPayables()).totals;
    expect(dash.payables).toEqual({ total: payables.total, overdue: Math.round((payables.total - payables.current) * 100) / 100 });
  });

  it('lists the top five customers by revenue, low stock, and the KPIs of the period', async () => {
    // A sale today, so that the period holds one whatever the date (on the 1st of a month the seed's sales all lie before it).
    const {
      data: [customer],
    } = await acs.customers.list({ limit: 1 });
    await acs.invoices.send(
      (
        await acs.invoices.create({
          customerId: customer!.id,
          invoiceDate: mock.today(),
          items: [{ description: 'Today', quantity: 1, unitPrice: 120, taxCode: 'NT' }],
        })
      ).id,
    );
    const dash = await acs.analytics.dashboard();
    expect(dash.topCustomers.length).toBeGreaterThan(0);
    expect(dash.topCustomers.length).toBeLessThanOrEqual(5);
    expect(dash.topCustomers.map((c) => c.customerId)).toContain(customer!.id);
    expect(dash.topCustomers.map((c) => c.revenue)).toEqual([...dash.topCustomers.map((c) => c.revenue)].sort((a, b) => b - a));
    const lowStock = await acs.reports.lowStockAlert();
    expect(dash.lowStock).toEqual({ count: lowStock.summary.totalItems, outOfStock: lowStock.summary.outOfStock });
    const kpis = await acs.analytics.kpis();
    expect(dash.kpis).toEqual({ financial: kpis.financial, operational: kpis.operational });
    expect(dash.revenue.trend).toMatch(/^(up|down|flat)$/);
  });

  it('moves revenue and cash with a posted sale', async () => {
    const before = await acs.analytics.dashboard();
    await post(mock.today(), '1110', '4200', 250);
    const after = await acs.analytics.dashboard();
    expect(after.revenue.current).toBeCloseTo((before.revenue.current ?? 0) + 250, 2);
    expect(after.cash.total).toBeCloseTo(before.cash.total + 250, 2);
  });
});

describe('kpi.updates on the report stream', () => {
  it('announces each KPI a posted entry changed, with the value GET /analytics/kpis now shows', async () => {
    const stream = acs.reportStream({ channels: ['kpi.updates'], filters: { reportTypes: ['kpis'] } });
    open.push(stream);
    const updates: Record<string, unknown>[] = [];
    stream.on('kpi.updates', (event) => updates.push(event.data));
    await stream.ready();

    // A cash sale with a cost of sales: it moves cash, revenue and cost together, so margins move whatever the month already holds.
    const [cash, revenue, freight] = await Promise.all(['1110', '4200', '5200'].map((n) => accountByNumber(acs, n)));
    const draft = await acs.journalEntries.create({
      date: mock.today(),
      lines: [...transfer(cash.id, revenue.id, 500), ...transfer(freight.id, cash.id, 123.45)],
    });
    expect(mock.events.history.filter((e) => e.event === 'kpi.updates')).toEqual([]);
    const before = await acs.analytics.kpis();
    await acs.journalEntries.post(draft.id);
    const after = await acs.analytics.kpis();
    // Which KPIs moved depends on what the month already holds (the seed's dates follow the clock), so the expectation is the difference.
    const kpiValue = (kpis: typeof after, group: string, kpi: string) =>
      (kpis as unknown as Record<string, Record<string, { current: number | null }>>)[group]![kpi]!.current;
    const changed = Object.entries(after).flatMap(([group, values]) =>
      typeof values === 'object' && values !== null
        ? Object.keys(values)
            .filter((kpi) => kpiValue(before, group, kpi) !== kpiValue(after, group, kpi))
            .map((kpi) => ({ group, kpi }))
        : [],
    );
    expect(changed.map((c) => c.kpi)).toContain('currentRatio');
    await until(() => updates.length >= changed.length, 'the KPI updates');
    expect(updates.map((u) => u.kpi).sort()).toEqual(changed.map((c) => c.kpi).sort());
    for (const { group, kpi } of changed) {
      const metric = (after as unknown as Record<string, Record<string, { current: number; trend: string }>>)[group]![kpi]!;
      expect(updates.find((u) => u.kpi === kpi)).toMatchObject({
        group,
        value: metric.current,
        valueBefore: kpiValue(before, group, kpi),
        current: metric.current,
        trend: metric.trend,
        period: 'month',
        journalEntryId: draft.id,
        reportType: 'kpis',
      });
    }
  });

  it('announces nothing for a posting that moves no KPI figure: cash moved from the till to the bank', async () => {
    const seen = mock.events.history.length;
    await post(mock.today(), '1120', '1110', 100);
    expect(mock.events.history.slice(seen).filter((e) => e.event === 'kpi.updates')).toEqual([]);
  });

  it('announces nothing for entries posted in-process, as the seed and a benchmark load post them', async () => {
    const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId };
    const [cash, sales] = [await accountByNumber(acs, '1110'), await accountByNumber(acs, '4200')];
    const seen = mock.events.history.length;
    const draft = createJournalEntry(ctx, { date: mock.today(), lines: transfer(cash.id, sales.id, 75) });
    postJournalEntry(ctx, draft.id);
    expect(mock.events.history.slice(seen).filter((e) => e.event === 'kpi.updates')).toEqual([]);
    // Through the API, the same posting is announced.
    await subscribeKpis();
    await post(mock.today(), '1110', '4200', 75);
    expect(mock.events.history.slice(seen).filter((e) => e.event === 'kpi.updates').length).toBeGreaterThan(0);
  });

  it('computes nothing while no subscription of the company wants kpi.updates', async () => {
    const kpiEvents = (from: number) => mock.events.history.slice(from).filter((e) => e.event === 'kpi.updates');
    let seen = mock.events.history.length;
    await post(mock.today(), '1110', '4200', 75);
    expect(kpiEvents(seen)).toEqual([]);
    // A subscription of another channel wants none either.
    const reports = acs.reportStream({ channels: ['report.generated'] });
    open.push(reports);
    await reports.ready();
    await post(mock.today(), '1110', '4200', 75);
    expect(kpiEvents(seen)).toEqual([]);
    // A subscriber of kpi.updates gets them; once it has gone, postings are not announced again.
    const kpis = await subscribeKpis();
    await post(mock.today(), '1110', '4200', 75);
    expect(kpiEvents(seen).length).toBeGreaterThan(0);
    kpis.close();
    await until(() => mock.stream.connections === 1, 'the KPI stream to close');
    seen = mock.events.history.length;
    await post(mock.today(), '1110', '4200', 75);
    expect(kpiEvents(seen)).toEqual([]);
  });
});

/** A report stream subscribed to kpi.updates, closed after the test. */
async function subscribeKpis() {
  const stream = acs.reportStream({ channels: ['kpi.updates'] });
  open.push(stream);
  await stream.ready();
  return stream;
}

import { beforeEach, describe, expect, it } from 'vitest';
import { ReportFile, type SavedReport, type TrialBalanceReport } from '../../../src/index.js';
import { resolveReport } from '../../../mock-server/domain/reports/index.js';
import { accountByNumber, failureOf, sandbox, transfer } from '../../support/sandbox.js';

const box = sandbox();
const { mock, acs } = box;

beforeEach(() => {
  mock.reset();
});

async function savedNamed(name: string): Promise<SavedReport> {
  for await (const saved of acs.reports.saved.list()) if (saved.name === name) return saved;
  throw new Error(`no saved report ${name}`);
}

const companyCtx = () => ({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId });

describe('saved reports', () => {
  it("lists the demo company's saved reports by name, a page at a time, and filters by reportType", async () => {
    const names: string[] = [];
    let page = await acs.reports.saved.list({ limit: 1 });
    names.push(...page.data.map((saved) => saved.name));
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      names.push(...page.data.map((saved) => saved.name));
    }
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Sales by customer this quarter', 'Trial balance, every account']));
    const custom = await acs.reports.saved.list({ reportType: 'custom' });
    expect(custom.data.map((saved) => saved.name)).toEqual(['Sales by customer this quarter']);
    expect(custom.data[0].definition).toMatchObject({ dataSource: 'invoices', dateRange: { type: 'relative', period: 'this_quarter' } });
    // Another company's saved reports are its own.
    const other = box.companyClient(1);
    expect((await other.reports.saved.list()).data.every((saved) => !names.includes(saved.name) || saved.reportType === 'custom')).toBe(
      true,
    );
  });

  it('answers an unknown id with 404 REPORT_NOT_FOUND on retrieve, execute and delete', async () => {
    for (const call of [
      acs.reports.saved.retrieve('rpt_missing'),
      acs.reports.saved.execute('rpt_missing'),
      acs.reports.saved.delete('rpt_missing'),
    ]) {
      expect(await failureOf(call)).toMatchObject({ status: 404, code: 'REPORT_NOT_FOUND' });
    }
  });

  it('saves a standard report type with parameters checked as its query checks them', async () => {
    const saved = await acs.reports.saved.create({
      name: ' Year-end trial balance ',
      description: 'For the auditor',
      reportType: 'trial-balance',
      parameters: { asOfDate: '2026-06-30', includeZeroBalances: false },
    });
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^rpt_/),
      name: 'Year-end trial balance',
      description: 'For the auditor',
      reportType: 'trial-balance',
      parameters: { asOfDate: '2026-06-30', includeZeroBalances: false },
      definition: null,
    });
    expect(await acs.reports.saved.retrieve(saved.id)).toEqual(saved);
    const refusals: [Parameters<typeof acs.reports.saved.create>[0], string][] = [
      [{ name: 'X', reportType: 'profit-and-gain' }, 'reportType'],
      [{ name: 'X', reportType: 'custom' }, 'reportType'],
      [{ name: 'X', reportType: 'trial-balance', parameters: { asOfDate: '2026-02-31' } }, 'parameters.asOfDate'],
      [{ name: 'X', reportType: 'trial-balance', parameters: { colour: 'red' } }, 'parameters'],
      [{ name: 'X', reportType: 'trial-balance', parameters: { format: 'pdf' } }, 'parameters.format'],
      [{ name: '', reportType: 'trial-balance' }, 'name'],
    ];
    for (const [body, field] of refusals) {
      const error = await failureOf(acs.reports.saved.create(body));
      expect(error, field).toMatchObject({
        status: 400,
        code: 'INVALID_PARAMETERS',
        details: expect.arrayContaining([expect.objectContaining({ field })]),
      });
    }
    const stored = await acs.reports.saved.list({ limit: 100 });
    expect(stored.data.filter((s) => s.name === 'X')).toEqual([]);
  });

  it("executes a saved standard report with its parameters, overridden by the call's, to the figures of the report itself", async () => {
    const saved = await acs.reports.saved.create({
      name: 'Mid-year',
      reportType: 'trial-balance',
      parameters: { asOfDate: '2026-06-30', includeZeroBalances: true },
    });
    const run = await acs.reports.saved.execute(saved.id);
    expect(run).toMatchObject({
      reportId: saved.id,
      name: 'Mid-year',
      reportType: 'trial-balance',
      parameters: { asOfDate: '2026-06-30', includeZeroBalances: true },
    });
    const direct = await acs.reports.trialBalance({ asOfDate: '2026-06-30', includeZeroBalances: true });
    const report = run.report as unknown as TrialBalanceReport;
    expect(report.accounts).toEqual(direct.accounts);
    expect(report.totals).toEqual(direct.totals);
    // The same parameters are the same cached report as the report's own endpoint gives.
    expect(run.cached).toBe(false);
    expect((await acs.reports.saved.execute(saved.id)).cached).toBe(true);
    const later = await acs.reports.saved.execute(saved.id, { parameters: { asOfDate: mock.today(), includeZeroBalances: false } });
    expect(later.parameters).toEqual({ asOfDate: mock.today(), includeZeroBalances: false });
    expect((later.report as unknown as TrialBalanceReport).totals).toEqual((await acs.reports.trialBalance()).totals);
    const bad = await failureOf(acs.reports.saved.execute(saved.id, { parameters: { asOfDate: 'yesterday' } }));
    expect(bad).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETERS',
      details: [expect.objectContaining({ field: 'parameters.asOfDate' })],
    });
    const currency = await failureOf(acs.reports.saved.execute(saved.id, { parameters: { currency: 'USD' } }));
    expect(currency).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS', details: [expect.objectContaining({ field: 'currency' })] });
  });

  it('executes a saved custom report with its period, filters, sorting or limit overridden, and nothing else', async () => {
    const saved = await savedNamed('Sales by customer this quarter');
    const quarter = await acs.reports.saved.execute(saved.id);
    expect(quarter.report).toMatchObject({
      reportType: 'custom',
      name: saved.name,
      savedReportId: saved.id,
      dateRange: { period: 'this_quarter' },
    });
    const wide = await acs.reports.saved.execute(saved.id, {
      parameters: { dateRange: { type: 'absolute', from: '2020-01-01', to: '2029-12-31' }, limit: 1 },
    });
    expect(wide.parameters).toMatchObject({ dataSource: 'invoices', dateRange: { type: 'absolute' }, limit: 1 });
    const report = wide.report as { rows: unknown[]; rowCount: number; totals: { id_count: number } };
    expect(report.rows).toHaveLength(1);
    expect(report.totals.id_count).toBeGreaterThanOrEqual((quarter.report as typeof report).totals.id_count);
    const refused = await failureOf(acs.reports.saved.execute(saved.id, { parameters: { dataSource: 'bills' } }));
    expect(refused).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS', details: [expect.objectContaining({ field: 'parameters' })] });
    const badFilter = await failureOf(
      acs.reports.saved.execute(saved.id, { parameters: { filters: [{ field: 'colour', operator: 'eq', values: ['red'] }] } }),
    );
    expect(badFilter).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETERS',
      details: [expect.objectContaining({ field: 'filters.0.field' })],
    });
  });

  it('downloads a saved report as a CSV file named after it; another format is 400 FORMAT_NOT_SUPPORTED', async () => {
    const saved = await savedNamed('Sales by customer this quarter');
    const run = await acs.reports.saved.execute(saved.id);
    const file = await acs.reports.saved.download(saved.id, { format: 'csv' });
    expect(file).toBeInstanceOf(ReportFile);
    const report = run.report as {
      rows: Record<string, unknown>[];
      dateRange: { to: string };
      totals: { baseTotal_sum: number; id_count: number };
    };
    expect(file.filename).toBe(`sales-by-customer-this-quarter-${report.dateRange.to}.csv`);
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Customer,Sales,Invoices');
    expect(lines).toHaveLength(report.rows.length + 2);
    expect(lines.at(-1)).toBe(`Total,${report.totals.baseTotal_sum.toFixed(2)},${report.totals.id_count}`);
    const trial = await savedNamed('Trial balance, every account');
    const csv = await acs.reports.saved.download(trial.id, { format: 'csv', parameters: { asOfDate: '2026-06-30' } });
    expect(csv.filename).toBe('trial-balance-2026-06-30.csv');
    expect(await failureOf(acs.reports.saved.execute(saved.id, { format: 'docx' }))).toMatchObject({
      status: 400,
      code: 'FORMAT_NOT_SUPPORTED',
    });
  });

  it('deletes a saved report: it is gone from the list, retrieve answers 404, and a schedule can no longer name it', async () => {
    const saved = await savedNamed('Trial balance, every account');
    expect(resolveReport(companyCtx(), saved.id)).toMatchObject({
      savedReportId: saved.id,
      name: saved.name,
      params: { includeZeroBalances: true },
    });
    expect(await acs.reports.saved.delete(saved.id)).toEqual({ id: saved.id, deleted: true });
    expect(await failureOf(acs.reports.saved.retrieve(saved.id))).toMatchObject({ status: 404, code: 'REPORT_NOT_FOUND' });
    expect(() => resolveReport(companyCtx(), saved.id)).toThrow(expect.objectContaining({ status: 404, code: 'REPORT_NOT_FOUND' }));
  });

  it("resolves a schedule's reportId: a report type of the catalogue, or a saved report with its definition and parameters", async () => {
    expect(resolveReport(companyCtx(), 'trial-balance')).toMatchObject({
      definition: { type: 'trial-balance' },
      params: {},
      savedReportId: null,
    });
    const custom = await savedNamed('Sales by customer this quarter');
    const target = resolveReport(companyCtx(), custom.id);
    expect(target).toMatchObject({
      definition: { type: 'custom' },
      savedReportId: custom.id,
      name: custom.name,
      params: { dataSource: 'invoices' },
    });
    expect(target.definition.reads).toContain('invoices');
    // Another company's saved report is not this company's to schedule.
    const otherId = (await box.companyClient(1).reports.saved.list()).data[0]?.id ?? 'rpt_none';
    expect(() => resolveReport(companyCtx(), otherId)).toThrow(expect.objectContaining({ code: 'REPORT_NOT_FOUND' }));
  });

  it('keeps a saved report when the books change, and runs it on the books as they are', async () => {
    const saved = await acs.reports.saved.create({ name: 'Today', reportType: 'trial-balance' });
    const before = (await acs.reports.saved.execute(saved.id)).report as unknown as TrialBalanceReport;
    const bank = await accountByNumber(acs, '1120');
    const rent = await accountByNumber(acs, '6100');
    const entry = await acs.journalEntries.create({ date: mock.today(), lines: transfer(rent.id, bank.id, 40) });
    await acs.journalEntries.post(entry.id);
    const after = await acs.reports.saved.execute(saved.id);
    expect(after.cached).toBe(false);
    const rentOf = (report: TrialBalanceReport) => report.accounts.find((row) => row.accountId === rent.id)?.debit ?? 0;
    expect(rentOf(after.report as unknown as TrialBalanceReport)).toBeCloseTo(rentOf(before) + 40, 2);
  });
});

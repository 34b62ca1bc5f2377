import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReportFile, type TrialBalanceReport } from '../../../src/index.js';
import { startMockServer, type RunningMockServer } from '../../../mock-server/standalone.js';
import { clientFor, sandbox } from '../../support/sandbox.js';
import { readPdf, readWorkbook, shownMoney } from '../../support/report-files.js';

const { mock, acs } = sandbox();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeEach(() => {
  mock.reset();
});

/** Each line of the trial balance as the PDF writes it: code, name, type, then its debit and credit. */
const lineOf = (row: TrialBalanceReport['accounts'][number]) =>
  `${row.accountCode} ${row.accountName} ${row.accountType} ${shownMoney(row.debit)} ${shownMoney(row.credit)}`;

describe('report files: the trial balance as a PDF and a workbook, read back', () => {
  it('downloads as a PDF with the same figures as the JSON form: company, title, period, every account, the totals, page numbers', async () => {
    const asOfDate = mock.today();
    const json = await acs.reports.trialBalance({ asOfDate });
    const { data: file, response } = await acs.reports.trialBalance.download({ asOfDate, format: 'pdf' }).withResponse();
    expect(file).toBeInstanceOf(ReportFile);
    expect(file.contentType).toBe('application/pdf');
    expect(file.filename).toBe(`trial-balance-${asOfDate}.pdf`);
    expect(response.headers.get('content-disposition')).toContain(`filename="trial-balance-${asOfDate}.pdf"`);
    expect(new TextDecoder().decode(file.data.slice(0, 5))).toBe('%PDF-');

    const pdf = await readPdf(file.data);
    const text = pdf.pages.join('\n');
    expect(pdf.pages[0]).toContain(json.companyName);
    expect(pdf.pages[0]).toContain('Trial balance');
    expect(pdf.pages[0]).toContain(
      `As of ${new Date(`${asOfDate}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
    );
    expect(pdf.pages[0]).toContain('Currency: MYR');
    for (const [index, page] of pdf.pages.entries()) expect(page).toContain(`Page ${index + 1} of ${pdf.pages.length}`);
    for (const row of json.accounts) expect(text).toContain(lineOf(row));
    expect(text).toContain(`Total ${shownMoney(json.totals.debit)} ${shownMoney(json.totals.credit)}`);
    expect(pdf.info).toMatchObject({ Title: 'Trial balance', Author: json.companyName });
  });

  it('downloads as a workbook whose typed cells equal the JSON form, under a frozen header row', async () => {
    const json = await acs.reports.trialBalance();
    const file = await acs.reports.trialBalance.download({ format: 'excel' });
    expect(file.contentType).toBe(XLSX);
    expect(file.filename).toBe(`trial-balance-${json.asOfDate}.xlsx`);
    const workbook = await readWorkbook(file.data);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Trial balance']);
    expect(workbook.creator).toBe(json.companyName);
    const sheet = workbook.worksheets[0]!;
    const { state, ySplit } = sheet.views[0] as { state: string; ySplit: number };
    expect(state).toBe('frozen');
    expect(sheet.getRow(ySplit).values).toEqual([undefined, 'Code', 'Account', 'Type', 'Debit', 'Credit']);
    json.accounts.forEach((account, index) => {
      const row = sheet.getRow(ySplit + 1 + index);
      expect([row.getCell(1).value, row.getCell(2).value, row.getCell(3).value]).toEqual([
        account.accountCode,
        account.accountName,
        account.accountType,
      ]);
      expect(row.getCell(4).value).toBe(account.debit);
      expect(row.getCell(5).value).toBe(account.credit);
      expect(row.getCell(4).numFmt).toBe('#,##0.00');
    });
    const totals = sheet.getRow(ySplit + 1 + json.accounts.length);
    expect([totals.getCell(4).value, totals.getCell(5).value]).toEqual([json.totals.debit, json.totals.credit]);
    expect(totals.getCell(4).font?.bold).toBe(true);
  });

  it('answers HEAD of a PDF report with its headers and the Content-Length of the GET, and no body', async () => {
    const { apiKey, companyId, baseUrl } = mock.credentials;
    const url = `${baseUrl}/reports/trial-balance?format=pdf`;
    const headers = { Authorization: `Bearer ${apiKey}`, 'X-Company-Id': companyId };
    const got = await mock.fetch(new Request(url, { headers }));
    const bytes = new Uint8Array(await got.arrayBuffer());
    const head = await mock.fetch(new Request(url, { method: 'HEAD', headers }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/pdf');
    expect(head.headers.get('content-disposition')).toMatch(/^attachment; filename="trial-balance-.*\.pdf"/);
    expect(Number(head.headers.get('content-length'))).toBe(bytes.byteLength);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('report files over HTTP from the standalone server', () => {
  let running: RunningMockServer;
  beforeAll(async () => {
    running = await startMockServer({ port: 0 });
  });
  afterAll(() => running.close());

  it('writes the bytes of a PDF and a workbook as they are, with their Content-Length', async () => {
    const overHttp = clientFor(running);
    const json = await overHttp.reports.trialBalance();
    const pdf = await overHttp.reports.trialBalance.download({ format: 'pdf' });
    const read = await readPdf(pdf.data);
    expect(read.pages.join('\n')).toContain(`Total ${shownMoney(json.totals.debit)}`);
    expect(new TextDecoder().decode(pdf.data.slice(-6))).toMatch(/%%EOF\s*$/);
    const workbook = await readWorkbook((await overHttp.reports.trialBalance.download({ format: 'excel' })).data);
    expect(workbook.worksheets[0]!.name).toBe('Trial balance');

    const response = await fetch(`${running.url}/reports/trial-balance?format=pdf`, {
      headers: { Authorization: `Bearer ${running.credentials.apiKey}`, 'X-Company-Id': running.credentials.companyId },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(Buffer.from(bytes).equals(Buffer.from(pdf.data))).toBe(true);
  });
});

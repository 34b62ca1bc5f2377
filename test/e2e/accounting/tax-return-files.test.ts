import { beforeEach, describe, expect, it } from 'vitest';
import { ReportFile } from '../../../src/index.js';
import { readPdf } from '../../support/report-files.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

// A tax return as a file (ACC-35): the reports' CSV, PDF and Excel writers, for a draft and a filed return.
const { mock, acs } = sandbox({ seed: 'demo', now: '2026-11-20T09:00:00Z' });
const PERIOD = { periodFrom: '2026-09-01', periodTo: '2026-10-31' };

beforeEach(() => {
  mock.reset();
});

/** A CSV file's records, quoted fields unquoted. */
function csvRecords(file: ReportFile): string[][] {
  const text = file
    .text()
    .replace(/^\ufeff/, '')
    .trim();
  return text
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replaceAll('""', '"')).slice(0, -1),
    );
}

describe('a tax return as a file', () => {
  it("a draft's CSV carries the JSON's figures, by code, by kind and in its summary", async () => {
    const draft = await acs.taxReturns.preview(PERIOD);
    const file = await acs.taxReturns.preview.download({ ...PERIOD, format: 'csv' });
    expect(file).toBeInstanceOf(ReportFile);
    expect(file.filename).toBe('tax-return-draft-2026-09-01-to-2026-10-31.csv');
    const [header, ...rows] = csvRecords(file);
    expect(header).toEqual(['section', 'Code', 'Name', 'Type', 'Rate %', 'Taxable amount', 'Tax']);
    const at = (section: string, name: string) => rows.find((r) => r[0] === section && r[2] === name);
    for (const line of draft.lines) {
      const row = rows.find((r) => r[0] === 'Tax by code' && r[1] === line.taxCode)!;
      expect([row[5], row[6]]).toEqual([line.taxableAmount.toFixed(2), line.taxAmount.toFixed(2)]);
    }
    expect(at('Tax by code', 'Output tax')?.[6]).toBe(draft.outputTax.toFixed(2));
    expect(at('Adjustments', 'Credit notes')?.[6]).toBe(draft.adjustments.creditNotes.toFixed(2));
    expect(at('Summary', 'Net tax')?.[6]).toBe(draft.totalTax.toFixed(2));
    expect(at('Summary', 'Input tax')?.[6]).toBe('0.00');
    expect(at('Summary', 'Due')?.[6]).toBe(draft.amountDue.toFixed(2));
  });

  it("a filed return's PDF shows its number, period, company, codes and amounts, and its payments", async () => {
    const filed = await acs.taxReturns.create(PERIOD);
    await acs.taxReturns.pay(filed.id!, { amount: filed.amountDue, paymentDate: '2026-11-20', reference: 'SST-02 2026/05' });
    const file = await acs.taxReturns.download(filed.id!, { format: 'pdf' });
    expect(file.filename).toBe('tax-return-TR-000001-2026-09-01-to-2026-10-31.pdf');
    expect(file.contentType).toBe('application/pdf');
    const text = (await readPdf(file.data)).pages.join('\n');
    const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const expected of [
      'Tax return TR-000001',
      '1 September 2026 to 31 October 2026',
      (await acs.company.retrieve()).name,
      'Tax by code',
      'Summary',
      'Payments',
      'SST-02 2026/05',
      ...filed.lines.map((line) => line.taxCode),
      money(filed.totalTax),
    ]) {
      expect(text).toContain(expected);
    }
    const csv = csvRecords(await acs.taxReturns.download(filed.id!, { format: 'csv' }));
    expect(csv.find((r) => r[0] === 'Summary' && r[2] === 'Paid')?.[6]).toBe(filed.totalTax.toFixed(2));
  });

  it('answers 400 FORMAT_NOT_SUPPORTED for another format, as the reports do', async () => {
    const failure = await failureOf(acs.taxReturns.preview({ ...PERIOD, format: 'docx' as 'json' }));
    expect(failure).toMatchObject({ status: 400, code: 'FORMAT_NOT_SUPPORTED' });
  });
});

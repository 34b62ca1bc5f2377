import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReportDocument, ReportTable } from '../../../mock-server/domain/reports/index.js';
import { cellForPeople } from '../../../mock-server/domain/reports/core/render/cells.js';
import { renderExcel, sheetNames } from '../../../mock-server/domain/reports/core/render/excel.js';
import { chartBars } from '../../../mock-server/domain/reports/core/render/pdf-chart.js';
import { renderPdf } from '../../../mock-server/domain/reports/core/render/pdf.js';
import { itemsOf, readPdf, readWorkbook } from '../../support/report-files.js';

const COLUMNS: ReportTable['columns'] = [
  { key: 'code', label: 'Code', kind: 'text' },
  { key: 'name', label: 'Account', kind: 'text' },
  { key: 'date', label: 'Last posted', kind: 'date' },
  { key: 'amount', label: 'Amount', kind: 'money' },
  { key: 'share', label: 'Share', kind: 'percent' },
  { key: 'lines', label: 'Lines', kind: 'integer' },
];

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, n) => ({
    code: `A${String(n).padStart(4, '0')}`,
    name: `Account ${n}`,
    date: '2026-10-31',
    amount: n % 7 === 3 ? -(n * 100.5) : n * 1000.25,
    share: n / 4,
    lines: n * 3,
  }));

function documentOf(overrides: Partial<ReportDocument> = {}): ReportDocument {
  return {
    title: 'Balance sheet',
    companyName: 'Kedai Runcit Sdn. Bhd.',
    period: 'As of 31 October 2026',
    currency: 'MYR',
    generatedAt: '2026-11-02T09:00:00.000Z',
    notes: ['Assets equal liabilities plus equity.'],
    tables: [{ name: 'Assets', columns: COLUMNS, rows: rowsOf(5), totals: { name: 'Total', amount: 12345.5, share: 100, lines: 30 } }],
    ...overrides,
  };
}

describe('the PDF writer', () => {
  it('heads the first page with the company, title, period, currency, time of the run and notes, and sets the file information', async () => {
    const pdf = await readPdf(await renderPdf(documentOf()));
    expect(pdf.pages).toHaveLength(1);
    const [first] = pdf.pages;
    for (const text of [
      'Kedai Runcit Sdn. Bhd.',
      'Balance sheet',
      'As of 31 October 2026',
      'Currency: MYR',
      'Generated: 2026-11-02 09:00 UTC',
      'Assets equal liabilities plus equity.',
      'Page 1 of 1',
    ]) {
      expect(first).toContain(text);
    }
    expect(first!.indexOf('Kedai Runcit')).toBeLessThan(first!.indexOf('Assets equal'));
    expect(pdf.info).toMatchObject({
      Title: 'Balance sheet',
      Author: 'Kedai Runcit Sdn. Bhd.',
      CreationDate: 'D:20261102090000Z',
      ModDate: 'D:20261102090000Z',
    });
  });

  it('writes amounts for people, right-aligned: separators, two decimals, negatives in parentheses, percents, nulls empty', async () => {
    const rows = [
      { code: 'A1', name: 'Cash', amount: 1234567.891, share: 12.5, lines: 1200 },
      { code: 'A2', name: 'Overdraft', amount: -42, share: -3.25, lines: null },
      { code: 'A3', name: 'Nothing', amount: null, share: null, lines: 0 },
    ];
    const pdf = await readPdf(
      await renderPdf(documentOf({ tables: [{ name: 'Assets', columns: COLUMNS, rows, totals: { name: 'Total', amount: 1234525.89 } }] })),
    );
    const page = pdf.items[0]!;
    for (const text of ['1,234,567.89', '(42.00)', '12.50%', '-3.25%', '1,200', '1,234,525.89'])
      expect(itemsOf(page, text), text).toHaveLength(1);
    // Right-aligned: every amount of the column ends where the column's header ends.
    const rightEdge = (text: string) => itemsOf(page, text)[0]!.x + itemsOf(page, text)[0]!.width;
    for (const text of ['1,234,567.89', '(42.00)', '1,234,525.89']) expect(rightEdge(text)).toBeCloseTo(rightEdge('Amount'), 0);
    expect(rightEdge('12.50%')).toBeCloseTo(rightEdge('-3.25%'), 0);
    expect(itemsOf(page, 'Cash')[0]!.x).toBeCloseTo(itemsOf(page, 'Overdraft')[0]!.x, 1);
  });

  it('breaks a long table over pages, repeats its header row on each, numbers every page "Page n of m", and keeps every row once', async () => {
    const rows = rowsOf(300);
    const pdf = await readPdf(
      await renderPdf(documentOf({ tables: [{ name: 'Assets', columns: COLUMNS, rows, totals: { name: 'Total', amount: 1 } }] })),
    );
    const count = pdf.pages.length;
    expect(count).toBeGreaterThan(5);
    pdf.pages.forEach((text, index) => {
      expect(text).toContain(`Page ${index + 1} of ${count}`);
      expect(itemsOf(pdf.items[index]!, 'Last posted')).toHaveLength(1);
      if (index > 0) expect(text).toContain('Assets (continued)');
    });
    const codes = pdf.items
      .flat()
      .filter((item) => /^A\d{4}$/.test(item.str))
      .map((item) => item.str);
    expect(codes).toEqual(rows.map((row) => row.code));
    expect(pdf.pages.at(-1)).toContain('Total');
  });

  it('turns the page to landscape for many columns, cuts long text with an ellipsis, and never cuts a figure', async () => {
    const columns: ReportTable['columns'] = [
      { key: 'name', label: 'Customer', kind: 'text' },
      ...Array.from({ length: 12 }, (_, m) => ({ key: `m${m}`, label: `Month ${m + 1} of 2026`, kind: 'money' as const })),
    ];
    const rows = Array.from({ length: 10 }, (_, n) => ({
      name: `Customer ${n} with a name far too long for any column of a page `.repeat(3),
      ...Object.fromEntries(Array.from({ length: 12 }, (_, m) => [`m${m}`, -(123456.78 * (m + 1))])),
    }));
    const pdf = await readPdf(await renderPdf(documentOf({ tables: [{ name: 'Sales by month', columns, rows }] })));
    const [width, height] = pdf.sizes[0]!;
    expect(width).toBeGreaterThan(height);
    const names = pdf.items[0]!.filter((item) => item.str.startsWith('Customer 0'));
    expect(names).toHaveLength(1);
    expect(names[0]!.str.endsWith('\u2026')).toBe(true);
    for (let m = 0; m < 12; m += 1) expect(itemsOf(pdf.items[0]!, cellForPeople(-(123456.78 * (m + 1)), 'money'))).toHaveLength(10);
  });

  it('draws text beyond Windows-1252 as written in the embedded Noto fonts (REP-95); what no font has is "?", a control character goes', async () => {
    const rows = [{ code: 'X1', name: 'Ōsaka Łódź Café 東京 😀 ﬁnance \u0007bell' }];
    const pdf = await readPdf(
      await renderPdf(
        documentOf({ companyName: 'Syarikat Āmīn Łukasz', tables: [{ name: 'Ünïcode ⇒ names', columns: COLUMNS.slice(0, 2), rows }] }),
      ),
    );
    const text = pdf.pages[0]!;
    expect(text).toContain('Syarikat Āmīn Łukasz');
    expect(text).toContain('Ōsaka Łódź Café 東京 ? finance bell');
    expect(text).toContain('Ünïcode ⇒ names');
    // The file information keeps the names as they are (it is not drawn with the fonts).
    expect(pdf.info.Author).toBe('Syarikat Āmīn Łukasz');
  });

  it('shows an empty table as its header row and "No rows.", and a report without tables as its title block', async () => {
    const empty = await readPdf(await renderPdf(documentOf({ tables: [{ name: 'Liabilities', columns: COLUMNS, rows: [] }] })));
    expect(empty.pages[0]).toContain('Liabilities');
    expect(empty.pages[0]).toContain('No rows.');
    expect(itemsOf(empty.items[0]!, 'Amount')).toHaveLength(1);
    const none = await readPdf(await renderPdf(documentOf({ tables: [], notes: [] })));
    expect(none.pages).toHaveLength(1);
    expect(none.pages[0]).toContain('Page 1 of 1');
  });

  it('draws the chart: its title, each label with its value, bars scaled to the largest value', async () => {
    const chart = {
      title: 'Receivables by age',
      labels: ['0-30 days', '31-60 days', '61-90 days', 'Over 90 days'],
      values: [12000.5, 3000, 0, 800],
    };
    const pdf = await readPdf(await renderPdf(documentOf({ chart })));
    const page = pdf.items[0]!;
    expect(pdf.pages[0]).toContain('Receivables by age');
    for (const [index, label] of chart.labels.entries()) {
      const [labelItem] = itemsOf(page, label);
      const [valueItem] = itemsOf(page, cellForPeople(chart.values[index]!, 'money'));
      expect(labelItem, label).toBeDefined();
      expect(valueItem!.y).toBeCloseTo(labelItem!.y, 1);
    }
    // Above the tables.
    expect(pdf.pages[0]!.indexOf('Over 90 days')).toBeLessThan(pdf.pages[0]!.indexOf('Last posted'));
  });

  it('scales chart bars to the range of the values, negatives left of the zero axis', () => {
    expect(chartBars([100, 50, 0], 200)).toEqual({
      zero: 0,
      bars: [
        { start: 0, length: 200 },
        { start: 0, length: 100 },
        { start: 0, length: 0 },
      ],
    });
    expect(chartBars([-100, 300], 400)).toEqual({
      zero: 100,
      bars: [
        { start: 0, length: 100 },
        { start: 100, length: 300 },
      ],
    });
    expect(chartBars([0, 0], 100).bars.every((bar) => bar.length === 0)).toBe(true);
  });

  it('gives the same bytes for the same document', async () => {
    const document = documentOf({ chart: { title: 'Chart', labels: ['a', 'b'], values: [1, 2] } });
    expect(Buffer.from(await renderPdf(document)).equals(Buffer.from(await renderPdf(document)))).toBe(true);
  });
});

describe('the Excel writer', () => {
  it('writes one sheet per table with a bold frozen header row, typed cells and number formats, a bold totals row', async () => {
    const rows = [
      { code: 'A1', name: 'Cash', date: '2026-10-31', amount: 1234567.89, share: 12.5, lines: 1200 },
      { code: 'A2', name: 'Overdraft', date: null, amount: -42, share: null, lines: 3 },
    ];
    const liabilities: ReportTable = { name: 'Liabilities', columns: COLUMNS, rows: [] };
    const workbook = await readWorkbook(
      await renderExcel(
        documentOf({ tables: [{ name: 'Assets', columns: COLUMNS, rows, totals: { name: 'Total', amount: 1234525.89 } }, liabilities] }),
      ),
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Assets', 'Liabilities']);
    const sheet = workbook.getWorksheet('Assets')!;
    const view = sheet.views[0] as { state: string; ySplit: number };
    expect(view.state).toBe('frozen');
    const header = sheet.getRow(view.ySplit);
    expect(header.values).toEqual([undefined, 'Code', 'Account', 'Last posted', 'Amount', 'Share', 'Lines']);
    expect(header.font?.bold ?? header.getCell(1).font?.bold).toBe(true);
    const cash = sheet.getRow(view.ySplit + 1);
    expect(cash.getCell(4).value).toBe(1234567.89);
    expect(cash.getCell(4).numFmt).toBe('#,##0.00');
    expect(cash.getCell(5).value).toBe(12.5);
    expect(cash.getCell(5).numFmt).toBe('0.00"%"');
    expect(cash.getCell(6).value).toBe(1200);
    expect(cash.getCell(6).numFmt).toBe('#,##0');
    expect(cash.getCell(3).value).toEqual(new Date('2026-10-31T00:00:00Z'));
    expect(cash.getCell(3).numFmt).toBe('yyyy-mm-dd');
    const overdraft = sheet.getRow(view.ySplit + 2);
    expect(overdraft.getCell(4).value).toBe(-42);
    expect(overdraft.getCell(3).value).toBeNull();
    const totals = sheet.getRow(view.ySplit + 3);
    expect(totals.getCell(2).value).toBe('Total');
    expect(totals.getCell(4).value).toBe(1234525.89);
    expect(totals.getCell(4).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(view.ySplit + 3);
    // Widths from content: the long figures' column is wider than the short codes'.
    expect(sheet.getColumn(4).width!).toBeGreaterThan(sheet.getColumn(1).width!);
    // The empty table: a sheet of its own with its header row.
    const empty = workbook.getWorksheet('Liabilities')!;
    expect(empty.rowCount).toBe((empty.views[0] as { ySplit: number }).ySplit);
  });

  it("puts the title block above the header and the company and run time in the workbook's properties", async () => {
    const workbook = await readWorkbook(await renderExcel(documentOf()));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Balance sheet');
    expect(sheet.getCell('A2').value).toBe('Kedai Runcit Sdn. Bhd.');
    expect(sheet.getCell('A3').value).toBe('As of 31 October 2026 · MYR');
    expect(workbook.creator).toBe('Kedai Runcit Sdn. Bhd.');
    expect(workbook.created).toEqual(new Date('2026-11-02T09:00:00.000Z'));
    expect(workbook.title).toBe('Balance sheet');
  });

  it('names sheets as Excel allows: no []:*?/\\, at most 31 characters, unique regardless of case, never empty or History', () => {
    const names = sheetNames([
      'Assets',
      'assets',
      'Sales [2026]: a/b\\c*?',
      'A'.repeat(40),
      'A'.repeat(40),
      '',
      "'quoted'",
      'History',
      '東京😀'.repeat(10),
    ]);
    expect(names).toEqual([
      'Assets',
      'assets (2)',
      'Sales 2026 a b c',
      'A'.repeat(31),
      `${'A'.repeat(27)} (2)`,
      'Sheet 1',
      'quoted',
      'History 1',
      expect.any(String),
    ]);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(31);
      expect(name).not.toMatch(/[[\]:*?/\\]|^'|'$/);
    }
    // Never half of a character: no lone surrogate.
    expect(names.at(-1)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('keeps non-ASCII text as it is, drops characters XML cannot hold, and writes a report without tables as one sheet', async () => {
    const rows = [{ code: 'X1', name: 'Ōsaka 東京 😀\u0000\u0007 Café' }];
    const workbook = await readWorkbook(await renderExcel(documentOf({ tables: [{ name: 'Names', columns: COLUMNS.slice(0, 2), rows }] })));
    const sheet = workbook.worksheets[0]!;
    const view = sheet.views[0] as { ySplit: number };
    expect(sheet.getRow(view.ySplit + 1).getCell(2).value).toBe('Ōsaka 東京 😀 Café');
    const none = await readWorkbook(await renderExcel(documentOf({ tables: [] })));
    expect(none.worksheets.map((s) => s.name)).toEqual(['Balance sheet']);
  });
});

describe('both writers', () => {
  const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.constant(''));
  const cell = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
  const kind = fc.constantFrom('text', 'date', 'money', 'number', 'integer', 'percent' as const);
  const table = fc.record({
    name: text,
    columns: fc.array(fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd'), label: text, kind }), { maxLength: 8 }),
    rows: fc.array(fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), cell), { maxLength: 40 }),
    totals: fc.option(fc.dictionary(fc.constantFrom('a', 'b', 'c'), cell), { nil: undefined }),
  });
  const document = fc.record({
    title: text,
    companyName: text,
    period: text,
    currency: text,
    generatedAt: fc.oneof(text, fc.constant('2026-11-02T09:00:00.000Z')),
    notes: fc.option(fc.array(text, { maxLength: 3 }), { nil: undefined }),
    tables: fc.array(table, { maxLength: 3 }),
    chart: fc.option(
      fc.record({ title: text, labels: fc.array(text, { maxLength: 6 }), values: fc.array(fc.double(), { maxLength: 6 }) }),
      { nil: undefined },
    ),
  }) as fc.Arbitrary<ReportDocument>;

  it('render any document (odd text, NaN, empty tables, duplicate names) into a file that reads back', async () => {
    await fc.assert(
      fc.asyncProperty(document, async (doc) => {
        const pdf = await readPdf(await renderPdf(doc));
        expect(pdf.pages.length).toBeGreaterThanOrEqual(1);
        expect(pdf.pages.at(-1)).toContain(`Page ${pdf.pages.length} of ${pdf.pages.length}`);
        const workbook = await readWorkbook(await renderExcel(doc));
        expect(workbook.worksheets.length).toBe(Math.max(1, doc.tables.length));
      }),
      { numRuns: 25 },
    );
  });
});

describe('loading the writers', () => {
  /** The packages a module loads as it is imported: its static imports, followed through the repository's own files. */
  function packagesLoadedBy(entry: string): Set<string> {
    const packages = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const [statement, from, bare] of source.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)) {
        if (/^(?:import|export)\s+type\s/.test(statement)) continue;
        const specifier = from ?? bare;
        if (!specifier!.startsWith('.')) packages.add(specifier!);
        else {
          const target = resolve(dirname(file), specifier!.replace(/\.js$/, '.ts'));
          if (existsSync(target)) visit(target);
        }
      }
    };
    visit(resolve(entry));
    return packages;
  }

  it('leaves pdf-lib and exceljs unloaded until a PDF or a workbook is asked for (the mock starts without them)', () => {
    const loaded = packagesLoadedBy('mock-server/index.ts');
    expect(loaded.size).toBeGreaterThan(0);
    expect([...loaded].filter((name) => name === 'pdf-lib' || name === 'exceljs')).toEqual([]);
    expect(packagesLoadedBy('mock-server/domain/reports/core/render/pdf.ts')).toContain('pdf-lib');
  });
});

import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, rgb } from 'pdf-lib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReportDocument } from '../../../mock-server/domain/reports/index.js';
import { renderPdf } from '../../../mock-server/domain/reports/core/render/pdf.js';
import { documentFonts } from '../../../mock-server/domain/shared/pdf-faces.js';
import { fitText, textFor, wrapText } from '../../../mock-server/domain/shared/pdf-text.js';
import { sentInvoiceWithTin } from '../einvoice/documents-support.js';
import { readPdf } from '../../support/report-files.js';
import { sandbox } from '../../support/sandbox.js';

// REP-95: invoices, e-invoices and reports draw a customer's name in its own script, in Noto fonts
// embedded as subsets, and read back as the same text; a Latin-only PDF embeds no font at all.

const CHINESE = '陈美玲贸易有限公司';
const TRADITIONAL = '陳美玲貿易有限公司';
const TAMIL = 'முருகன் ஸ்டோர்ஸ்';
const ARABIC = 'شركة النور';
const ACCENTED = 'Café Ñandú Œuvre';
const BEYOND_WINANSI = 'Łódź Ελληνικά Москва Nguyễn';
/** A one-page invoice stays under this (the PDF is mailed and downloaded). */
const MAX_BYTES = 400_000;

/**
 * Tamil as a PDF reader reads it: in the order the glyphs are drawn, where a vowel sign written before its
 * consonant (ெ ே ை, and the first half of ொ ோ ௌ) comes first, and without the spaces it may put in a word.
 */
const tamilAsDrawn = (text: string) =>
  text
    .normalize('NFD')
    .replace(/([\u0B95-\u0BB9])([\u0BC6-\u0BC8])/gu, '$2$1')
    .replace(/\s/gu, '');
const withoutSpaces = (text: string) => text.replace(/\s/gu, '');
/** A PDF text string's hex form: UTF-16BE with its byte order mark. */
const utf16Hex = (text: string) =>
  `FEFF${[...text].map((char) => char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')).join('')}`;

/** The fonts a PDF names, by their kind: `Type1` (a standard font, not embedded) or `Type0` (an embedded subset). */
async function fontsOf(bytes: Uint8Array | ArrayBuffer): Promise<{ subtype: string; name: string }[]> {
  const pdf = await PDFDocument.load(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const fonts: { subtype: string; name: string }[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    const subtype = object.get(PDFName.of('Subtype'))?.toString().slice(1) ?? '';
    if (subtype === 'CIDFontType2') continue;
    fonts.push({ subtype, name: object.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? '' });
  }
  return fonts;
}

/** The demo's e-invoice PDF of an invoice to a customer renamed `name`. */
async function einvoicePdfFor(name: string) {
  const { acs } = sandbox({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
  const { invoice, customer } = await sentInvoiceWithTin(acs);
  await acs.customers.update(customer.id, { name });
  const einvoice = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
  return new Uint8Array((await acs.einvoices.documents.pdf(einvoice.id)).data);
}

describe('PDFs in every script (REP-95)', () => {
  it.each([
    ['Chinese', CHINESE],
    ['Chinese in traditional characters', TRADITIONAL],
    // A slice whose WOFF file fontkit's own reader fails on (REP-95 unpacks it first).
    ['rarer Chinese characters', '侮倚凄 Trading'],
    ['Arabic', ARABIC],
    ['accented Latin', ACCENTED],
    ['Latin beyond Windows-1252, Greek and Cyrillic', BEYOND_WINANSI],
  ])('an invoice (its e-invoice PDF) to a customer named in %s reads back with the name as written', async (_, name) => {
    const bytes = await einvoicePdfFor(name);
    const text = (await readPdf(bytes)).pages.join('\n');
    expect(text).toContain(name);
    expect(text).not.toContain('?');
    expect(bytes.byteLength).toBeLessThan(MAX_BYTES);
  });

  it('a credit note (its e-invoice PDF) to a customer named in Arabic reads back with the name as written', async () => {
    const { acs } = sandbox({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
    const [note] = (await acs.creditNotes.list()).data;
    await acs.customers.update(note!.customerId, { name: ARABIC });
    const einvoice = await acs.einvoices.create({ invoiceId: note!.id, format: 'PEPPOL_UBL', buyer: { taxId: 'C2584563200' } });
    const text = (await readPdf((await acs.einvoices.documents.pdf(einvoice.id)).data)).pages.join('\n');
    expect(text).toContain('E-Invoice: Credit Note');
    expect(text).toContain(ARABIC);
  });

  it('an invoice to a customer named in Tamil reads back with every letter, in the order its glyphs are drawn', async () => {
    const bytes = await einvoicePdfFor(TAMIL);
    const text = (await readPdf(bytes)).pages.join('\n');
    expect(withoutSpaces(text.normalize('NFD'))).toContain(tamilAsDrawn(TAMIL));
    expect(text).not.toContain('?');
    expect(bytes.byteLength).toBeLessThan(MAX_BYTES);
  });

  it('embeds the Noto slices as subsets only for a document that needs them: a Latin-only invoice names the standard fonts alone', async () => {
    const latin = await fontsOf(await einvoicePdfFor(ACCENTED));
    expect(latin.length).toBeGreaterThan(0);
    expect(latin.every((font) => font.subtype === 'Type1' && font.name.startsWith('Helvetica'))).toBe(true);
    const chinese = await fontsOf(await einvoicePdfFor(`${CHINESE} ${ARABIC}`));
    const embedded = chinese.filter((font) => font.subtype === 'Type0').map((font) => font.name);
    expect(embedded.some((name) => name.includes('NotoSansSC'))).toBe(true);
    expect(embedded.some((name) => name.includes('NotoSansArabic'))).toBe(true);
    expect(embedded.some((name) => name.includes('NotoSansTamil'))).toBe(false);
  });

  it('a report PDF draws a company, a table name and rows in any script, and keeps the customer names of every row', async () => {
    const names = [CHINESE, TAMIL, ARABIC, ACCENTED, BEYOND_WINANSI];
    const document: ReportDocument = {
      title: 'Sales by customer',
      companyName: `${CHINESE} Sdn. Bhd.`,
      period: '1 to 31 October 2026',
      currency: 'MYR',
      generatedAt: '2026-11-02T09:00:00.000Z',
      notes: [`${ARABIC}: ${ACCENTED}`],
      tables: [
        {
          name: 'Клиенты',
          columns: [
            { key: 'name', label: 'Customer', kind: 'text' },
            { key: 'amount', label: 'Sales', kind: 'money' },
          ],
          rows: names.map((name, n) => ({ name, amount: 100 * (n + 1) })),
        },
      ],
    };
    const bytes = await renderPdf(document);
    const text = (await readPdf(bytes)).pages[0]!;
    for (const name of [`${CHINESE} Sdn. Bhd.`, 'Клиенты', `${ARABIC}: ${ACCENTED}`, CHINESE, ARABIC, ACCENTED, BEYOND_WINANSI])
      expect(text).toContain(name);
    expect(withoutSpaces(text.normalize('NFD'))).toContain(tamilAsDrawn(TAMIL));
    expect(text).not.toContain('?');
    expect(bytes.byteLength).toBeLessThan(MAX_BYTES);
  });

  it('the aged receivables PDF, downloaded through the SDK, lists customers named in Chinese and Tamil as written', async () => {
    const { acs } = sandbox({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
    const { customer } = await sentInvoiceWithTin(acs);
    await acs.customers.update(customer.id, { name: `${CHINESE} ${TAMIL}` });
    const file = await acs.reports.agedReceivables.download({ format: 'pdf' });
    const text = (await readPdf(file.data)).pages.join('\n');
    expect(text).toContain(CHINESE);
    expect(withoutSpaces(text.normalize('NFD'))).toContain(tamilAsDrawn(TAMIL));
    expect(file.data.byteLength).toBeLessThan(MAX_BYTES);
  });

  it('draws right-to-left text in visual order: a reader gets the words back in their order, a number after them on their left', async () => {
    const pdf = await PDFDocument.create();
    const fonts = await documentFonts(pdf, `${ARABIC} 2024`);
    fonts.regular.draw(pdf.addPage([400, 100]), `${ARABIC} 2024`, { x: 20, y: 50, size: 18, color: rgb(0, 0, 0) });
    const items = (await readPdf(await pdf.save())).items[0]!;
    const arabic = items.find((item) => item.str === ARABIC);
    const year = items.find((item) => item.str === '2024');
    expect(arabic).toBeDefined();
    // UAX #9 in a left-to-right line: digits after Arabic letters take their place in the right-to-left stretch.
    expect(year!.x).toBeLessThan(arabic!.x);
  });

  it('cuts a long name with an ellipsis between whole letters, never inside a Tamil syllable', () => {
    // Measured in code points: the cut is the longest run of whole graphemes that fits with the ellipsis.
    const measure = { widthOfTextAtSize: (text: string) => [...text].length };
    const syllables = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(TAMIL)].map((part) => part.segment);
    const prefixes = syllables.map((_, n) =>
      syllables
        .slice(0, n + 1)
        .join('')
        .trimEnd(),
    );
    for (let width = 2; width < [...TAMIL].length; width += 1) {
      const cut = fitText(TAMIL, measure, 1, width);
      expect(cut.endsWith('\u2026')).toBe(true);
      expect(['', ...prefixes]).toContain(cut.slice(0, -1));
    }
  });

  it("reads back the same names after many documents of odd text: the fonts every PDF shares keep each glyph's characters", async () => {
    const odd = fc.sample(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 6 }), { seed: 95, numRuns: 60 });
    const documentOf = (rows: string[]): ReportDocument => ({
      title: 'Customers',
      companyName: 'Kedai Runcit Sdn. Bhd.',
      period: 'October 2026',
      currency: 'MYR',
      generatedAt: '2026-11-02T09:00:00.000Z',
      tables: [{ name: 'Customers', columns: [{ key: 'name', label: 'Customer', kind: 'text' }], rows: rows.map((name) => ({ name })) }],
    });
    for (const rows of odd) await renderPdf(documentOf(rows));
    const text = (await readPdf(await renderPdf(documentOf([CHINESE, ARABIC, BEYOND_WINANSI])))).pages[0]!;
    for (const name of [CHINESE, ARABIC, BEYOND_WINANSI]) expect(text).toContain(name);
  });

  it('wraps Chinese between any two characters, and other text at its spaces only', () => {
    const measure = { widthOfTextAtSize: (text: string) => [...text].length };
    const lines = wrapText(`${CHINESE}${CHINESE} Sdn. Bhd.`, measure, 1, 7);
    expect(lines).toEqual(['陈美玲贸易有限', '公司陈美玲贸易', '有限公司', 'Sdn.', 'Bhd.']);
    expect(wrapText('Kedai Runcit Sdn. Bhd.', measure, 1, 12)).toEqual(['Kedai Runcit', 'Sdn. Bhd.']);
  });

  it('gives a Tamil run its text as ActualText, for readers that copy the text rather than the glyphs in drawn order', async () => {
    const pdf = await PDFDocument.create();
    const fonts = await documentFonts(pdf, TAMIL);
    fonts.regular.draw(pdf.addPage([400, 100]), TAMIL, { x: 20, y: 50, size: 18, color: rgb(0, 0, 0) });
    const saved = await PDFDocument.load(await pdf.save({ useObjectStreams: false }));
    const contents = saved.getPages()[0]!.node.Contents()!;
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => saved.context.lookup(ref)) : [contents];
    const content = streams.map((stream) => new TextDecoder().decode(decodePDFRawStream(stream as PDFRawStream).decode())).join('\n');
    // ஸ்டோர்ஸ் draws ே before ட; முருகன் draws as it is written, and says nothing more.
    expect(content.match(/\/ActualText <([0-9A-F]+)>/g)).toEqual([`/ActualText <${utf16Hex('ஸ்டோர்ஸ்')}>`]);
  });

  it('draws only Windows-1252 where no embedded font is at hand (a browser, workerd): the rest is transliterated or "?" (REP-13)', () => {
    const winAnsi = { canDraw: (codePoint: number) => codePoint < 0x100 || codePoint === 0x152 || codePoint === 0x153 };
    const drawable = textFor(winAnsi);
    expect(drawable('Łódź Café')).toBe('Lódz Café');
    expect(drawable(`${CHINESE}`)).toBe('?????????');
    // A letter and its accent written apart is drawn as the one letter.
    expect(drawable('Cafe\u0301')).toBe('Café');
  });
});

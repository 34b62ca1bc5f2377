import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { failureOf, sandbox } from '../../support/sandbox.js';
import type { AcsError } from '../../../src/index.js';
import { readPdf } from '../../support/report-files.js';
import {
  EINVOICE_FORMAT_SPECS,
  type EinvoiceRow,
  EINVOICES,
  qrDataUri,
  validationLink,
} from '../../../mock-server/domain/einvoice/index.js';
import { peppolEinvoice, sentInvoiceWithTin } from './documents-support.js';

const sha256 = (bytes: ArrayBuffer | Uint8Array) => `sha256:${createHash('sha256').update(new Uint8Array(bytes)).digest('hex')}`;
/** pdf.js draws an image with `paintImageXObject` (OPS 85). */
const imageCount = async (bytes: ArrayBuffer) => {
  const { getDocumentProxy } = await import('unpdf');
  const document = await getDocumentProxy(new Uint8Array(bytes).slice());
  const { fnArray } = await (await document.getPage(1)).getOperatorList();
  return fnArray.filter((op) => op === 85).length;
};

// EINV-4, EINV-31: the document endpoints serve the exact bytes hashed, a readable PDF, and nothing of
// another company.
describe('the documents of an e-invoice', () => {
  it('serves XML whose sha256 is validationHash, and the JSON form, each with its content type', async () => {
    const { acs } = sandbox({ seed: 'demo' });
    const { einvoice } = await peppolEinvoice(acs);
    const xml = await acs.einvoices.documents.xml(einvoice.id);
    expect(xml.contentType).toBe('application/xml; charset=utf-8');
    expect(xml.filename).toBe(`${einvoice.documentNumber}.xml`);
    expect(sha256(xml.data)).toBe(einvoice.validationHash);
    expect(einvoice.document.pdf).toMatch(new RegExp(`/einvoice/${einvoice.id}/document/pdf$`));
    expect(einvoice.document.json).toMatch(new RegExp(`/einvoice/${einvoice.id}/document/json$`));
    expect(await acs.einvoices.documents.json(einvoice.id)).toMatchObject({ Invoice: [{ UUID: [{ _: einvoice.uuid }] }] });
  });

  it('serves a PDF a person can read: parties with TINs, number, lines, totals, hash and the sandbox mark; no QR before the portal validates', async () => {
    const { acs } = sandbox({ seed: 'demo' });
    const { einvoice, invoice, customer } = await peppolEinvoice(acs);
    const file = await acs.einvoices.documents.pdf(einvoice.id);
    expect(file.contentType).toBe('application/pdf');
    expect(file.filename).toBe(`${invoice.invoiceNumber}.pdf`);
    const text = (await readPdf(file.data)).pages.join('\n');
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain(customer.name);
    expect(text).toContain(Number(invoice.total).toFixed(2));
    expect(text).toContain(customer.taxNumber!);
    expect(text).toContain(einvoice.uuid);
    expect(text).toContain(einvoice.validationHash);
    expect(text).toContain(invoice.currency);
    expect(text).toMatch(/SANDBOX . not a tax document/);
    expect(text).toContain('No QR code: not yet validated');
    for (const line of invoice.items) expect(text).toContain(line.description.slice(0, 20));
    expect(await imageCount(file.data)).toBe(0);
  });

  it('draws the QR code of the record in the PDF once the portal has given it a long id', async () => {
    const { acs, mock } = sandbox({ seed: 'demo' });
    const { einvoice } = await peppolEinvoice(acs);
    const table = mock.store.table<EinvoiceRow>(mock.credentials.companyId, EINVOICES);
    const longId = 'LONGID0123456789ABCDEF';
    const qrCode = qrDataUri(validationLink('https://preprod.myinvois.hasil.gov.my', einvoice.uuid, longId));
    mock.store.transaction(() => table.update(einvoice.id, { qrCode, government: { ...einvoice.government, longId } }));
    const file = await acs.einvoices.documents.pdf(einvoice.id);
    expect(await imageCount(file.data)).toBe(1);
    expect((await readPdf(file.data)).pages.join('\n')).not.toContain('not yet validated');
  });

  it('draws text beyond WinAnsi as written, in the fonts the reports draw with (REP-95)', async () => {
    const { acs } = sandbox({ seed: 'demo' });
    const { invoice, customer } = await sentInvoiceWithTin(acs);
    await acs.customers.update(customer.id, { name: 'Łódź 東京 Trading Sdn. Bhd.' });
    const einvoice = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    const file = await acs.einvoices.documents.pdf(einvoice.id);
    expect((await readPdf(file.data)).pages.join('\n')).toContain('Łódź 東京 Trading Sdn. Bhd.');
  });

  it('shows the document as created (the bytes hashed): a later change to the customer does not change the PDF', async () => {
    const { acs } = sandbox({ seed: 'demo' });
    const { einvoice, customer } = await peppolEinvoice(acs);
    await acs.customers.update(customer.id, { name: 'Renamed Afterwards Sdn. Bhd.' });
    const text = (await readPdf((await acs.einvoices.documents.pdf(einvoice.id)).data)).pages.join('\n');
    expect(text).toContain(customer.name);
    expect(text).not.toContain('Renamed Afterwards');
  });

  it('draws a credit note: its lines, its total and the invoice it corrects', async () => {
    const { acs } = sandbox({ seed: 'demo' });
    const { invoice } = await sentInvoiceWithTin(acs);
    const note = await acs.creditNotes.create(invoice.id, { reason: 'Returned' });
    const einvoice = await acs.einvoices.create({ invoiceId: note.id, format: 'PEPPOL_UBL' });
    expect(einvoice.documentType).toBe('credit_note');
    const text = (await readPdf((await acs.einvoices.documents.pdf(einvoice.id)).data)).pages.join('\n');
    expect(text).toContain('Credit Note');
    expect(text).toContain(einvoice.documentNumber);
    expect(text).toContain(`Corrects: ${invoice.invoiceNumber}`);
    expect(text).toContain(Number(note.total).toFixed(2));
    expect(text).toContain(invoice.items[0]!.description.slice(0, 20));
  });

  // Runs once the MyInvois slice fills EINVOICE_FORMAT_SPECS.UBL21.
  it.skipIf(!EINVOICE_FORMAT_SPECS.UBL21)('hashes and draws a MyInvois (UBL21) document as well: its bytes, its TINs', async () => {
    const { acs } = sandbox({ seed: 'demo' });
    const { invoice, customer } = await sentInvoiceWithTin(acs);
    const einvoice = await acs.einvoices.create({ invoiceId: invoice.id, format: 'UBL21' });
    expect(sha256((await acs.einvoices.documents.xml(einvoice.id)).data)).toBe(einvoice.validationHash);
    const text = (await readPdf((await acs.einvoices.documents.pdf(einvoice.id)).data)).pages.join('\n');
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain(`TIN: ${customer.taxNumber}`);
  });

  it('answers 404 for an unknown id and for an e-invoice of another company, for each document', async () => {
    const { acs, companyClient } = sandbox({ seed: 'demo' });
    const { einvoice } = await peppolEinvoice(acs);
    const other = companyClient(1);
    for (const document of ['xml', 'pdf', 'json'] as const) {
      expect(await failureOf(acs.einvoices.documents[document]('einv_unknown'))).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      } satisfies Partial<AcsError>);
      expect(await failureOf(other.einvoices.documents[document](einvoice.id))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });
});

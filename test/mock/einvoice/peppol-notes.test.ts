import { beforeAll, describe, expect, it } from 'vitest';
import { sandbox } from '../../support/sandbox.js';
import { einvoiceKit, HAS_KIT, validateXml } from '../../support/einvoice-kit.js';

// EINV-2: credit notes, debit notes and refunds of the demo data, made through the SDK, pass the
// official kit as PEPPOL BIS 3 documents. Most demo customers have no TIN: the create request gives one.

const buyer = { taxId: 'C2584563200' };

describe.skipIf(!HAS_KIT)('PEPPOL e-invoices of credit notes, debit notes and refunds', () => {
  const { acs } = sandbox({ seed: 'demo' });
  beforeAll(() => einvoiceKit().then((kit) => kit.warmUp({ json: true })), 60_000);

  const all = async <T>(pages: AsyncIterable<T>): Promise<T[]> => {
    const out: T[] = [];
    for await (const row of pages) out.push(row);
    return out;
  };

  /** Sent or paid invoices whose buyer has a country, which PEPPOL needs (peppol-create.test.ts shows the refusal). */
  const peppolReadyInvoices = async () => {
    const countries = new Map((await all(acs.customers.list())).map((c) => [c.id, (c.billingAddress ?? c.address)?.country]));
    return (await all(acs.invoices.list())).filter(
      (i) => i.status !== 'draft' && i.status !== 'cancelled' && (i.billingAddress?.country ?? countries.get(i.customerId))?.length === 2,
    );
  };

  const passes = async (id: string, number: string) => {
    const einvoice = await acs.einvoices.create({ invoiceId: id, format: 'PEPPOL_UBL', buyer });
    const result = await validateXml(einvoice.document.xml, `${number}.xml`);
    expect({ number, xsd: result.xsd.errors, fatal: result.schematron.fatal }).toEqual({ number, xsd: [], fatal: [] });
    return einvoice;
  };

  it('every credit note is a CreditNote (381) whose lines credit quantities and which refers to the invoice it corrects', async () => {
    const notes = (await all(acs.creditNotes.list())).slice(0, 20);
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      const { document, documentType } = await passes(note.id, note.creditNoteNumber);
      expect(documentType).toBe('credit_note');
      expect(document.xml).toMatch(/^<\?xml[^>]*>\s*<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/);
      expect(document.xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
      expect(document.xml).toContain('<cac:CreditNoteLine>');
      expect(document.xml).toMatch(/<cbc:CreditedQuantity unitCode="\w+">/);
      expect(document.xml).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${note.invoiceNumber}</cbc:ID>`));
    }
  }, 60_000);

  it('every debit note is an Invoice with type code 383 that refers to the invoice it adds to', async () => {
    const notes = (await all(acs.debitNotes.list())).slice(0, 20);
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      const { document, documentType } = await passes(note.id, note.debitNoteNumber);
      expect(documentType).toBe('debit_note');
      expect(document.xml).toContain('<cbc:InvoiceTypeCode>383</cbc:InvoiceTypeCode>');
      expect(document.xml).toMatch(/<cbc:InvoicedQuantity unitCode="\w+">/);
      expect(document.xml).toContain(`<cbc:ID>${note.invoiceNumber}</cbc:ID>`);
    }
  }, 60_000);

  it('every refund is a CreditNote of one line outside the scope of tax, for the refunded amount', async () => {
    const refunds = (await all(acs.refunds.list())).slice(0, 20);
    expect(refunds.length).toBeGreaterThan(0);
    for (const refund of refunds) {
      const { document, documentType } = await passes(refund.id, refund.refundNumber);
      expect(documentType).toBe('refund_note');
      expect(document.xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
      expect(document.xml.match(/<cac:CreditNoteLine>/g)).toHaveLength(1);
      expect(document.xml).toMatch(/<cac:ClassifiedTaxCategory>\s*<cbc:ID>O<\/cbc:ID>/);
      expect(document.xml).toContain(`<cbc:PayableAmount currencyID="${refund.currency}">${refund.amount.toFixed(2)}</cbc:PayableAmount>`);
    }
  }, 60_000);

  it('a credit note served as UBL-2.1-JSON passes the UBL-2.1-JSON schema', async () => {
    const [note] = await all(acs.creditNotes.list());
    const einvoice =
      (await acs.einvoices.list()).data.find((e) => e.invoiceId === note.id) ??
      (await acs.einvoices.create({ invoiceId: note.id, format: 'PEPPOL_UBL', buyer }));
    const json = await acs.einvoices.documents.json(einvoice.id);
    expect(json).toMatchObject({ _D: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2' });
    expect((await (await einvoiceKit()).validateUblJson(json)).xsd.errors).toEqual([]);
  });

  it('credit notes, debit notes and refunds made now, of several shapes and taxes, all pass', async () => {
    const credited = new Set((await all(acs.creditNotes.list())).map((n) => n.invoiceId));
    const invoices = (await peppolReadyInvoices()).filter((i) => !credited.has(i.id)).slice(0, 6);
    let validated = 0;
    for (const [at, invoice] of invoices.entries()) {
      const debit = await acs.debitNotes.create(invoice.id, {
        reason: `Extra charges & corrections <${at}>`,
        items: [
          { description: 'Delivery to Pulau Pinang — 配送', quantity: 1, unitPrice: 80, taxCode: 'SVC6' },
          { description: 'Late handling fee', quantity: 2.5, unitPrice: 33.33, discountPercent: 12.5, taxCode: 'SVC8' },
          { description: 'Export packing', quantity: 1.125, unitPrice: 10.01, taxCode: 'ZR' },
          { description: 'Statutory stamp', quantity: 1, unitPrice: 10, taxCode: at % 2 ? 'EX' : null },
        ],
        shippingCost: at % 3 ? 15.5 : 0,
      });
      await passes(debit.id, debit.debitNoteNumber);
      const line = invoice.items.find((l) => l.quantity >= 1)!;
      const partial = await acs.creditNotes.create(invoice.id, {
        reason: 'One unit returned',
        items: [{ invoiceLineId: line.id, quantity: at % 2 ? 1 : 0.5 }],
      });
      await passes(partial.id, partial.creditNoteNumber);
      const rest = await acs.creditNotes.create(invoice.id, { reason: 'The rest cancelled' });
      await passes(rest.id, rest.creditNoteNumber);
      validated += 3;
      // Credit on an unpaid invoice settles it; only a paid invoice's credit is left to refund.
      if (rest.remainingCredit > 0) {
        const refund = await acs.creditNotes.refunds.create(rest.id, {
          amount: Math.min(rest.remainingCredit, 50),
          reference: `IBG ${at}`,
        });
        await passes(refund.id, refund.refundNumber);
        validated += 1;
      }
    }
    expect(validated).toBeGreaterThanOrEqual(18);
  }, 60_000);

  it("every sent or paid invoice passes, its lines counted in the unit of measure of the line's item", async () => {
    const invoices = (await peppolReadyInvoices()).slice(0, 25);
    expect(invoices.length).toBeGreaterThan(5);
    const units = new Set<string>();
    for (const invoice of invoices) {
      const { document } = await passes(invoice.id, invoice.invoiceNumber);
      for (const [, code] of document.xml.matchAll(/<cbc:InvoicedQuantity unitCode="(\w+)">/g)) units.add(code);
    }
    // The demo items are sold by the hour, box, trip, set, bag and pack besides plain units.
    expect(units.size).toBeGreaterThan(1);
    expect([...units].every((u) => /^[A-Z0-9]{2,3}$/.test(u))).toBe(true);
  }, 60_000);
});

import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { failureOf, sandbox } from '../../support/sandbox.js';
import type { AcsError } from '../../../src/index.js';
import { einvoiceKit, HAS_KIT, validateXml } from '../../support/einvoice-kit.js';

// The core path of e-invoicing (EINV-1): a sent invoice becomes a PEPPOL BIS 3 document that the official kit accepts.
describe.skipIf(!HAS_KIT)('a PEPPOL e-invoice from a sent invoice', () => {
  const { acs } = sandbox({ seed: 'demo' });
  beforeAll(() => einvoiceKit().then((kit) => kit.warmUp({ json: true })), 60_000);

  const sentInvoiceWithTin = async () => {
    for await (const invoice of acs.invoices.list({ status: 'sent' })) {
      const customer = await acs.customers.retrieve(invoice.customerId);
      if (customer.taxNumber) return invoice;
    }
    throw new Error('the demo data has a sent invoice to a customer with a tax number');
  };

  it('passes the UBL 2.1 XSD, the CEN EN16931 rules and the PEPPOL rules with 0 fatal asserts', async () => {
    const invoice = await sentInvoiceWithTin();
    const einvoice = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    expect(einvoice).toMatchObject({
      invoiceId: invoice.id,
      format: 'PEPPOL_UBL',
      documentType: 'invoice',
      documentNumber: invoice.invoiceNumber,
    });
    const result = await validateXml(einvoice.document.xml, `${invoice.invoiceNumber}.xml`);
    expect(result.xsd.errors).toEqual([]);
    expect(result.schematron.fatal).toEqual([]);
    expect(result.valid).toBe(true);
  }, 30_000);

  it('hashes the exact bytes GET .../document/xml serves, and serves the same document as UBL-2.1-JSON', async () => {
    const invoice = await sentInvoiceWithTin();
    const einvoice = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    const file = await acs.einvoices.documents.xml(einvoice.id);
    expect(file.contentType).toMatch(/^application\/xml/);
    expect(file.text()).toBe(einvoice.document.xml);
    expect(einvoice.validationHash).toBe(`sha256:${createHash('sha256').update(new Uint8Array(file.data)).digest('hex')}`);
    const json = await acs.einvoices.documents.json(einvoice.id);
    expect(json).toMatchObject({
      _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
      Invoice: [{ ID: [{ _: invoice.invoiceNumber }] }],
    });
    const checked = await (await einvoiceKit()).validateUblJson(json);
    expect(checked.xsd.errors).toEqual([]);
  });

  it('refuses a customer without a tax number with 400 INVALID_INVOICE_DATA naming the field, and stores nothing', async () => {
    // A new customer: no tax number and no e-invoice identity (the demo's customers all have one).
    const customer = await acs.customers.create({ name: 'No Tax Number Sdn Bhd', email: 'none@example.my' });
    const draft = await acs.invoices.create({
      customerId: customer.id,
      items: [{ description: 'Desk', quantity: 1, unitPrice: 100, taxCode: 'SST10' }],
    });
    const without = await acs.invoices.send(draft.id);
    const before = await acs.einvoices.list();
    const error = (await failureOf(acs.einvoices.create({ invoiceId: without!.id, format: 'PEPPOL_UBL' }))) as AcsError;
    expect(error).toMatchObject({ status: 400, code: 'INVALID_INVOICE_DATA' });
    expect(error.details).toContainEqual(expect.objectContaining({ field: 'buyer.taxId' }));
    expect((await acs.einvoices.list()).data).toEqual(before.data);
  });
});

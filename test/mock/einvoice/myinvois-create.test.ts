import { beforeAll, describe, expect, it } from 'vitest';
import type { AcsClient, AcsError } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';
import { einvoiceKit, HAS_KIT } from '../../support/einvoice-kit.js';
import { buyerOf, expectValidMyinvois, invoiceOf, partyIds, supplierOf, value, type UblJson } from './myinvois-support.js';

/** Every demo sales document an e-invoice can be made from: sent invoices, credit notes, debit notes, refunds. */
async function demoDocuments(acs: AcsClient): Promise<{ id: string; number: string; customerId: string }[]> {
  const out: { id: string; number: string; customerId: string }[] = [];
  for await (const i of acs.invoices.list())
    if (i.status !== 'draft' && i.status !== 'cancelled') out.push({ id: i.id, number: i.invoiceNumber, customerId: i.customerId });
  for await (const n of acs.creditNotes.list()) out.push({ id: n.id, number: n.creditNoteNumber, customerId: n.customerId });
  for await (const n of acs.debitNotes.list()) out.push({ id: n.id, number: n.debitNoteNumber, customerId: n.customerId });
  for await (const r of acs.refunds.list()) out.push({ id: r.id, number: r.refundNumber, customerId: r.customerId });
  return out;
}

// EINV-16: the demo's sales documents as MyInvois (LHDN) documents, format UBL21.
describe.skipIf(!HAS_KIT)('MyInvois documents of the demo sales documents', () => {
  const { acs, mock, companyClient } = sandbox({ seed: 'demo' });
  beforeAll(() => einvoiceKit().then((kit) => kit.warmUp({ json: true })), 60_000);

  const myinvois = async (client: AcsClient, invoiceId: string) => {
    const einvoice = await client.einvoices.create({ invoiceId, format: 'UBL21' });
    return { einvoice, json: (await client.einvoices.documents.json(einvoice.id)) as UblJson };
  };
  const documentFor = async (customerName: string) => {
    const customer = (await acs.customers.list({ search: customerName })).data[0];
    const invoice = (await acs.invoices.list({ customerId: customer.id })).data.find(
      (i) => i.status !== 'draft' && i.status !== 'cancelled',
    );
    return myinvois(acs, invoice!.id);
  };

  it('every invoice, credit note, debit note and refund of both demo companies passes the UBL 2.1 XSD and the UBL-2.1-JSON schema', async () => {
    let validated = 0;
    for (const client of [acs, companyClient(1)]) {
      for (const document of await demoDocuments(client)) {
        const { einvoice, json } = await myinvois(client, document.id);
        expect(einvoice).toMatchObject({
          format: 'UBL21',
          government: { portal: 'myinvois' },
          compliance: { standard: 'UBL 2.1', profile: 'MyInvois 1.1' },
        });
        await expectValidMyinvois(einvoice.document.xml, json, document.number);
        validated += 1;
      }
    }
    expect(validated).toBeGreaterThanOrEqual(15);
  }, 60_000);

  it("carries LHDN's mandatory supplier and buyer content: TIN, BRN, SST, TTX, MSIC with its name, coded address, telephone", async () => {
    const { json } = await documentFor('Pejabat Moden');
    expect(partyIds(supplierOf(json))).toEqual({ TIN: 'C24681357902', BRN: '201901023456', SST: 'B16-2403-32000187', TTX: 'NA' });
    expect(supplierOf(json).IndustryClassificationCode[0]).toEqual({
      _: '46900',
      name: expect.stringMatching(/^Wholesale of a variety of goods/),
    });
    expect(partyIds(buyerOf(json))).toEqual({ TIN: 'C20987654321', BRN: '200301012222', SST: 'B10-1808-32000123' });
    const address = buyerOf(json).PostalAddress[0];
    expect(address).toMatchObject({
      CityName: [{ _: 'Petaling Jaya' }],
      PostalZone: [{ _: '47301' }],
      CountrySubentityCode: [{ _: '10' }],
      AddressLine: [{ Line: [{ _: 'Level 9, Menara Kelana' }] }],
    });
    expect(address.Country[0].IdentificationCode[0]).toEqual({ _: 'MYS', listID: 'ISO3166-1', listAgencyID: '6' });
    expect(value(supplierOf(json).Contact[0], 'Telephone')).toBe('+60379552100');
  });

  it('is type 01 v1.1, issued now in UTC, with one tax subtotal per tax type and LHDN classification 022 on every line', async () => {
    // The mock clock runs in real time: the issue instant lies between the request and the answer (whole seconds).
    const before = Math.floor(mock.clock.nowMs() / 1000) * 1000;
    const { json } = await documentFor('Pejabat Moden');
    const after = mock.clock.nowMs();
    const invoice = invoiceOf(json);
    expect(invoice.InvoiceTypeCode[0]).toEqual({ _: '01', listVersionID: '1.1' });
    const issued = Date.parse(`${value(invoice, 'IssueDate')}T${value(invoice, 'IssueTime')}`);
    expect(value(invoice, 'IssueTime')).toMatch(/^\d{2}:\d{2}:\d{2}Z$/);
    expect(issued).toBeGreaterThanOrEqual(before);
    expect(issued).toBeLessThanOrEqual(after);
    expect(value(invoice, 'DocumentCurrencyCode')).toBe('MYR');
    expect(invoice.TaxExchangeRate).toBeUndefined();
    const types = invoice.TaxTotal[0].TaxSubtotal.map((s: UblJson) => value(s.TaxCategory[0], 'ID'));
    expect(new Set(types).size).toBe(types.length);
    for (const type of types) expect(['01', '02', '06', 'E']).toContain(type);
    for (const line of invoice.InvoiceLine) {
      expect(line.Item[0].CommodityClassification[0].ItemClassificationCode[0]).toEqual({ _: '022', listID: 'CLASS' });
      expect(line.TaxTotal[0].TaxSubtotal[0].TaxCategory[0].ID[0]._).toMatch(/^(01|02|06|E)$/);
      expect(line.ItemPriceExtension[0].Amount[0].currencyID).toBe('MYR');
    }
  });

  it("gives an individual buyer LHDN's general TIN EI00000000010 beside the NRIC, a government buyer EI00000000040, Kuala Lumpur state code 14", async () => {
    expect(partyIds(buyerOf((await documentFor('Ahmad Faizal')).json))).toMatchObject({
      TIN: 'EI00000000010',
      NRIC: '850315145123',
      SST: 'NA',
    });
    expect(partyIds(buyerOf((await documentFor('Universiti Teknologi')).json))).toMatchObject({ TIN: 'EI00000000040', BRN: 'NA' });
    const kl = (await documentFor('Co-Work Hub')).json;
    expect(value(buyerOf(kl).PostalAddress[0], 'CountrySubentityCode')).toBe('14');
  });

  it("makes credit notes, debit notes and refunds type 02, 03 and 04 on the Invoice root, naming the original invoice's e-invoice UUID", async () => {
    const credit = (await acs.creditNotes.list()).data[0];
    const original = await myinvois(acs, credit.invoiceId);
    const { json } = await myinvois(acs, credit.id);
    expect(Object.keys(json)).toContain('Invoice');
    expect(invoiceOf(json).InvoiceTypeCode[0]._).toBe('02');
    expect(invoiceOf(json).BillingReference[0].InvoiceDocumentReference[0]).toEqual({
      ID: [{ _: credit.invoiceNumber }],
      UUID: [{ _: original.einvoice.uuid }],
    });
    const debit = (await acs.debitNotes.list()).data[0];
    expect(invoiceOf((await myinvois(acs, debit.id)).json).InvoiceTypeCode[0]._).toBe('03');
    const refund = (await acs.refunds.list()).data[0];
    expect(invoiceOf((await myinvois(acs, refund.id)).json).InvoiceTypeCode[0]._).toBe('04');
  });

  it('refuses a business buyer without a TIN with 400 INVALID_INVOICE_DATA naming buyer.taxId, and stores nothing', async () => {
    const customer = await acs.customers.create({ name: 'Tiada TIN Sdn Bhd', email: 'tiada@example.my' });
    const draft = await acs.invoices.create({
      customerId: customer.id,
      items: [{ description: 'Desk', quantity: 1, unitPrice: 100, taxCode: 'SST10' }],
    });
    await acs.invoices.send(draft.id);
    const before = await acs.einvoices.list();
    const error = (await failureOf(acs.einvoices.create({ invoiceId: draft.id, format: 'UBL21' }))) as AcsError;
    expect(error).toMatchObject({ status: 400, code: 'INVALID_INVOICE_DATA' });
    expect(error.details).toContainEqual(expect.objectContaining({ field: 'buyer.taxId' }));
    expect((await acs.einvoices.list()).data).toEqual(before.data);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { loadPurchaseSource, myinvoisPortalFindings, renderEinvoice } from '../../../mock-server/domain/einvoice/index.js';
import {
  approveBill,
  billsTable,
  createSupplierCreditNote,
  createSupplierDebitNote,
  suppliersTable,
} from '../../../mock-server/domain/purchasing/index.js';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import { einvoiceKit, HAS_KIT } from '../../support/einvoice-kit.js';
import { world } from '../support/domain.js';
import { buyerOf, expectValidMyinvois, invoiceOf, partyIds, supplierOf, value } from './myinvois-support.js';

// EINV-16, EREC-2 (doc-self-billed): a purchase bill as a self-billed MyInvois e-invoice, type 11,
// whose supplier is the vendor and whose buyer is the company.
describe.skipIf(!HAS_KIT)('self-billed MyInvois documents of the demo bills', () => {
  const w = world();
  beforeAll(() => einvoiceKit().then((kit) => kit.warmUp({ json: true })), 60_000);
  const supplierNamed = (ctx: typeof w.ctx, name: string) =>
    suppliersTable(ctx)
      .all()
      .find((s) => s.name.startsWith(name))!;

  it('every approved bill of both demo companies makes a type 11 document the kit accepts and the portal finds nothing wrong with', async () => {
    let validated = 0;
    for (const company of w.seeded.companies) {
      const ctx = w.ctxFor(company.id);
      for (const bill of billsTable(ctx)
        .all()
        .filter((b) => b.status !== 'draft')) {
        const { xml, json } = renderEinvoice('UBL21', loadPurchaseSource(ctx, bill.id), '00000000-0000-4000-8000-00000000000b');
        await expectValidMyinvois(xml, json, bill.billNumber);
        expect(value(invoiceOf(json), 'InvoiceTypeCode')).toBe('11');
        expect(myinvoisPortalFindings(json)).toEqual([]);
        validated += 1;
      }
    }
    expect(validated).toBeGreaterThanOrEqual(5);
  });

  it('names the vendor as supplier (its TIN, BRN and MSIC) and the company as buyer', () => {
    const factory = supplierNamed(w.ctx, 'Kilang Perabot Muar');
    const bill = billsTable(w.ctx)
      .all()
      .find((b) => b.supplierId === factory.id && b.status !== 'draft')!;
    const { json } = renderEinvoice('UBL21', loadPurchaseSource(w.ctx, bill.id), '00000000-0000-4000-8000-00000000000c');
    expect(partyIds(supplierOf(json))).toEqual({ TIN: 'C2381047720', BRN: '200801012345', SST: 'J31-1808-32000111', TTX: 'NA' });
    expect(value(supplierOf(json), 'IndustryClassificationCode')).toBe('31009');
    expect(value(supplierOf(json).PostalAddress[0], 'CountrySubentityCode')).toBe('01');
    expect(partyIds(buyerOf(json))).toMatchObject({ TIN: 'C24681357902', BRN: '201901023456' });
  });

  it("gives a foreign vendor LHDN's general TIN EI00000000030, state code 17, its alpha-3 country, and the USD rate to MYR", async () => {
    const shenzhen = supplierNamed(w.ctx, 'Shenzhen Ergo');
    const draft = billsTable(w.ctx)
      .all()
      .find((b) => b.supplierId === shenzhen.id)!;
    approveBill(w.ctx, draft.id);
    const { xml, json } = renderEinvoice('UBL21', loadPurchaseSource(w.ctx, draft.id), '00000000-0000-4000-8000-00000000000d');
    await expectValidMyinvois(xml, json, draft.billNumber);
    expect(partyIds(supplierOf(json))).toMatchObject({ TIN: 'EI00000000030', BRN: 'NA' });
    const address = supplierOf(json).PostalAddress[0];
    expect([value(address, 'CountrySubentityCode'), value(address.Country[0], 'IdentificationCode')]).toEqual(['17', 'CHN']);
    expect(invoiceOf(json).TaxExchangeRate[0]).toMatchObject({
      SourceCurrencyCode: [{ _: 'USD' }],
      TargetCurrencyCode: [{ _: 'MYR' }],
      CalculationRate: [{ _: 4.45 }],
    });
    expect(myinvoisPortalFindings(json)).toEqual([]);
  });

  it('refuses a draft bill with 400 INVALID_INVOICE_DATA', () => {
    const { ctx } = world();
    const draft = billsTable(ctx)
      .all()
      .find((b) => b.status === 'draft')!;
    const refusal = (() => {
      try {
        loadPurchaseSource(ctx, draft.id);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ServiceError);
    expect(refusal).toMatchObject({ status: 400, code: 'INVALID_INVOICE_DATA', details: [{ field: 'billId' }] });
  });

  it('a supplier credit note and debit note on a bill make types 12 and 13 the kit accepts, naming the type 11 by number and UUID (EINV-32)', async () => {
    const { ctx } = world();
    const bill = billsTable(ctx)
      .all()
      .find((b) => b.status === 'open')!;
    const original = { number: bill.billNumber, date: bill.billDate, uuid: 'F9D425P6DS7D8IU4F4F4YRLL10' };
    const credit = createSupplierCreditNote(ctx, bill.id, { reason: 'Returned', items: [{ billLineId: bill.items[0]!.id, quantity: 1 }] });
    const debit = createSupplierDebitNote(ctx, bill.id, {
      reason: 'Surcharge',
      items: [{ description: 'Surcharge', quantity: 1, unitPrice: 25, accountCode: '5200', taxCode: null }],
    });
    for (const [note, type] of [
      [credit, '12'],
      [debit, '13'],
    ] as const) {
      const source = loadPurchaseSource(ctx, note.id, original);
      const { xml, json } = renderEinvoice('UBL21', source, '00000000-0000-4000-8000-00000000000e');
      await expectValidMyinvois(xml, json, source.number);
      expect(value(invoiceOf(json), 'InvoiceTypeCode')).toBe(type);
      expect(invoiceOf(json).BillingReference[0].InvoiceDocumentReference[0]).toMatchObject({
        ID: [{ _: bill.billNumber }],
        UUID: [{ _: original.uuid }],
      });
      expect(partyIds(supplierOf(json)).TIN).toBe(
        partyIds(supplierOf(renderEinvoice('UBL21', loadPurchaseSource(ctx, bill.id), 'u').json)).TIN,
      );
      expect(partyIds(buyerOf(json))).toMatchObject({ TIN: 'C24681357902' });
      expect(value(invoiceOf(json).LegalMonetaryTotal[0], 'PayableAmount')).toBe(note.total);
      expect(myinvoisPortalFindings(json)).toEqual([]);
    }
  });
});

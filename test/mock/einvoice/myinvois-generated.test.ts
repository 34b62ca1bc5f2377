import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  companyParty,
  myinvoisPortalFindings,
  renderEinvoice,
  type EinvoiceLine,
  type EinvoiceParty,
  type EinvoiceSource,
} from '../../../mock-server/domain/einvoice/index.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { einvoiceKit, HAS_KIT } from '../../support/einvoice-kit.js';
import { world } from '../support/domain.js';
import { buyerOf, expectValidMyinvois, invoiceOf, partyIds, value, type UblJson } from './myinvois-support.js';

const TAXES: EinvoiceLine['tax'][] = [
  { code: 'SST10', name: 'Sales tax 10%', rate: 10, peppolCategory: 'S', myinvoisTaxType: '01' },
  { code: 'SVC8', name: 'Service tax 8%', rate: 8, peppolCategory: 'S', myinvoisTaxType: '02' },
  { code: 'EX', name: 'Exempt from sales and service tax', rate: 0, peppolCategory: 'E', myinvoisTaxType: 'E' },
  { code: 'NT', name: 'Not taxable (outside the scope of SST)', rate: 0, peppolCategory: 'O', myinvoisTaxType: '06' },
];

const BUYERS: Pick<EinvoiceParty, 'tin' | 'idType' | 'idValue' | 'kind' | 'address'>[] = [
  {
    tin: 'C20987654321',
    idType: 'BRN',
    idValue: '200301012222',
    kind: 'local',
    address: { street: 'Lot 5, Jalan Tun Razak', city: 'Kuala Lumpur', state: 'Wilayah Persekutuan', postalCode: '50400', country: 'MY' },
  },
  { tin: null, idType: 'NRIC', idValue: '850315145123', kind: 'individual', address: null },
  {
    tin: null,
    idType: null,
    idValue: null,
    kind: 'government',
    address: { street: 'Jalan Sultan', city: 'Johor Bahru', state: 'Johor', postalCode: '80000', country: 'MY' },
  },
  {
    tin: null,
    idType: 'PASSPORT',
    idValue: 'K1234567A',
    kind: 'foreign',
    address: { street: '1 Raffles Place', city: 'Singapore', postalCode: '048616', country: 'SG' },
  },
];

const line = fc.record({
  description: fc.oneof(
    fc.constantFrom('Kerusi pejabat ergonomik', 'Roti canai 烤饼 × 12', 'Café crème — Ümlaut & <tags>'),
    fc.string({ minLength: 1, maxLength: 300 }).filter((s) => s.trim() !== ''),
  ),
  quantity: fc.integer({ min: 1, max: 500 }),
  unitCents: fc.integer({ min: 1, max: 2_000_000 }),
  discountPercent: fc.constantFrom(0, 0, 5, 12.5),
  tax: fc.constantFrom(...TAXES),
});

const shape = fc.record({
  documentType: fc.constantFrom('invoice', 'credit_note', 'debit_note', 'refund_note') as fc.Arbitrary<EinvoiceSource['documentType']>,
  selfBilled: fc.boolean(),
  currency: fc.constantFrom('MYR', 'MYR', 'USD', 'SGD'),
  rate: fc.constantFrom(4.4512, 3.3, 1),
  buyer: fc.constantFrom(...BUYERS),
  lines: fc.array(line, { minLength: 1, maxLength: 6 }),
  shippingCents: fc.constantFrom(0, 0, 2500),
  prepaidShare: fc.constantFrom(0, 0, 0.5),
  issuedAt: fc
    .integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') })
    .map((ms) => new Date(ms).toISOString()),
});

type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;

function sourceOf(supplier: EinvoiceParty, s: Shape): EinvoiceSource {
  const lines: EinvoiceLine[] = s.lines.map((l, at) => {
    const gross = money.parse(l.unitCents).dividedBy(100).times(l.quantity);
    const discount = money.round(gross.times(l.discountPercent).dividedBy(100));
    const lineTotal = money.round(gross.minus(discount));
    return {
      id: String(at + 1),
      itemCode: null,
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitCents / 100,
      discountAmount: money.toNumber(discount),
      lineTotal: money.toNumber(lineTotal),
      taxAmount: money.toNumber(lineTotal.times(l.tax.rate).dividedBy(100)),
      tax: l.tax,
    };
  });
  const subtotal = money.toNumber(money.sum(lines.map((l) => l.lineTotal)));
  const totalTax = money.toNumber(money.sum(lines.map((l) => l.taxAmount)));
  const shippingCost = s.shippingCents / 100;
  const total = money.toNumber(money.sum([subtotal, totalTax, shippingCost]));
  return {
    documentType: s.documentType,
    selfBilled: s.selfBilled,
    id: 'gen',
    number: 'GEN-000001',
    issueDate: s.issuedAt.slice(0, 10),
    issuedAt: s.issuedAt,
    dueDate: null,
    currency: s.currency,
    exchangeRate: s.currency === 'MYR' ? 1 : s.rate,
    companyCurrency: 'MYR',
    billingReference: s.documentType === 'invoice' ? null : { number: 'INV-000001', date: '2025-01-01' },
    purchaseOrder: null,
    reference: null,
    notes: null,
    supplier,
    buyer: {
      id: 'cus_gen',
      name: 'Pembeli Ühlmann 株式会社',
      legalName: 'Pembeli Ühlmann 株式会社',
      registrationNumber: null,
      sstNumber: null,
      msicCode: null,
      businessActivity: null,
      email: null,
      phone: '03-7722 9100',
      ...s.buyer,
    },
    lines,
    shippingCost,
    subtotal,
    totalDiscount: money.toNumber(money.sum(lines.map((l) => l.discountAmount))),
    totalTax,
    total,
    prepaid: money.toNumber(money.round(money.parse(total).times(s.prepaidShare))),
  };
}

// EINV-16: MyInvois documents over many shapes (tax types, discounts, shipping, foreign currency, notes,
// self-billed types, general-TIN buyers, long and non-ASCII texts) pass the kit and carry LHDN's content.
describe.skipIf(!HAS_KIT)('MyInvois documents of generated sources', () => {
  const { ctx } = world();
  const supplier = companyParty(ctx);
  beforeAll(() => einvoiceKit().then((kit) => kit.warmUp({ json: true })), 60_000);

  it('pass the UBL 2.1 XSD and the UBL-2.1-JSON schema, and the simulated portal finds nothing wrong', async () => {
    await fc.assert(
      fc.asyncProperty(shape, async (s) => {
        const source = sourceOf(supplier, s);
        const { xml, json } = renderEinvoice('UBL21', source, '00000000-0000-4000-8000-000000000001');
        await expectValidMyinvois(xml, json, `${s.documentType}-${s.currency}`);
        expect(myinvoisPortalFindings(json)).toEqual([]);
        const invoice = invoiceOf(json);
        const type = { invoice: '01', credit_note: '02', debit_note: '03', refund_note: '04' }[s.documentType];
        expect(value(invoice, 'InvoiceTypeCode')).toBe(s.selfBilled ? `1${type.slice(1)}` : type);
        expect(value(invoice, 'IssueTime')).toBe(`${s.issuedAt.slice(11, 19)}Z`);
        if (s.currency === 'MYR') expect(invoice.TaxExchangeRate).toBeUndefined();
        else {
          expect(value(invoice, 'TaxCurrencyCode')).toBe('MYR');
          expect(invoice.TaxExchangeRate[0]).toMatchObject({
            SourceCurrencyCode: [{ _: s.currency }],
            TargetCurrencyCode: [{ _: 'MYR' }],
            CalculationRate: [{ _: s.rate }],
          });
        }
        const subtotals: UblJson[] = invoice.TaxTotal[0].TaxSubtotal;
        const types = subtotals.map((t) => value(t.TaxCategory[0], 'ID'));
        expect(new Set(types).size).toBe(types.length);
        for (const t of subtotals)
          if (value(t.TaxCategory[0], 'ID') === 'E') expect(value(t.TaxCategory[0], 'TaxExemptionReason')).toBeTruthy();
        const general = { individual: 'EI00000000010', government: 'EI00000000040', foreign: 'EI00000000020', local: 'C20987654321' }[
          s.buyer.kind
        ];
        expect(partyIds(buyerOf(json)).TIN).toBe(general);
        expect(value(buyerOf(json).PostalAddress[0], 'CountrySubentityCode')).toBe(
          { local: '14', individual: '17', government: '01', foreign: '17' }[s.buyer.kind],
        );
      }),
      { numRuns: 40, seed: 1414 },
    );
  }, 120_000);
});

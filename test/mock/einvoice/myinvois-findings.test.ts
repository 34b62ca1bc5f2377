import { describe, expect, it } from 'vitest';
import { checkedSource, myinvoisPortalFindings, renderEinvoice, type EinvoiceSource } from '../../../mock-server/domain/einvoice/index.js';
import { invoicesTable } from '../../../mock-server/domain/sales/index.js';
import { world } from '../support/domain.js';

// EINV-22: the simulated MyInvois portal's own rules, which the lifecycle applies at submission.
describe("the MyInvois portal's business rules", () => {
  const { ctx } = world();
  // A demo invoice to a local business buyer (TIN and BRN of its own).
  const source = invoicesTable(ctx)
    .all()
    .filter((i) => i.status !== 'draft' && i.status !== 'cancelled')
    .map((i) => checkedSource(ctx, i.id, 'UBL21'))
    .find((s) => s.buyer.kind === 'local')!;
  const findingsOf = (changed: EinvoiceSource) =>
    myinvoisPortalFindings(renderEinvoice('UBL21', changed, '00000000-0000-4000-8000-0000000000f1').json);

  it('find nothing wrong with a demo invoice, given as the JSON object or its text', () => {
    const { json } = renderEinvoice('UBL21', source, '00000000-0000-4000-8000-0000000000f0');
    expect(myinvoisPortalFindings(json)).toEqual([]);
    expect(myinvoisPortalFindings(JSON.stringify(json))).toEqual([]);
  });

  it('reject a malformed buyer TIN, naming buyer.taxId', () => {
    expect(findingsOf({ ...source, buyer: { ...source.buyer, kind: 'local', tin: 'X123' } })).toEqual([
      { code: 'INVALID_TIN', field: 'buyer.taxId', message: expect.stringContaining('X123') },
    ]);
  });

  it("reject a foreign supplier's general TIN on a buyer, an NRIC that is not 12 digits, and a supplier MSIC code that is not 5 digits", () => {
    const findings = findingsOf({
      ...source,
      supplier: { ...source.supplier, msicCode: '4690' },
      buyer: { ...source.buyer, kind: 'individual', tin: 'EI00000000030', idType: 'NRIC', idValue: '85031514' },
    });
    expect(findings.map((f) => [f.code, f.field])).toEqual([
      ['INVALID_MSIC', 'supplier.msicCode'],
      ['GENERAL_TIN_MISUSED', 'buyer.taxId'],
      ['INVALID_ID_VALUE', 'buyer.registrationNumber'],
    ]);
  });

  it('accept an id of NA only beside a general TIN', () => {
    expect(findingsOf({ ...source, buyer: { ...source.buyer, kind: 'government', tin: null, idType: 'BRN', idValue: 'NA' } })).toEqual([]);
    expect(findingsOf({ ...source, buyer: { ...source.buyer, idType: 'BRN', idValue: 'NA' } }).map((f) => f.code)).toEqual([
      'INVALID_ID_VALUE',
    ]);
  });

  it('reject totals that do not add up', () => {
    const { json } = renderEinvoice('UBL21', source, '00000000-0000-4000-8000-0000000000f2');
    const broken = JSON.parse(JSON.stringify(json).replace(/"PayableAmount":\[\{"_":[\d.]+/, '"PayableAmount":[{"_":0.01'));
    expect(myinvoisPortalFindings(broken).map((f) => f.code)).toEqual(['PAYABLE_MISMATCH']);
  });
});

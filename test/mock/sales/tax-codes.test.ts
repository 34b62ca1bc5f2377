import { describe, expect, it } from 'vitest';
import { TaxCode } from '../../../src/contract/index.js';
import { createTaxCode, presentTaxCode, resolveTaxCode, retrieveTaxCode, taxCodesTable } from '../../../mock-server/domain/sales/index.js';
import { refusal, world } from '../support/domain.js';

/** `[code, rate, MyInvois tax type, PEPPOL category]` of the seeded Malaysian table. */
const EXPECTED = [
  ['EX', 0, 'E', 'E'],
  ['NT', 0, '06', 'O'],
  ['SST10', 10, '01', 'S'],
  ['SST5', 5, '01', 'S'],
  ['SVC6', 6, '02', 'S'],
  ['SVC8', 8, '02', 'S'],
  ['ZR', 0, 'E', 'Z'],
];

const table = (w: ReturnType<typeof world>, companyId = w.ctx.companyId) =>
  taxCodesTable(w.ctxFor(companyId))
    .all()
    .map((row) => [row.code, row.rate, row.myinvoisTaxType, row.peppolCategory])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));

describe('the seeded tax table', () => {
  it('gives every demo company the SST codes with their e-invoice mappings', () => {
    const w = world('demo');
    for (const company of w.seeded.companies) expect(table(w, company.id)).toEqual(EXPECTED);
    for (const row of taxCodesTable(w.ctx).all()) expect(TaxCode.parse(presentTaxCode(row))).toEqual(row);
  });

  it('is there in the empty seed too, which has no chart of accounts', () => {
    expect(table(world('empty'))).toEqual(EXPECTED);
  });
});

describe('resolving a line’s tax code', () => {
  const w = world();

  it('returns the active code', () => {
    expect(resolveTaxCode(w.ctx, 'SST10', 'items.0.taxCode')).toMatchObject({ code: 'SST10', rate: 10 });
  });

  it('refuses an unknown code with 422 INVALID_CHOICE on the given field, listing the codes', () => {
    const error = refusal(() => resolveTaxCode(w.ctx, 'GST6', 'items.2.taxCode'));
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([
      {
        field: 'items.2.taxCode',
        code: 'INVALID_CHOICE',
        message: expect.stringContaining('no tax code GST6'),
        value: 'GST6',
        constraint: EXPECTED.map(([code]) => code),
      },
    ]);
  });

  it('refuses an inactive code, which can still be read', () => {
    const local = world();
    const row = retrieveTaxCode(local.ctx, 'SVC6');
    taxCodesTable(local.ctx).update(row.id, { isActive: false });
    const error = refusal(() => resolveTaxCode(local.ctx, 'SVC6', 'taxCode'));
    expect(error.details[0]).toMatchObject({
      message: expect.stringContaining('inactive'),
      constraint: expect.not.arrayContaining(['SVC6']),
    });
    expect(retrieveTaxCode(local.ctx, 'SVC6').isActive).toBe(false);
  });

  it('an unknown code in the path is 404', () => {
    const error = refusal(() => retrieveTaxCode(w.ctx, 'VAT20'));
    expect(error.status).toBe(404);
    expect(error.details).toEqual([{ resource: 'tax_code', id: 'VAT20', field: 'code' }]);
  });
});

describe('adding a tax code', () => {
  it('refuses a code the table has with 409 CONFLICT, and adds nothing', () => {
    const w = world();
    const size = taxCodesTable(w.ctx).size;
    const error = refusal(() =>
      createTaxCode(w.ctx, { code: 'SST10', name: 'Again', rate: 10, myinvoisTaxType: '01', peppolCategory: 'S' }),
    );
    expect(error.status).toBe(409);
    expect(error.details[0]).toMatchObject({ field: 'code', existingId: retrieveTaxCode(w.ctx, 'SST10').id });
    expect(taxCodesTable(w.ctx).size).toBe(size);
  });

  it('refuses a rate outside 0 to 100', () => {
    const w = world();
    expect(
      refusal(() => createTaxCode(w.ctx, { code: 'BAD', name: 'Bad', rate: 120, myinvoisTaxType: '01', peppolCategory: 'S' })).code,
    ).toBe('VALIDATION_ERROR');
  });
});

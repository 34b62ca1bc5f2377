import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '../../../src/contract/index.js';
import { documentTotals, lineAmounts, linePart, priceLines, toBase } from '../../../mock-server/domain/sales/index.js';
import { refusal } from '../support/domain.js';
import { salesWorld } from '../support/sales.js';

describe('line arithmetic (spec document 2, "Document line" relations)', () => {
  it('discountAmount, lineTotal and taxAmount follow the relations', () => {
    // 3 x 49.90 = 149.70; 10% off = 14.97; line 134.73; tax 10% = 13.473 -> 13.47
    expect(lineAmounts({ quantity: 3, unitPrice: 49.9, discountPercent: 10, taxRate: 10 })).toEqual({
      discountAmount: 14.97,
      lineTotal: 134.73,
      taxAmount: 13.47,
    });
  });

  it('rounds each amount half-up at two places on its own line', () => {
    // 1 x 0.25 at 10% tax = 0.025 -> 0.03 (half-up), where banker's rounding would give 0.02
    expect(lineAmounts({ quantity: 1, unitPrice: 0.25, discountPercent: 0, taxRate: 10 }).taxAmount).toBe(0.03);
    // 2.5 x 3.33 = 8.325 -> 8.33
    expect(lineAmounts({ quantity: 2.5, unitPrice: 3.33, discountPercent: 0, taxRate: 0 }).lineTotal).toBe(8.33);
    // 7 x 1.15 with 15% off: discount 1.2075 -> 1.21; line 8.05 - 1.21 = 6.84
    expect(lineAmounts({ quantity: 7, unitPrice: 1.15, discountPercent: 15, taxRate: 0 })).toMatchObject({
      discountAmount: 1.21,
      lineTotal: 6.84,
    });
  });

  it('adds in exact decimals: ten lines of 0.10 plus 0.20 make 3.00, not 3.0000000000000004', () => {
    const lines = Array.from({ length: 10 }, () => ({ lineTotal: 0.1, discountAmount: 0, taxAmount: 0.2 }));
    expect(documentTotals(lines)).toEqual({ subtotal: 1, totalDiscount: 0, totalTax: 2, shippingCost: 0, total: 3 });
  });

  it('total = subtotal + totalTax + shippingCost; totalDiscount is the sum of the lines', () => {
    const totals = documentTotals(
      [
        { lineTotal: 134.73, discountAmount: 14.97, taxAmount: 13.47 },
        { lineTotal: 200, discountAmount: 0, taxAmount: 16 },
      ],
      25.5,
    );
    expect(totals).toEqual({ subtotal: 334.73, totalDiscount: 14.97, totalTax: 29.47, shippingCost: 25.5, total: 389.7 });
  });

  it('refuses a total too large to stay exact to the cent as a JSON number, in the document and in the company currency', () => {
    const line = (lineTotal: number) => [{ lineTotal, discountAmount: 0, taxAmount: 0 }];
    expect(documentTotals(line(MAX_AMOUNT)).total).toBe(999_999_999_999.99);
    // 1e15 x 1e15 would be 1e+30 on the wire, which is not an amount with two decimals at all.
    for (const [lines, shipping, rate] of [
      [line(1e30), 0, 1],
      [line(MAX_AMOUNT), 0.01, 1],
      [line(300_000_000_000), 0, 4.5],
    ] as const) {
      const error = refusal(() => documentTotals(lines, shipping, rate));
      expect(error).toMatchObject({ status: 422, code: 'VALIDATION_ERROR' });
      expect(error.details[0]).toMatchObject({ field: 'total', code: 'MAX_VALUE', constraint: { max: MAX_AMOUNT } });
    }
  });

  it('a part of a line is repriced at the same price, discount and rate; the part that completes it takes the rest', () => {
    const line = {
      id: 'ln_1',
      itemId: null,
      itemCode: null,
      description: 'x',
      quantity: 10,
      unitPrice: 12.5,
      discountPercent: 10,
      taxCode: 'SST10',
      taxRate: 10,
      incomeAccountId: null,
      ...lineAmounts({ quantity: 10, unitPrice: 12.5, discountPercent: 10, taxRate: 10 }),
    };
    const first = linePart(line, [], 4);
    expect(first).toMatchObject({ quantity: 4, discountAmount: 5, lineTotal: 45, taxAmount: 4.5 });
    expect(linePart(line, [first], 6)).toMatchObject({ quantity: 6, discountAmount: 7.5, lineTotal: 67.5, taxAmount: 6.75 });
  });

  it('converts to the company currency at the rate, half-up to cents', () => {
    expect(toBase(100.01, 4.333)).toBe(433.34);
    expect(toBase(10, 1)).toBe(10);
  });
});

describe('pricing the lines of a document', () => {
  const w = salesWorld();

  it('an item gives the default description, price, tax code and income account', () => {
    const item = w.item({ name: 'Ergonomic chair', pricing: { sellingPrice: 450 }, tax: { salesTaxCode: 'SST10', taxable: true } });
    const [line] = priceLines(w.ctx, [{ itemId: item.id, quantity: 2 }]);
    expect(line).toMatchObject({
      itemId: item.id,
      itemCode: item.itemCode,
      description: 'Ergonomic chair',
      unitPrice: 450,
      taxCode: 'SST10',
      taxRate: 10,
      lineTotal: 900,
      taxAmount: 90,
      incomeAccountId: item.accounting.incomeAccountId,
    });
  });

  it('what the caller gives wins over the item; taxCode null means no tax, under the not-taxable code', () => {
    const item = w.item({ pricing: { sellingPrice: 450 } });
    const [line] = priceLines(w.ctx, [
      { itemId: item.id, quantity: 1, unitPrice: 400, description: 'Chair, showroom unit', taxCode: null },
    ]);
    expect(line).toMatchObject({ unitPrice: 400, description: 'Chair, showroom unit', taxCode: 'NT', taxRate: 0, taxAmount: 0 });
  });

  it('a line without an item posts to the sales account', () => {
    const [line] = priceLines(w.ctx, [{ description: 'Consulting', quantity: 3, unitPrice: 200, taxCode: 'SVC8' }]);
    expect(line).toMatchObject({ itemId: null, taxRate: 8, taxAmount: 48, incomeAccountId: w.account('4100') });
  });

  it('an unknown tax code is INVALID_CHOICE on its line, listing the company codes', () => {
    const error = refusal(() => priceLines(w.ctx, [{ description: 'x', quantity: 1, unitPrice: 1, taxCode: 'GST6' }]));
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_ERROR' });
    expect(error.details).toEqual([expect.objectContaining({ field: 'items.0.taxCode', code: 'INVALID_CHOICE', value: 'GST6' })]);
    expect(error.details[0].constraint).toContain('SST10');
  });

  it('every problem of every line is reported at once', () => {
    const error = refusal(() =>
      priceLines(w.ctx, [
        { itemId: 'itm_nope', quantity: 1 },
        { quantity: 0, unitPrice: 5, description: 'zero' },
        { quantity: 1, discountPercent: 120, unitPrice: 5, description: 'too much off' },
        { quantity: 1 },
      ]),
    );
    expect(error.details.map((d: { field: string; code: string }) => `${d.field} ${d.code}`)).toEqual([
      'items.0.itemId INVALID_CHOICE',
      'items.0.description REQUIRED_FIELD',
      'items.0.unitPrice REQUIRED_FIELD',
      'items.1.quantity MIN_VALUE',
      'items.2.discountPercent MAX_VALUE',
      'items.3.description REQUIRED_FIELD',
      'items.3.unitPrice REQUIRED_FIELD',
    ]);
  });

  it('an inactive item cannot be sold', () => {
    const item = w.item({ isActive: false });
    const error = refusal(() => priceLines(w.ctx, [{ itemId: item.id, quantity: 1 }]));
    expect(error.details[0]).toMatchObject({ field: 'items.0.itemId', code: 'INVALID_CHOICE' });
  });

  it('a document needs at least one line', () => {
    expect(refusal(() => priceLines(w.ctx, [])).details[0]).toMatchObject({ field: 'items', code: 'REQUIRED_FIELD' });
  });
});

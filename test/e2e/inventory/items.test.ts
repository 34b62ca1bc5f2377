import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, ConflictError, NotFoundError, PermissionDeniedError, ValidationError, type Item } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs, readOnlyClient } = sandbox();

beforeEach(() => {
  mock.reset();
});

const itemCount = async () => (await acs.items.list({ limit: 1 })).total;

const byCode = async (itemCode: string): Promise<Item> => {
  const found = (await acs.items.list({ itemCode })).data[0];
  if (!found) throw new Error(`no demo item ${itemCode}`);
  return found;
};

const codes = (items: Item[]) => items.map((item) => item.itemCode);

describe('items.list', () => {
  it('lists the catalogue by item code, without variants and images unless asked', async () => {
    const page = await acs.items.list();
    expect(page.total).toBe(13);
    expect(codes(page.data)).toEqual([...codes(page.data)].sort());
    expect(page.data[0]).not.toHaveProperty('variants');
    expect(page.data[0]).not.toHaveProperty('images');
    const full = await acs.items.list({ includeVariants: true, includeImages: true, itemCode: 'DSK-120' });
    expect(full.data[0].variants!.map((v) => v.itemCode)).toEqual(['DSK-120-OAK', 'DSK-120-WHT']);
    expect(full.data[0].images).toEqual([]);
  });

  it('searches code, name, description and barcode', async () => {
    expect(codes((await acs.items.list({ search: 'chair' })).data)).toEqual(['CHR-050', 'CHR-100', 'CHR-200']);
    expect(codes((await acs.items.list({ search: 'cable tray' })).data)).toEqual(['DSK-120']);
    expect(codes((await acs.items.list({ search: '9555098700015' })).data)).toEqual(['PAP-A4']);
  });

  it('filters by category (with subcategories), type, active and price range', async () => {
    const storage = (await byCode('CAB-3D')).category!;
    expect(codes((await acs.items.list({ category: storage.id })).data)).toEqual(['CAB-3D', 'SHF-5T']);
    expect(codes((await acs.items.list({ type: 'service' })).data)).toEqual(['SVC-DEL', 'SVC-INS']);
    expect(codes((await acs.items.list({ active: false })).data)).toEqual(['CHR-050']);
    expect(codes((await acs.items.list({ sellingPriceMin: 300, sellingPriceMax: 700 })).data)).toEqual(['CAB-3D', 'CHR-200', 'DSK-120']);
    expect(codes((await acs.items.list({ costPriceMax: 5 })).data)).toEqual(['FLD-LEV', 'SVC-DEL', 'SVC-INS', 'WTY-EXT']);
  });

  it('reads stock filters from the stock records: only the discontinued chair has none', async () => {
    const out = await acs.items.list({ outOfStock: true });
    expect(codes(out.data)).toEqual(['CHR-050']);
    expect(out.data.every((item) => item.inventory.tracked && item.inventory.currentStock === 0)).toBe(true);
    expect(codes((await acs.items.list({ lowStock: true })).data)).toContain('CHR-050');
    expect(codes((await acs.items.list({ tracked: false })).data)).toEqual(['SVC-DEL', 'SVC-INS', 'WTY-EXT']);
    expect((await acs.items.list({ location: 'loc_main' })).total).toBe(0);
  });

  it('sorts by selling price with order, and by stock', async () => {
    const page = await acs.items.list({ sort: 'sellingPrice', order: 'desc', limit: 3 });
    expect(page.data.map((item) => item.pricing.sellingPrice)).toEqual([1299, 689, 449]);
    expect((await acs.items.list({ sort: 'stock' })).total).toBe(13);
    expect((await acs.items.list({ sellingPrice: { lt: 6 } })).data.map((item) => item.itemCode)).toEqual(['FLD-LEV']);
  });

  it('pages every item once with a cursor', async () => {
    const seen: string[] = [];
    for await (const item of acs.items.list({ limit: 5, sort: 'name' })) seen.push(item.itemCode);
    expect(seen).toHaveLength(13);
    expect(new Set(seen).size).toBe(13);
  });

  it('refuses a limit over 200 and an empty price range', async () => {
    await expect(acs.items.list({ limit: 201 })).rejects.toBeInstanceOf(ValidationError);
    expect((await acs.items.list({ limit: 200 })).total).toBe(13);
    const error = await failureOf(acs.items.list({ sellingPriceMin: 10, sellingPriceMax: 1 }));
    expect(error).toMatchObject({ status: 422, details: [{ field: 'sellingPriceMax', code: 'MIN_VALUE' }] });
  });

  it('the other demo company has its own catalogue', async () => {
    const bakery = acs.withCompany(mock.credentials.companies[1].id);
    expect(codes((await bakery.items.list({ search: 'cake' })).data)).toEqual(['CAK-BLK', 'CAK-CHS', 'CAK-PDN']);
  });
});

describe('items.retrieve', () => {
  it('returns the item with variants and images; its movements and their documents when asked', async () => {
    const desk = await byCode('DSK-160');
    const item = await acs.items.retrieve(desk.id);
    expect(item.images!.map((image) => image.isPrimary)).toEqual([true, false]);
    expect(item).not.toHaveProperty('stockHistory');
    const detailed = await acs.items.retrieve(desk.id, { includeStockHistory: true, includeTransactions: true });
    // Newest first: the demo's sales of the desk, then the opening stock of 12 desks at 780.00 into the
    // warehouse, by the posted initial_stock adjustment ADJ-000001.
    expect(detailed.stockHistory!.at(-1)).toMatchObject({
      type: 'initial_stock',
      quantity: 12,
      unitCost: 780,
      value: 9360,
      reference: 'ADJ-000001',
    });
    expect(detailed.stockHistory![0]).toMatchObject({ type: 'sale', quantity: -5 });
    expect(detailed.transactions!.at(-1)).toMatchObject({ type: 'stock_adjustment', number: 'ADJ-000001', quantity: 12, value: 9360 });
  });

  it('an unknown id is a NotFoundError with code ITEM_NOT_FOUND', async () => {
    const error = await failureOf(acs.items.retrieve('itm_doesnotexist'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'ITEM_NOT_FOUND', details: [{ resource: 'item', id: 'itm_doesnotexist' }] });
  });
});

describe('items.create', () => {
  it('creates with 201, defaulting accounts to the chart’s sales, cost of sales and inventory accounts', async () => {
    const { data: item, response } = await acs.items
      .create({
        itemCode: 'LMP-01',
        name: 'LED desk lamp',
        type: 'inventory',
        pricing: { costPrice: 38.5, sellingPrice: 69.9, priceGroups: [{ groupId: 'wholesale', price: 62 }] },
        inventory: { minimumStock: 5, reorderPoint: 8, reorderQuantity: 20 },
        tax: { salesTaxCode: 'SST10', purchaseTaxCode: 'SST10' },
        variants: [{ name: 'Black', attributes: { colour: 'black' } }],
      })
      .withResponse();
    expect(response.status).toBe(201);
    const [sales, cogs, stock] = await Promise.all(['4100', '5100', '1140'].map((n) => accountByNumber(acs, n)));
    expect(item.accounting).toEqual({ incomeAccountId: sales.id, expenseAccountId: cogs.id, assetAccountId: stock.id });
    expect(item).toMatchObject({
      unit: 'pcs',
      category: null,
      supplier: null,
      pricing: { currency: 'MYR', sellingPrice: 69.9 },
      inventory: { tracked: true, currentStock: 0, maximumStock: null },
      tax: { taxable: true },
      locations: [],
      customFields: {},
    });
    expect(await acs.items.retrieve(item.id)).toEqual(item);
  });

  it('an item code in use is a ConflictError naming the item, and nothing is created', async () => {
    const chair = await byCode('CHR-100');
    const before = await itemCount();
    const error = await failureOf(acs.items.create({ itemCode: 'CHR-100', name: 'Another chair', type: 'inventory' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, details: [{ field: 'itemCode', value: 'CHR-100', existingId: chair.id }] });
    expect(await itemCount()).toBe(before);
  });

  it('a missing type and a negative price are 422 VALIDATION_ERROR (REQUIRED_FIELD, MIN_VALUE)', async () => {
    const error = await failureOf(acs.items.create({ itemCode: 'X-1', name: 'X', pricing: { sellingPrice: -1 } } as never));
    expect(error).toBeInstanceOf(ValidationError);
    const details = (error as ValidationError).details!.map((d) => [d.field, d.code]);
    expect(details).toEqual(
      expect.arrayContaining([
        ['type', 'REQUIRED_FIELD'],
        ['pricing.sellingPrice', 'MIN_VALUE'],
      ]),
    );
    expect(await itemCount()).toBe(13);
  });

  it('a tax code the company lacks is INVALID_CHOICE listing its codes', async () => {
    const error = await failureOf(acs.items.create({ itemCode: 'X-2', name: 'X', type: 'service', tax: { salesTaxCode: 'GST6' } }));
    expect(error).toMatchObject({
      status: 422,
      details: [
        { field: 'tax.salesTaxCode', code: 'INVALID_CHOICE', value: 'GST6', constraint: expect.arrayContaining(['SST10', 'SVC8']) },
      ],
    });
  });

  it('an income account that is not revenue is INVALID_CHOICE on the field', async () => {
    const rent = await accountByNumber(acs, '6100');
    const error = await failureOf(
      acs.items.create({ itemCode: 'X-3', name: 'X', type: 'service', accounting: { incomeAccountId: rent.id } }),
    );
    expect(error).toMatchObject({
      details: [{ field: 'accounting.incomeAccountId', code: 'INVALID_CHOICE', constraint: { type: 'revenue' } }],
    });
  });

  it('stock counts cannot be set: a BusinessRuleError', async () => {
    const error = await failureOf(acs.items.create({ itemCode: 'X-4', name: 'X', type: 'inventory', inventory: { currentStock: 12 } }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(await itemCount()).toBe(13);
  });

  it('a unit outside the list is INVALID_CHOICE', async () => {
    const error = await failureOf(acs.items.create({ itemCode: 'X-5', name: 'X', type: 'inventory', unit: 'bushel' as never }));
    expect(error).toMatchObject({ details: [{ field: 'unit', code: 'INVALID_CHOICE' }] });
  });

  it('needs write:inventory', async () => {
    const readOnly = readOnlyClient();
    await expect(readOnly.items.create({ itemCode: 'X-6', name: 'X', type: 'service' })).rejects.toBeInstanceOf(PermissionDeniedError);
    expect((await readOnly.items.list()).total).toBe(13);
  });
});

describe('items.update', () => {
  it('merges pricing and tax field by field and keeps the rest', async () => {
    const chair = await byCode('CHR-100');
    const updated = await acs.items.update(chair.id, {
      pricing: { sellingPrice: 279 },
      tax: { purchaseTaxCode: 'SST5' },
      name: 'Ergonomic mesh chair',
    });
    expect(updated.pricing).toEqual({ ...chair.pricing, sellingPrice: 279 });
    expect(updated.tax).toEqual({ ...chair.tax, purchaseTaxCode: 'SST5' });
    expect(updated).toMatchObject({
      name: 'Ergonomic mesh chair',
      itemCode: 'CHR-100',
      category: chair.category,
      inventory: chair.inventory,
    });
  });

  it('replaces images; with none marked primary the first is primary', async () => {
    const desk = await byCode('DSK-120');
    const updated = await acs.items.update(desk.id, {
      images: [{ url: 'https://img.example.com/a.jpg' }, { url: 'https://img.example.com/b.jpg' }],
    });
    expect(updated.images!.map((image) => [image.url, image.isPrimary])).toEqual([
      ['https://img.example.com/a.jpg', true],
      ['https://img.example.com/b.jpg', false],
    ]);
    await expect(
      acs.items.update(desk.id, {
        images: [
          { url: 'https://a.example/x.jpg', isPrimary: true },
          { url: 'https://a.example/y.jpg', isPrimary: true },
        ],
      }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('refuses another item’s code and a maximum below the minimum, and changes nothing', async () => {
    const chair = await byCode('CHR-200');
    await expect(acs.items.update(chair.id, { itemCode: 'CHR-100', name: 'Dup' })).rejects.toBeInstanceOf(ConflictError);
    await expect(acs.items.update(chair.id, { inventory: { maximumStock: 1 }, name: 'Too few' })).rejects.toMatchObject({
      details: [{ field: 'inventory.maximumStock', code: 'MIN_VALUE' }],
    });
    const { variants, images, ...listed } = await acs.items.retrieve(chair.id);
    expect(listed).toEqual(chair);
  });

  it('an unknown id is ITEM_NOT_FOUND', async () => {
    await expect(acs.items.update('itm_missing', { name: 'x' })).rejects.toMatchObject({ status: 404, code: 'ITEM_NOT_FOUND' });
  });
});

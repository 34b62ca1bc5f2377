import { beforeEach, describe, expect, it } from 'vitest';
import { Item } from '../../../src/contract/index.js';
import { accountsTable } from '../../../mock-server/domain/accounting/index.js';
import {
  createItem,
  findItemByCode,
  insertLocation,
  itemCategoriesTable,
  itemMatches,
  itemsTable,
  locationsTable,
  type NewItem,
  presentItem,
  recordStockMovements,
  retrieveItem,
  updateItem,
} from '../../../mock-server/domain/inventory/index.js';
import { refusal, world, type World } from '../support/domain.js';
import { companyToday } from '../../../mock-server/domain/shared/calendar.js';

let w: World;
beforeEach(() => {
  w = world();
});

const newItem = (overrides: Partial<NewItem> = {}) =>
  createItem(w.ctx, { itemCode: 'LMP-01', name: 'Desk lamp', type: 'inventory', ...overrides });

/** Refuses with 422 VALIDATION_ERROR and returns `[field, code]` of each detail. */
function invalid(fn: () => unknown): [string, string][] {
  const error = refusal(fn);
  expect(error.status).toBe(422);
  expect(error.code).toBe('VALIDATION_ERROR');
  return error.details.map((detail) => [detail.field, detail.code]);
}

/** Stock arrives through the movement log: `count` units into the company's default location. */
function receiveStock(itemId: string, count: number): void {
  const location =
    locationsTable(w.ctx).all()[0] ??
    insertLocation(w.ctx, { code: 'WH', name: 'Warehouse', type: 'warehouse', address: null, isDefault: true });
  recordStockMovements(w.ctx, [
    {
      date: companyToday(w.ctx),
      itemId,
      locationId: location.id,
      quantity: count,
      unitCost: 10,
      type: 'adjustment',
      source: { type: 'test', id: 'test', number: null },
    },
  ]);
}

const categoryId = (path: string) => itemCategoriesTable(w.ctx).find((row) => row.path === path)!.id;

describe('creating an item', () => {
  it('defaults a stock item to the chart’s sales, cost of sales and inventory accounts, tracked, with zero stock', () => {
    const item = presentItem(w.ctx, newItem());
    expect(item.accounting).toEqual({
      incomeAccountId: w.account('4100'),
      expenseAccountId: w.account('5100'),
      assetAccountId: w.account('1140'),
    });
    expect(item).toMatchObject({ unit: 'pcs', isActive: true, category: null, supplier: null, variants: [], images: [], locations: [] });
    expect(item.pricing).toEqual({ costPrice: 0, sellingPrice: 0, currency: 'MYR', priceGroups: [] });
    expect(item.inventory).toEqual({
      tracked: true,
      currentStock: 0,
      availableStock: 0,
      reservedStock: 0,
      minimumStock: 0,
      maximumStock: null,
      reorderPoint: 0,
      reorderQuantity: 0,
    });
    expect(item.tax).toEqual({ salesTaxCode: null, purchaseTaxCode: null, taxable: false });
  });

  it('gives a service no asset account and no stock tracking', () => {
    const item = newItem({ itemCode: 'SVC-X', type: 'service' });
    expect(item.accounting.assetAccountId).toBeNull();
    expect(item.inventory.tracked).toBe(false);
    expect(item.unit).toBe('unit');
  });

  it('presents the item in the wire shape, with its category', () => {
    const item = newItem({ categoryId: categoryId('Furniture / Desks'), images: [{ url: 'https://example.com/a.jpg' }] });
    const presented = presentItem(w.ctx, item);
    expect(Item.parse(presented)).toEqual(presented);
    expect(presented.category).toEqual({ id: categoryId('Furniture / Desks'), name: 'Desks', path: 'Furniture / Desks' });
    expect(presented.images).toEqual([{ id: expect.stringMatching(/^img_/), url: 'https://example.com/a.jpg', isPrimary: true }]);
    expect(presentItem(w.ctx, item, {})).not.toHaveProperty('images');
    expect(presentItem(w.ctx, item, { stockHistory: true, transactions: true })).toMatchObject({ stockHistory: [], transactions: [] });
  });

  it('refuses an item code in use with 409 CONFLICT naming the item, and creates nothing', () => {
    const size = itemsTable(w.ctx).size;
    const error = refusal(() => newItem({ itemCode: 'CHR-100' }));
    expect(error.status).toBe(409);
    expect(error.details).toEqual([
      { resource: 'item', field: 'itemCode', value: 'CHR-100', existingId: findItemByCode(w.ctx, 'CHR-100')!.id },
    ]);
    expect(itemsTable(w.ctx).size).toBe(size);
  });

  it.each([
    ['an income account that is not revenue', { accounting: { incomeAccountId: 'EXPENSE' } }, 'accounting.incomeAccountId'],
    ['an expense account that is not an expense', { accounting: { expenseAccountId: 'REVENUE' } }, 'accounting.expenseAccountId'],
    ['an asset account that is not an asset', { accounting: { assetAccountId: 'EXPENSE' } }, 'accounting.assetAccountId'],
    ['an unknown account', { accounting: { incomeAccountId: 'acc_missing' } }, 'accounting.incomeAccountId'],
  ] as const)('refuses %s with INVALID_CHOICE', (_case, change, field) => {
    const ids: Record<string, string> = { EXPENSE: w.account('6500'), REVENUE: w.account('4200') };
    const accounting = Object.fromEntries(Object.entries(change.accounting).map(([k, v]) => [k, ids[v] ?? v]));
    expect(invalid(() => newItem({ accounting }))).toEqual([[field, 'INVALID_CHOICE']]);
  });

  it('refuses an inactive account', () => {
    const account = accountsTable(w.ctx).get(w.account('4900'))!;
    accountsTable(w.ctx).update(account.id, { isActive: false });
    expect(invalid(() => newItem({ accounting: { incomeAccountId: account.id } }))).toEqual([
      ['accounting.incomeAccountId', 'INVALID_CHOICE'],
    ]);
  });

  it('takes an explicit income account of the right type', () => {
    expect(newItem({ accounting: { incomeAccountId: w.account('4200') } }).accounting.incomeAccountId).toBe(w.account('4200'));
  });

  it('refuses an inventory item without an asset account', () => {
    expect(invalid(() => newItem({ accounting: { assetAccountId: null } }))).toEqual([['accounting.assetAccountId', 'REQUIRED_FIELD']]);
  });

  it('refuses tax codes the company does not have, listing every problem', () => {
    expect(invalid(() => newItem({ tax: { salesTaxCode: 'GST6', purchaseTaxCode: 'VAT' } }))).toEqual([
      ['tax.salesTaxCode', 'INVALID_CHOICE'],
      ['tax.purchaseTaxCode', 'INVALID_CHOICE'],
    ]);
  });

  it('makes an item with a sales tax code taxable; a taxable item needs one and a non-taxable one cannot carry a rate', () => {
    expect(newItem({ tax: { salesTaxCode: 'SST10' } }).tax).toEqual({ salesTaxCode: 'SST10', purchaseTaxCode: null, taxable: true });
    expect(invalid(() => newItem({ itemCode: 'B', tax: { taxable: true } }))).toEqual([['tax.salesTaxCode', 'REQUIRED_FIELD']]);
    expect(invalid(() => newItem({ itemCode: 'C', tax: { salesTaxCode: 'SST10', taxable: false } }))).toEqual([
      ['tax.taxable', 'INVALID_CHOICE'],
    ]);
    expect(newItem({ itemCode: 'D', tax: { salesTaxCode: 'EX', taxable: false } }).tax.taxable).toBe(false);
  });

  it('refuses stock tracking on a service and a maximum below the minimum', () => {
    expect(invalid(() => newItem({ type: 'service', inventory: { tracked: true } }))).toEqual([['inventory.tracked', 'INVALID_CHOICE']]);
    expect(invalid(() => newItem({ inventory: { minimumStock: 10, maximumStock: 5 } }))).toEqual([['inventory.maximumStock', 'MIN_VALUE']]);
  });

  it('refuses stock counts, but accepts the current zero', () => {
    const error = refusal(() => newItem({ inventory: { currentStock: 5 } }));
    expect(error.code).toBe('BUSINESS_RULE_VIOLATION');
    expect(error.details[0]).toMatchObject({ field: 'inventory.currentStock', value: 5, currentValue: 0 });
    expect(presentItem(w.ctx, newItem({ inventory: { currentStock: 0, availableStock: 0 } })).inventory.currentStock).toBe(0);
  });

  it('refuses an unknown category and a supplier before suppliers exist', () => {
    expect(invalid(() => newItem({ categoryId: 'cat_missing', supplierId: 'sup_1' }))).toEqual([
      ['categoryId', 'INVALID_CHOICE'],
      ['supplierId', 'INVALID_CHOICE'],
    ]);
  });

  it('gives variants ids and refuses a variant code another item has', () => {
    const item = newItem({ variants: [{ name: 'Black', attributes: { colour: 'black' }, itemCode: 'LMP-01-BLK' }] });
    expect(item.variants).toEqual([
      {
        id: expect.stringMatching(/^var_/),
        name: 'Black',
        attributes: { colour: 'black' },
        itemCode: 'LMP-01-BLK',
        barcode: null,
        stock: 0,
      },
    ]);
    expect(refusal(() => newItem({ itemCode: 'LMP-02', variants: [{ name: 'Chair', itemCode: 'CHR-100' }] })).status).toBe(409);
    expect(
      invalid(() =>
        newItem({
          itemCode: 'LMP-03',
          variants: [
            { name: 'A', itemCode: 'X-1' },
            { name: 'B', itemCode: 'X-1' },
          ],
        }),
      ),
    ).toEqual([['variants.1.itemCode', 'DUPLICATE_VALUE']]);
  });
});

describe('the empty seed', () => {
  it('has no accounts to default to, so an item names its own', () => {
    const empty = world('empty');
    const error = refusal(() => createItem(empty.ctx, { itemCode: 'A', name: 'A', type: 'service' }));
    expect(error.details.map((d: { field: string }) => d.field)).toEqual(['accounting.incomeAccountId', 'accounting.expenseAccountId']);
  });
});

describe('updating an item', () => {
  it('merges a pricing block field by field and keeps the other blocks', () => {
    const item = newItem({ pricing: { costPrice: 40, sellingPrice: 79.9 }, tax: { salesTaxCode: 'SST10' } });
    w.clock.advance({ minutes: 1 });
    const updated = updateItem(w.ctx, item.id, { pricing: { sellingPrice: 89.9 } });
    expect(updated.pricing).toEqual({ costPrice: 40, sellingPrice: 89.9, currency: 'MYR', priceGroups: [] });
    expect(updated.tax).toEqual(item.tax);
    expect(updated.updatedAt > item.updatedAt).toBe(true);
  });

  it('is not a change to send the same values', () => {
    const item = newItem({ pricing: { costPrice: 40 } });
    expect(updateItem(w.ctx, item.id, { name: item.name, pricing: { costPrice: 40 } })).toBe(item);
  });

  it('replaces the variants, keeping a variant named by its id', () => {
    const item = newItem({ variants: [{ name: 'Black' }, { name: 'White' }] });
    const [black] = item.variants;
    const updated = updateItem(w.ctx, item.id, { variants: [{ id: black.id, name: 'Matte black' }, { name: 'Red' }] });
    expect(updated.variants.map((v) => [v.id === black.id, v.name])).toEqual([
      [true, 'Matte black'],
      [false, 'Red'],
    ]);
    expect(invalid(() => updateItem(w.ctx, item.id, { variants: [{ id: 'var_missing', name: 'X' }] }))).toEqual([
      ['variants.0.id', 'INVALID_CHOICE'],
    ]);
  });

  it('refuses another item’s code, and changes nothing', () => {
    const item = newItem();
    expect(refusal(() => updateItem(w.ctx, item.id, { itemCode: 'CHR-100', name: 'Renamed' })).status).toBe(409);
    expect(retrieveItem(w.ctx, item.id)).toBe(item);
  });

  it('changes the type of an item without stock, resetting tracking to the new type', () => {
    const item = newItem();
    const service = updateItem(w.ctx, item.id, { type: 'non_inventory' });
    expect(service).toMatchObject({ type: 'non_inventory', inventory: { tracked: false } });
  });

  it('refuses changing the type of an item holding stock', () => {
    const item = newItem();
    receiveStock(item.id, 3);
    const error = refusal(() => updateItem(w.ctx, item.id, { type: 'service' }));
    expect(error.details[0]).toMatchObject({ rule: 'an item holding stock cannot change type', currentStock: 3 });
    expect(retrieveItem(w.ctx, item.id).type).toBe('inventory');
  });

  it('an unknown id is 404 ITEM_NOT_FOUND', () => {
    const error = refusal(() => updateItem(w.ctx, 'itm_missing', { name: 'x' }));
    expect(error.status).toBe(404);
    expect(error.code).toBe('ITEM_NOT_FOUND');
  });
});

describe('the list filters', () => {
  const codes = (filters: Parameters<typeof itemMatches>[1]) =>
    itemsTable(w.ctx)
      .all()
      .filter(itemMatches(w.ctx, filters))
      .map((row) => row.itemCode)
      .sort();

  it('match a category and its subcategories', () => {
    expect(codes({ category: categoryId('Furniture / Storage') })).toEqual(['CAB-3D', 'SHF-5T']);
    expect(codes({ category: categoryId('Office Supplies') })).toEqual(['FLD-LEV', 'PAP-A4', 'PEN-BLU']);
  });

  it('bound the prices, both ends inclusive, and refuse a range that cannot match', () => {
    expect(codes({ sellingPriceMin: 299, sellingPriceMax: 449 })).toEqual(['CAB-3D', 'CHR-100', 'DSK-120']);
    expect(refusal(() => itemMatches(w.ctx, { costPriceMin: 10, costPriceMax: 1 })).details[0]).toMatchObject({ field: 'costPriceMax' });
  });

  it('read low and out of stock from the stock numbers of tracked items', () => {
    const item = newItem({ inventory: { minimumStock: 2 } });
    receiveStock(item.id, 2);
    expect(codes({ lowStock: true })).toContain('LMP-01');
    expect(codes({ outOfStock: true })).not.toContain('LMP-01');
    expect(codes({ outOfStock: true })).not.toContain('SVC-DEL');
    expect(codes({ type: 'service', lowStock: true })).toEqual([]);
  });

  it('filter by type, active and tracked', () => {
    expect(codes({ active: false })).toEqual(['CHR-050']);
    expect(codes({ tracked: false })).toEqual(['SVC-DEL', 'SVC-INS', 'WTY-EXT']);
    expect(codes({ type: 'non_inventory' })).toEqual(['WTY-EXT']);
  });
});

// Items held to their `index` declaration: the indexed answer equals a scan through the domain's `where`.
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/contract/index.js';
import { createItem, itemListValue, itemMatches, itemsTable } from '../../../mock-server/domain/inventory/index.js';
import { createSupplier } from '../../../mock-server/domain/purchasing/index.js';
import { createMockService } from '../../../mock-server/index.js';
import { world } from '../support/domain.js';
import { expectIndexedAsScanned } from './list-declarations-support.js';

describe('items.list', () => {
  it('answers each declared filter, alone and in pairs, as the domain where does', () => {
    const w = world();
    const suppliers = [0, 1].map((i) => createSupplier(w.ctx, { name: `Item Supplier ${i}` }).id);
    for (let i = 0; i < 30; i++) {
      const type = (['inventory', 'service', 'non_inventory'] as const)[i % 3];
      createItem(w.ctx, {
        itemCode: `DECL-${String(i).padStart(2, '0')}`,
        name: `Declared ${i}`,
        type,
        pricing: { costPrice: 5 * (i % 7), sellingPrice: 8 * (i % 5) },
        ...(type === 'inventory' ? { inventory: { tracked: i % 2 === 0 } } : {}),
        ...(i % 4 === 0 ? { supplierId: suppliers[(i / 4) % 2] } : {}),
        isActive: i % 5 !== 0,
      });
    }
    const values: Record<string, unknown[]> = {
      type: ['inventory', 'service', 'non_inventory'],
      tracked: [true, false],
      active: [true, false],
      supplier: [suppliers[0], suppliers[1], 'sup_none'],
      costPriceMin: [10, 0],
      costPriceMax: [10, 30],
      sellingPriceMin: [16, 0],
      sellingPriceMax: [16, 32],
    };
    const spec = contract.inventory.itemsList.list;
    expectIndexedAsScanned(w.ctx, itemsTable(w.ctx), spec, values, (query) => itemMatches(w.ctx, query), { field: 'costPrice', op: 'gte', value: '10' }, (row, field) =>
      itemListValue(row, field, w.ctx),
    );
  });

  it('reads the stock records only when the sort or a filter names stock, and keeps presentation out of the filters', async () => {
    const mock = createMockService({ seed: 'demo' });
    const { apiKey, companyId, baseUrl } = mock.credentials;
    const get = async (query: string) => {
      const response = await mock.fetch(`${baseUrl}/items?${query}`, { headers: { Authorization: `Bearer ${apiKey}`, 'X-Company-Id': companyId } });
      expect(response.status, query).toBe(200);
      return ((await response.json()) as { data: { itemCode: string; inventory: { currentStock: number } }[] }).data;
    };
    const byStock = await get('sort=stock:desc&limit=200');
    const stocks = byStock.map((item) => item.inventory.currentStock);
    expect(stocks).toEqual([...stocks].sort((a, b) => b - a));
    const plain = await get('limit=200');
    expect(await get('limit=200&includeImages=true&includeVariants=true')).toHaveLength(plain.length);
    expect(plain.map((item) => item.itemCode)).toEqual(plain.map((item) => item.itemCode).sort());
  });
});

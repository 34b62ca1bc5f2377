import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';
import { STORE_CREDENTIALS } from './commerce-support.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' }));
});

const rows = <T>(table: string) => mock.store.table<T & { id: string }>(mock.credentials.companyId, table).all();
const shop = () => acs.integrations.setup('hosted-store', { name: 'Shop', credentials: STORE_CREDENTIALS });

describe('sync-products, update-inventory and inventory-sync', () => {
  it('makes an item per published variant SKU, with the upstream stock as opening stock, and nothing twice on an incremental run', async () => {
    const store = await shop();
    const run = await acs.integrations.syncProducts('hosted-store', {
      integrationId: store.id,
      syncType: 'incremental',
      includeVariants: true,
      includeInventory: true,
    });
    expect(run).toMatchObject({ status: 'completed', failed: 0 });
    expect(run.created).toBeGreaterThanOrEqual(5);
    const prefix = store.id.slice(-4).toUpperCase();
    const items = rows<{ itemCode: string; inventory: { tracked: boolean } }>('items').filter((i) => i.itemCode.startsWith(`${prefix}-`));
    expect(items).toHaveLength(run.created);
    const adjustments = rows<{ reason: string; reference: string | null }>('stockAdjustments').filter((a) =>
      a.reference?.startsWith('hosted-store'),
    );
    expect(adjustments.length).toBeGreaterThan(0);
    expect(adjustments.every((a) => a.reason === 'initial_stock')).toBe(true);
    const again = await acs.integrations.syncProducts('hosted-store', { integrationId: store.id, includeInventory: true });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: run.created });
    const trial = await acs.reports.trialBalance({});
    expect(trial.accounts.reduce((s, a) => s + a.debit, 0)).toBeCloseTo(
      trial.accounts.reduce((s, a) => s + a.credit, 0),
      2,
    );
  });

  it('pushes quantities to the upstream (set and adjust), failing only an unknown SKU or location', async () => {
    const store = await shop();
    const sku = `${store.id.slice(-4).toUpperCase()}-11`;
    const run = await acs.integrations.updateInventory('hosted-store', {
      integrationId: store.id,
      items: [
        { sku, locationId: 'main', quantity: 12, updateType: 'set' },
        { sku, locationId: 'main', quantity: -2, updateType: 'adjust' },
        { sku: 'NO-SUCH', locationId: 'main', quantity: 1, updateType: 'set' },
        { sku, locationId: 'moon', quantity: 1, updateType: 'set' },
      ],
    });
    expect(run).toMatchObject({ status: 'completed_with_errors', updated: 2, failed: 2 });
    expect(run.failures.map((f) => f.code)).toEqual(['NOT_FOUND', 'INVALID_REFERENCE']);
    // The upstream keeps it: a product sync with inventory now opens with 10 at main.
    await acs.integrations.syncProducts('hosted-store', { integrationId: store.id, includeInventory: true });
    const item = rows<{ id: string; itemCode: string }>('items').find((i) => i.itemCode === sku)!;
    const stock = rows<{ itemId: string; onHand: number }>('stockBalances').filter((b) => b.itemId === item.id);
    expect(stock.reduce((s, b) => s + b.onHand, 0)).toBeGreaterThanOrEqual(10);
  });

  it("brings the upstream's counts into our locations (by code) through stock adjustments, failing an unknown SKU alone", async () => {
    const store = await shop();
    await acs.integrations.syncProducts('hosted-store', { integrationId: store.id, includeInventory: true });
    const sku = `${store.id.slice(-4).toUpperCase()}-11`;
    const item = rows<{ id: string; itemCode: string }>('items').find((i) => i.itemCode === sku)!;
    const run = await acs.integrations.inventorySync(store.id, {
      items: [
        {
          sku,
          locations: [
            { externalId: 'WH-SJ', quantity: 7 },
            { externalId: 'sr-pj', quantity: 3 },
          ],
        },
        { sku: 'NO-SUCH', quantity: 4 },
      ],
    });
    expect(run).toMatchObject({ updated: 1, failed: 1 });
    const locations = rows<{ id: string; code: string }>('locations');
    const onHand = (code: string) =>
      rows<{ itemId: string; locationId: string; onHand: number }>('stockBalances').find(
        (b) => b.itemId === item.id && b.locationId === locations.find((l) => l.code === code)!.id,
      )?.onHand;
    expect([onHand('WH-SJ'), onHand('SR-PJ')]).toEqual([7, 3]);
    expect(
      (await acs.integrations.inventorySync(store.id, { items: [{ sku, locations: [{ externalId: 'WH-SJ', quantity: 7 }] }] })).unchanged,
    ).toBe(1);
  });
});

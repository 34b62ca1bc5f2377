import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';
import { books, catalogueOf, daysAgo, STORE_CREDENTIALS } from './commerce-support.js';

let mock: MockService;
let acs: AcsClient;
let quiet: AcsClient;
beforeEach(() => {
  const box = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' });
  ({ mock, acs } = box);
  quiet = box.client({ logLevel: 'off', maxRetries: 0 });
});

const rows = <T>(table: string) => mock.store.table<T & { id: string }>(mock.credentials.companyId, table).all();
type Invoice = {
  reference: string | null;
  status: string;
  totalTax: number;
  customerId: string;
  items: { taxCode: string; incomeAccountId: string }[];
};
const synced = () => rows<Invoice>('invoices').filter((i) => i.reference?.startsWith('hosted-store'));
/** The demo store, its products in the catalogue (INT-29). */
const demoStore = async () => {
  const store = (await acs.integrations.list({ connectorId: 'hosted-store' })).data[0]!;
  await catalogueOf(acs, 'hosted-store', store.id);
  return store;
};

describe('sync-orders: store orders into the books', () => {
  it("brings a week of the demo store's paid orders in as sent invoices, a customer per shopper email, and creates nothing twice when run again", async () => {
    const store = await demoStore();
    const run = await acs.integrations.syncOrders('hosted-store', { integrationId: store.id });
    expect(run).toMatchObject({ status: 'completed', ordersFailed: 0 });
    expect(run.ordersCreated).toBe(run.ordersToProcess);
    const invoices = synced();
    expect(invoices).toHaveLength(run.ordersCreated);
    expect(invoices.every((i) => i.status === 'sent')).toBe(true);
    const shoppers = rows<{ email: string | null }>('customers').filter((c) => c.email?.endsWith('@shoppers.example.com'));
    expect(shoppers.length).toBe(new Set(invoices.map((i) => i.customerId)).size);

    const again = await acs.integrations.syncOrders('hosted-store', { integrationId: store.id });
    expect(again).toMatchObject({ ordersToProcess: run.ordersToProcess, ordersCreated: 0, ordersUpdated: 0, ordersFailed: 0 });
    expect(synced()).toHaveLength(invoices.length);
    const after = books(mock);
    expect(after.receivable).toBe(after.customers);
    expect(after.trialDebit).toBe(after.trialCredit);
  });

  it('applies the mapped tax code and posts shipping to the mapped shipping account', async () => {
    const shop = await acs.integrations.setup('hosted-store', {
      name: 'Shop',
      credentials: STORE_CREDENTIALS,
      mapping: { defaultTaxCode: 'SST10', shippingAccount: '4200' },
    });
    await catalogueOf(acs, 'hosted-store', shop.id);
    await acs.integrations.syncOrders('hosted-store', {
      integrationId: shop.id,
      dateRange: { from: daysAgo(mock, 20), to: mock.clock.today() },
    });
    const invoices = synced();
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices.every((i) => i.totalTax > 0 && i.items.every((line) => line.taxCode === 'SST10'))).toBe(true);
    const services = await acs.reports.trialBalance({ includeZeroBalances: true });
    expect(services.accounts.find((a) => a.accountCode === '4200')!.credit).toBeGreaterThan(0);
    expect(books(mock).taxPayable).toBe(books(mock).taxOnDocuments);
  });

  it('credits an order refunded upstream after it was synced (a credit note), once', async () => {
    const store = await demoStore();
    const refunds = () => rows<{ reason: string }>('creditNotes').filter((n) => n.reason.startsWith('Refunded in'));
    let updated = 0;
    for (let day = 0; day < 30 && updated === 0; day++) {
      mock.clock.advance({ days: 1 });
      updated += (
        await acs.integrations.syncOrders('hosted-store', {
          integrationId: store.id,
          dateRange: { from: daysAgo(mock, 3), to: mock.clock.today() },
        })
      ).ordersUpdated;
    }
    expect(updated).toBeGreaterThan(0);
    expect(refunds()).toHaveLength(updated);
    const again = await acs.integrations.syncOrders('hosted-store', {
      integrationId: store.id,
      dateRange: { from: daysAgo(mock, 3), to: mock.clock.today() },
    });
    expect(again.ordersUpdated).toBe(0);
    const after = books(mock);
    expect(after.receivable).toBe(after.customers);
    expect(after.taxPayable).toBe(after.taxOnDocuments);
  });

  it('refuses to create orders synced before (409 DUPLICATE_RECORD) and changes nothing', async () => {
    const store = await demoStore();
    await acs.integrations.syncOrders('hosted-store', { integrationId: store.id });
    const invoices = synced().length;
    const orderId = mock.store
      .table<{ id: string; integrationId: string; type: string; externalId: string }>(
        mock.credentials.companyId,
        'integrationSyncedRecords',
      )
      .all()
      .find((l) => l.type === 'order')!.externalId;
    const failure = await failureOf(
      acs.integrations.syncOrders('hosted-store', { integrationId: store.id, orderIds: [orderId], mode: 'create' }),
    );
    expect(failure).toMatchObject({ status: 409, code: 'DUPLICATE_RECORD' });
    expect(synced()).toHaveLength(invoices);
  });

  it('answers 429 RATE_LIMIT_EXCEEDED with Retry-After when a sync needs more upstream requests than the minute allows, writing nothing', async () => {
    const store = await demoStore();
    const failure = await failureOf(
      quiet.integrations.syncOrders('hosted-store', {
        integrationId: store.id,
        dateRange: { from: daysAgo(mock, 89), to: mock.clock.today() },
        batchSize: 1,
      }),
    );
    expect(failure).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
    expect((failure as { retryAfter?: number }).retryAfter).toBeGreaterThan(0);
    expect(synced()).toHaveLength(0);
  });

  it('makes sales orders instead when the integration says createAs sales_order, and refuses an integration of another connector', async () => {
    const shop = await acs.integrations.setup('site-store', {
      name: 'Site',
      credentials: { siteUrl: 'https://kedai.example.my', consumerKey: 'ck_0123456789', consumerSecret: 'cs_0123456789' },
      settings: { createAs: 'sales_order' },
    });
    await catalogueOf(acs, 'site-store', shop.id);
    const run = await acs.integrations.syncOrders('site-store', { integrationId: shop.id });
    expect(rows<{ reference: string | null }>('salesOrders').filter((o) => o.reference?.startsWith('site-store'))).toHaveLength(
      run.ordersCreated,
    );
    await expect(acs.integrations.syncOrders('hosted-store', { integrationId: shop.id })).rejects.toMatchObject({ status: 422 });
  });

  it('reads a range as every sync does: reversed, over a quarter or starting after today is 400 INVALID_DATE_RANGE and syncs nothing', async () => {
    const store = await demoStore();
    const today = mock.clock.today();
    const refused = [
      { from: today, to: daysAgo(mock, 1) },
      { from: daysAgo(mock, 92), to: today },
      { from: '2999-01-01', to: '2999-01-02' },
    ];
    for (const dateRange of refused) {
      const failure = await failureOf(quiet.integrations.syncOrders('hosted-store', { integrationId: store.id, dateRange }));
      expect(failure, JSON.stringify(dateRange)).toMatchObject({
        status: 400,
        code: 'INVALID_DATE_RANGE',
        details: [{ field: 'dateRange.from' }, { field: 'dateRange.to' }],
      });
    }
    expect(synced()).toHaveLength(0);
    // A range ending after today reads up to today.
    const run = await acs.integrations.syncOrders('hosted-store', {
      integrationId: store.id,
      dateRange: { from: daysAgo(mock, 6), to: '2999-01-01' },
    });
    expect(run.ordersCreated).toBeGreaterThan(0);
  });

  it("refuses an order naming a SKU the catalogue lacks into the sync's failures, naming the SKU, and books it once the item exists", async () => {
    const store = (await acs.integrations.list({ connectorId: 'hosted-store' })).data[0]!;
    const run = await acs.integrations.syncOrders('hosted-store', { integrationId: store.id });
    expect(run).toMatchObject({ status: 'failed', ordersCreated: 0 });
    expect(run.ordersFailed).toBe(run.ordersToProcess);
    expect(synced()).toHaveLength(0);
    const [record] = rows<{ id: string; failures: { externalId: string; code: string; message: string }[] }>('integrationSyncs').filter(
      (r) => r.id === run.syncId,
    );
    const prefix = store.id.slice(-4).toUpperCase();
    expect(record!.failures.length).toBe(run.ordersFailed);
    for (const failure of record!.failures) {
      expect(failure.code).toBe('DATA_MAPPING_ERROR');
      expect(failure.message).toMatch(new RegExp(`names SKUs? ${prefix}-\\d+.*which no item has`));
    }
    await catalogueOf(acs, 'hosted-store', store.id);
    const retry = await acs.integrations.retryFailed(store.id, { syncId: run.syncId });
    expect(retry).toMatchObject({ failed: 0, counters: { ordersCreated: run.ordersToProcess } });
    const invoices = rows<{ reference: string | null; items: { itemId: string | null }[] }>('invoices').filter((i) =>
      i.reference?.startsWith('hosted-store'),
    );
    expect(invoices).toHaveLength(run.ordersToProcess);
    expect(invoices.every((i) => i.items.every((line) => line.itemId))).toBe(true);
  });
});

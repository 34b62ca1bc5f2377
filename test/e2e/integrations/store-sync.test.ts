import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';
import { books, catalogueOf, daysAgo, MARKETPLACE_CREDENTIALS } from './commerce-support.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' }));
});

const balanceOf = async (code: string) => {
  const trial = await acs.reports.trialBalance({ includeZeroBalances: true });
  const row = trial.accounts.find((a) => a.accountCode === code)!;
  return row.debit - row.credit;
};

describe('a store connected and synced into the books', () => {
  it('connects a marketplace, syncs its orders and settlements, and shows them in the books: receivables cleared by the payout, fees on the fee account, the books balanced', async () => {
    const shop = await acs.integrations.setup('marketplace', {
      name: 'Marketplace shop',
      credentials: MARKETPLACE_CREDENTIALS,
      mapping: { defaultTaxCode: 'SST10', defaultPaymentAccount: '1120', feeAccount: '6700' },
    });
    // Its products first: an order naming a SKU no item has is refused (INT-29).
    await catalogueOf(acs, 'marketplace', shop.id);
    const range = { from: daysAgo(mock, 30), to: mock.clock.today() };
    const [bankBefore, feesBefore] = [await balanceOf('1120'), await balanceOf('6700')];

    const orders = await acs.integrations.syncOrders('marketplace', { integrationId: shop.id, dateRange: range });
    expect(orders).toMatchObject({ status: 'completed', ordersFailed: 0, ordersUpdated: 0 });
    expect(orders.ordersCreated).toBe(orders.ordersToProcess);
    expect(orders.ordersCreated).toBeGreaterThan(5);

    const fees = await acs.integrations.syncFees('marketplace', {
      integrationId: shop.id,
      reportType: 'settlement',
      dateRange: { from: daysAgo(mock, 20), to: range.to },
    });
    expect(fees).toMatchObject({ status: 'completed', failed: 0 });
    expect(fees.processed).toBeGreaterThan(0);
    expect(fees.totalFees).toBeGreaterThan(0);

    expect(await balanceOf('6700')).toBeCloseTo(feesBefore + fees.totalFees!, 2);
    expect(await balanceOf('1120')).toBeGreaterThan(bankBefore);
    const after = books(mock);
    expect(after.receivable).toBe(after.customers);
    expect(after.receivable).toBe(after.openInvoices);
    expect(after.trialDebit).toBe(after.trialCredit);
    expect(after.taxPayable).toBe(after.taxOnDocuments);

    // Run again: nothing is created or recorded twice.
    expect(await acs.integrations.syncOrders('marketplace', { integrationId: shop.id, dateRange: range })).toMatchObject({
      ordersCreated: 0,
      ordersUpdated: 0,
    });
    expect(
      await acs.integrations.syncFees('marketplace', { integrationId: shop.id, dateRange: { from: daysAgo(mock, 20), to: range.to } }),
    ).toMatchObject({ created: 0, feesRecorded: 0 });
    expect(books(mock)).toEqual(after);
  });
});

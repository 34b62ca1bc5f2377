// Integrations: a marketplace shop connected to the sandbox's simulated upstream, its orders synced as
// invoices and its weekly settlement as payments and fees, then read back from the books.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

const daysBefore = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const today = mock.clock.today();
  const feesBefore = await feeBalance(acs);

  // 1. Connect: the credentials are checked with the (simulated) marketplace and kept, never shown again.
  const shop = await acs.integrations.setup('marketplace', {
    name: 'Marketplace shop',
    credentials: {
      sellerId: 'A1B2C3D4E5',
      accessKey: 'AKIA0123456789ABCDEF',
      secretKey: 'sk0123456789abcdef0123',
      marketplaceId: 'MYMKT01',
    },
    mapping: { defaultTaxCode: 'SST10', defaultPaymentAccount: '1120', feeAccount: '6700' },
  });

  // 2. The shop's products become items, one per variant SKU: an order naming a SKU that no item has is refused
  //    into the sync's failures (DATA_MAPPING_ERROR naming the SKU), never booked as a line without an item.
  await acs.integrations.syncProducts('marketplace', { integrationId: shop.id, publishedStatus: 'any' });

  // 3. Orders become sent invoices (customers by email, items by SKU); run it again and nothing is created twice.
  const orders = await acs.integrations.syncOrders('marketplace', {
    integrationId: shop.id,
    dateRange: { from: daysBefore(today, 21), to: today },
  });
  // orders: { syncId, status: 'completed', ordersToProcess, ordersCreated, ordersFailed: 0, ... }

  // 4. The week's settlements: each order's invoice is paid into the bank, the fees post to 6700 Bank Charges.
  const fees = await acs.integrations.syncFees('marketplace', {
    integrationId: shop.id,
    reportType: 'settlement',
    dateRange: { from: daysBefore(today, 7), to: today },
  });

  // 5. The books: the trial balance balances, the fees are on the fee account.
  const trial = await acs.reports.trialBalance({ includeZeroBalances: true });
  const status = await acs.integrations.status(shop.id);

  console.log(
    `${orders.ordersCreated} orders synced, ${fees.feesRecorded} fees (${fees.totalFees}) recorded; last sync ${status.lastSync}`,
  );
  return {
    orders: { status: orders.status, created: orders.ordersCreated, failed: orders.ordersFailed },
    again: (
      await acs.integrations.syncOrders('marketplace', { integrationId: shop.id, dateRange: { from: daysBefore(today, 21), to: today } })
    ).ordersCreated,
    fees: { status: fees.status, recorded: fees.feesRecorded, total: fees.totalFees },
    feesPosted: Math.round((await feeBalance(acs)) * 100 - feesBefore * 100) / 100,
    balanced: trial.totals.balanced,
    lastSync: status.lastSync,
  };
}

/** 6700 Bank Charges' debit balance, from the trial balance. */
async function feeBalance(acs: AcsClient): Promise<number> {
  const row = (await acs.reports.trialBalance({ includeZeroBalances: true })).accounts.find((a) => a.accountCode === '6700')!;
  return row.debit - row.credit;
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();

import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo' }));
});

const marketplaceCredentials = { sellerId: 'A1B2C3D4E5', accessKey: 'AKIA0123456789ABCDEF', secretKey: 'sk0123456789abcdef0123', marketplaceId: 'MYMKT01' };

describe('a store connected and synced into the books', () => {
  it('syncs a week of marketplace orders and its settlement: invoices posted, receivables cleared by the payout, fees on the fee account, the books balanced', async () => {
    const shop = await acs.integrations.setup('marketplace', { name: 'Marketplace shop', credentials: marketplaceCredentials, mapping: { defaultTaxCode: 'SST10', defaultPaymentAccount: '1120', feeAccount: '6700' } });
    const today = mock.clock.today();
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 20 * 86_400_000).toISOString().slice(0, 10);
    const orders = await acs.integrations.syncOrders('marketplace', { integrationId: shop.id, dateRange: { from, to: today } });
    console.log(orders);
    expect(orders.ordersCreated).toBeGreaterThan(0);
    const fees = await acs.integrations.syncFees('marketplace', { integrationId: shop.id, reportType: 'settlement', dateRange: { from, to: today } });
    console.log(fees);
    const trial = await acs.reports.trialBalance({});
    console.log(JSON.stringify(trial).slice(0, 600));
  });
});

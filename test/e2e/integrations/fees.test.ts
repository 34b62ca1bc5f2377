import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';
import { MARKETPLACE_CREDENTIALS, books, catalogueOf, daysAgo } from './commerce-support.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' }));
});

type Entry = {
  reference: string | null;
  status: string;
  source: { type: string; id: string } | null;
  lines: { accountId: string; debit: number; credit: number }[];
};
const entries = () =>
  mock.store
    .table<Entry & { id: string }>(mock.credentials.companyId, 'journalEntries')
    .all()
    .filter((e) => e.reference?.startsWith('stl_'));
const mapping = { defaultPaymentAccount: '1120', feeAccount: '6700' };

describe('sync-fees: marketplace settlements', () => {
  it('refuses a settlement sync without a fee account (422 DATA_MAPPING_ERROR) and records nothing', async () => {
    const shop = await acs.integrations.setup('marketplace', {
      name: 'Mk',
      credentials: MARKETPLACE_CREDENTIALS,
      mapping: { defaultPaymentAccount: '1120' },
    });
    await expect(acs.integrations.syncFees('marketplace', { integrationId: shop.id, reportType: 'settlement' })).rejects.toMatchObject({
      status: 422,
      code: 'DATA_MAPPING_ERROR',
    });
    expect(entries()).toHaveLength(0);
  });

  it('keeps a settlement whose orders are not in the books as a failure, and records it once they are', async () => {
    const shop = await acs.integrations.setup('marketplace', { name: 'Mk', credentials: MARKETPLACE_CREDENTIALS, mapping });
    const range = { from: daysAgo(mock, 14), to: mock.clock.today() };
    const early = await acs.integrations.syncFees('marketplace', { integrationId: shop.id, dateRange: range });
    expect(early.processed).toBeGreaterThan(0);
    expect(early).toMatchObject({ status: 'failed', created: 0, feesRecorded: 0, totalFees: 0 });
    expect(early.failures.every((f) => f.code === 'ORDER_NOT_SYNCED')).toBe(true);
    expect(entries()).toHaveLength(0);

    await catalogueOf(acs, 'marketplace', shop.id);
    await acs.integrations.syncOrders('marketplace', { integrationId: shop.id, dateRange: { from: daysAgo(mock, 30), to: range.to } });
    const run = await acs.integrations.syncFees('marketplace', { integrationId: shop.id, dateRange: range });
    expect(run).toMatchObject({ status: 'completed', created: early.processed, failed: 0 });
    // One balanced entry per settlement: Dr fees, Cr the payout account.
    expect(entries()).toHaveLength(run.created);
    for (const entry of entries()) {
      expect(entry.status).toBe('posted');
      // Its settlement is its source (INT-28): not a manual journal.
      expect(entry.source).toEqual({ type: 'integration_marketplace_settlement', id: entry.reference });
      expect(entry.lines.reduce((s, l) => s + (l.debit ?? 0), 0)).toBeCloseTo(
        entry.lines.reduce((s, l) => s + (l.credit ?? 0), 0),
        2,
      );
    }
    const total = entries().reduce((s, e) => s + e.lines[0]!.debit, 0);
    expect(run.totalFees).toBeCloseTo(total, 2);
    const after = books(mock);
    expect(after.receivable).toBe(after.customers);
    expect(after.receivable).toBe(after.openInvoices);
    expect(after.trialDebit).toBe(after.trialCredit);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';
import { accountByNumber, expectBooksBalanced, receivablesGap } from './finance-books.js';

let acs: AcsClient;
beforeEach(() => {
  ({ acs } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z' }));
});

const credentials = { clientId: 'client-0123', clientSecret: 'secret-0123456789abcdef', accessToken: 'access-0123456789abcdef', refreshToken: 'refresh-0123456789abcdef', companyId: '4620001' };
const source = () => acs.integrations.setup('accounting-source', { name: 'Old books', credentials });

describe('migration from an accounting source', () => {
  it('runs the chart, the customers with opening balances and the transactions, keeping the books balanced', async () => {
    const { id } = await source();
    const gapBefore = await receivablesGap(acs);
    const result = await acs.integrations.fullMigration('accounting-source', { integrationId: id, credentials, options: { mapToStandard: true } });
    expect(result.status).toBe('completed');
    expect(result.chartOfAccounts.accountsMapped).toBeGreaterThan(0);
    expect(result.customers.openingBalancesPosted).toBeGreaterThan(0);
    expect(result.transactions.transactionsCreated).toBeGreaterThan(0);
    expect(await receivablesGap(acs)).toBe(gapBefore);
    await expectBooksBalanced(acs);
    const again = await acs.integrations.fullMigration('accounting-source', { credentials, options: { mapToStandard: true } });
    expect([again.chartOfAccounts.accountsCreated, again.customers.customersCreated, again.transactions.transactionsCreated]).toEqual([0, 0, 0]);
  });
});

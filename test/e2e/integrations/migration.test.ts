import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';
import { accountByNumber, expectBooksBalanced, receivablesGap } from './finance-books.js';

let acs: AcsClient;
beforeEach(() => {
  ({ acs } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' }));
});

const credentials = {
  clientId: 'client-0123',
  clientSecret: 'secret-0123456789abcdef',
  accessToken: 'access-0123456789abcdef',
  refreshToken: 'refresh-0123456789abcdef',
  companyId: '4620001',
};
const source = () => acs.integrations.setup('accounting-source', { name: 'Old books', credentials });

describe('migration from an accounting source', () => {
  it('runs the chart, the customers with opening balances and the transactions, keeping the books balanced', async () => {
    const { id } = await source();
    const gapBefore = await receivablesGap(acs);
    const result = await acs.integrations.fullMigration('accounting-source', {
      integrationId: id,
      credentials,
      options: { mapToStandard: true },
    });
    expect(result.status).toBe('completed');
    expect(result.chartOfAccounts.accountsMapped).toBeGreaterThan(0);
    expect(result.customers.openingBalancesPosted).toBeGreaterThan(0);
    expect(result.transactions.transactionsCreated).toBeGreaterThan(0);
    expect(await receivablesGap(acs)).toBe(gapBefore);
    await expectBooksBalanced(acs);
    const again = await acs.integrations.fullMigration('accounting-source', { credentials, options: { mapToStandard: true } });
    expect([again.chartOfAccounts.accountsCreated, again.customers.customersCreated, again.transactions.transactionsCreated]).toEqual([
      0, 0, 0,
    ]);
  });
});

describe('migration parts', () => {
  it('creates the source chart in its own numbers, links its control accounts to ours, and leaves inactive ones out unless asked', async () => {
    const { id } = await source();
    const chart = await acs.integrations.exportCoa('accounting-source', { integrationId: id, credentials });
    // Receivables, payables and sales tax are ours: a second receivables account would split the subledger.
    expect(chart).toMatchObject({ status: 'completed', accountsProcessed: 12, accountsMapped: 3, accountsCreated: 9, accountsFailed: 0 });
    expect((await accountByNumber(acs, '60100')).type).toBe('expense');
    await expect(accountByNumber(acs, '11000')).rejects.toThrow();
    const withInactive = await acs.integrations.exportCoa('accounting-source', { integrationId: id, options: { includeInactive: true } });
    expect(withInactive).toMatchObject({ accountsProcessed: 13, accountsCreated: 1 });
    expect((await accountByNumber(acs, '69000')).isActive).toBe(false);
  });

  it('posts each opening balance as an invoice against opening balance equity, so receivables equal the open invoices', async () => {
    const { id } = await source();
    const gapBefore = await receivablesGap(acs);
    const equity = (await accountByNumber(acs, '3900')).balance.net;
    const customers = await acs.integrations.migrateCustomers('accounting-source', { integrationId: id });
    expect(customers).toMatchObject({ customersProcessed: 10, customersCreated: 10, customersFailed: 0 });
    expect((await accountByNumber(acs, '3900')).balance.net).toBeCloseTo(equity + customers.openingBalanceTotal, 2);
    expect(await receivablesGap(acs)).toBe(gapBefore);
    const again = await acs.integrations.migrateCustomers('accounting-source', { integrationId: id });
    expect(again).toMatchObject({ customersCreated: 0, openingBalancesPosted: 0, openingBalanceTotal: 0 });
    await expectBooksBalanced(acs);
  });

  it('keeps transactions whose chart or customer is not migrated yet as failures, which a later run brings over', async () => {
    const { id } = await source();
    const early = await acs.integrations.migrateTransactions('accounting-source', {
      integrationId: id,
      transactionTypes: ['invoice', 'journal_entry'],
    });
    expect(early.status).toBe('failed');
    expect(early.transactionsCreated).toBe(0);
    await acs.integrations.exportCoa('accounting-source', { integrationId: id });
    await acs.integrations.migrateCustomers('accounting-source', { integrationId: id, includeOpeningBalances: false });
    const later = await acs.integrations.migrateTransactions('accounting-source', {
      integrationId: id,
      transactionTypes: ['invoice', 'journal_entry'],
    });
    expect(later).toMatchObject({ status: 'completed', transactionsCreated: early.transactionsFailed });
    expect(Object.keys(later.byType).sort()).toEqual(['invoice', 'journal_entry']);
    await expectBooksBalanced(acs);
  });

  it('refuses a gateway connector, and credentials that match no integration (422 AUTH_FAILED)', async () => {
    const { id } = await source();
    await expect(acs.integrations.exportCoa('payment-gateway', { integrationId: id })).rejects.toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
    });
    await expect(
      acs.integrations.fullMigration('accounting-source', { credentials: { ...credentials, companyId: '999999' } }),
    ).rejects.toMatchObject({ status: 422, code: 'AUTH_FAILED' });
    await expect(acs.integrations.migrateCustomers('accounting-source', {})).rejects.toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('migration property', () => {
  it('balances the books and keeps receivables on their subledger for any source (its seed) and either mapping', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), fc.boolean(), async (earlier, mapToStandard) => {
        ({ acs } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' }));
        // Integrations set up before it give the source another id, so another seed.
        for (let n = 0; n < earlier; n++)
          await acs.integrations.setup('accounting-source', {
            name: `Earlier ${n}`,
            credentials: { ...credentials, companyId: `10000${n}` },
          });
        const gapBefore = await receivablesGap(acs);
        const result = await acs.integrations.fullMigration('accounting-source', {
          integrationId: (await source()).id,
          options: { mapToStandard },
        });
        expect(result.status).toBe('completed');
        expect(await receivablesGap(acs)).toBe(gapBefore);
        await expectBooksBalanced(acs);
      }),
      { numRuns: 4 },
    );
  });
});

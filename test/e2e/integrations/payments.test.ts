import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';
import { accountByNumber, expectBooksBalanced, receivablesGap } from './finance-books.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo' }));
});

const credentials = { secretKey: 'sk_test_0123456789abcdef', webhookEndpointSecret: 'whsec_0123456789abcdef' };
const gateway = () => acs.integrations.setup('payment-gateway', { name: 'Card gateway', credentials, mapping: { feeAccount: '6700', defaultPaymentAccount: '1120' } });

describe('payment gateway sync', () => {
  it('records charges on the invoices they name, fees on the fee account, through a clearing account', async () => {
    const { id } = await gateway();
    const gapBefore = await receivablesGap(acs);
    const fees = (await accountByNumber(acs, '6700')).balance.net;
    const run = await acs.integrations.syncPayments('payment-gateway', { integrationId: id, credentials });
    expect(run.paymentsProcessed).toBeGreaterThan(0);
    expect(run.paymentsCreated).toBe(run.paymentsProcessed - run.paymentsFailed);
    expect((await accountByNumber(acs, '6700')).balance.net).toBeCloseTo(fees + run.totalFees, 2);
    expect(await receivablesGap(acs)).toBe(gapBefore);
    await expectBooksBalanced(acs);
  });
});

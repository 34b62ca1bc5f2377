import { beforeEach, describe, expect, it } from 'vitest';
import type { AcsClient } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';
import { accountByNumber, expectBooksBalanced, receivablesGap } from './finance-books.js';
import { companyContext } from './ops-fixture.js';
import type { MockService } from '../../../mock-server/index.js';
import { gatewayReversals, integrationsTable } from '../../../mock-server/domain/integrations/index.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';

let acs: AcsClient;
beforeEach(() => {
  ({ acs } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' }));
});

/** Sets up the gateway on the first seed whose upstream history holds a chargeback, in the sync's default range, of a charge made before it. */
async function gatewayWithEarlyChargeback(): Promise<string> {
  const range = Array.from({ length: 30 }, (_, i) => addDays('2026-10-25', i));
  for (let n = 0; n < 100; n++) {
    let mock: MockService;
    ({ acs, mock } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: `gateway ${n}` }));
    const { id } = await gateway();
    const ctx = companyContext(mock);
    const row = integrationsTable(ctx).get(id)!;
    if (gatewayReversals(ctx, row, range).some((r) => r.kind === 'chargeback' && r.charge.date < range[0]!)) return id;
  }
  throw new Error('no seed of 100 gives the gateway an early chargeback');
}

const credentials = { secretKey: 'sk_test_0123456789abcdef', webhookEndpointSecret: 'whsec_0123456789abcdef' };
const gateway = () =>
  acs.integrations.setup('payment-gateway', {
    name: 'Card gateway',
    credentials,
    mapping: { feeAccount: '6700', defaultPaymentAccount: '1120' },
  });

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
    // Each fee entry names its upstream record (INT-28): it is no manual journal.
    const entries = [];
    for await (const entry of acs.journalEntries.list({ limit: 100 }))
      if (entry.description?.startsWith('Card fee on')) entries.push(entry);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.source).toEqual({ type: 'integration_gateway_fee', id: entry.reference });
  });

  it('brings in the charge of a chargeback made before the range first, so the chargeback and its dispute fee land', async () => {
    // The first seed whose gateway charged a card before the range (the last 30 days) that its customer disputed within it.
    const id = await gatewayWithEarlyChargeback();
    const beforeRange = async () => (await acs.journalEntries.list({ dateTo: '2026-10-25', limit: 1 })).pagination.total;
    const [entriesBefore, fees, gapBefore] = [
      await beforeRange(),
      (await accountByNumber(acs, '6700')).balance.net,
      await receivablesGap(acs),
    ];
    const run = await acs.integrations.syncPayments('payment-gateway', { integrationId: id });
    expect(run).toMatchObject({ status: 'completed', chargebacksProcessed: 1, paymentsFailed: 0 });
    expect(await beforeRange()).toBe(entriesBefore + 1);
    expect((await accountByNumber(acs, '6700')).balance.net).toBeCloseTo(fees + run.totalFees, 2);
    expect(await receivablesGap(acs)).toBe(gapBefore);
    await expectBooksBalanced(acs);
  });
});

const QUARTER = { from: '2026-08-25', to: '2026-11-24' };

describe('payment gateway sync over a quarter', () => {
  it('creates nothing twice when run again', async () => {
    const { id } = await gateway();
    const first = await acs.integrations.syncPayments('payment-gateway', { integrationId: id, dateRange: QUARTER });
    const again = await acs.integrations.syncPayments('payment-gateway', { integrationId: id, dateRange: QUARTER });
    expect(first.paymentsCreated).toBeGreaterThan(0);
    expect(again).toMatchObject({
      paymentsProcessed: first.paymentsProcessed,
      paymentsCreated: 0,
      refundsProcessed: 0,
      chargebacksProcessed: 0,
      feesRecorded: 0,
    });
  });

  it('reverses refunds and chargebacks: an invoice payment is voided (the receivable is owed again), an unapplied receipt reversed', async () => {
    // Forty invoices of the quarter for the gateway's customers to pay, so some of their charges are reversed.
    const customer = await acs.customers.create({ name: 'Card Customer', email: 'card@example.com' });
    for (let n = 0; n < 40; n++) {
      const invoiceDate = new Date(Date.parse('2026-08-25') + n * 2 * 86_400_000).toISOString().slice(0, 10);
      const draft = await acs.invoices.create({
        customerId: customer.id,
        invoiceDate,
        items: [{ description: 'Cake order', quantity: 1, unitPrice: 50 + n }],
      });
      await acs.invoices.send(draft.id);
    }
    const gapBefore = await receivablesGap(acs);
    const { id } = await gateway();
    const run = await acs.integrations.syncPayments('payment-gateway', { integrationId: id, dateRange: QUARTER });
    expect(run.paymentsFailed).toBe(0);
    const reversals: string[] = [];
    for await (const entry of acs.journalEntries.list({ status: 'posted', limit: 100 }))
      if (/voided: (Refunded|Charged back) through|^(Refunded|Charged back): card receipt/.test(entry.description ?? ''))
        reversals.push(entry.description ?? '');
    expect(reversals.some((d) => d.includes('voided'))).toBe(true);
    expect(reversals).toHaveLength(run.refundsProcessed + run.chargebacksProcessed);
    expect(await receivablesGap(acs)).toBe(gapBefore);
    await expectBooksBalanced(acs);
  });

  it('moves each payout from the clearing account to the bank, once', async () => {
    const { id } = await gateway();
    expect((await acs.integrations.syncPayments('payment-gateway', { integrationId: id, dateRange: QUARTER })).status).toBe('completed');
    const bank = (await accountByNumber(acs, '1120')).balance.net;
    const early = await acs.integrations.syncTransactions('payment-gateway', {
      integrationId: id,
      dateRange: { from: '2026-07-17', to: '2026-08-26' },
    });
    const payouts = await acs.integrations.syncTransactions('payment-gateway', {
      integrationId: id,
      dateRange: { from: '2026-08-27', to: '2026-11-24' },
    });
    expect(payouts.payoutsCreated).toBe(payouts.payoutsProcessed);
    expect((await accountByNumber(acs, '1120')).balance.net).toBeCloseTo(bank + early.totalPaidOut + payouts.totalPaidOut, 2);
    const again = await acs.integrations.syncTransactions('payment-gateway', {
      integrationId: id,
      dateRange: { from: '2026-08-27', to: '2026-11-24' },
    });
    expect(again.payoutsCreated).toBe(0);
    await expectBooksBalanced(acs);
  });
});

describe('payment gateway sync refusals', () => {
  it('refuses credentials that are not the integration’s (422 AUTH_FAILED) without echoing them, and writes nothing', async () => {
    const { id } = await gateway();
    const wrong = { ...credentials, secretKey: 'sk_test_WRONGWRONGWRONG' };
    const refusal = (await failureOf(acs.integrations.syncPayments('payment-gateway', { integrationId: id, credentials: wrong }))) as {
      status: number;
      code: string;
      message: string;
      details: unknown;
    };
    expect(refusal).toMatchObject({ status: 422, code: 'AUTH_FAILED' });
    expect(JSON.stringify(refusal.details) + refusal.message).not.toContain('WRONGWRONG');
    await expect(acs.integrations.syncPayments('payment-gateway', { credentials: wrong })).rejects.toMatchObject({
      status: 422,
      code: 'AUTH_FAILED',
    });
    const byCredentials = await acs.integrations.syncPayments('payment-gateway', { credentials });
    expect(byCredentials.paymentsProcessed).toBeGreaterThan(0);
  });

  it('refuses a store connector, a range over a quarter, and fees without a mapped fee account', async () => {
    const { id } = await gateway();
    await expect(acs.integrations.syncPayments('hosted-store', { integrationId: id })).rejects.toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
    });
    await expect(
      acs.integrations.syncPayments('payment-gateway', { integrationId: id, dateRange: { from: '2026-01-01', to: '2026-11-24' } }),
    ).rejects.toMatchObject({ status: 400, code: 'INVALID_DATE_RANGE' });
    const bare = await acs.integrations.setup('payment-gateway', {
      name: 'No mapping',
      credentials: { ...credentials, secretKey: 'sk_test_other0123456789' },
    });
    await expect(acs.integrations.syncPayments('payment-gateway', { integrationId: bare.id })).rejects.toMatchObject({
      status: 422,
      code: 'DATA_MAPPING_ERROR',
    });
    const noFees = await acs.integrations.syncPayments('payment-gateway', {
      integrationId: bare.id,
      includeFees: false,
      includeChargebacks: false,
    });
    expect(noFees).toMatchObject({ feesRecorded: 0, totalFees: 0, chargebacksProcessed: 0 });
  });
});

import type { SyncPaymentsParams, SyncTransactionsParams } from '../../../src/contract/index.js';
import { businessRule } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { controlAccount } from '../accounting/index.js';
import { invoicesTable, paymentsTable, recordPayment, voidPayment } from '../sales/index.js';
import * as money from '../shared/money.js';
import { gatewayClearing, gatewayUnapplied, postEntry } from './finance-accounts.js';
import { FINANCE_PAGE, syncDays } from './finance-access.js';
import { pagesOf, spendUpstreamRequests } from './upstream-quota.js';
import { mappedAccount, requiredAccount } from './mapping.js';
import { defineSyncOperation, emptyTally, mergeTallies, syncedRecordId, syncItems, wanted } from './sync-runs.js';
import type { IntegrationRow } from './tables.js';
import { gatewayCharges, gatewayPayouts, gatewayReversals, type GatewayCharge, type GatewayReversal } from './upstream/gateway.js';

const sumOf = (amounts: number[]): number => money.toNumber(money.sum(amounts));

/** A charge into the clearing account: a payment on the invoice it names (the sales domain's own), else an unapplied receipt. */
function applyCharge(ctx: CompanyContext, integration: IntegrationRow, charge: GatewayCharge): string {
  const clearing = gatewayClearing(ctx, integration);
  const invoice = charge.reference ? invoicesTable(ctx).byIndex('invoiceNumber', charge.reference)[0] : undefined;
  if (invoice) {
    return recordPayment(ctx, invoice.id, {
      amount: charge.amount,
      paymentDate: charge.date,
      paymentMethod: 'credit_card',
      reference: charge.externalId,
      accountId: clearing.id,
    }).id;
  }
  return postEntry(ctx, {
    date: charge.date,
    reference: charge.externalId,
    description: `Card receipt ${charge.externalId} naming no invoice (${charge.customerEmail})`,
    source: { kind: 'gateway_charge', externalId: charge.externalId },
    lines: [
      { accountId: clearing.id, debit: charge.amount },
      { accountId: gatewayUnapplied(ctx, integration).id, credit: charge.amount },
    ],
  });
}

/**
 * The charge a refund or chargeback takes back, in the books: a charge made before the synced range
 * is brought in first (linked as the charge sync links it), so the reversal and its dispute fee land.
 */
function chargeInBooks(ctx: CompanyContext, integration: IntegrationRow, charge: GatewayCharge): string {
  const linked = syncedRecordId(ctx, integration, 'gateway_charge', charge.externalId);
  if (linked) return linked;
  const { failures } = syncItems(ctx, integration, 'gateway_charge', [charge], { create: (c) => applyCharge(ctx, integration, c) });
  if (failures.length > 0)
    throw businessRule(`charge ${charge.externalId} could not be brought into the books: ${failures[0]!.message}`, {
      chargeId: charge.externalId,
    });
  return syncedRecordId(ctx, integration, 'gateway_charge', charge.externalId)!;
}

/** A refund or chargeback gives the money back: the payment is voided (the receivable is owed again), an unapplied receipt reversed. */
function applyReversal(ctx: CompanyContext, integration: IntegrationRow, reversal: GatewayReversal): string {
  const recordId = chargeInBooks(ctx, integration, reversal.charge);
  const clearing = gatewayClearing(ctx, integration);
  const payment = paymentsTable(ctx).get(recordId);
  const label = reversal.kind === 'refund' ? 'Refunded' : 'Charged back';
  let entryId = recordId;
  if (payment) {
    entryId = voidPayment(ctx, payment.invoiceId, payment.id, {
      reason: `${label} through ${integration.name} (${reversal.externalId})`,
      voidDate: reversal.date,
    }).id;
  } else {
    entryId = postEntry(ctx, {
      date: reversal.date,
      reference: reversal.externalId,
      description: `${label}: card receipt ${reversal.chargeId}`,
      source: { kind: `gateway_${reversal.kind}`, externalId: reversal.externalId },
      lines: [
        { accountId: gatewayUnapplied(ctx, integration).id, debit: reversal.amount },
        { accountId: clearing.id, credit: reversal.amount },
      ],
    });
  }
  if (reversal.fee > 0) {
    const fee = requiredAccount(ctx, integration.mapping, 'feeAccount');
    postEntry(ctx, {
      date: reversal.date,
      reference: reversal.externalId,
      description: `Dispute fee on ${reversal.chargeId}`,
      source: { kind: 'gateway_dispute_fee', externalId: reversal.externalId },
      lines: [
        { accountId: fee.id, debit: reversal.fee },
        { accountId: clearing.id, credit: reversal.fee },
      ],
    });
  }
  return entryId;
}

const feeOf = (ctx: CompanyContext, integration: IntegrationRow, charge: GatewayCharge): string =>
  postEntry(ctx, {
    date: charge.date,
    reference: charge.externalId,
    description: `Card fee on ${charge.externalId}`,
    source: { kind: 'gateway_fee', externalId: charge.externalId },
    lines: [
      { accountId: requiredAccount(ctx, integration.mapping, 'feeAccount').id, debit: charge.fee },
      { accountId: gatewayClearing(ctx, integration).id, credit: charge.fee },
    ],
  });

/**
 * `sync-payments` (spec document 3): the gateway's charges of the range onto our invoices, then (unless
 * turned off) their fees to the mapped fee account, refunds and chargebacks. Each upstream record in a
 * savepoint of its own, linked once: run twice, nothing is written twice.
 */
export const syncPaymentsOperation = defineSyncOperation({
  operation: 'sync-payments',
  sync(ctx, integration, request, retry) {
    const body = request as SyncPaymentsParams;
    const days = syncDays(ctx, body.dateRange);
    const includeFees = body.includeFees !== false;
    if (includeFees) requiredAccount(ctx, integration.mapping, 'feeAccount');
    const charges = gatewayCharges(ctx, integration, days);
    const reversals = gatewayReversals(ctx, integration, days).filter((r) =>
      r.kind === 'refund' ? body.includeRefunds !== false : body.includeChargebacks !== false,
    );
    spendUpstreamRequests(ctx, integration, pagesOf(charges.length, FINANCE_PAGE) + pagesOf(reversals.length, FINANCE_PAGE));

    const tally = emptyTally();
    const chargeTally = syncItems(ctx, integration, 'gateway_charge', wanted(charges, retry), {
      create: (c) => applyCharge(ctx, integration, c),
    });
    // A fee is linked as `fee_<charge>`: the gateway's balance transaction, apart from the charge's.
    const feeRecords = charges.map((charge) => ({ externalId: `fee_${charge.externalId}`, version: charge.version, charge }));
    const fees = includeFees
      ? syncItems(ctx, integration, 'gateway_fee', wanted(feeRecords, retry), { create: ({ charge }) => feeOf(ctx, integration, charge) })
      : emptyTally();
    const refunds = syncItems(
      ctx,
      integration,
      'gateway_refund',
      wanted(
        reversals.filter((r) => r.kind === 'refund'),
        retry,
      ),
      { create: (r) => applyReversal(ctx, integration, r) },
    );
    const chargebacks = syncItems(
      ctx,
      integration,
      'gateway_chargeback',
      wanted(
        reversals.filter((r) => r.kind === 'chargeback'),
        retry,
      ),
      { create: (r) => applyReversal(ctx, integration, r) },
    );
    mergeTallies(tally, [chargeTally, fees, refunds, chargebacks]);
    const counters = {
      paymentsProcessed: charges.length,
      paymentsCreated: chargeTally.created,
      paymentsUpdated: chargeTally.updated,
      paymentsFailed: chargeTally.failed,
      refundsProcessed: refunds.created,
      chargebacksProcessed: chargebacks.created,
      feesRecorded: fees.created,
      totalAmount: sumOf(charges.map((c) => c.amount)),
      // The card fees of the range's charges and the dispute fees of its chargebacks: all the gateway charged.
      totalFees: sumOf([...(includeFees ? charges.map((c) => c.fee) : []), ...reversals.map((r) => r.fee)]),
    };
    return { counters, processed: charges.length + reversals.length + (includeFees ? charges.length : 0), tally };
  },
});

/** `sync-transactions` (payload not shown in the spec; decision INT-20): the gateway's payouts, each moving its net from clearing to the bank. */
export const syncTransactionsOperation = defineSyncOperation({
  operation: 'sync-transactions',
  sync(ctx, integration, request, retry) {
    const body = request as SyncTransactionsParams;
    const payouts = gatewayPayouts(ctx, integration, syncDays(ctx, body.dateRange));
    spendUpstreamRequests(ctx, integration, pagesOf(payouts.length, FINANCE_PAGE));
    const bank = mappedAccount(ctx, integration.mapping, 'defaultPaymentAccount') ?? controlAccount(ctx, 'bank');
    const tally = syncItems(ctx, integration, 'gateway_payout', wanted(payouts, retry), {
      create: (payout) => {
        const clearing = gatewayClearing(ctx, integration).id;
        const [debit, credit] = payout.amount > 0 ? [bank.id, clearing] : [clearing, bank.id];
        const amount = Math.abs(payout.amount);
        return postEntry(ctx, {
          date: payout.date,
          reference: payout.externalId,
          description: `Payout ${payout.externalId} of ${payout.covers}`,
          source: { kind: 'gateway_payout', externalId: payout.externalId },
          lines: [
            { accountId: debit, debit: amount },
            { accountId: credit, credit: amount },
          ],
        });
      },
    });
    const counters = {
      payoutsProcessed: payouts.length,
      payoutsCreated: tally.created,
      payoutsFailed: tally.failed,
      totalPaidOut: sumOf(payouts.map((p) => p.amount)),
    };
    return { counters, processed: payouts.length, tally };
  },
});

import type { SyncFeesParams } from '../../../src/contract/index.js';
import { ServiceError } from '../../kernel/errors.js';
import { recordPayment, retrieveInvoice } from '../sales/index.js';
import type { ActingContext } from '../shared/actor.js';
import * as money from '../shared/money.js';
import { postEntry } from './finance-accounts.js';
import { requiredAccount } from './mapping.js';
import { DEFAULT_BATCH_SIZE, syncRange } from './sync-orders.js';
import { pagesOf, spendUpstreamRequests } from './upstream-quota.js';
import { defineSyncOperation, syncedRecordId, syncItems, tallyCounters } from './sync-runs.js';
import type { IntegrationRow } from './tables.js';
import { upstreamSettlements, type UpstreamSettlement } from './upstream/marketplace.js';

/**
 * One settlement in the books (decision INT-16): each order it pays
 * out is a payment of its invoice into the payout account (Dr bank, Cr receivables, through the
 * payments domain), and its fees one journal entry, Dr the mapped fee account, Cr the payout account:
 * the bank then holds the payout, the receivables of the settled orders are cleared and every entry balances.
 */
function recordSettlement(ctx: ActingContext, integration: IntegrationRow, settlement: UpstreamSettlement): string {
  const feeAccount = requiredAccount(ctx, integration.mapping, 'feeAccount');
  const payoutAccount = requiredAccount(ctx, integration.mapping, 'defaultPaymentAccount');
  for (const order of settlement.orders) {
    const invoiceId = syncedRecordId(ctx, integration, 'order', order.externalId);
    if (!invoiceId) {
      throw new ServiceError(
        'ORDER_NOT_SYNCED',
        `Order ${order.orderNumber} of settlement ${settlement.externalId} is not in the books: run sync-orders for ${settlement.periodStart} to ${settlement.periodEnd} first`,
      );
    }
    const invoice = retrieveInvoice(ctx, invoiceId);
    if (invoice.amountDue > 0) {
      recordPayment(ctx, invoice.id, {
        amount: invoice.amountDue,
        paymentDate: settlement.settlementDate,
        accountId: payoutAccount.id,
        reference: settlement.externalId,
        notes: `${integration.name} settlement`,
      });
    }
  }
  const fees = money.toNumber(money.sum(settlement.fees.map((fee) => fee.amount)));
  return postEntry(ctx, {
    date: settlement.settlementDate,
    reference: settlement.externalId,
    description: `${integration.name} fees, ${settlement.periodStart} to ${settlement.periodEnd}`,
    lines: [
      { accountId: feeAccount.id, debit: fees, description: `Referral and fulfilment fees (${settlement.fees.length})` },
      { accountId: payoutAccount.id, credit: fees, description: `Fees withheld from the payout of ${settlement.externalId}` },
    ],
    source: { kind: 'marketplace_settlement', externalId: settlement.externalId },
  });
}

// Spec document 3, "Integrations": POST /v1/integrations/{connector}/sync-fees (reportType settlement).
export const syncFees = defineSyncOperation({
  operation: 'sync-fees',
  sync(ctx, integration, request, retry) {
    const asked = request as Omit<SyncFeesParams, 'integrationId'>;
    // Checked before reading: a sync that cannot post is refused whole (422 DATA_MAPPING_ERROR).
    requiredAccount(ctx, integration.mapping, 'feeAccount');
    requiredAccount(ctx, integration.mapping, 'defaultPaymentAccount');
    const { from, to } = syncRange(ctx, asked.dateRange);
    const settlements = upstreamSettlements(ctx, integration, from, to).filter((s) => !retry || retry.only.has(s.externalId));
    spendUpstreamRequests(ctx, integration, pagesOf(settlements.length, DEFAULT_BATCH_SIZE));
    const recorded: UpstreamSettlement[] = [];
    const tally = syncItems(ctx, integration, 'settlement', settlements, {
      create(settlement) {
        const entryId = recordSettlement(ctx, integration, settlement);
        recorded.push(settlement);
        return entryId;
      },
    });
    const totalFees = money.toNumber(money.sum(recorded.flatMap((s) => s.fees.map((fee) => fee.amount))));
    const counters = { ...tallyCounters(tally), feesRecorded: recorded.reduce((n, s) => n + s.fees.length, 0), totalFees };
    return { counters, processed: settlements.length, tally };
  },
});

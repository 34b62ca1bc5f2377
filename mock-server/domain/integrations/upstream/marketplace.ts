import type { CompanyContext } from '../../../store/context.js';
import { addDays, mondayOf } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import type { IntegrationRow } from '../tables.js';
import { upstreamOrders, UPSTREAM_HISTORY_DAYS, type UpstreamOrder } from './store.js';

// The simulated marketplace's settlement report (spec document 3, "Integrations": sync-fees,
// `reportType: settlement`): a settlement a week, paying out the week's paid orders less its fees.

/** Referral fee: a percent of each order's goods; fulfilment fee: per unit shipped. */
export const REFERRAL_FEE_PERCENT = 8;
export const FULFILMENT_FEE_PER_UNIT = 1.5;
/** A week's settlement pays out this many days after the week ends. */
const PAYOUT_AFTER_DAYS = 3;

export interface UpstreamFee {
  orderId: string;
  type: 'referral_fee' | 'fulfilment_fee';
  amount: number;
}

export interface UpstreamSettlement {
  externalId: string;
  version: string;
  periodStart: string;
  periodEnd: string;
  /** The day the payout lands in the seller's bank. */
  settlementDate: string;
  /** The paid orders the settlement pays out. */
  orders: UpstreamOrder[];
  fees: UpstreamFee[];
}

function feesOf(order: UpstreamOrder): UpstreamFee[] {
  const goods = money.sum(order.items.map((line) => money.parse(line.price).times(line.quantity)));
  const units = order.items.reduce((n, line) => n + line.quantity, 0);
  return [
    {
      orderId: order.externalId,
      type: 'referral_fee',
      amount: money.toNumber(money.round(goods.times(REFERRAL_FEE_PERCENT).dividedBy(100))),
    },
    {
      orderId: order.externalId,
      type: 'fulfilment_fee',
      amount: money.toNumber(money.round(money.parse(FULFILMENT_FEE_PER_UNIT).times(units))),
    },
  ];
}

/** The settlements paid out from `from` to `to` (by settlement date), not after today. */
export function upstreamSettlements(ctx: CompanyContext, integration: IntegrationRow, from: string, to: string): UpstreamSettlement[] {
  const today = ctx.clock.today();
  const settlements: UpstreamSettlement[] = [];
  for (let start = mondayOf(addDays(today, -UPSTREAM_HISTORY_DAYS + 7)); start <= today; start = addDays(start, 7)) {
    const periodEnd = addDays(start, 6);
    const settlementDate = addDays(periodEnd, PAYOUT_AFTER_DAYS);
    if (settlementDate > today || settlementDate < from || settlementDate > to) continue;
    // A refund shows two days after its order, so by the payout every refund of the week is known: refunded orders are not paid out.
    const paid = upstreamOrders(ctx, integration, start, periodEnd).filter((order) => order.status === 'paid');
    if (paid.length === 0) continue;
    settlements.push({
      externalId: `stl_${start.replaceAll('-', '')}`,
      version: settlementDate,
      periodStart: start,
      periodEnd,
      settlementDate,
      orders: paid,
      fees: paid.flatMap(feesOf),
    });
  }
  return settlements;
}

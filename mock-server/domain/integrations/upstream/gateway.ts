import type { CompanyContext } from '../../../store/context.js';
import { invoicesTable, type InvoiceRow } from '../../sales/index.js';
import { addDays } from '../../shared/calendar.js';
import { companyCurrency } from '../../platform/index.js';
import * as money from '../../shared/money.js';
import { syncedRecordId, type UpstreamRecord } from '../sync-runs.js';
import type { IntegrationRow } from '../tables.js';
import { upstreamRandom } from '../upstream-random.js';

/**
 * The simulated payment gateway (INT-1, INT-20): card charges, each with its fee (2.9% + 1.00), full
 * refunds, chargebacks (with a 15.00 fee) and a payout two days after each day of activity. Customers
 * pay the company's open invoices through it: an invoice is paid by card with a chance seeded by its
 * number, some days after its date, for its total, the charge naming the invoice number; other charges
 * name no invoice. Everything is seeded by the integration id, an invoice number or a day, so a range
 * read twice shows the same records.
 */
export interface GatewayCharge extends UpstreamRecord {
  date: string;
  amount: number;
  fee: number;
  customerEmail: string;
  /** Our invoice number the customer typed in, when there is one. */
  reference: string | null;
}

export interface GatewayReversal extends UpstreamRecord {
  kind: 'refund' | 'chargeback';
  date: string;
  chargeId: string;
  /** The charge it takes back, as the gateway's dispute and refund objects carry it. */
  charge: GatewayCharge;
  amount: number;
  /** The gateway's dispute fee (chargebacks only). */
  fee: number;
}

export interface GatewayPayout extends UpstreamRecord {
  date: string;
  /** The day whose activity it settles. */
  covers: string;
  /** Charges less fees, refunds and chargebacks of that day: negative when the gateway takes money back. */
  amount: number;
}

export const CHARGEBACK_FEE = 15;
export const PAYOUT_DELAY_DAYS = 2;
const EMAILS = ['aisyah@example.com', 'wei.ling@example.com', 'ravi@example.com', 'siti@example.com', 'jason@example.com'];

const chargeFee = (amount: number): number => money.toNumber(money.round(money.parse(amount).times('0.029').plus(1)));

/** The invoices the gateway's customers pay: sent and wholly unpaid, or already paid by this gateway's charge. */
function payableInvoices(ctx: CompanyContext, integration: IntegrationRow): InvoiceRow[] {
  // The gateway settles in the company's currency only.
  const currency = companyCurrency(ctx);
  return invoicesTable(ctx)
    .all()
    .filter((inv) => inv.status !== 'draft' && inv.status !== 'cancelled' && inv.currency === currency)
    .filter((inv) => inv.amountPaid === 0 || syncedRecordId(ctx, integration, 'gateway_charge', chargeIdOf(inv)) !== undefined);
}

const chargeIdOf = (invoice: Pick<InvoiceRow, 'invoiceNumber'>) => `ch_${invoice.invoiceNumber}`;

/** The charges of the given days, in date order. */
export function gatewayCharges(ctx: CompanyContext, integration: IntegrationRow, days: readonly string[]): GatewayCharge[] {
  const inRange = new Set(days);
  const charges: GatewayCharge[] = [];
  for (const invoice of payableInvoices(ctx, integration)) {
    const rng = upstreamRandom(integration.id, `pay:${invoice.invoiceNumber}`);
    if (!rng.chance(0.6)) continue;
    const date = addDays(invoice.invoiceDate, rng.int(0, 10));
    if (!inRange.has(date)) continue;
    charges.push({
      externalId: chargeIdOf(invoice),
      version: '1',
      date,
      amount: invoice.total,
      fee: chargeFee(invoice.total),
      customerEmail: invoice.customer.email ?? rng.pick(EMAILS),
      reference: invoice.invoiceNumber,
    });
  }
  for (const day of days) {
    const rng = upstreamRandom(integration.id, `walk-in:${day}`);
    if (!rng.chance(0.3)) continue;
    const amount = money.fromCents(rng.int(2000, 30000));
    charges.push({
      externalId: `ch_${day.replaceAll('-', '')}_w`,
      version: '1',
      date: day,
      amount,
      fee: chargeFee(amount),
      customerEmail: rng.pick(EMAILS),
      reference: null,
    });
  }
  return charges.sort((a, b) => a.date.localeCompare(b.date) || a.externalId.localeCompare(b.externalId));
}

/** The refunds and chargebacks dated in `days` of charges made up to 20 days before them. */
export function gatewayReversals(ctx: CompanyContext, integration: IntegrationRow, days: readonly string[]): GatewayReversal[] {
  if (days.length === 0) return [];
  const inRange = new Set(days);
  const earlier = Array.from({ length: days.length + 20 }, (_, i) => addDays(days[0]!, i - 20));
  return gatewayCharges(ctx, integration, earlier).flatMap((charge): GatewayReversal[] => {
    const rng = upstreamRandom(integration.id, `reverse:${charge.externalId}`);
    const roll = rng.next();
    const kind = roll < 0.08 ? 'refund' : roll < 0.12 ? 'chargeback' : null;
    const date = addDays(charge.date, rng.int(1, 15));
    if (!kind || !inRange.has(date)) return [];
    const prefix = kind === 'refund' ? 're' : 'dp';
    return [
      {
        externalId: `${prefix}_${charge.externalId.slice(3)}`,
        version: '1',
        kind,
        date,
        chargeId: charge.externalId,
        charge,
        amount: charge.amount,
        fee: kind === 'chargeback' ? CHARGEBACK_FEE : 0,
      },
    ];
  });
}

/** The payouts dated in `days`: each settles the day `PAYOUT_DELAY_DAYS` before it. */
export function gatewayPayouts(ctx: CompanyContext, integration: IntegrationRow, days: readonly string[]): GatewayPayout[] {
  const covered = days.map((day) => addDays(day, -PAYOUT_DELAY_DAYS));
  const charges = gatewayCharges(ctx, integration, covered);
  const reversals = gatewayReversals(ctx, integration, covered);
  return covered.flatMap((day): GatewayPayout[] => {
    const inflow = money.sum(charges.filter((c) => c.date === day).map((c) => money.subtract(c.amount, c.fee)));
    const outflow = money.sum(reversals.filter((r) => r.date === day).map((r) => money.add(r.amount, r.fee)));
    const amount = money.toNumber(money.subtract(inflow, outflow));
    return amount === 0
      ? []
      : [{ externalId: `po_${day.replaceAll('-', '')}`, version: '1', date: addDays(day, PAYOUT_DELAY_DAYS), covers: day, amount }];
  });
}

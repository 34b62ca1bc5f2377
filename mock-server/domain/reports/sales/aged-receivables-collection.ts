import type { CompanyContext } from '../../../store/context.js';
import { invoicesTable, paymentsTable, type PaymentRow } from '../../sales/index.js';
import { daysBetween } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import type { ReceivableFlows } from './aged-receivables-ledger.js';
import { percentOf } from './sales-facts.js';

// The collection figures of the aged receivables summary (decision REP-42).

/** The window the collection figures look back over, ending on `asOfDate`. */
export const COLLECTION_WINDOW_DAYS = 90;

/** A payment that stood on `asOfDate`: dated by then and not voided by then. */
const standing = (payment: PaymentRow, asOfDate: string): boolean =>
  payment.paymentDate <= asOfDate && !(payment.status === 'voided' && payment.voidDate !== null && payment.voidDate <= asOfDate);

/** The customer's latest payment standing on `asOfDate` (the later recorded on one day), or null. */
export function lastPaymentOn(ctx: CompanyContext, customerId: string, asOfDate: string): PaymentRow | null {
  let last: PaymentRow | null = null;
  for (const payment of paymentsTable(ctx).byIndex('customerId', customerId)) {
    if (!standing(payment, asOfDate)) continue;
    if (
      !last ||
      payment.paymentDate > last.paymentDate ||
      (payment.paymentDate === last.paymentDate && payment.createdAt >= last.createdAt)
    )
      last = payment;
  }
  return last;
}

/**
 * Over the window `windowFrom` to `asOfDate`: `averageDaysToCollect`, the days from invoice date to
 * payment date of the payments standing in it, weighted by what each settled; `collectionEfficiency`,
 * what payments collected over what was collectable (receivables at the window's start plus what was
 * invoiced in it), in percent.
 */
export function collectionFigures(
  ctx: CompanyContext,
  input: { asOfDate: string; windowFrom: string; customerId?: string; opening: money.Amount; flows: ReceivableFlows },
): { averageDaysToCollect: number | null; collectionEfficiency: number | null } {
  const invoices = invoicesTable(ctx);
  const payments = input.customerId === undefined ? paymentsTable(ctx).all() : paymentsTable(ctx).byIndex('customerId', input.customerId);
  let weighted = money.ZERO;
  let settled = money.ZERO;
  for (const payment of payments) {
    if (payment.paymentDate < input.windowFrom || !standing(payment, input.asOfDate)) continue;
    const invoice = invoices.get(payment.invoiceId);
    if (!invoice) continue;
    weighted = weighted.plus(money.parse(payment.baseSettled).times(daysBetween(invoice.invoiceDate, payment.paymentDate)));
    settled = settled.plus(payment.baseSettled);
  }
  return {
    averageDaysToCollect: settled.greaterThan(0) ? money.toNumber(weighted.dividedBy(settled)) : null,
    collectionEfficiency: percentOf(input.flows.collected, input.opening.plus(input.flows.billed)),
  };
}

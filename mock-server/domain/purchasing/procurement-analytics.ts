import {
  PURCHASE_ORDER_STATUSES,
  REQUISITION_STATUSES,
  RFQ_STATUSES,
  type ProcurementAnalytics,
  type ProcurementAnalyticsParams,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { companyToday } from '../shared/calendar.js';
import * as money from '../shared/money.js';
import { companyCurrency } from '../platform/index.js';
import { toBase } from '../sales/index.js';
import { rfqStatusOf } from './rfqs.js';
import { requisitionsTable, rfqsTable, type RfqRow } from './requisition-rfq-tables.js';
import { purchaseOrdersTable, type PurchaseOrderRow } from './tables.js';

const DAY_MS = 86_400_000;

/** Mean days between two timestamps over the pairs that have both, two decimals; null when none has. */
function averageDays(pairs: readonly [string | null, string | null][]): number | null {
  const spans = pairs
    .filter(([from, to]) => from !== null && to !== null)
    .map(([from, to]) => (Date.parse(to!) - Date.parse(from!)) / DAY_MS);
  return spans.length === 0 ? null : Math.round((spans.reduce((a, b) => a + b, 0) / spans.length) * 100) / 100;
}

/** `part / whole` as a percent with two decimals; null for an empty whole. */
const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : money.toNumber(money.parse(part).dividedBy(whole).times(100));

/** What awarding saved on one RFQ, in its currency: per awarded line, the highest quote less the awarded one. */
function rfqSavings(rfq: RfqRow): { highest: money.Amount; awarded: money.Amount } {
  const winner = rfq.responses.find((r) => r.supplierId === rfq.awardedSupplierId);
  let highest = money.ZERO;
  let awarded = money.ZERO;
  for (const quote of winner?.lines ?? []) {
    const line = rfq.lines.find((l) => l.id === quote.lineId)!;
    const prices = rfq.responses.flatMap((r) => r.lines.filter((q) => q.lineId === quote.lineId).map((q) => q.unitPrice));
    const top = prices.reduce((max, p) => (money.compare(p, max) > 0 ? p : max), quote.unitPrice);
    highest = highest.plus(money.round(money.parse(top).times(line.quantity)));
    awarded = awarded.plus(money.round(money.parse(quote.unitPrice).times(line.quantity)));
  }
  return { highest, awarded };
}

/**
 * `GET /reports/purchasing/procurement-analytics` (spec document 2: path only; our design, decision
 * PUR-51). Requisitions count by `requestDate`, RFQs by `rfqDate`, purchase orders by
 * `orderDate`, within the period (inclusive, either end open); values are in the company's currency.
 */
export function procurementAnalytics(ctx: CompanyContext, query: ProcurementAnalyticsParams = {}): ProcurementAnalytics {
  const { fromDate, toDate } = query;
  const within = (date: string) => (fromDate === undefined || date >= fromDate) && (toDate === undefined || date <= toDate);
  const today = companyToday(ctx);
  const requisitions = requisitionsTable(ctx)
    .all()
    .filter((r) => within(r.requestDate));
  const rfqs = rfqsTable(ctx)
    .all()
    .filter((r) => within(r.rfqDate));
  const orders = purchaseOrdersTable(ctx)
    .all()
    .filter((o) => within(o.orderDate));
  const orderById = new Map(
    purchaseOrdersTable(ctx)
      .all()
      .map((o) => [o.id, o]),
  );

  const sent = rfqs.filter((r) => r.status !== 'draft');
  const invitations = sent.reduce((n, r) => n + r.supplierIds.length, 0);
  const responses = sent.reduce((n, r) => n + r.responses.length, 0);

  const orderValue = (status?: string) =>
    money.toNumber(
      money.sum(
        orders.filter((o) => (status ? o.status === status : o.status !== 'cancelled')).map((o) => toBase(o.total, o.exchangeRate)),
      ),
    );
  return {
    fromDate: fromDate ?? null,
    toDate: toDate ?? null,
    currency: companyCurrency(ctx),
    requisitions: {
      count: requisitions.length,
      estimatedValue: money.toNumber(money.sum(requisitions.map((r) => r.estimatedTotal))),
      byStatus: REQUISITION_STATUSES.map((status) => {
        const of = requisitions.filter((r) => r.status === status);
        return { status, count: of.length, value: money.toNumber(money.sum(of.map((r) => r.estimatedTotal))) };
      }),
    },
    rfqs: {
      count: rfqs.length,
      byStatus: RFQ_STATUSES.map((status) => ({ status, count: rfqs.filter((r) => rfqStatusOf(r, today) === status).length })),
      invitations,
      responses,
      responseRate: percent(responses, invitations),
    },
    purchaseOrders: {
      count: orders.length,
      value: orderValue(),
      byStatus: PURCHASE_ORDER_STATUSES.map((status) => ({
        status,
        count: orders.filter((o) => o.status === status).length,
        value: orderValue(status),
      })),
      fromRequisitions: orders.filter((o) => o.requisitionId !== null).length,
      fromRfqs: orders.filter((o) => o.rfqId !== null).length,
    },
    cycleTimes: {
      requisitionToApprovalDays: averageDays(requisitions.map((r) => [r.createdAt, r.approvedAt])),
      approvalToPurchaseOrderDays: averageDays(requisitions.map((r) => [r.approvedAt, r.convertedAt])),
      requisitionToPurchaseOrderDays: averageDays(requisitions.map((r) => [r.createdAt, r.convertedAt])),
    },
    savings: awardedSavings(rfqs, orderById),
  };
}

/** What awarding saved against each awarded RFQ's highest quote, in base currency at its order's rate. */
function awardedSavings(rfqs: readonly RfqRow[], orderById: ReadonlyMap<string, PurchaseOrderRow>) {
  const awarded = rfqs.filter((r) => r.status === 'awarded' && r.purchaseOrderId !== null);
  let highestQuotes = money.ZERO;
  let awardedValue = money.ZERO;
  for (const rfq of awarded) {
    const rate = orderById.get(rfq.purchaseOrderId!)?.exchangeRate ?? 1;
    const { highest, awarded: value } = rfqSavings(rfq);
    highestQuotes = highestQuotes.plus(toBase(highest, rate));
    awardedValue = awardedValue.plus(toBase(value, rate));
  }
  return {
    awardedRfqs: awarded.length,
    highestQuotesValue: money.toNumber(highestQuotes),
    awardedValue: money.toNumber(awardedValue),
    savings: money.toNumber(highestQuotes.minus(awardedValue)),
  };
}

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { isoDate, moneyTotal } from '../common.js';
import { dateOrder } from '../sales/document-lines.js';

// Spec document 2, "Procurement workflows": the path only; parameters and response are ours (decision PUR-51).

/** Documents of one status: how many, and their value in the company's currency. */
const StatusCount = z.object({ status: z.string(), count: z.number().int(), value: moneyTotal() });
/** RFQs of one status: how many (an RFQ has no value of its own until awarded). */
const StatusTally = z.object({ status: z.string(), count: z.number().int() });

/**
 * `GET /reports/purchasing/procurement-analytics`: requisitions, RFQs and purchase orders dated in the
 * period, by status; the average days from raising a requisition to its approval and from approval to
 * its purchase orders; the RFQ response rate; and what awarding saved against the highest quotes.
 */
export const ProcurementAnalytics = z.object({
  fromDate: isoDate().nullable(),
  toDate: isoDate().nullable(),
  currency: z.string().length(3),
  requisitions: z.object({ count: z.number().int(), estimatedValue: moneyTotal(), byStatus: z.array(StatusCount) }),
  rfqs: z.object({
    count: z.number().int(),
    byStatus: z.array(StatusTally),
    /** Invitations of sent RFQs, and the responses they had. */
    invitations: z.number().int(),
    responses: z.number().int(),
    /** Responses as a percent of invitations; null without invitations. */
    responseRate: z.number().nullable(),
  }),
  purchaseOrders: z.object({
    count: z.number().int(),
    /** Of the orders not cancelled. */
    value: moneyTotal(),
    byStatus: z.array(StatusCount),
    fromRequisitions: z.number().int(),
    fromRfqs: z.number().int(),
  }),
  /** Averages in days (two decimals) over the requisitions that reached the step; null when none did. */
  cycleTimes: z.object({
    requisitionToApprovalDays: z.number().nullable(),
    approvalToPurchaseOrderDays: z.number().nullable(),
    requisitionToPurchaseOrderDays: z.number().nullable(),
  }),
  /** Over awarded RFQs: per awarded line, the highest quote less the awarded one, in the company's currency. */
  savings: z.object({ awardedRfqs: z.number().int(), highestQuotesValue: moneyTotal(), awardedValue: moneyTotal(), savings: moneyTotal() }),
});
export type ProcurementAnalytics = z.infer<typeof ProcurementAnalytics>;

/** Document dates from and to, inclusive; either may be open. */
export const ProcurementAnalyticsParams = z
  .object({ fromDate: isoDate().optional(), toDate: isoDate().optional() })
  .superRefine(dateOrder('fromDate', 'toDate'));
export type ProcurementAnalyticsParams = z.input<typeof ProcurementAnalyticsParams>;

export const reportsPurchasingProcurementAnalytics = endpoint({
  id: 'reports.purchasing.procurementAnalytics',
  method: 'GET',
  path: '/reports/purchasing/procurement-analytics',
  scope: 'read:reports',
  summary: 'Procurement analytics: requisitions, RFQs and purchase orders by status, cycle times, response rate and savings',
  description: 'Requisitions, RFQs and purchase orders of a period by status, cycle times, RFQ response rate and ' + 'savings from awards.',
  example:
    "const { cycleTimes, savings } = await acs.reports.purchasing.procurementAnalytics({ fromDate: '2026-01-01', toDate: '2026-12-31' });",
  exampleCall: { query: { fromDate: '2026-01-01' } },
  query: ProcurementAnalyticsParams,
  response: ProcurementAnalytics,
});

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { isoDate, moneyTotal } from '../common.js';
import { dateOrder } from './document-lines.js';

// Figures read from the sales documents: the customer summary and the sales funnel.

/** `GET /customers/{id}/summary` (spec document 2, "Customers"); how each figure is computed: decision SALES-50. */
export const CustomerSummary = z.object({
  customerId: z.string(),
  currency: z.string().length(3),
  asOfDate: isoDate(),
  summary: z.object({
    totalSales: moneyTotal(),
    totalInvoices: z.number().int(),
    averageOrderValue: moneyTotal(),
    currentBalance: moneyTotal(),
    creditUtilization: z.number(),
    paymentHistory: z.object({
      onTimePayments: z.number().int(),
      latePayments: z.number().int(),
      averagePaymentDays: z.number().nullable(),
    }),
    lastOrderDate: isoDate().nullable(),
    daysSinceLastOrder: z.number().int().nullable(),
    /** Average days between consecutive orders. */
    orderFrequency: z.number().nullable(),
  }),
  trends: z.object({
    salesGrowth: z.number().nullable(),
    orderVolumeGrowth: z.number().nullable(),
    paymentDaysImprovement: z.number().nullable(),
  }),
  topProducts: z.array(
    z.object({
      itemId: z.string(),
      itemCode: z.string().nullable(),
      description: z.string(),
      quantityOrdered: z.number(),
      totalValue: moneyTotal(),
    }),
  ),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;

export const FUNNEL_STAGES = ['quote', 'order', 'invoice', 'paid'] as const;

/** `GET /analytics/sales-funnel` (spec document 2: response not shown; our shape: decision SALES-51). */
export const SalesFunnel = z.object({
  dateFrom: isoDate().nullable(),
  dateTo: isoDate().nullable(),
  customerId: z.string().nullable(),
  currency: z.string().length(3),
  stages: z.array(
    z.object({
      stage: z.enum(FUNNEL_STAGES),
      count: z.number().int(),
      value: moneyTotal(),
      /** This stage's count as a percent of the previous stage's; null for the first stage or after an empty one. */
      conversionRate: z.number().nullable(),
    }),
  ),
  /** Paid invoices as a percent of quotes; null without quotes. */
  overallConversionRate: z.number().nullable(),
});
export type SalesFunnel = z.infer<typeof SalesFunnel>;

export const SalesFunnelParams = z
  .object({
    dateFrom: isoDate().optional(),
    dateTo: isoDate().optional(),
    customerId: z.string().optional(),
  })
  .superRefine(dateOrder('dateFrom', 'dateTo'));

const CustomerIdParams = z.object({ customerId: z.string() });

export const customersSummary = endpoint({
  id: 'customers.summary',
  method: 'GET',
  path: '/customers/{customerId}/summary',
  scope: 'read:customers',
  summary: "A customer's sales, balance, payment behaviour, trends and top products, from its documents",
  params: CustomerIdParams,
  response: CustomerSummary,
});

export const analyticsSalesFunnel = endpoint({
  id: 'analytics.salesFunnel',
  method: 'GET',
  path: '/analytics/sales-funnel',
  scope: 'read:reports',
  summary: 'Quotes -> orders -> invoices -> paid: counts, values and conversion rates between two dates',
  query: SalesFunnelParams,
  response: SalesFunnel,
});

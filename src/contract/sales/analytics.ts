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
  description:
    "The customer's sales figures, computed from its quotes, orders, invoices and payments by the " +
    "service's clock: total sales, balance, credit utilisation, on-time and late payments, order " +
    'frequency, 90-day trends and top products.',
  example: 'const { summary, topProducts } = await acs.customers.summary(customer.id);',
  exampleCall: { params: { customerId: { first: 'customers.list' } } },
  params: CustomerIdParams,
  response: CustomerSummary,
});

export const analyticsSalesFunnel = endpoint({
  id: 'analytics.salesFunnel',
  method: 'GET',
  path: '/analytics/sales-funnel',
  scope: 'read:reports',
  summary: 'Quotes -> orders -> invoices -> paid: counts, values and conversion rates between two dates',
  description:
    'The sales funnel between `dateFrom` and `dateTo` (optionally for one `customerId`): quotes, orders, ' +
    "invoices and paid invoices dated in the period, with counts, values in the company's currency and " +
    "each stage's conversion rate from the one before.",
  example: "const { stages } = await acs.analytics.salesFunnel({ dateFrom: '2026-01-01', dateTo: '2026-12-31' });",
  exampleCall: { query: { dateFrom: '2026-01-01' } },
  query: SalesFunnelParams,
  response: SalesFunnel,
});

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { isoDate, isoDateTime, moneyTotal, queryInt } from '../common.js';
import { dateOrder, text } from '../sales/document-lines.js';

// Spec document 2, "Procurement workflows": supplier performance paths; "fields of the supplier performance
// records: not shown" (the shapes are ours: PUR-24 to PUR-26).

/** A period over receipt, order and rating dates; both ends optional and inclusive (none: all time). */
export const SupplierPerformanceParams = z
  .object({
    fromDate: isoDate().optional(),
    toDate: isoDate().optional(),
  })
  .superRefine(dateOrder('fromDate', 'toDate'));
export type SupplierPerformanceParams = z.input<typeof SupplierPerformanceParams>;

/** How receipts arrived: on time when the receipt date is on or before every due date of the lines it brings. */
export const SupplierDeliverySummary = z.object({
  receiptCount: z.number().int(),
  onTimeCount: z.number().int(),
  lateCount: z.number().int(),
  /** Percent of the receipts with a due date that came on time; null when none had one. */
  onTimeRate: z.number().nullable(),
  /** Days from order date to receipt date, averaged over receipts; null without receipts. */
  averageLeadDays: z.number().nullable(),
});
export type SupplierDeliverySummary = z.infer<typeof SupplierDeliverySummary>;

/** Average score (1 to 5) per criterion over the ratings that gave it; `overall` averages each rating's own mean. */
export const SupplierRatingAverages = z.object({
  count: z.number().int(),
  quality: z.number().nullable(),
  delivery: z.number().nullable(),
  price: z.number().nullable(),
  communication: z.number().nullable(),
  overall: z.number().nullable(),
});
export type SupplierRatingAverages = z.infer<typeof SupplierRatingAverages>;

/** `GET /suppliers/{id}/performance`, and one row of the supplier performance report. */
export const SupplierPerformance = z.object({
  supplierId: z.string(),
  supplierNumber: z.string(),
  supplierName: z.string(),
  periodFrom: isoDate().nullable(),
  periodTo: isoDate().nullable(),
  /** The company's currency: every value below is in it. */
  currency: z.string(),
  /** Orders dated in the period that were sent (drafts and cancelled orders are not counted). */
  orderCount: z.number().int(),
  /** Of those, still waiting for goods. */
  openOrderCount: z.number().int(),
  cancelledOrderCount: z.number().int(),
  /** Net of tax, of the orders counted. */
  orderedValue: moneyTotal(),
  /** Net of tax, of the goods received in the period. */
  receivedValue: moneyTotal(),
  delivery: SupplierDeliverySummary,
  quality: SupplierRatingAverages,
  /** 0 to 100: the mean of the on-time rate and the overall rating as a percent of 5, of those known; null with neither. */
  score: z.number().nullable(),
});
export type SupplierPerformance = z.infer<typeof SupplierPerformance>;

/** One receipt judged for delivery. */
export const SupplierDeliveryRecord = z.object({
  receiptId: z.string(),
  receiptNumber: z.string(),
  purchaseOrderId: z.string(),
  poNumber: z.string(),
  orderDate: isoDate(),
  /** The earliest due date of the lines received: line `expectedDate`, else the order's `requiredDate`; null when none. */
  dueDate: isoDate().nullable(),
  receivedDate: isoDate(),
  leadDays: z.number().int(),
  /** Days after the due date; 0 when on time or without a due date. */
  daysLate: z.number().int(),
  /** Null without a due date. */
  onTime: z.boolean().nullable(),
});
export type SupplierDeliveryRecord = z.infer<typeof SupplierDeliveryRecord>;

export const SupplierDeliveryPerformance = z.object({
  supplierId: z.string(),
  supplierName: z.string(),
  periodFrom: isoDate().nullable(),
  periodTo: isoDate().nullable(),
  summary: SupplierDeliverySummary,
  /** Oldest first. */
  receipts: z.array(SupplierDeliveryRecord),
});
export type SupplierDeliveryPerformance = z.infer<typeof SupplierDeliveryPerformance>;

/** A score from 1 (poor) to 5 (excellent). */
const score = () => z.number().int().min(1).max(5);

export const SupplierRating = z.object({
  id: z.string(),
  supplierId: z.string(),
  /** The receipt rated; null for a rating of a period. */
  receiptId: z.string().nullable(),
  purchaseOrderId: z.string().nullable(),
  periodFrom: isoDate().nullable(),
  periodTo: isoDate().nullable(),
  /** The company's date of the rating: what `fromDate`/`toDate` filter. */
  date: isoDate(),
  quality: z.number().int().nullable(),
  delivery: z.number().int().nullable(),
  price: z.number().int().nullable(),
  communication: z.number().int().nullable(),
  /** The mean of the criteria given, two decimals. */
  overall: z.number(),
  comments: z.string().nullable(),
  ratedBy: z.string(),
  createdAt: isoDateTime(),
});
export type SupplierRating = z.infer<typeof SupplierRating>;

export const SupplierQualityRatingsParams = z
  .object({
    fromDate: isoDate().optional(),
    toDate: isoDate().optional(),
    /** How many of the newest ratings `ratings` lists (default 50, max 200); the averages cover every rating of the period. */
    limit: queryInt().pipe(z.number().min(1).max(200)).optional(),
  })
  .superRefine(dateOrder('fromDate', 'toDate'));
export type SupplierQualityRatingsParams = z.input<typeof SupplierQualityRatingsParams>;

export const SupplierQualityRatings = z.object({
  supplierId: z.string(),
  supplierName: z.string(),
  periodFrom: isoDate().nullable(),
  periodTo: isoDate().nullable(),
  averages: SupplierRatingAverages,
  /** Newest first. */
  ratings: z.array(SupplierRating),
});
export type SupplierQualityRatings = z.infer<typeof SupplierQualityRatings>;

/** A rating of one receipt (`receiptId`) or of a period (`periodFrom`, `periodTo`); at least one criterion. */
export const SupplierRatingCreateParams = z
  .object({
    /** A receipt of this supplier's orders (another's: 422), rated once (again: 409 `CONFLICT`); not with a period. */
    receiptId: z.string().min(1).max(100).optional(),
    /** `YYYY-MM-DD`, the first day of the period rated; required with `periodTo` when there is no `receiptId`. */
    periodFrom: isoDate().optional(),
    /** `YYYY-MM-DD`, the last day of the period rated, on or after `periodFrom`; required without `receiptId`. */
    periodTo: isoDate().optional(),
    /** Quality of the goods, an integer 1 (poor) to 5 (excellent); omitted: not scored. */
    quality: score().optional(),
    /** Delivery, an integer 1 (poor) to 5 (excellent); omitted: not scored. */
    delivery: score().optional(),
    /** Price, an integer 1 (poor) to 5 (excellent); omitted: not scored. At least one of the four criteria is needed. */
    price: score().optional(),
    /** Communication, an integer 1 (poor) to 5 (excellent); omitted: not scored. */
    communication: score().optional(),
    /** Free text, up to 2,000 characters; trimmed, blank stores null. */
    comments: text(2000).nullable().optional(),
  })
  .superRefine(dateOrder('periodFrom', 'periodTo'));
export type SupplierRatingCreateParams = z.input<typeof SupplierRatingCreateParams>;

/** `GET /reports/purchasing/supplier-performance`: every supplier, ranked: best `score` first, then by ordered value, then by name. */
export const SupplierPerformanceReport = z.object({
  reportName: z.string(),
  periodFrom: isoDate().nullable(),
  periodTo: isoDate().nullable(),
  currency: z.string(),
  /** In rank order: the first is rank 1. */
  suppliers: z.array(SupplierPerformance),
});
export type SupplierPerformanceReport = z.infer<typeof SupplierPerformanceReport>;

const SupplierIdParams = z.object({ supplierId: z.string() });

export const suppliersPerformance = endpoint({
  id: 'suppliers.performance',
  method: 'GET',
  path: '/suppliers/{supplierId}/performance',
  scope: 'read:inventory',
  summary: "A supplier's orders, spend, delivery and ratings over a period",
  description:
    'Orders placed, spend (net of tax, company currency), on-time rate, average lead time and average ' +
    'ratings over `fromDate`..`toDate` (default all time), with a 0 to 100 `score`.',
  example: "const { orderedValue, delivery, quality, score } = await acs.suppliers.performance(supplierId, { fromDate: '2026-01-01' });",
  exampleCall: { params: { supplierId: { first: 'suppliers.list' } }, query: { fromDate: '2026-01-01' } },
  params: SupplierIdParams,
  query: SupplierPerformanceParams,
  response: SupplierPerformance,
});

export const suppliersDeliveryPerformance = endpoint({
  id: 'suppliers.deliveryPerformance',
  method: 'GET',
  path: '/suppliers/{supplierId}/delivery-performance',
  scope: 'read:inventory',
  summary: "A supplier's receipts against their due dates, and lead times",
  description:
    "Every receipt in the period against its due date (line `expectedDate`, else the order's " +
    '`requiredDate`): on time or days late, and lead days from the order date.',
  example: `const { summary, receipts } = await acs.suppliers.deliveryPerformance(supplierId);
console.log(\`\${summary.onTimeRate}% on time, \${summary.averageLeadDays} days lead time\`);`,
  exampleCall: { params: { supplierId: { first: 'suppliers.list' } } },
  params: SupplierIdParams,
  query: SupplierPerformanceParams,
  response: SupplierDeliveryPerformance,
});

export const suppliersQualityRatings = endpoint({
  id: 'suppliers.qualityRatings',
  method: 'GET',
  path: '/suppliers/{supplierId}/quality-ratings',
  scope: 'read:inventory',
  summary: "A supplier's ratings and their averages per criterion",
  description:
    'The averages per criterion (quality, delivery, price, communication, overall) of the ratings in the ' +
    'period, and the newest `limit` ratings (default 50).',
  example: "const { averages, ratings } = await acs.suppliers.qualityRatings(supplierId, { fromDate: '2026-01-01' });",
  exampleCall: { params: { supplierId: { first: 'suppliers.list' } }, query: { limit: 5 } },
  params: SupplierIdParams,
  query: SupplierQualityRatingsParams,
  response: SupplierQualityRatings,
});

export const suppliersRatePerformance = endpoint({
  id: 'suppliers.ratePerformance',
  method: 'POST',
  path: '/suppliers/{supplierId}/rate-performance',
  scope: 'write:inventory',
  status: 201,
  summary: 'Rate a receipt or a period of a supplier (1 to 5 per criterion)',
  description:
    'Rates a receipt (`receiptId`, once each) or a period (`periodFrom`, `periodTo`), 1 to 5 per ' +
    'criterion; give at least one criterion.',
  example: "await acs.suppliers.ratePerformance(supplierId, { receiptId, quality: 5, delivery: 4, comments: 'Well packed' });",
  exampleCall: {
    params: { supplierId: { first: 'suppliers.list' } },
    body: {
      periodFrom: '2026-01-01',
      periodTo: '2026-03-31',
      quality: 4,
      price: 3,
    },
  },
  params: SupplierIdParams,
  body: SupplierRatingCreateParams,
  response: SupplierRating,
});

export const reportsPurchasingSupplierPerformance = endpoint({
  id: 'reports.purchasing.supplierPerformance',
  method: 'GET',
  path: '/reports/purchasing/supplier-performance',
  scope: 'read:reports',
  summary: 'Every supplier ranked by on-time delivery and rating',
  description:
    "Every supplier's performance over `fromDate`..`toDate` (the figures of `acs.suppliers.performance`), " +
    'in rank order: best score first, then by ordered value.',
  example: "const { suppliers } = await acs.reports.purchasing.supplierPerformance({ fromDate: '2026-01-01' });",
  exampleCall: {},
  query: SupplierPerformanceParams,
  response: SupplierPerformanceReport,
});

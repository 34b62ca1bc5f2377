import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { isoDate, moneyTotal, queryBoolean } from '../common.js';
import { PurchaseOrderStatus } from './purchase-orders.js';

// Spec document 2, "Procurement workflow": `GET /v1/reports/purchasing/outstanding-pos` (shape not shown;
// decision PUR-19). Goods still to arrive on sent orders, valued net of tax at the order's price.

/** What is still to arrive and its value: in the company's currency unless the field says otherwise. */
const OutstandingFigure = z.object({
  orderCount: z.number().int(),
  outstandingValue: moneyTotal(),
  overdueCount: z.number().int(),
  overdueValue: moneyTotal(),
});

export const OutstandingPoLine = z.object({
  lineId: z.string(),
  itemId: z.string().nullable(),
  itemCode: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  /** Received by receipts dated on or before `asOfDate`. */
  receivedQuantity: z.number(),
  outstandingQuantity: z.number(),
  /** Order currency. */
  unitPrice: moneyTotal(),
  /** outstandingQuantity x unitPrice, order currency, net of tax. */
  outstandingValue: moneyTotal(),
  /** The line's `expectedDate`, else the order's `requiredDate`; null: no date promised, never overdue. */
  dueDate: isoDate().nullable(),
  /** Days from `dueDate` to `asOfDate`; 0 when not yet due. */
  daysOverdue: z.number().int(),
});

export const OutstandingPo = z.object({
  purchaseOrderId: z.string(),
  poNumber: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  status: PurchaseOrderStatus,
  orderDate: isoDate(),
  requiredDate: isoDate().nullable(),
  currency: z.string().length(3),
  exchangeRate: z.number(),
  /** Order currency. */
  outstandingValue: moneyTotal(),
  /** Company currency. */
  baseOutstandingValue: moneyTotal(),
  /** The most of its lines'. */
  daysOverdue: z.number().int(),
  lines: z.array(OutstandingPoLine),
});

export const OutstandingPosReport = z.object({
  reportName: z.string(),
  asOfDate: isoDate(),
  /** The company's currency: every total of `summary` and `bySupplier`. */
  currency: z.string().length(3),
  summary: OutstandingFigure.extend({ lineCount: z.number().int() }),
  bySupplier: z.array(OutstandingFigure.extend({ supplierId: z.string(), supplierName: z.string() })),
  orders: z.array(OutstandingPo),
});
export type OutstandingPosReport = z.infer<typeof OutstandingPosReport>;

export const OutstandingPosParams = z.object({
  supplierId: z.string().min(1).max(100).optional(),
  /** Default: the company's today. Orders dated after it are left out; receipts dated after it count as outstanding. */
  asOfDate: isoDate().optional(),
  /** Only lines past their due date (and the orders that have one). */
  overdueOnly: queryBoolean().optional(),
});
export type OutstandingPosParams = z.input<typeof OutstandingPosParams>;

export const reportsPurchasingOutstandingPos = endpoint({
  id: 'reports.purchasing.outstandingPos',
  method: 'GET',
  path: '/reports/purchasing/outstanding-pos',
  scope: 'read:reports',
  summary: 'Goods still to arrive on sent purchase orders, by supplier, with days overdue',
  description:
    "Goods still to arrive on sent orders as of a date, by supplier and order, with each line's days " +
    "overdue against its `expectedDate` (else the order's `requiredDate`); `overdueOnly` keeps only late " +
    'lines.',
  example: 'const { summary, bySupplier } = await acs.reports.purchasing.outstandingPos({ overdueOnly: true });',
  exampleCall: { query: { overdueOnly: true } },
  query: OutstandingPosParams,
  response: OutstandingPosReport,
});

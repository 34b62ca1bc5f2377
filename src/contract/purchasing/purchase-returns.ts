import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, searchQuery, sortQuery } from '../common.js';
import { documentList, quantity, text } from '../sales/document-lines.js';
import { SupplierRef } from './suppliers.js';

// Purchase returns of received goods (issue 29 §3; decisions PUR-61, PUR-62, INV-33): not in the spec.

/** `posted` when written (stock left, the entry posted); `void` once undone (PUR-62). */
export const PURCHASE_RETURN_STATUSES = ['posted', 'void'] as const;
export const PurchaseReturnStatus = z.enum(PURCHASE_RETURN_STATUSES);
export type PurchaseReturnStatus = z.infer<typeof PurchaseReturnStatus>;

export const PurchaseReturnLine = z.object({
  /** The purchase order line the goods were ordered on. */
  lineId: z.string(),
  /** The goods receipt they came in on, and its number (`GRN-000012`). */
  receiptId: z.string(),
  receiptNumber: z.string(),
  itemId: z.string(),
  description: z.string(),
  quantity: z.number(),
  /** Company currency: the receipt's cost of the returned units, at which they left stock. */
  value: money(),
  /** Of `quantity`, what was already billed when it went back: a supplier credit note settles it (PUR-61). */
  billedQuantity: z.number(),
  /** The receipt's lot the units were taken from, else null. */
  lotNumber: z.string().nullable(),
  locationId: z.string(),
});
export type PurchaseReturnLine = z.infer<typeof PurchaseReturnLine>;

export const PurchaseReturn = z.object({
  id: z.string(),
  /** `PRT-000001`. */
  returnNumber: z.string(),
  purchaseOrderId: z.string(),
  poNumber: z.string(),
  /** The receipt named when the return was made; null when it drew on the order's receipts. */
  receiptId: z.string().nullable(),
  supplierId: z.string(),
  supplier: SupplierRef,
  date: isoDate(),
  status: PurchaseReturnStatus,
  reason: z.string(),
  items: z.array(PurchaseReturnLine),
  /** Company currency: the lines' value, what left stock. */
  total: money(),
  /** The return's entry (Dr goods received not invoiced / Cr inventory, PUR-61); null for goods received at no cost. */
  journalEntryId: z.string().nullable(),
  notes: z.string().nullable(),
  voidDate: isoDate().nullable(),
  voidReason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type PurchaseReturn = z.infer<typeof PurchaseReturn>;

export const PurchaseReturnCreateParams = z.object({
  /** The order the goods were received on (unknown: 404 `PURCHASE_ORDER_NOT_FOUND`). */
  purchaseOrderId: z.string().min(1).max(100),
  /** One of the order's receipts; without it, each line draws on the order's receipts, newest first. */
  receiptId: z.string().min(1).max(100).optional(),
  /** Default the company's today; not before the receipt, not after today. */
  date: isoDate().optional(),
  /** Why the goods go back (damaged, wrong item, ...), 1 to 500 characters. */
  reason: z.string().trim().min(1).max(500),
  /** What goes back, by order line; each at most what was received less what went back already. Without it, all of that. */
  items: z
    .array(z.object({ lineId: z.string().min(1).max(100), quantity: quantity() }))
    .min(1)
    .max(200)
    .optional(),
  /** Free text for the return, up to 1,000 characters. */
  notes: text(1000).nullable().optional(),
});
export type PurchaseReturnCreateParams = z.input<typeof PurchaseReturnCreateParams>;

export const PurchaseReturnVoidParams = z.object({
  reason: z.string().trim().min(1).max(500),
  /** Default the return's date; the goods come back into stock on it. */
  voidDate: isoDate().optional(),
});
export type PurchaseReturnVoidParams = z.input<typeof PurchaseReturnVoidParams>;

export const PurchaseReturnListParams = z.object({
  status: PurchaseReturnStatus.optional(),
  supplierId: z.string().optional(),
  purchaseOrderId: z.string().optional(),
  /** Return dates from, inclusive. */
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});
export type PurchaseReturnListParams = z.input<typeof PurchaseReturnListParams>;

export const PurchaseReturnIdParams = z.object({ purchaseReturnId: z.string() });

export const purchaseReturnsList = endpoint({
  id: 'purchaseReturns.list',
  method: 'GET',
  path: '/purchase-returns',
  scope: 'read:inventory',
  source: 'implied',
  summary: 'List purchase returns',
  description:
    'Lists returns of received goods to suppliers, newest first; filters `status`, `supplierId`, `purchaseOrderId`, `fromDate`/`toDate`.',
  example: 'for await (const ret of acs.purchaseReturns.list({ purchaseOrderId: order.id })) console.log(ret.returnNumber, ret.total);',
  query: PurchaseReturnListParams,
  response: PurchaseReturn,
  list: {
    ...documentList,
    defaultSort: 'date:desc,returnNumber:desc',
    filters: { returnNumber: 'string', date: 'date', total: 'number', createdAt: 'datetime' },
    search: ['returnNumber', 'poNumber', 'reason', 'supplier.name'],
    sort: ['date', 'returnNumber', 'total', 'createdAt'],
    index: {
      status: 'string',
      supplierId: 'string',
      purchaseOrderId: 'string',
      fromDate: ['date', 'gte'],
      toDate: ['date', 'lte'],
    },
  },
  exampleCall: { query: { status: 'posted' } },
});

export const purchaseReturnsCreate = endpoint({
  id: 'purchaseReturns.create',
  method: 'POST',
  path: '/purchase-returns',
  scope: 'write:inventory',
  source: 'implied',
  status: 201,
  summary: 'Return received goods to the supplier',
  description:
    'Returns goods received on a purchase order (decisions PUR-61, PUR-62): they leave stock at the cost ' +
    "their receipt brought them in at (from the receipt's lot), and one entry posts Dr goods received not " +
    'invoiced / Cr inventory. The order receives the quantity back as outstanding. What was already billed ' +
    'stays on goods received not invoiced (a debit) until the supplier credits it. More than received less ' +
    'returned rejects with `ValidationError`; goods no longer in stock with `INSUFFICIENT_STOCK`.',
  example:
    "const ret = await acs.purchaseReturns.create({ purchaseOrderId: order.id, reason: 'Damaged in transit', items: [{ lineId: order.items[0].id, quantity: 2 }] });",
  body: PurchaseReturnCreateParams,
  response: PurchaseReturn,
  exampleCall: { body: { purchaseOrderId: { fixture: 'receivedPurchaseOrder' }, reason: 'Damaged in transit' } },
});

export const purchaseReturnsRetrieve = endpoint({
  id: 'purchaseReturns.retrieve',
  method: 'GET',
  path: '/purchase-returns/{purchaseReturnId}',
  scope: 'read:inventory',
  source: 'implied',
  summary: 'Get one purchase return',
  description: 'One purchase return with its lines. `NotFoundError` (`PURCHASE_RETURN_NOT_FOUND`) for an unknown id.',
  params: PurchaseReturnIdParams,
  response: PurchaseReturn,
  exampleCall: { params: { purchaseReturnId: { fixture: 'purchaseReturn' } } },
});

export const purchaseReturnsVoid = endpoint({
  id: 'purchaseReturns.void',
  method: 'POST',
  path: '/purchase-returns/{purchaseReturnId}/void',
  scope: 'write:inventory',
  source: 'implied',
  summary: 'Void a purchase return: the goods come back into stock and its entry is reversed',
  description:
    'Voids a posted return (PUR-62): its entry is reversed on `voidDate`, the goods come back into stock at the ' +
    'value they left with, and the order counts them as received again. Refused when the order has since ' +
    'received a replacement that leaves no room for them, and for a void return.',
  example: "await acs.purchaseReturns.void(ret.id, { reason: 'The supplier refused the return' });",
  params: PurchaseReturnIdParams,
  body: PurchaseReturnVoidParams,
  response: PurchaseReturn,
  exampleCall: { params: { purchaseReturnId: { fixture: 'purchaseReturn' } }, body: { reason: 'The supplier refused the return' } },
});

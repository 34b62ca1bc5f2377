import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, nonNegativeMoney, queryNumber, rate, searchQuery, sortQuery } from '../common.js';
import { currencyCode, dateOrder, quantity, sendFields, text } from '../sales/document-lines.js';
import { SupplierRef } from './suppliers.js';

// Spec document 2, "Purchase order", and the purchase orders endpoint table.
export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'confirmed', 'partially_received', 'received', 'cancelled'] as const;
export const PurchaseOrderStatus = z.enum(PURCHASE_ORDER_STATUSES);
export type PurchaseOrderStatus = z.infer<typeof PurchaseOrderStatus>;

/** `not_required`, `pending` (a step waits), `approved` or `rejected`. */
export const PurchaseApprovalStatus = z.enum(['not_required', 'pending', 'approved', 'rejected']);
export type PurchaseApprovalStatus = z.infer<typeof PurchaseApprovalStatus>;

export const DeliveryAddress = z.object({
  contactName: text(100).nullable().optional(),
  phone: text(30).nullable().optional(),
  street: text(200).nullable().optional(),
  city: text(100).nullable().optional(),
  state: text(100).nullable().optional(),
  postalCode: text(20).nullable().optional(),
  country: text(100).nullable().optional(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

export const PurchaseOrderLineCreate = z.object({
  /** An item of the catalogue: default description, unit price (its cost price) and purchase tax code. */
  itemId: z.string().min(1).max(100).optional(),
  /** Required without `itemId`. */
  description: text(1000).optional(),
  /** Above zero, four decimals at most; receipts cannot bring more than this (422 `MAX_VALUE`). */
  quantity: quantity(),
  /** Required without `itemId`. */
  unitPrice: nonNegativeMoney().optional(),
  /** A tax code of the company; default the item's purchase tax code; null: no tax. */
  taxCode: z.string().trim().min(1).max(20).nullable().optional(),
  /** `YYYY-MM-DD`, on or after the order date: when the line is due; without it the order's `requiredDate` is. */
  expectedDate: isoDate().optional(),
  /** Free text for the line, up to 1,000 characters. */
  notes: text(1000).nullable().optional(),
});
export type PurchaseOrderLineCreate = z.input<typeof PurchaseOrderLineCreate>;

export const PurchaseOrderLine = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  itemCode: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: money(),
  lineTotal: money(),
  taxCode: z.string().nullable(),
  taxRate: z.number(),
  taxAmount: money(),
  /** Received so far, over every receipt. */
  receivedQuantity: z.number(),
  /** Billed so far by the order's bills (three-way matching). */
  billedQuantity: z.number(),
  expectedDate: isoDate().nullable(),
  notes: z.string().nullable(),
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLine>;

/** One delivery of goods against the order: what arrived, where, at what cost. */
export const PurchaseReceipt = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  date: isoDate(),
  locationId: z.string(),
  items: z.array(
    z.object({
      lineId: z.string(),
      itemId: z.string().nullable(),
      quantity: z.number(),
      /** Order currency. */
      unitPrice: money(),
      /** Company currency: what the receipt put on stock and on goods received not invoiced. */
      value: money(),
      lotNumber: z.string().nullable(),
      expiryDate: isoDate().nullable(),
    }),
  ),
  /** The receipt's entry (Dr inventory / Cr goods received not invoiced); null when only non-stock lines arrived. */
  journalEntryId: z.string().nullable(),
  notes: z.string().nullable(),
  receivedBy: z.string(),
  receivedAt: isoDateTime(),
});
export type PurchaseReceipt = z.infer<typeof PurchaseReceipt>;

export const PurchaseOrder = z.object({
  id: z.string(),
  poNumber: z.string(),
  supplierId: z.string(),
  supplier: SupplierRef,
  orderDate: isoDate(),
  requiredDate: isoDate().nullable(),
  status: PurchaseOrderStatus,
  currency: z.string().length(3),
  exchangeRate: z.number(),
  reference: z.string().nullable(),
  /** Where receipts go when they name no location: default the company's default location. */
  locationId: z.string().nullable(),
  subtotal: money(),
  taxTotal: money(),
  discountTotal: money(),
  total: money(),
  items: z.array(PurchaseOrderLine),
  deliveryAddress: DeliveryAddress.nullable(),
  terms: z.string().nullable(),
  notes: z.string().nullable(),
  /** The requisition or RFQ the order was made from. */
  requisitionId: z.string().nullable(),
  rfqId: z.string().nullable(),
  approval: z.object({ required: z.boolean(), status: PurchaseApprovalStatus }),
  receipts: z.array(PurchaseReceipt),
  billIds: z.array(z.string()),
  statusHistory: z.array(
    z.object({ status: PurchaseOrderStatus, changedAt: isoDateTime(), changedBy: z.string(), notes: z.string().nullable() }),
  ),
  createdBy: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: isoDateTime().nullable(),
  sentAt: isoDateTime().nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;

export const PurchaseOrderCreateParams = z
  .object({
    /** An active supplier (unknown: 404 `SUPPLIER_NOT_FOUND`); gives the default currency and the email it is sent to. */
    supplierId: z.string().min(1).max(100),
    /** Default the company's today. */
    orderDate: isoDate().optional(),
    /** `YYYY-MM-DD`, on or after `orderDate`: when the goods are needed; the due date of lines without `expectedDate`. */
    requiredDate: isoDate().optional(),
    /** Your own reference, up to 100 characters. */
    reference: text(100).nullable().optional(),
    /** Default the supplier's currency. */
    currency: currencyCode().optional(),
    /** Company currency per unit of `currency`; required for a foreign currency. */
    exchangeRate: rate().optional(),
    /** An active, non-transit stock location where receipts go by default; default the company's default location. */
    locationId: z.string().min(1).max(100).optional(),
    /** 1 to 200 lines, priced at the item's cost price and purchase tax code unless given. */
    items: z.array(PurchaseOrderLineCreate).min(1).max(200),
    /** Where the supplier delivers; stored as given. */
    deliveryAddress: DeliveryAddress.nullable().optional(),
    /** The order's terms and conditions, free text up to 5,000 characters. */
    terms: text(5000).nullable().optional(),
    /** Free text, up to 5,000 characters. */
    notes: text(5000).nullable().optional(),
    /** Waits for an approver before it can be sent (as does an order an approval rule matches). */
    requiresApproval: z.boolean().optional(),
  })
  .superRefine(dateOrder('orderDate', 'requiredDate'));
export type PurchaseOrderCreateParams = z.input<typeof PurchaseOrderCreateParams>;

/**
 * A draft's changes (`PUT /purchase-orders/{id}`, implied): any field of create; `items`, when given,
 * replaces every line and is priced again. A new `supplierId` without `currency` takes that supplier's currency.
 */
export const PurchaseOrderUpdateParams = z
  .object({
    /** A new supplier must be active and brings its currency; refused once the order is approved. */
    supplierId: z.string().min(1).max(100).optional(),
    /** `YYYY-MM-DD`; the required date and every line's expected date must stay on or after it. */
    orderDate: isoDate().optional(),
    /** `YYYY-MM-DD`, on or after the order date; null clears it. */
    requiredDate: isoDate().nullable().optional(),
    /** Your own reference, up to 100 characters; null clears it. */
    reference: text(100).nullable().optional(),
    /** Default the new supplier's currency when `supplierId` changes, else the order's; refused once approved. */
    currency: currencyCode().optional(),
    /** Company currency per unit of `currency`; required for a new foreign currency; refused once approved. */
    exchangeRate: rate().optional(),
    /** An active, non-transit stock location for receipts; null: the company's default location. */
    locationId: z.string().min(1).max(100).nullable().optional(),
    /** 1 to 200 lines replacing every line, priced again; refused once approved; the rules are applied again. */
    items: z.array(PurchaseOrderLineCreate).min(1).max(200).optional(),
    /** Replaces the delivery address whole; null removes it. */
    deliveryAddress: DeliveryAddress.nullable().optional(),
    /** The order's terms and conditions, up to 5,000 characters; null clears them. */
    terms: text(5000).nullable().optional(),
    /** Free text, up to 5,000 characters; null clears it. */
    notes: text(5000).nullable().optional(),
  })
  .superRefine(dateOrder('orderDate', 'requiredDate'));
export type PurchaseOrderUpdateParams = z.input<typeof PurchaseOrderUpdateParams>;

/** Why the order is cancelled: kept in its `statusHistory`. */
export const PurchaseOrderCancelParams = z.object({ reason: text(500).optional() });
export type PurchaseOrderCancelParams = z.input<typeof PurchaseOrderCancelParams>;

/** The supplier's confirmation of a sent order, with the delivery dates it promises per line. */
export const PurchaseOrderConfirmParams = z.object({
  notes: text(1000).optional(),
  items: z
    .array(z.object({ lineId: z.string().min(1).max(100), expectedDate: isoDate() }))
    .min(1)
    .max(200)
    .optional(),
});
export type PurchaseOrderConfirmParams = z.input<typeof PurchaseOrderConfirmParams>;

export const PurchaseOrderListParams = z.object({
  status: PurchaseOrderStatus.optional(),
  supplierId: z.string().optional(),
  /** Order dates from, inclusive. */
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  totalMin: queryNumber().optional(),
  totalMax: queryNumber().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});
export type PurchaseOrderListParams = z.input<typeof PurchaseOrderListParams>;

export const PurchaseOrderReceiveParams = z.object({
  /** Default the company's today. */
  date: isoDate().optional(),
  /** Default the order's `locationId`. */
  locationId: z.string().min(1).max(100).optional(),
  /** What arrived, by order line; without it, everything still outstanding. */
  items: z
    .array(
      z.object({
        lineId: z.string().min(1).max(100),
        quantity: quantity(),
        lotNumber: text(100).optional(),
        expiryDate: isoDate().optional(),
      }),
    )
    .min(1)
    .max(200)
    .optional(),
  notes: text(1000).nullable().optional(),
});
export type PurchaseOrderReceiveParams = z.input<typeof PurchaseOrderReceiveParams>;

/** The message that goes with the order; `to` defaults to the supplier's email. */
export const PurchaseOrderSendParams = z.object(sendFields);
export type PurchaseOrderSendParams = z.input<typeof PurchaseOrderSendParams>;

export const PurchaseOrderIdParams = z.object({ purchaseOrderId: z.string() });

export const purchaseOrdersList = endpoint({
  id: 'purchaseOrders.list',
  method: 'GET',
  path: '/purchase-orders',
  scope: 'read:inventory',
  summary: 'List purchase orders',
  description: 'Lists orders, newest first; filters `status`, `supplierId`, `fromDate`/`toDate` (order date), ' + '`totalMin`/`totalMax`.',
  example: "for await (const order of acs.purchaseOrders.list({ status: 'sent' })) console.log(order.poNumber, order.total);",
  exampleCall: { query: { totalMin: 0 } },
  query: PurchaseOrderListParams,
  response: PurchaseOrder,
  list: {
    paging: 'cursor',
    defaultLimit: 50,
    maxLimit: 100,
    defaultSort: 'orderDate:desc,poNumber:desc',
    filters: { poNumber: 'string', orderDate: 'date', total: 'number', createdAt: 'datetime' },
    search: ['poNumber', 'reference', 'notes'],
    sort: ['orderDate', 'poNumber', 'total', 'requiredDate', 'createdAt'],
    index: {
      status: 'string',
      supplierId: 'string',
      fromDate: ['orderDate', 'gte'],
      toDate: ['orderDate', 'lte'],
      totalMin: ['total', 'gte'],
      totalMax: ['total', 'lte'],
    },
  },
});

export const purchaseOrdersCreate = endpoint({
  id: 'purchaseOrders.create',
  method: 'POST',
  path: '/purchase-orders',
  scope: 'write:inventory',
  status: 201,
  summary: 'Create a purchase order (a draft)',
  description: "Creates a draft order, priced at each item's cost price and purchase tax code unless the line says " + 'otherwise.',
  example:
    'const order = await acs.purchaseOrders.create({ supplierId: supplier.id, items: [{ itemId: chair.id, quantity: 20, unitPrice: 150 }] });',
  exampleCall: {
    body: { supplierId: { first: 'suppliers.list' }, items: [{ description: 'Packing tape', quantity: 10, unitPrice: 4.5 }] },
  },
  body: PurchaseOrderCreateParams,
  response: PurchaseOrder,
});

export const purchaseOrdersRetrieve = endpoint({
  id: 'purchaseOrders.retrieve',
  method: 'GET',
  path: '/purchase-orders/{purchaseOrderId}',
  scope: 'read:inventory',
  source: 'implied',
  summary: 'Get one purchase order',
  description:
    'One order with its lines, receipts and status history. `NotFoundError` (`PURCHASE_ORDER_NOT_FOUND`) ' + 'for an unknown id.',
  exampleCall: { params: { purchaseOrderId: { fixture: 'draftPurchaseOrder' } } },
  params: PurchaseOrderIdParams,
  response: PurchaseOrder,
});

export const purchaseOrdersSend = endpoint({
  id: 'purchaseOrders.send',
  method: 'POST',
  path: '/purchase-orders/{purchaseOrderId}/send',
  scope: 'write:inventory',
  source: 'implied',
  summary: 'Send a purchase order to the supplier',
  description:
    "Sends a draft to the supplier: its goods go on order and the message goes to the supplier's email " +
    '(`to` overrides it; without any recipient the order is only marked as sent). Sending again rejects ' +
    'with `PO_ALREADY_SENT`.',
  example: "await acs.purchaseOrders.send(order.id, { cc: ['buyer@example.my'] });",
  exampleCall: { params: { purchaseOrderId: { fixture: 'draftPurchaseOrder' } } },
  params: PurchaseOrderIdParams,
  body: PurchaseOrderSendParams,
  response: PurchaseOrder,
});

export const purchaseOrdersReceive = endpoint({
  id: 'purchaseOrders.receive',
  method: 'POST',
  path: '/purchase-orders/{purchaseOrderId}/receive',
  scope: 'write:inventory',
  source: 'implied',
  summary: 'Receive goods against a purchase order',
  description:
    "Receives goods: into stock at the order's price (Dr inventory / Cr goods received not invoiced). " +
    'Without `items`, everything still outstanding arrives; `PO_ITEMS_FULLY_RECEIVED` once nothing is ' +
    'left.',
  example: "await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 12, lotNumber: 'LOT-0425' }] });",
  exampleCall: { params: { purchaseOrderId: { fixture: 'sentPurchaseOrder' } } },
  params: PurchaseOrderIdParams,
  body: PurchaseOrderReceiveParams,
  response: PurchaseOrder,
});

export const purchaseOrdersUpdate = endpoint({
  id: 'purchaseOrders.update',
  method: 'PUT',
  path: '/purchase-orders/{purchaseOrderId}',
  scope: 'write:inventory',
  source: 'implied',
  summary: 'Change a draft purchase order',
  description:
    'Changes a draft: `items`, when given, replaces every line and is priced again; a new supplier brings ' +
    'its currency unless `currency` is given. Any other status rejects with `BusinessRuleError`.',
  example: "await acs.purchaseOrders.update(order.id, { requiredDate: '2026-12-01', items: [{ itemId: chair.id, quantity: 30 }] });",
  exampleCall: { params: { purchaseOrderId: { fixture: 'draftPurchaseOrder' } }, body: { notes: 'Deliver to the loading bay' } },
  params: PurchaseOrderIdParams,
  body: PurchaseOrderUpdateParams,
  response: PurchaseOrder,
});

export const purchaseOrdersConfirm = endpoint({
  id: 'purchaseOrders.confirm',
  method: 'POST',
  path: '/purchase-orders/{purchaseOrderId}/confirm',
  scope: 'write:inventory',
  source: 'implied',
  summary: "Record the supplier's confirmation of a sent purchase order",
  description: "Records the supplier's confirmation of a sent order, with the delivery dates it promises per line.",
  example: "await acs.purchaseOrders.confirm(order.id, { items: [{ lineId: order.items[0].id, expectedDate: '2026-11-20' }] });",
  exampleCall: { params: { purchaseOrderId: { fixture: 'sentPurchaseOrder' } }, body: { notes: 'Confirmed by phone' } },
  params: PurchaseOrderIdParams,
  body: PurchaseOrderConfirmParams,
  response: PurchaseOrder,
});

export const purchaseOrdersCancel = endpoint({
  id: 'purchaseOrders.cancel',
  method: 'POST',
  path: '/purchase-orders/{purchaseOrderId}/cancel',
  scope: 'write:inventory',
  source: 'implied',
  summary: 'Cancel a purchase order, or what is still outstanding of a partly received one',
  description:
    'Cancels an order: what is still to arrive leaves `onOrderStock`. A partly received order keeps what ' +
    'arrived (still to be billed) and cancels the rest; a received or cancelled one rejects with ' +
    '`BusinessRuleError`.',
  example: "await acs.purchaseOrders.cancel(order.id, { reason: 'Supplier cannot deliver before the fair' });",
  exampleCall: { params: { purchaseOrderId: { fixture: 'sentPurchaseOrder' } }, body: { reason: 'Ordered twice' } },
  params: PurchaseOrderIdParams,
  body: PurchaseOrderCancelParams,
  response: PurchaseOrder,
});

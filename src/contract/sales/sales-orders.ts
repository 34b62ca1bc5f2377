import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  Address,
  cursorPageQuery,
  DeletedRecord,
  isoDate,
  isoDateTime,
  nonNegativeMoney,
  rate,
  searchQuery,
  sortQuery,
} from '../common.js';
import {
  Attachment,
  currencyCode,
  CustomerRef,
  dateOrder,
  DocumentLine,
  DocumentLineCreate,
  documentList,
  quantity,
  text,
  documentAmounts,
} from './document-lines.js';
import { Invoice } from './invoices.js';

// Spec document 2, "Sales order".

export const SalesOrderLineCreate = DocumentLineCreate.extend({
  /** Free text kept on the order line; at most 1000 characters. */
  notes: text(1000).optional(),
});
export type SalesOrderLineCreate = z.input<typeof SalesOrderLineCreate>;

/** A sales-order line, with how much of it has been invoiced. */
export const SalesOrderLine = DocumentLine.extend({
  notes: z.string().nullable(),
  invoicedQuantity: z.number(),
  remainingQuantity: z.number(),
});
export type SalesOrderLine = z.infer<typeof SalesOrderLine>;

export const SALES_ORDER_STATUSES = ['draft', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export const SalesOrderStatus = z.enum(SALES_ORDER_STATUSES);
export type SalesOrderStatus = z.infer<typeof SalesOrderStatus>;

export const SALES_ORDER_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const SalesOrderPriority = z.enum(SALES_ORDER_PRIORITIES);
export type SalesOrderPriority = z.infer<typeof SalesOrderPriority>;

export const SalesOrder = z.object({
  id: z.string(),
  orderNumber: z.string(),
  customerId: z.string(),
  customer: CustomerRef,
  /** The quote this order was converted from. */
  quoteId: z.string().nullable(),
  /** Where confirming reserves the goods of its tracked lines; null: the company's default location. */
  locationId: z.string().nullable(),
  orderDate: isoDate(),
  requiredDate: isoDate().nullable(),
  promisedDate: isoDate().nullable(),
  status: SalesOrderStatus,
  priority: SalesOrderPriority,
  currency: z.string().length(3),
  exchangeRate: z.number(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  billingAddress: Address.nullable(),
  shippingAddress: Address.nullable(),
  items: z.array(SalesOrderLine),
  ...documentAmounts,
  fulfillment: z.object({
    status: z.enum(['unfulfilled', 'shipped', 'delivered', 'cancelled']),
    shippedQuantity: z.number(),
    remainingQuantity: z.number(),
    shippingMethod: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    estimatedDelivery: isoDate().nullable(),
  }),
  invoicing: z.object({
    status: z.enum(['not_invoiced', 'partially_invoiced', 'invoiced']),
    invoiceIds: z.array(z.string()),
  }),
  statusHistory: z.array(
    z.object({ status: SalesOrderStatus, changedAt: isoDateTime(), changedBy: z.string(), notes: z.string().nullable() }),
  ),
  attachments: z.array(Attachment),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type SalesOrder = z.infer<typeof SalesOrder>;

const salesOrderFields = {
  /** Default today. */
  orderDate: isoDate().optional(),
  /** `YYYY-MM-DD` the customer needs the goods by, on or after `orderDate`; null: none. */
  requiredDate: isoDate().nullable().optional(),
  /** `YYYY-MM-DD` delivery is promised for, on or after `orderDate`; null: none. */
  promisedDate: isoDate().nullable().optional(),
  /** `low`, `normal`, `high` or `urgent`; default `normal`. */
  priority: SalesOrderPriority.optional(),
  /** Default the customer's currency. */
  currency: currencyCode().optional(),
  /** Units of the company's currency per unit of `currency`; required when they differ. */
  exchangeRate: rate().optional(),
  /** Your reference for the order, searched by the list; at most 100 characters. */
  reference: text(100).nullable().optional(),
  /** Free-text notes; at most 5000 characters. */
  notes: text(5000).nullable().optional(),
  /** Terms and conditions text; at most 5000 characters. */
  terms: text(5000).nullable().optional(),
  /** Default the customer's billing and shipping addresses. */
  billingAddress: Address.nullable().optional(),
  /** Default the customer's shipping address, else its address; null: none. */
  shippingAddress: Address.nullable().optional(),
  /** Shipping charged, in the order's currency, at least 0; default 0. Added to the total untaxed. */
  shippingCost: nonNegativeMoney().optional(),
};

export const SalesOrderCreateParams = z
  .object({
    /** The customer ordering: an existing customer that is not `blocked`. */
    customerId: z.string().min(1),
    ...salesOrderFields,
    /** A stock location to reserve and sell from; default the company's default location. */
    locationId: z.string().min(1).nullable().optional(),
    /** The order's lines, 1 to 200. */
    items: z.array(SalesOrderLineCreate).min(1).max(200),
  })
  .superRefine(dateOrder('orderDate', 'requiredDate'));
export type SalesOrderCreateParams = z.input<typeof SalesOrderCreateParams>;

/** A draft's changes; `items`, when given, replaces every line. */
export const SalesOrderUpdateParams = z
  .object({
    /** Another customer for the draft: an existing one that is not `blocked`. */
    customerId: z.string().min(1).optional(),
    ...salesOrderFields,
    /** 1 to 200 lines replacing every line. */
    items: z.array(SalesOrderLineCreate).min(1).max(200).optional(),
  })
  .superRefine(dateOrder('orderDate', 'requiredDate'));
export type SalesOrderUpdateParams = z.input<typeof SalesOrderUpdateParams>;

export const SalesOrderUpdateStatusParams = z.object({
  status: SalesOrderStatus,
  notes: text(1000).optional(),
  /** Recorded on `shipped` or `delivered`. */
  shipping: z
    .object({
      method: text(100).optional(),
      trackingNumber: text(100).optional(),
      estimatedDelivery: isoDate().optional(),
    })
    .optional(),
});
export type SalesOrderUpdateStatusParams = z.input<typeof SalesOrderUpdateStatusParams>;

export const SalesOrderConvertToInvoiceParams = z
  .object({
    /** Default today. */
    invoiceDate: isoDate().optional(),
    /** Default invoiceDate plus the customer's payment terms. */
    dueDate: isoDate().optional(),
    /** A partial conversion: order line ids (`itemId`, as the spec names it) with the quantity to invoice. */
    partialItems: z
      .array(z.object({ itemId: z.string().min(1), quantity: quantity() }))
      .min(1)
      .max(200)
      .optional(),
  })
  .superRefine(dateOrder('invoiceDate', 'dueDate'));
export type SalesOrderConvertToInvoiceParams = z.input<typeof SalesOrderConvertToInvoiceParams>;

export const SalesOrderListParams = z.object({
  customerId: z.string().optional(),
  status: SalesOrderStatus.optional(),
  priority: SalesOrderPriority.optional(),
  orderDateFrom: isoDate().optional(),
  orderDateTo: isoDate().optional(),
  requiredDateFrom: isoDate().optional(),
  requiredDateTo: isoDate().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

const SalesOrderIdParams = z.object({ salesOrderId: z.string() });

export const salesOrdersList = endpoint({
  id: 'salesOrders.list',
  method: 'GET',
  path: '/sales-orders',
  scope: 'read:invoices',
  summary: 'List sales orders',
  description:
    'Lists sales orders, newest first, 50 per page by default (at most 100), cursor-paged. Filter by ' +
    '`customerId`, `status`, `priority`, `orderDateFrom`/`To`, `requiredDateFrom`/`To`; `search` over ' +
    'order number, reference and customer name; `sort` by `orderDate`, `requiredDate`, `orderNumber`, ' +
    '`total` or `createdAt` with `order`; the operator form on `orderNumber`, the dates and `total`.',
  example: `for await (const order of acs.salesOrders.list({ status: 'confirmed', priority: 'urgent' })) {
  console.log(order.orderNumber, order.total);
}`,
  exampleCall: { query: { status: 'confirmed' } },
  query: SalesOrderListParams,
  response: SalesOrder,
  list: {
    ...documentList,
    defaultSort: 'orderDate:desc,orderNumber:desc',
    filters: { orderNumber: 'string', orderDate: 'date', requiredDate: 'date', total: 'number', createdAt: 'datetime' },
    search: ['orderNumber', 'reference', 'customer.name'],
    sort: ['orderDate', 'requiredDate', 'orderNumber', 'total', 'createdAt'],
    // An order without a required date is outside either bound of `requiredDate`, as the index leaves missing keys out.
    index: {
      customerId: 'string',
      status: 'string',
      priority: 'string',
      orderDateFrom: ['orderDate', 'gte'],
      orderDateTo: ['orderDate', 'lte'],
      requiredDateFrom: ['requiredDate', 'gte'],
      requiredDateTo: ['requiredDate', 'lte'],
    },
  },
});

export const salesOrdersCreate = endpoint({
  id: 'salesOrders.create',
  method: 'POST',
  path: '/sales-orders',
  scope: 'write:invoices',
  status: 201,
  summary: 'Create a sales order as a draft',
  description:
    'Creates a draft order for a customer with at least one line. A line names an `itemId` (its name, ' +
    'selling price, tax code and income account are the defaults) or gives `description` and `unitPrice`; ' +
    "`taxCode` must be one of the company's tax codes. Totals follow spec document 2's relations, rounded " +
    'half-up per line.',
  example: `const order = await acs.salesOrders.create({
  customerId: customer.id,
  requiredDate: '2026-12-15',
  items: [{ itemId: chair.id, quantity: 10, discountPercent: 5 }],
  shippingCost: 80,
});`,
  exampleCall: { body: { customerId: { fixture: 'buyer' }, items: { fixture: 'lines' } } },
  body: SalesOrderCreateParams,
  response: SalesOrder,
});

export const salesOrdersRetrieve = endpoint({
  id: 'salesOrders.retrieve',
  method: 'GET',
  path: '/sales-orders/{salesOrderId}',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'Get one sales order',
  description:
    'One sales order with its lines, what remains to invoice, fulfilment and status history. ' + '`NotFoundError` for an unknown id.',
  exampleCall: { params: { salesOrderId: { fixture: 'draftOrder' } } },
  params: SalesOrderIdParams,
  response: SalesOrder,
});

export const salesOrdersUpdate = endpoint({
  id: 'salesOrders.update',
  method: 'PUT',
  path: '/sales-orders/{salesOrderId}',
  scope: 'write:invoices',
  source: 'implied',
  summary: 'Change a draft sales order',
  description: 'Changes a draft order (`items` replaces every line); any other state rejects with ' + '`BusinessRuleError`.',
  exampleCall: { params: { salesOrderId: { fixture: 'draftOrder' } }, body: { priority: 'high' } },
  params: SalesOrderIdParams,
  body: SalesOrderUpdateParams,
  response: SalesOrder,
});

export const salesOrdersDelete = endpoint({
  id: 'salesOrders.delete',
  method: 'DELETE',
  path: '/sales-orders/{salesOrderId}',
  scope: 'write:invoices',
  source: 'implied',
  summary: 'Delete a draft sales order',
  description: 'Deletes a draft order; resolves to `{ id, deleted: true }`. Other states are cancelled through ' + '`updateStatus`.',
  exampleCall: { params: { salesOrderId: { fixture: 'draftOrder' } } },
  params: SalesOrderIdParams,
  response: DeletedRecord,
});

export const salesOrdersUpdateStatus = endpoint({
  id: 'salesOrders.updateStatus',
  method: 'PATCH',
  path: '/sales-orders/{salesOrderId}/status',
  scope: 'write:invoices',
  summary: 'Move a sales order along draft -> confirmed -> shipped -> delivered, or cancel it',
  description:
    'Moves an order forward along draft -> confirmed -> shipped -> delivered, skipping steps or not, or ' +
    'cancels a draft or confirmed one; any other move rejects with `BusinessRuleError` naming it.',
  example: "await acs.salesOrders.updateStatus(order.id, { status: 'confirmed', notes: 'Deposit received' });",
  exampleCall: { params: { salesOrderId: { fixture: 'draftOrder' } }, body: { status: 'confirmed' } },
  params: SalesOrderIdParams,
  body: SalesOrderUpdateStatusParams,
  response: SalesOrder,
});

export const salesOrdersConvertToInvoice = endpoint({
  id: 'salesOrders.convertToInvoice',
  method: 'POST',
  path: '/sales-orders/{salesOrderId}/convert-to-invoice',
  scope: 'write:invoices',
  status: 201,
  summary: 'Invoice what remains of an order, or part of it, as a draft invoice',
  description:
    'Makes a draft invoice from a confirmed, shipped or delivered order: everything that remains, or ' +
    '`partialItems` (order line id as `itemId`, and a quantity). Invoicing more than remains on a line ' +
    'rejects with `ValidationError` (`MAX_VALUE`). Resolves to the invoice.',
  example:
    'const invoice = await acs.salesOrders.convertToInvoice(order.id, { partialItems: [{ itemId: order.items[0].id, quantity: 4 }] });',
  exampleCall: { params: { salesOrderId: { fixture: 'confirmedOrder' } }, body: {} },
  params: SalesOrderIdParams,
  body: SalesOrderConvertToInvoiceParams,
  response: Invoice,
});

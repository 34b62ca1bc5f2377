import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { Address, cursorPageQuery, isoDate, isoDateTime, money, queryBoolean, queryNumber, searchQuery, sortQuery } from './common.js';

// Sales documents: sales orders, quotes, invoices and payments (spec document 2, "Document line",
// "Sales order", "Quote", "Invoice"), the customer summary and the sales funnel.

const decimalPlaces = (value: number): number => {
  const text = String(value);
  if (text.includes('e')) return 99;
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
};

/** A quantity: above zero, at most four decimals (a unit may be a kilogram or an hour). */
const quantity = () =>
  z
    .number()
    .positive()
    .refine((v) => decimalPlaces(v) <= 4, { message: 'must have at most four decimal places', params: { code: 'INVALID_FORMAT' } });

/** A percent between 0 and 100 with at most four decimals. */
const percent = () =>
  z
    .number()
    .min(0)
    .max(100)
    .refine((v) => decimalPlaces(v) <= 4, { message: 'must have at most four decimal places', params: { code: 'INVALID_FORMAT' } });

const nonNegativeMoney = () => money().pipe(z.number().min(0));
const currencyCode = () => z.string().regex(/^[A-Z]{3}$/, { message: 'three-letter ISO 4217 code' });
const exchangeRate = () => z.number().positive().max(1_000_000);
const text = (max: number) => z.string().max(max);

/** `dateB` on or after `dateA` when both are given: a DATE_CONSTRAINT on `dateB` otherwise. */
function dateOrder<T extends Record<string, unknown>>(first: keyof T & string, second: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const a = value[first];
    const b = value[second];
    if (typeof a === 'string' && typeof b === 'string' && b < a) {
      ctx.addIssue({
        code: 'custom',
        path: [second],
        input: b,
        message: `${second} cannot be before ${first} ${a}`,
        params: { code: 'DATE_CONSTRAINT', constraint: { min: a } },
      });
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Document lines

/** One line as a caller writes it (spec document 2, the `items` of the create payloads). */
export const DocumentLineCreate = z.object({
  /** An item of the catalogue: gives the default description, unit price, tax code and income account. */
  itemId: z.string().min(1).optional(),
  /** Required when there is no `itemId`. */
  description: text(1000).optional(),
  quantity: quantity(),
  /** Required when there is no `itemId`; default the item's selling price. */
  unitPrice: nonNegativeMoney().optional(),
  discountPercent: percent().optional(),
  /** A tax code of the company (`SST10`, `SVC8`, `ZR`, ...); default the item's sales tax code; null: no tax. */
  taxCode: z.string().trim().min(1).max(20).nullable().optional(),
});
export type DocumentLineCreate = z.input<typeof DocumentLineCreate>;

export const SalesOrderLineCreate = DocumentLineCreate.extend({ notes: text(1000).optional() });
export type SalesOrderLineCreate = z.input<typeof SalesOrderLineCreate>;

/**
 * One priced line. Relations (spec document 2): `discountAmount` = quantity x unitPrice x
 * discountPercent / 100; `lineTotal` = quantity x unitPrice - discountAmount; `taxAmount` = lineTotal x
 * taxRate / 100; each rounded half-up to cents.
 */
export const DocumentLine = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  itemCode: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: money(),
  discountPercent: z.number(),
  discountAmount: money(),
  lineTotal: money(),
  taxCode: z.string().nullable(),
  taxRate: z.number(),
  taxAmount: money(),
});
export type DocumentLine = z.infer<typeof DocumentLine>;

/** A sales-order line, with how much of it has been invoiced. */
export const SalesOrderLine = DocumentLine.extend({
  notes: z.string().nullable(),
  invoicedQuantity: z.number(),
  remainingQuantity: z.number(),
});
export type SalesOrderLine = z.infer<typeof SalesOrderLine>;

/** An invoice line, with the income account it posts to and the order line it came from. */
export const InvoiceLine = DocumentLine.extend({
  /** Null until the company has a sales account to default to; sending then refuses with a clear rule. */
  incomeAccountId: z.string().nullable(),
  salesOrderLineId: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

/** The customer as a document shows it (spec document 2: `customer` {`id`, `name`, `email`}). */
export const CustomerRef = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });
export type CustomerRef = z.infer<typeof CustomerRef>;

export const Attachment = z.object({ id: z.string(), filename: z.string(), url: z.string() });

/** What `send` takes (spec document 2, quotes and invoices `send`). */
const sendFields = {
  /** Default: the customer's email. */
  to: z.array(z.email()).min(1).max(20).optional(),
  cc: z.array(z.email()).max(20).optional(),
  subject: text(200).optional(),
  message: text(5000).optional(),
  /** Default true. */
  attachPDF: z.boolean().optional(),
};

// ---------------------------------------------------------------------------------------------
// Sales orders

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
  subtotal: money(),
  totalDiscount: money(),
  totalTax: money(),
  shippingCost: money(),
  total: money(),
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
  requiredDate: isoDate().nullable().optional(),
  promisedDate: isoDate().nullable().optional(),
  priority: SalesOrderPriority.optional(),
  /** Default the customer's currency. */
  currency: currencyCode().optional(),
  /** Units of the company's currency per unit of `currency`; required when they differ. */
  exchangeRate: exchangeRate().optional(),
  reference: text(100).nullable().optional(),
  notes: text(5000).nullable().optional(),
  terms: text(5000).nullable().optional(),
  /** Default the customer's billing and shipping addresses. */
  billingAddress: Address.nullable().optional(),
  shippingAddress: Address.nullable().optional(),
  shippingCost: nonNegativeMoney().optional(),
};

export const SalesOrderCreate = z
  .object({
    customerId: z.string().min(1),
    ...salesOrderFields,
    items: z.array(SalesOrderLineCreate).min(1).max(200),
  })
  .superRefine(dateOrder('orderDate', 'requiredDate'));
export type SalesOrderCreate = z.input<typeof SalesOrderCreate>;

/** A draft's changes; `items`, when given, replaces every line. */
export const SalesOrderUpdate = z
  .object({
    customerId: z.string().min(1).optional(),
    ...salesOrderFields,
    items: z.array(SalesOrderLineCreate).min(1).max(200).optional(),
  })
  .superRefine(dateOrder('orderDate', 'requiredDate'));
export type SalesOrderUpdate = z.input<typeof SalesOrderUpdate>;

export const SalesOrderStatusChange = z.object({
  status: SalesOrderStatus,
  notes: text(1000).optional(),
  /** Recorded on `shipped`. */
  shipping: z
    .object({
      method: text(100).optional(),
      trackingNumber: text(100).optional(),
      estimatedDelivery: isoDate().optional(),
    })
    .optional(),
});
export type SalesOrderStatusChange = z.input<typeof SalesOrderStatusChange>;

export const SalesOrderConvert = z
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
export type SalesOrderConvert = z.input<typeof SalesOrderConvert>;

export const SalesOrderListQuery = z.object({
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

// ---------------------------------------------------------------------------------------------
// Quotes

/** `expired` is read from the clock: a draft or sent quote whose `validUntil` has passed. */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'expired', 'converted'] as const;
export const QuoteStatus = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatus>;

export const Quote = z.object({
  id: z.string(),
  quoteNumber: z.string(),
  customerId: z.string(),
  customer: CustomerRef,
  quoteDate: isoDate(),
  validUntil: isoDate(),
  status: QuoteStatus,
  currency: z.string().length(3),
  exchangeRate: z.number(),
  reference: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  items: z.array(DocumentLine),
  subtotal: money(),
  totalDiscount: money(),
  totalTax: money(),
  total: money(),
  sentAt: isoDateTime().nullable(),
  acceptedAt: isoDateTime().nullable(),
  acceptedBy: z.string().nullable(),
  convertedToOrderAt: isoDateTime().nullable(),
  salesOrderId: z.string().nullable(),
  attachments: z.array(Attachment),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Quote = z.infer<typeof Quote>;

export const QuoteCreate = z
  .object({
    customerId: z.string().min(1),
    /** Default today. */
    quoteDate: isoDate().optional(),
    /** Default 30 days after quoteDate. */
    validUntil: isoDate().optional(),
    title: text(200).nullable().optional(),
    description: text(5000).nullable().optional(),
    reference: text(100).nullable().optional(),
    terms: text(5000).nullable().optional(),
    currency: currencyCode().optional(),
    exchangeRate: exchangeRate().optional(),
    items: z.array(DocumentLineCreate).min(1).max(200),
  })
  .superRefine(dateOrder('quoteDate', 'validUntil'));
export type QuoteCreate = z.input<typeof QuoteCreate>;

export const QuoteSend = z.object(sendFields);
export type QuoteSend = z.input<typeof QuoteSend>;

export const QuoteListQuery = z.object({
  customerId: z.string().optional(),
  status: QuoteStatus.optional(),
  quoteDateFrom: isoDate().optional(),
  quoteDateTo: isoDate().optional(),
  validUntilFrom: isoDate().optional(),
  validUntilTo: isoDate().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

// ---------------------------------------------------------------------------------------------
// Invoices

/** `overdue` is read from the clock: a sent invoice with an amount due past its `dueDate`. */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const;
export const InvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const Invoice = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  customerId: z.string(),
  customer: CustomerRef,
  /** The sales order this invoice was converted from. */
  salesOrderId: z.string().nullable(),
  invoiceDate: isoDate(),
  dueDate: isoDate(),
  status: InvoiceStatus,
  currency: z.string().length(3),
  exchangeRate: z.number(),
  reference: z.string().nullable(),
  purchaseOrder: z.string().nullable(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  items: z.array(InvoiceLine),
  subtotal: money(),
  totalDiscount: money(),
  totalTax: money(),
  shippingCost: money(),
  total: money(),
  amountPaid: money(),
  amountDue: money(),
  paymentStatus: PaymentStatus,
  lastPaymentDate: isoDate().nullable(),
  /** Days past `dueDate` by the service clock while overdue, else 0. */
  overdueBy: z.number().int(),
  billingAddress: Address.nullable(),
  attachments: z.array(Attachment),
  einvoice: z.object({
    status: z.string(),
    submittedAt: isoDateTime().nullable(),
    acceptedAt: isoDateTime().nullable(),
    uuid: z.string().nullable(),
    validationHash: z.string().nullable(),
  }),
  sendReminders: z.boolean(),
  /** The journal entry that posted the invoice (null for a draft; void once the invoice is cancelled). */
  journalEntryId: z.string().nullable(),
  sentAt: isoDateTime().nullable(),
  cancelledAt: isoDateTime().nullable(),
  cancellationReason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Invoice = z.infer<typeof Invoice>;

const invoiceFields = {
  /** Default today. */
  invoiceDate: isoDate().optional(),
  /** Default invoiceDate plus the customer's payment terms. */
  dueDate: isoDate().optional(),
  currency: currencyCode().optional(),
  exchangeRate: exchangeRate().optional(),
  reference: text(100).nullable().optional(),
  purchaseOrder: text(100).nullable().optional(),
  notes: text(5000).nullable().optional(),
  terms: text(5000).nullable().optional(),
  billingAddress: Address.nullable().optional(),
  shippingCost: nonNegativeMoney().optional(),
};

export const InvoiceCreate = z
  .object({
    customerId: z.string().min(1),
    ...invoiceFields,
    items: z.array(DocumentLineCreate).min(1).max(200),
  })
  .superRefine(dateOrder('invoiceDate', 'dueDate'));
export type InvoiceCreate = z.input<typeof InvoiceCreate>;

/** Changes to an invoice; `items`, when given, replaces every line. What a sent invoice allows: docs/spec-decisions.md. */
export const InvoiceUpdate = z
  .object({
    customerId: z.string().min(1).optional(),
    ...invoiceFields,
    items: z.array(DocumentLineCreate).min(1).max(200).optional(),
  })
  .superRefine(dateOrder('invoiceDate', 'dueDate'));
export type InvoiceUpdate = z.input<typeof InvoiceUpdate>;

export const InvoiceSend = z.object({
  ...sendFields,
  sendReminders: z.boolean().optional(),
});
export type InvoiceSend = z.input<typeof InvoiceSend>;

export const InvoiceCancel = z.object({
  reason: text(500).optional(),
  /** Date of the reversing entry of a sent invoice; default today. */
  cancelDate: isoDate().optional(),
});
export type InvoiceCancel = z.input<typeof InvoiceCancel>;

export const InvoiceListQuery = z.object({
  customerId: z.string().optional(),
  status: InvoiceStatus.optional(),
  paymentStatus: PaymentStatus.optional(),
  invoiceDateFrom: isoDate().optional(),
  invoiceDateTo: isoDate().optional(),
  dueDateFrom: isoDate().optional(),
  dueDateTo: isoDate().optional(),
  overdue: queryBoolean().optional(),
  totalMin: queryNumber().optional(),
  totalMax: queryNumber().optional(),
  salesOrderId: z.string().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

// ---------------------------------------------------------------------------------------------
// Payments

export const PAYMENT_METHODS = ['bank_transfer', 'cash', 'cheque', 'credit_card', 'debit_card', 'ewallet', 'other'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const Payment = z.object({
  id: z.string(),
  paymentNumber: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  customerId: z.string(),
  amount: money(),
  currency: z.string().length(3),
  paymentDate: isoDate(),
  paymentMethod: PaymentMethod,
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  /** The bank or cash account debited. */
  accountId: z.string(),
  journalEntryId: z.string(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
});
export type Payment = z.infer<typeof Payment>;

export const PaymentCreate = z.object({
  amount: money().pipe(z.number().positive()),
  /** Default today. */
  paymentDate: isoDate().optional(),
  /** Default `bank_transfer`. */
  paymentMethod: PaymentMethod.optional(),
  reference: text(100).nullable().optional(),
  notes: text(1000).nullable().optional(),
  /** An active asset account; default the seeded cash account for `cash`, the bank account otherwise. */
  accountId: z.string().min(1).optional(),
});
export type PaymentCreate = z.input<typeof PaymentCreate>;

export const PaymentListQuery = z.object({ ...sortQuery, ...cursorPageQuery });

// ---------------------------------------------------------------------------------------------
// Customer summary and sales funnel

/** `GET /customers/{id}/summary` (spec document 2, "Customers"); how each figure is computed: docs/spec-decisions.md. */
export const CustomerSummary = z.object({
  customerId: z.string(),
  currency: z.string().length(3),
  asOfDate: isoDate(),
  summary: z.object({
    totalSales: money(),
    totalInvoices: z.number().int(),
    averageOrderValue: money(),
    currentBalance: money(),
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
      totalValue: money(),
    }),
  ),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;

export const FUNNEL_STAGES = ['quote', 'order', 'invoice', 'paid'] as const;

/** `GET /analytics/sales-funnel` (spec document 2: response not shown; our shape in docs/spec-decisions.md). */
export const SalesFunnel = z.object({
  dateFrom: isoDate().nullable(),
  dateTo: isoDate().nullable(),
  customerId: z.string().nullable(),
  currency: z.string().length(3),
  stages: z.array(
    z.object({
      stage: z.enum(FUNNEL_STAGES),
      count: z.number().int(),
      value: money(),
      /** This stage's count as a percent of the previous stage's; null for the first stage or after an empty one. */
      conversionRate: z.number().nullable(),
    }),
  ),
  /** Paid invoices as a percent of quotes; null without quotes. */
  overallConversionRate: z.number().nullable(),
});
export type SalesFunnel = z.infer<typeof SalesFunnel>;

export const SalesFunnelQuery = z
  .object({
    dateFrom: isoDate().optional(),
    dateTo: isoDate().optional(),
    customerId: z.string().optional(),
  })
  .superRefine(dateOrder('dateFrom', 'dateTo'));

// ---------------------------------------------------------------------------------------------
// Endpoints

const SalesOrderIdParams = z.object({ salesOrderId: z.string() });
const QuoteIdParams = z.object({ quoteId: z.string() });
const InvoiceIdParams = z.object({ invoiceId: z.string() });
const CustomerIdParams = z.object({ customerId: z.string() });

const DeletedSalesOrder = z.object({ id: z.string(), deleted: z.literal(true) });

const documentList = { paging: 'cursor', defaultLimit: 50, maxLimit: 100 } as const;

export const salesOrdersList = endpoint({
  id: 'salesOrders.list',
  method: 'GET',
  path: '/sales-orders',
  scope: 'read:invoices',
  summary: 'List sales orders',
  query: SalesOrderListQuery,
  response: SalesOrder,
  list: {
    ...documentList,
    filters: { orderNumber: 'string', orderDate: 'date', requiredDate: 'date', total: 'number', createdAt: 'datetime' },
    search: ['orderNumber', 'reference', 'customer.name'],
    sort: ['orderDate', 'requiredDate', 'orderNumber', 'total', 'createdAt'],
  },
});

export const salesOrdersCreate = endpoint({
  id: 'salesOrders.create',
  method: 'POST',
  path: '/sales-orders',
  scope: 'write:invoices',
  status: 201,
  summary: 'Create a sales order as a draft',
  body: SalesOrderCreate,
  response: SalesOrder,
});

export const salesOrdersRetrieve = endpoint({
  id: 'salesOrders.retrieve',
  method: 'GET',
  path: '/sales-orders/{salesOrderId}',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'Get one sales order',
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
  params: SalesOrderIdParams,
  body: SalesOrderUpdate,
  response: SalesOrder,
});

export const salesOrdersDelete = endpoint({
  id: 'salesOrders.delete',
  method: 'DELETE',
  path: '/sales-orders/{salesOrderId}',
  scope: 'write:invoices',
  source: 'implied',
  summary: 'Delete a draft sales order',
  params: SalesOrderIdParams,
  response: DeletedSalesOrder,
});

export const salesOrdersUpdateStatus = endpoint({
  id: 'salesOrders.updateStatus',
  method: 'PATCH',
  path: '/sales-orders/{salesOrderId}/status',
  scope: 'write:invoices',
  summary: 'Move a sales order along draft -> confirmed -> shipped -> delivered, or cancel it',
  params: SalesOrderIdParams,
  body: SalesOrderStatusChange,
  response: SalesOrder,
});

export const salesOrdersConvertToInvoice = endpoint({
  id: 'salesOrders.convertToInvoice',
  method: 'POST',
  path: '/sales-orders/{salesOrderId}/convert-to-invoice',
  scope: 'write:invoices',
  status: 201,
  summary: 'Invoice what remains of an order, or part of it, as a draft invoice',
  params: SalesOrderIdParams,
  body: SalesOrderConvert,
  response: Invoice,
});

export const quotesList = endpoint({
  id: 'quotes.list',
  method: 'GET',
  path: '/quotes',
  scope: 'read:invoices',
  summary: 'List quotes',
  query: QuoteListQuery,
  response: Quote,
  list: {
    ...documentList,
    filters: { quoteNumber: 'string', quoteDate: 'date', validUntil: 'date', total: 'number', createdAt: 'datetime' },
    search: ['quoteNumber', 'title', 'reference', 'customer.name'],
    sort: ['quoteDate', 'validUntil', 'quoteNumber', 'total', 'createdAt'],
  },
});

export const quotesCreate = endpoint({
  id: 'quotes.create',
  method: 'POST',
  path: '/quotes',
  scope: 'write:invoices',
  status: 201,
  summary: 'Create a quote as a draft',
  body: QuoteCreate,
  response: Quote,
});

export const quotesRetrieve = endpoint({
  id: 'quotes.retrieve',
  method: 'GET',
  path: '/quotes/{quoteId}',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'Get one quote',
  params: QuoteIdParams,
  response: Quote,
});

export const quotesSend = endpoint({
  id: 'quotes.send',
  method: 'POST',
  path: '/quotes/{quoteId}/send',
  scope: 'write:invoices',
  summary: 'Send a quote to the customer (the sandbox records the message in its outbox)',
  params: QuoteIdParams,
  body: QuoteSend,
  response: Quote,
});

export const quotesAccept = endpoint({
  id: 'quotes.accept',
  method: 'POST',
  path: '/quotes/{quoteId}/accept',
  scope: 'write:invoices',
  summary: 'Record that the customer accepted a sent quote',
  params: QuoteIdParams,
  response: Quote,
});

export const quotesConvertToOrder = endpoint({
  id: 'quotes.convertToOrder',
  method: 'POST',
  path: '/quotes/{quoteId}/convert-to-order',
  scope: 'write:invoices',
  status: 201,
  summary: 'Turn a sent or accepted quote into a draft sales order, once',
  params: QuoteIdParams,
  response: SalesOrder,
});

export const invoicesList = endpoint({
  id: 'invoices.list',
  method: 'GET',
  path: '/invoices',
  scope: 'read:invoices',
  summary: 'List invoices',
  query: InvoiceListQuery,
  response: Invoice,
  list: {
    ...documentList,
    filters: {
      invoiceNumber: 'string',
      invoiceDate: 'date',
      dueDate: 'date',
      total: 'number',
      amountDue: 'number',
      createdAt: 'datetime',
    },
    search: ['invoiceNumber', 'reference', 'purchaseOrder', 'customer.name'],
    sort: ['invoiceDate', 'dueDate', 'invoiceNumber', 'total', 'amountDue', 'createdAt'],
  },
});

export const invoicesRetrieve = endpoint({
  id: 'invoices.retrieve',
  method: 'GET',
  path: '/invoices/{invoiceId}',
  scope: 'read:invoices',
  summary: 'Get one invoice',
  params: InvoiceIdParams,
  response: Invoice,
});

export const invoicesCreate = endpoint({
  id: 'invoices.create',
  method: 'POST',
  path: '/invoices',
  scope: 'write:invoices',
  status: 201,
  summary: 'Create an invoice as a draft',
  body: InvoiceCreate,
  response: Invoice,
});

export const invoicesUpdate = endpoint({
  id: 'invoices.update',
  method: 'PUT',
  path: '/invoices/{invoiceId}',
  scope: 'write:invoices',
  summary: 'Change an invoice that is not paid or cancelled; a sent invoice is re-posted',
  params: InvoiceIdParams,
  body: InvoiceUpdate,
  response: Invoice,
});

export const invoicesSend = endpoint({
  id: 'invoices.send',
  method: 'POST',
  path: '/invoices/{invoiceId}/send',
  scope: 'write:invoices',
  summary: 'Send an invoice: the first send posts it to the ledger (the sandbox records the message in its outbox)',
  params: InvoiceIdParams,
  body: InvoiceSend,
  response: Invoice,
});

export const invoicesCancel = endpoint({
  id: 'invoices.cancel',
  method: 'POST',
  path: '/invoices/{invoiceId}/cancel',
  scope: 'write:invoices',
  source: 'implied',
  summary: 'Cancel an invoice without payments; a sent invoice has its posting reversed',
  params: InvoiceIdParams,
  body: InvoiceCancel,
  response: Invoice,
});

export const invoicesPay = endpoint({
  id: 'invoices.pay',
  method: 'POST',
  path: '/invoices/{invoiceId}/payment',
  scope: 'write:invoices',
  status: 201,
  summary: 'Record a payment against an invoice (the short form of POST /invoices/{invoiceId}/payments)',
  params: InvoiceIdParams,
  body: PaymentCreate,
  response: Payment,
});

export const invoicePaymentsCreate = endpoint({
  id: 'invoices.payments.create',
  method: 'POST',
  path: '/invoices/{invoiceId}/payments',
  scope: 'write:invoices',
  status: 201,
  summary: 'Record a payment against an invoice',
  params: InvoiceIdParams,
  body: PaymentCreate,
  response: Payment,
});

export const invoicePaymentsList = endpoint({
  id: 'invoices.payments.list',
  method: 'GET',
  path: '/invoices/{invoiceId}/payments',
  scope: 'read:invoices',
  source: 'implied',
  summary: "List an invoice's payments",
  params: InvoiceIdParams,
  query: PaymentListQuery,
  response: Payment,
  list: {
    ...documentList,
    filters: { paymentDate: 'date', amount: 'number' },
    sort: ['paymentDate', 'amount', 'paymentNumber', 'createdAt'],
  },
});

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
  query: SalesFunnelQuery,
  response: SalesFunnel,
});

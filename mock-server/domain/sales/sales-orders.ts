import { SALES_ORDER_STATUSES, type DeletedRecord, type SalesOrderPriority, type SalesOrderStatus } from '../../../src/contract/index.js';
import { companyToday } from '../shared/calendar.js';
import type { CompanyContext } from '../../store/context.js';
import type { CustomerRow } from './tables.js';
import { addQuantities, documentTotals, priceLines, type LineInput } from './document-lines.js';
import { businessRule, notFound } from '../../kernel/errors.js';
import { addressOf, checkDateOrder, customerForSale, customerRef, documentCurrency, SALES_NUMBERS } from './sales-documents.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { salesOrdersTable, type SalesOrderLineRow, type SalesOrderRow, type StoredDocumentLine } from './document-tables.js';
import { stateMachine } from '../shared/transitions.js';
import { stockLocation } from '../inventory/index.js';
import { syncReservations } from './reservations.js';

export interface SalesOrderLineInput extends LineInput {
  notes?: string | null;
}

/** Header fields of a sales order (spec document 2, "Sales orders": POST /sales-orders). */
export interface SalesOrderFields {
  orderDate?: string;
  requiredDate?: string | null;
  promisedDate?: string | null;
  priority?: SalesOrderPriority;
  currency?: string;
  exchangeRate?: number;
  reference?: string | null;
  notes?: string | null;
  terms?: string | null;
  billingAddress?: unknown;
  shippingAddress?: unknown;
  shippingCost?: number;
}

export interface SalesOrderInput extends SalesOrderFields {
  customerId: string;
  items: readonly SalesOrderLineInput[];
  /** Where confirming reserves its tracked lines; default the company's default location. */
  locationId?: string | null;
}

export interface SalesOrderChanges extends SalesOrderFields {
  customerId?: string;
  items?: readonly SalesOrderLineInput[];
}

export interface StatusChangeInput {
  status: SalesOrderStatus;
  notes?: string;
  shipping?: { method?: string; trackingNumber?: string; estimatedDelivery?: string };
}

export interface ConvertToInvoiceInput {
  invoiceDate?: string;
  dueDate?: string;
  /** `itemId` is the order line's id (spec document 2 names it so). */
  partialItems?: readonly { itemId: string; quantity: number }[];
}

/** Plain filters of `GET /sales-orders` (spec document 2). */
export interface SalesOrderFilters {
  customerId?: string;
  status?: SalesOrderStatus;
  priority?: SalesOrderPriority;
  orderDateFrom?: string;
  orderDateTo?: string;
  requiredDateFrom?: string;
  requiredDateTo?: string;
}

/**
 * The order's progress, in the order spec document 2 lists the statuses: the one place "forward" is
 * read from. `cancelled` is not a step of it but its way out.
 */
const ORDER_PROGRESS: readonly SalesOrderStatus[] = SALES_ORDER_STATUSES.filter((status) => status !== 'cancelled');
const forwardTo = (to: SalesOrderStatus) => ({
  from: ORDER_PROGRESS.slice(0, ORDER_PROGRESS.indexOf(to)),
  rule: `a sales order only moves forward (${ORDER_PROGRESS.join(' -> ')}); it cannot move from {status} to ${to}`,
  refusals: { cancelled: 'a cancelled sales order cannot change status' },
});

/**
 * The sales-order state machine. Spec document 2: "the status is set directly by the status
 * endpoint", so any forward move is allowed, skipping steps included (confirmed -> delivered); an
 * order is cancelled while nothing has shipped (draft, confirmed); moving back, to the same status
 * or out of `cancelled` is a 422 BUSINESS_RULE_VIOLATION naming the rule.
 */
export const SALES_ORDER_MOVES = stateMachine<SalesOrderStatus, SalesOrderStatus>({
  draft: forwardTo('draft'),
  confirmed: forwardTo('confirmed'),
  shipped: forwardTo('shipped'),
  delivered: forwardTo('delivered'),
  cancelled: {
    from: ['draft', 'confirmed'],
    rule: 'a {status} sales order cannot be cancelled; only a draft or confirmed one can',
    refusals: { cancelled: 'a cancelled sales order cannot change status' },
  },
});

/** A move that ships the goods (to `shipped`, or straight to `delivered`) records the shipping details. */
const SHIPPING_STATUSES: readonly SalesOrderStatus[] = ['shipped', 'delivered'];

/**
 * The other actions on an order and the states they start from: changes and deletion take a draft;
 * invoicing takes an order confirmed or later, never draft or cancelled.
 */
export const SALES_ORDER_ACTIONS = stateMachine<SalesOrderStatus, 'update' | 'delete' | 'invoice'>({
  update: { from: ['draft'], rule: 'only a draft sales order can be changed' },
  delete: { from: ['draft'], rule: 'only a draft sales order can be deleted' },
  invoice: { from: ['confirmed', 'shipped', 'delivered'], rule: 'a {status} sales order cannot be invoiced; confirm it first' },
});

export function retrieveSalesOrder(ctx: CompanyContext, salesOrderId: string): SalesOrderRow {
  const order = salesOrdersTable(ctx).get(salesOrderId);
  if (!order) throw notFound('sales_order', salesOrderId, 'NOT_FOUND', 'salesOrderId');
  return order;
}

export const remainingOf = (line: SalesOrderLineRow): number => addQuantities(line.quantity, -line.invoicedQuantity);

const toOrderLine = (line: StoredDocumentLine, notes: string | null | undefined): SalesOrderLineRow => ({
  ...line,
  notes: notes ?? null,
  invoicedQuantity: 0,
});

/** `POST /sales-orders`: a draft; addresses default to the customer's. */
export function createSalesOrder(ctx: ActingContext, input: SalesOrderInput): SalesOrderRow {
  return ctx.store.transaction(() => {
    const customer = customerForSale(ctx, input.customerId);
    const priced = priceLines(ctx, input.items);
    const lines = priced.map((line, i) => toOrderLine(line, input.items[i].notes));
    const locationId = input.locationId ? stockLocation(ctx, input.locationId).id : null;
    return insertSalesOrder(ctx, customer, input, lines, null, locationId);
  });
}

/** A draft order from already priced lines (a quote's conversion); `quoteId` records where it came from. */
export function createSalesOrderFromLines(
  ctx: ActingContext,
  customerId: string,
  fields: SalesOrderFields,
  lines: readonly StoredDocumentLine[],
  quoteId: string,
): SalesOrderRow {
  return ctx.store.transaction(() => {
    const customer = customerForSale(ctx, customerId);
    const copied = lines.map((line) => toOrderLine({ ...line, id: ctx.store.ids.next('ln') }, null));
    return insertSalesOrder(ctx, customer, fields, copied, quoteId, null);
  });
}

function insertSalesOrder(
  ctx: ActingContext,
  customer: CustomerRow,
  fields: SalesOrderFields,
  lines: SalesOrderLineRow[],
  quoteId: string | null,
  locationId: string | null,
): SalesOrderRow {
  const { currency, exchangeRate } = documentCurrency(ctx, customer, fields);
  const orderDate = fields.orderDate ?? companyToday(ctx);
  checkDateOrder('requiredDate', fields.requiredDate, orderDate, 'orderDate');
  checkDateOrder('promisedDate', fields.promisedDate, orderDate, 'orderDate');
  const table = salesOrdersTable(ctx);
  const now = ctx.clock.iso();
  const actor = actorOf(ctx);
  return table.insert({
    id: table.newId(),
    orderNumber: nextDocumentNumber(ctx, SALES_NUMBERS.salesOrder),
    customerId: customer.id,
    customer: customerRef(customer),
    quoteId,
    locationId,
    orderDate,
    requiredDate: fields.requiredDate ?? null,
    promisedDate: fields.promisedDate ?? null,
    status: 'draft',
    priority: fields.priority ?? 'normal',
    currency,
    exchangeRate,
    reference: fields.reference ?? null,
    notes: fields.notes ?? null,
    terms: fields.terms ?? null,
    billingAddress:
      fields.billingAddress !== undefined ? addressOf(fields.billingAddress) : addressOf(customer.billingAddress ?? customer.address),
    shippingAddress:
      fields.shippingAddress !== undefined ? addressOf(fields.shippingAddress) : addressOf(customer.shippingAddress ?? customer.address),
    items: lines,
    ...documentTotals(lines, fields.shippingCost ?? 0, exchangeRate),
    shippingInvoiced: false,
    shipping: { method: null, trackingNumber: null, estimatedDelivery: null },
    invoiceIds: [],
    statusHistory: [{ status: 'draft', changedAt: now, changedBy: actor, notes: null }],
    createdBy: actor,
    createdAt: now,
    updatedAt: now,
  });
}

/** `PUT /sales-orders/{id}` (implied): a draft's changes; `items` replaces every line. Any other state is refused. */
export function updateSalesOrder(ctx: ActingContext, salesOrderId: string, changes: SalesOrderChanges): SalesOrderRow {
  return ctx.store.transaction(() => {
    const order = retrieveSalesOrder(ctx, salesOrderId);
    SALES_ORDER_ACTIONS.assert('update', order.status, { salesOrderId: order.id, orderNumber: order.orderNumber });
    const customer = customerForSale(ctx, changes.customerId ?? order.customerId);
    const currencyInput = changes.currency ?? order.currency;
    const { currency, exchangeRate } = documentCurrency(ctx, customer, {
      currency: currencyInput,
      exchangeRate: changes.exchangeRate ?? (currencyInput === order.currency ? order.exchangeRate : undefined),
    });
    const items = changes.items ? priceLines(ctx, changes.items).map((line, i) => toOrderLine(line, changes.items![i].notes)) : order.items;
    const pick = <K extends keyof SalesOrderFields & keyof SalesOrderRow>(key: K) =>
      (changes[key] !== undefined ? changes[key] : order[key]) as SalesOrderRow[K];
    const orderDate = changes.orderDate ?? order.orderDate;
    const requiredDate = pick('requiredDate');
    const promisedDate = pick('promisedDate');
    checkDateOrder('requiredDate', requiredDate, orderDate, 'orderDate');
    checkDateOrder('promisedDate', promisedDate, orderDate, 'orderDate');
    return salesOrdersTable(ctx).update(order.id, {
      customerId: customer.id,
      customer: customerRef(customer),
      orderDate,
      requiredDate,
      promisedDate,
      priority: pick('priority'),
      currency,
      exchangeRate,
      reference: pick('reference'),
      notes: pick('notes'),
      terms: pick('terms'),
      billingAddress: changes.billingAddress !== undefined ? addressOf(changes.billingAddress) : order.billingAddress,
      shippingAddress: changes.shippingAddress !== undefined ? addressOf(changes.shippingAddress) : order.shippingAddress,
      items,
      ...documentTotals(items, changes.shippingCost ?? order.shippingCost, exchangeRate),
      updatedAt: ctx.clock.iso(),
    });
  });
}

/** `DELETE /sales-orders/{id}` (implied): drafts only; an order converted from a quote is cancelled instead. */
export function deleteSalesOrder(ctx: ActingContext, salesOrderId: string): DeletedRecord {
  return ctx.store.transaction(() => {
    const order = retrieveSalesOrder(ctx, salesOrderId);
    SALES_ORDER_ACTIONS.assert('delete', order.status, { salesOrderId: order.id, orderNumber: order.orderNumber });
    if (order.quoteId) {
      throw businessRule('a sales order converted from a quote cannot be deleted; cancel it instead', {
        salesOrderId: order.id,
        orderNumber: order.orderNumber,
        quoteId: order.quoteId,
      });
    }
    salesOrdersTable(ctx).delete(order.id);
    return { id: order.id, deleted: true };
  });
}

/** `PATCH /sales-orders/{id}/status` through `SALES_ORDER_MOVES`; a move to `shipped` or `delivered` records the shipping details. */
export function changeSalesOrderStatus(ctx: ActingContext, salesOrderId: string, input: StatusChangeInput): SalesOrderRow {
  return ctx.store.transaction(() => {
    const order = retrieveSalesOrder(ctx, salesOrderId);
    SALES_ORDER_MOVES.assert(input.status, order.status, {
      salesOrderId: order.id,
      orderNumber: order.orderNumber,
      requestedStatus: input.status,
    });
    if (input.status === 'cancelled' && order.invoiceIds.length > 0) {
      throw businessRule('a sales order with invoices cannot be cancelled; cancel its invoices first', {
        salesOrderId: order.id,
        orderNumber: order.orderNumber,
        invoiceIds: order.invoiceIds,
      });
    }
    const now = ctx.clock.iso();
    const shipping =
      SHIPPING_STATUSES.includes(input.status) && input.shipping
        ? {
            method: input.shipping.method ?? order.shipping.method,
            trackingNumber: input.shipping.trackingNumber ?? order.shipping.trackingNumber,
            estimatedDelivery: input.shipping.estimatedDelivery ?? order.shipping.estimatedDelivery,
          }
        : order.shipping;
    const moved = salesOrdersTable(ctx).update(order.id, {
      status: input.status,
      shipping,
      statusHistory: [
        ...order.statusHistory,
        { status: input.status, changedAt: now, changedBy: actorOf(ctx), notes: input.notes ?? null },
      ],
      updatedAt: now,
    });
    // Confirming reserves the tracked lines' stock, cancelling releases it (INV-28).
    syncReservations(ctx, order.id);
    return moved;
  });
}

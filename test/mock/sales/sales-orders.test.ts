import { describe, expect, it } from 'vitest';
import { SALES_ORDER_STATUSES, type SalesOrderStatus } from '../../../src/contract/index.js';
import {
  cancelInvoice,
  changeSalesOrderStatus,
  convertQuoteToOrder,
  convertSalesOrderToInvoice,
  createQuote,
  createSalesOrder,
  deleteSalesOrder,
  presentSalesOrder,
  retrieveInvoice,
  retrieveSalesOrder,
  SALES_ORDER_MOVES,
  salesOrdersTable,
  sendQuote,
  updateInvoice,
  updateSalesOrder,
} from '../../../mock-server/domain/sales/index.js';
import { refusal } from '../support/domain.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';

/** An order of 10 chairs at 45.00 (5% off, SST10) and 4 hours of fitting at 60.00 (SVC8), shipping 30. */
function newOrder(w: SalesWorld, extra: Record<string, unknown> = {}) {
  return createSalesOrder(w.ctx, {
    customerId: w.customer({ paymentTerms: 30 }).id,
    orderDate: '2026-11-18',
    requiredDate: '2026-12-01',
    shippingCost: 30,
    items: [
      { description: 'Stacking chair', quantity: 10, unitPrice: 45, discountPercent: 5, taxCode: 'SST10', notes: 'Grey' },
      { description: 'Fitting', quantity: 4, unitPrice: 60, taxCode: 'SVC8' },
    ],
    ...extra,
  });
}

/** Walks an order through `statuses` with the status endpoint's domain call. */
function moveTo(w: SalesWorld, id: string, ...statuses: SalesOrderStatus[]) {
  for (const status of statuses) changeSalesOrderStatus(w.ctx, id, { status });
  return retrieveSalesOrder(w.ctx, id);
}

/** Every way to reach each status from a draft. */
const PATH_TO: Record<SalesOrderStatus, SalesOrderStatus[]> = {
  draft: [],
  confirmed: ['confirmed'],
  shipped: ['confirmed', 'shipped'],
  delivered: ['confirmed', 'shipped', 'delivered'],
  cancelled: ['cancelled'],
};

describe('creating a sales order', () => {
  it('is a draft with priced lines, totals, the customer addresses and a status history', () => {
    const w = salesWorld();
    const order = newOrder(w);
    // chairs 450 - 22.50 = 427.50, tax 42.75; fitting 240, tax 19.20
    expect(order).toMatchObject({
      status: 'draft',
      priority: 'normal',
      subtotal: 667.5,
      totalDiscount: 22.5,
      totalTax: 61.95,
      shippingCost: 30,
      total: 759.45,
      quoteId: null,
      invoiceIds: [],
    });
    expect(order.orderNumber).toMatch(/^SO-\d{6}$/);
    expect(order.items[0]).toMatchObject({ notes: 'Grey', invoicedQuantity: 0 });
    expect(presentSalesOrder(order)).toMatchObject({
      fulfillment: { status: 'unfulfilled', shippedQuantity: 0, remainingQuantity: 14 },
      invoicing: { status: 'not_invoiced', invoiceIds: [] },
      statusHistory: [{ status: 'draft', changedBy: 'usr_aisyah', notes: null }],
    });
  });

  it('a required date before the order date is a DATE_CONSTRAINT', () => {
    const w = salesWorld();
    expect(refusal(() => newOrder(w, { requiredDate: '2026-11-01' })).details[0]).toMatchObject({
      field: 'requiredDate',
      code: 'DATE_CONSTRAINT',
    });
  });
});

/** The moves the status endpoint allows (SALES-41): any forward, skipping steps included; cancelling before anything ships. */
const ALLOWED: Record<SalesOrderStatus, SalesOrderStatus[]> = {
  draft: ['confirmed', 'shipped', 'delivered', 'cancelled'],
  confirmed: ['shipped', 'delivered', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The rule a refused move names. */
const refusalOf = (from: SalesOrderStatus, to: SalesOrderStatus): string =>
  from === 'cancelled'
    ? 'a cancelled sales order cannot change status'
    : to === 'cancelled'
      ? `a ${from} sales order cannot be cancelled; only a draft or confirmed one can`
      : `a sales order only moves forward (draft -> confirmed -> shipped -> delivered); it cannot move from ${from} to ${to}`;

describe('the status table', () => {
  for (const from of SALES_ORDER_STATUSES) {
    for (const to of SALES_ORDER_STATUSES) {
      const allowed = ALLOWED[from].includes(to);
      it(`${from} -> ${to} is ${allowed ? 'allowed' : 'a BUSINESS_RULE_VIOLATION naming the rule'}`, () => {
        const w = salesWorld();
        const order = moveTo(w, newOrder(w).id, ...PATH_TO[from]);
        expect(SALES_ORDER_MOVES.allows(to, from)).toBe(allowed);
        if (allowed) {
          const moved = changeSalesOrderStatus(w.ctx, order.id, { status: to, notes: `to ${to}` });
          expect(moved.status).toBe(to);
          expect(moved.statusHistory.at(-1)).toMatchObject({ status: to, notes: `to ${to}`, changedBy: 'usr_aisyah' });
        } else {
          const error = refusal(() => changeSalesOrderStatus(w.ctx, order.id, { status: to }));
          expect(error).toMatchObject({ status: 422, code: 'BUSINESS_RULE_VIOLATION', message: refusalOf(from, to) });
          expect(error.details[0]).toMatchObject({
            rule: refusalOf(from, to),
            status: from,
            requestedStatus: to,
            allowedStatuses: SALES_ORDER_MOVES.moves[to].from,
          });
          expect(retrieveSalesOrder(w.ctx, order.id)).toEqual(order);
        }
      });
    }
  }

  it('shipping records the method, tracking number and estimated delivery', () => {
    const w = salesWorld();
    const order = moveTo(w, newOrder(w).id, 'confirmed');
    const shipped = changeSalesOrderStatus(w.ctx, order.id, {
      status: 'shipped',
      shipping: { method: 'Pos Laju', trackingNumber: 'EP123MY', estimatedDelivery: '2026-11-25' },
    });
    expect(presentSalesOrder(shipped).fulfillment).toEqual({
      status: 'shipped',
      shippedQuantity: 14,
      remainingQuantity: 0,
      shippingMethod: 'Pos Laju',
      trackingNumber: 'EP123MY',
      estimatedDelivery: '2026-11-25',
    });
  });
});

describe('changing and deleting an order', () => {
  it('a draft takes changes; lines are repriced', () => {
    const w = salesWorld();
    const order = newOrder(w);
    const changed = updateSalesOrder(w.ctx, order.id, {
      priority: 'urgent',
      shippingCost: 0,
      items: [{ description: 'Table', quantity: 1, unitPrice: 300, taxCode: 'SST10' }],
    });
    expect(changed).toMatchObject({ priority: 'urgent', subtotal: 300, totalTax: 30, total: 330, requiredDate: '2026-12-01' });
  });

  it('once confirmed it can be neither changed nor deleted', () => {
    const w = salesWorld();
    const order = moveTo(w, newOrder(w).id, 'confirmed');
    expect(refusal(() => updateSalesOrder(w.ctx, order.id, { notes: 'x' })).message).toBe('only a draft sales order can be changed');
    expect(refusal(() => deleteSalesOrder(w.ctx, order.id)).message).toBe('only a draft sales order can be deleted');
  });

  it('a draft is deleted; one converted from a quote is not', () => {
    const w = salesWorld();
    const order = newOrder(w);
    expect(deleteSalesOrder(w.ctx, order.id)).toEqual({ id: order.id, deleted: true });
    expect(refusal(() => retrieveSalesOrder(w.ctx, order.id)).status).toBe(404);

    const quote = createQuote(w.ctx, { customerId: w.customer().id, items: [{ description: 'x', quantity: 1, unitPrice: 5 }] });
    sendQuote(w.ctx, quote.id);
    const { order: fromQuote } = convertQuoteToOrder(w.ctx, quote.id);
    expect(refusal(() => deleteSalesOrder(w.ctx, fromQuote.id)).message).toBe(
      'a sales order converted from a quote cannot be deleted; cancel it instead',
    );
  });
});

describe('converting an order to an invoice', () => {
  it('whole: a draft invoice for every remaining quantity, with the shipping cost, and nothing left', () => {
    const w = salesWorld();
    const order = moveTo(w, newOrder(w).id, 'confirmed');
    const invoice = convertSalesOrderToInvoice(w.ctx, order.id, { invoiceDate: '2026-11-20' });
    expect(invoice).toMatchObject({
      status: 'draft',
      salesOrderId: order.id,
      invoiceDate: '2026-11-20',
      dueDate: '2026-12-20',
      reference: order.orderNumber,
      subtotal: 667.5,
      totalTax: 61.95,
      shippingCost: 30,
      total: 759.45,
    });
    expect(invoice.items.map((l) => [l.salesOrderLineId, l.quantity, l.lineTotal])).toEqual([
      [order.items[0].id, 10, 427.5],
      [order.items[1].id, 4, 240],
    ]);
    const after = presentSalesOrder(retrieveSalesOrder(w.ctx, order.id));
    expect(after.invoicing).toEqual({ status: 'invoiced', invoiceIds: [invoice.id] });
    expect(after.items.map((l) => l.remainingQuantity)).toEqual([0, 0]);
    expect(refusal(() => convertSalesOrderToInvoice(w.ctx, order.id)).message).toBe('the sales order is fully invoiced');
  });

  it('partial: invoices the quantities asked for and tracks what remains per line', () => {
    const w = salesWorld();
    const order = moveTo(w, newOrder(w).id, 'confirmed', 'shipped');
    const [chairs, fitting] = order.items;
    const first = convertSalesOrderToInvoice(w.ctx, order.id, { partialItems: [{ itemId: chairs.id, quantity: 4 }] });
    // 4 x 45 = 180, 5% off 9 -> 171, tax 17.10, and the order's shipping 30
    expect(first).toMatchObject({ subtotal: 171, totalTax: 17.1, shippingCost: 30, total: 218.1 });
    expect(presentSalesOrder(retrieveSalesOrder(w.ctx, order.id)).items.map((l) => [l.invoicedQuantity, l.remainingQuantity])).toEqual([
      [4, 6],
      [0, 4],
    ]);

    const error = refusal(() => convertSalesOrderToInvoice(w.ctx, order.id, { partialItems: [{ itemId: chairs.id, quantity: 6.5 }] }));
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(error.details[0]).toMatchObject({ field: 'partialItems.0.quantity', code: 'MAX_VALUE', value: 6.5, constraint: { max: 6 } });

    const second = convertSalesOrderToInvoice(w.ctx, order.id, {
      partialItems: [
        { itemId: chairs.id, quantity: 6 },
        { itemId: fitting.id, quantity: 1.5 },
      ],
    });
    expect(second).toMatchObject({ shippingCost: 0, subtotal: 346.5 });
    const rest = convertSalesOrderToInvoice(w.ctx, order.id);
    expect(rest.items.map((l) => [l.salesOrderLineId, l.quantity])).toEqual([[fitting.id, 2.5]]);
    expect(presentSalesOrder(retrieveSalesOrder(w.ctx, order.id)).invoicing.status).toBe('invoiced');
  });

  it('unknown and repeated lines are named in the refusal, which changes nothing', () => {
    const w = salesWorld();
    const order = moveTo(w, newOrder(w).id, 'confirmed');
    const invoices = salesOrdersTable(w.ctx).get(order.id)!.invoiceIds.length;
    const error = refusal(() =>
      convertSalesOrderToInvoice(w.ctx, order.id, {
        partialItems: [
          { itemId: 'ln_nope', quantity: 1 },
          { itemId: order.items[0].id, quantity: 1 },
          { itemId: order.items[0].id, quantity: 1 },
        ],
      }),
    );
    expect(error.details.map((d: { field: string; code: string }) => `${d.field} ${d.code}`)).toEqual([
      'partialItems.0.itemId INVALID_CHOICE',
      'partialItems.2.itemId DUPLICATE_VALUE',
    ]);
    expect(retrieveSalesOrder(w.ctx, order.id)).toEqual(order);
    expect(salesOrdersTable(w.ctx).get(order.id)!.invoiceIds).toHaveLength(invoices);
  });

  it('a draft or cancelled order cannot be invoiced', () => {
    const w = salesWorld();
    const draft = newOrder(w);
    expect(refusal(() => convertSalesOrderToInvoice(w.ctx, draft.id)).message).toBe(
      'a draft sales order cannot be invoiced; confirm it first',
    );
    const cancelled = moveTo(w, newOrder(w).id, 'cancelled');
    expect(refusal(() => convertSalesOrderToInvoice(w.ctx, cancelled.id)).message).toBe(
      'a cancelled sales order cannot be invoiced; confirm it first',
    );
  });

  it('cancelling an invoice gives its quantities and shipping back to the order; an order with invoices cannot be cancelled', () => {
    const w = salesWorld();
    const order = moveTo(w, newOrder(w).id, 'confirmed');
    const invoice = convertSalesOrderToInvoice(w.ctx, order.id, { partialItems: [{ itemId: order.items[0].id, quantity: 3 }] });
    expect(refusal(() => changeSalesOrderStatus(w.ctx, order.id, { status: 'cancelled' })).message).toBe(
      'a sales order with invoices cannot be cancelled; cancel its invoices first',
    );
    cancelInvoice(w.ctx, invoice.id);
    const after = retrieveSalesOrder(w.ctx, order.id);
    expect(after).toMatchObject({ invoiceIds: [], shippingInvoiced: false });
    expect(after.items.map((l) => l.invoicedQuantity)).toEqual([0, 0]);
    expect(retrieveInvoice(w.ctx, invoice.id).status).toBe('cancelled');
    expect(changeSalesOrderStatus(w.ctx, order.id, { status: 'cancelled' }).status).toBe('cancelled');
  });

  it('new lines detach an invoice from its order: the quantities go back, the shipping only when the invoice stops billing it', () => {
    const w = salesWorld();
    const order = moveTo(w, newOrder(w).id, 'confirmed');
    const kept = convertSalesOrderToInvoice(w.ctx, order.id, { partialItems: [{ itemId: order.items[0].id, quantity: 3 }] });
    updateInvoice(w.ctx, kept.id, { items: [{ description: 'Delivery only', quantity: 1, unitPrice: 10 }] });
    expect(retrieveInvoice(w.ctx, kept.id)).toMatchObject({ salesOrderId: null, shippingCost: 30 });
    expect(retrieveSalesOrder(w.ctx, order.id)).toMatchObject({ invoiceIds: [], shippingInvoiced: true });
    // The rest of the order is invoiced without billing the shipping a second time.
    const rest = convertSalesOrderToInvoice(w.ctx, order.id);
    expect(rest).toMatchObject({ shippingCost: 0 });
    expect(rest.items.map((l) => l.quantity)).toEqual([10, 4]);

    const other = moveTo(w, newOrder(w).id, 'confirmed');
    const dropped = convertSalesOrderToInvoice(w.ctx, other.id, { partialItems: [{ itemId: other.items[0].id, quantity: 3 }] });
    updateInvoice(w.ctx, dropped.id, { items: [{ description: 'Delivery only', quantity: 1, unitPrice: 10 }], shippingCost: 0 });
    expect(retrieveSalesOrder(w.ctx, other.id)).toMatchObject({ shippingInvoiced: false });
    expect(convertSalesOrderToInvoice(w.ctx, other.id)).toMatchObject({ shippingCost: 30 });
  });
});

import { InvoiceUpdateParams, SalesOrderConvertToInvoiceParams, SalesOrderUpdateParams } from '../../src/contract/index.js';
import {
  addQuantities,
  convertQuoteToOrder,
  convertSalesOrderToInvoice,
  INVOICES,
  type InvoiceRow,
  linePart,
  type QuoteRow,
  SALES_ORDERS,
  type SalesOrderRow,
  salesOrdersTable,
  updateInvoice,
  updateSalesOrder,
} from '../domain/sales/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import * as money from '../domain/shared/money.js';
import type { Store } from '../store/index.js';
import { atPath, FixtureProblem } from './fixture-problem.js';
import { byNumber } from './fixture-rows.js';
import type { CheckedFixtureCompany } from './fixture-schema.js';

// A fixture's conversions (MOCK-50): a quote converted to a sales order, a sales order (or part of it) to an invoice,
// each loaded through the route functions a client calls, and written back only when that replay gives the same documents.

type FixtureInvoice = NonNullable<CheckedFixtureCompany['invoices']>[number];

/** The id at `at` of a list loaded so far; none there is a problem at `field`. */
function loadedAt(ids: readonly string[], at: number, field: string, list: string): string {
  const id = ids[at];
  if (!id) throw new FixtureProblem(`${field}: no ${list}[${at}] in this company`);
  return id;
}

/**
 * The order `quote` converted to (`POST /quotes/{id}/convert-to-order`), its draft then changed to the file's body by
 * `PUT /sales-orders/{id}` (what the file leaves out is cleared, as the row had it null); returns the order's id.
 */
export function convertedOrder(ctx: ActingContext, quoteIds: readonly string[], quote: number, body: object, path: string): string {
  const quoteId = loadedAt(quoteIds, quote, 'quote', 'quotes');
  // The API's refusal of the conversion (a draft or declined quote, one converted already) is the link's.
  const { order } = atPath(`${path}.quote`, () => convertQuoteToOrder(ctx, quoteId));
  const cleared = { requiredDate: null, promisedDate: null, reference: null, notes: null, terms: null };
  updateSalesOrder(ctx, order.id, SalesOrderUpdateParams.parse({ ...cleared, billingAddress: null, shippingAddress: null, ...body }));
  return order.id;
}

/**
 * The invoice `salesOrder` converted to (`POST /sales-orders/{id}/convert-to-invoice` of `partialItems`, order lines by
 * position), its header then set to the file's by `PUT /invoices/{id}` (no lines, so it stays the order's); returns its id.
 */
export function invoiceFromOrder(
  ctx: ActingContext,
  orderIds: readonly string[],
  salesOrder: number,
  invoice: FixtureInvoice,
  customerId: string,
): string {
  const { partialItems, invoiceDate, dueDate, currency, exchangeRate, shippingCost } = invoice;
  const orderId = loadedAt(orderIds, salesOrder, 'salesOrder', 'salesOrders');
  const lines = salesOrdersTable(ctx).get(orderId)!.items;
  const parts = partialItems?.map(({ line, quantity }, l) => {
    if (!lines[line]) throw new FixtureProblem(`partialItems[${l}].line: the sales order has no line ${line} (it has ${lines.length})`);
    return { itemId: lines[line].id, quantity };
  });
  const body = SalesOrderConvertToInvoiceParams.parse({ invoiceDate, dueDate, ...(parts ? { partialItems: parts } : {}) });
  const made = convertSalesOrderToInvoice(ctx, orderId, body);
  const header = {
    customerId,
    currency,
    exchangeRate,
    reference: invoice.reference ?? null,
    purchaseOrder: invoice.purchaseOrder ?? null,
    notes: invoice.notes ?? null,
    terms: invoice.terms ?? null,
    billingAddress: invoice.billingAddress ?? null,
    shippingCost: shippingCost ?? 0,
  };
  return updateInvoice(ctx, made.id, InvoiceUpdateParams.parse(header)).id;
}

/** The positions of `salesOrders` some invoice of the file was made from: their cancels wait for those invoices' cancels. */
export const ordersInvoiced = (company: CheckedFixtureCompany): Set<number> =>
  new Set((company.invoices ?? []).flatMap((invoice) => (invoice.salesOrder === undefined ? [] : [invoice.salesOrder])));

/**
 * Whether the load, which makes an order's invoices in number order each with its cancel right after it, prices every
 * line of them as the API did and leaves the order as it is (its shipping invoiced or not): a history that cancelled an
 * invoice after a later one was made, or replaced an invoice's lines while it held part of the order, may not.
 */
function loadReplays(order: SalesOrderRow, invoices: readonly InvoiceRow[]): boolean {
  const holding: InvoiceRow[] = [];
  let shippingInvoiced = false;
  for (const invoice of invoices) {
    for (const line of invoice.items) {
      const orderLine = order.items.find((l) => l.id === line.salesOrderLineId);
      if (!orderLine) return false;
      const taken = holding.flatMap((h) => h.items.filter((l) => l.salesOrderLineId === orderLine.id));
      const part = linePart(orderLine, taken, line.quantity);
      const same = (['lineTotal', 'discountAmount', 'taxAmount'] as const).every((field) => money.equals(part[field], line[field]));
      if (!same) return false;
    }
    shippingInvoiced = true;
    if (invoice.status !== 'cancelled') holding.push(invoice);
    else if (invoice.shippingCost > 0) shippingInvoiced = false;
  }
  const invoiced = (id: string) =>
    holding.flatMap((h) => h.items).reduce((sum, l) => (l.salesOrderLineId === id ? addQuantities(sum, l.quantity) : sum), 0);
  return shippingInvoiced === order.shippingInvoiced && order.items.every((line) => money.equals(invoiced(line.id), line.invoicedQuantity));
}

/** What the export writes of the company's conversions: each written invoice's order and parts, each order's quote. */
export interface ConversionLinks {
  invoices: Map<string, { salesOrder: number; partialItems: { line: number; quantity: number }[] }>;
  /** A converted quote's position in the written quotes, by the id of the order it became. */
  quoteOf: Map<string, number>;
}

/**
 * The links the export writes (MOCK-50): an invoice's order (by position in number order) and its lines as parts of the
 * order's, for the orders whose invoices the load replays (loadReplays; another order's invoices are written as plain
 * invoices); an order's quote, for the quotes written (`written`, their rows in the order written).
 */
export function conversionLinks(store: Store, companyId: string, written: readonly QuoteRow[]): ConversionLinks {
  const orders = store
    .table<SalesOrderRow>(companyId, SALES_ORDERS)
    .all()
    .sort(byNumber((row) => row.orderNumber));
  const invoices = store.table<InvoiceRow>(companyId, INVOICES);
  const links: ConversionLinks = { invoices: new Map(), quoteOf: new Map() };
  orders.forEach((order, o) => {
    const made = invoices.byIndex('salesOrderId', order.id).sort(byNumber((row) => row.invoiceNumber));
    if (made.length === 0 || !loadReplays(order, made)) return;
    for (const invoice of made) {
      const partialItems = invoice.items.map((line) => ({
        line: order.items.findIndex((l) => l.id === line.salesOrderLineId),
        quantity: line.quantity,
      }));
      links.invoices.set(invoice.id, { salesOrder: o, partialItems });
    }
  });
  written.forEach((quote, q) => {
    if (quote.salesOrderId) links.quoteOf.set(quote.salesOrderId, q);
  });
  return links;
}

/** A converted quote the load can replay: sent (and accepted, when it was) on a day it is still valid (MOCK-50). */
export const convertedQuoteLoads = (row: QuoteRow, today: string): boolean =>
  row.status === 'converted' && row.salesOrderId !== null && row.validUntil >= today;

import { InvoiceCreateParams, QuoteCreateParams, SalesOrderCreateParams } from '../../src/contract/index.js';
import {
  acceptQuote,
  changeSalesOrderStatus,
  createInvoice,
  createQuote,
  createSalesOrder,
  declineQuote,
  sendInvoice,
  sendQuote,
} from '../domain/sales/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { convertedOrder, invoiceFromOrder, ordersInvoiced } from './fixture-conversions.js';
import type { AtPath } from './fixture-problem.js';
import { type InvoiceIds, loadCreditUse, loadInvoiceMoves } from './fixture-sales-notes.js';
import { customerNamed, locationIdCoded, withItemIds } from './fixture-refs.js';
import type { CheckedFixtureCompany } from './fixture-schema.js';

/** Sends a document as a fixture's load does: the state only, no message to the outbox (MOCK-40). */
const QUIET = { recordMessage: false } as const;

/**
 * The company's quotes, sales orders and invoices (MOCK-40), each created through the function its `POST` calls,
 * then moved to its state as the API moves it (send, accept, decline; a status change; send, then each payment
 * on its own date, MOCK-41), so totals, numbers, entries, stock and balances are the domain's.
 */
export function loadSalesDocuments(ctx: ActingContext, company: CheckedFixtureCompany, path: string, at: AtPath): void {
  // Ids by position, filled as the plan runs each record's step (MOCK-52); a conversion reads its source's then.
  const quoteIds: string[] = [];
  company.quotes?.forEach(({ customer, items, status, declineReason, ...fields }, i) => {
    at(`${path}.quotes[${i}]`, () => {
      const customerId = customerNamed(ctx, customer).id;
      const quote = createQuote(ctx, QuoteCreateParams.parse({ ...fields, customerId, items: withItemIds(ctx, items) }));
      if (status === 'sent' || status === 'accepted') sendQuote(ctx, quote.id, {}, QUIET);
      if (status === 'accepted') acceptQuote(ctx, quote.id);
      if (status === 'declined') declineQuote(ctx, quote.id, declineReason ? { reason: declineReason } : {});
      quoteIds[i] = quote.id;
    });
  });
  const orderIds = loadSalesOrders(ctx, company, quoteIds, path, at);
  const ids: InvoiceIds = { invoices: [], creditNotes: [] };
  company.invoices?.forEach((invoice, i) => {
    const { customer, items, status, location, payments: _p, debitNotes: _d, creditNotes: _c, cancel: _x, ...fields } = invoice;
    const { salesOrder, partialItems: _parts, ...header } = fields;
    // One made from an order is that order's conversion (MOCK-50): a step after the order's and after every step of
    // the order's invoices listed before it, their cancels included, as the export's replay of the order assumes (MOCK-52).
    const source = salesOrder === undefined ? [] : [`${path}.salesOrders[${salesOrder}]`, ...madeFrom(company, salesOrder, path, i)];
    at(
      `${path}.invoices[${i}]`,
      () => {
        const customerId = customerNamed(ctx, customer).id;
        const locationId = locationIdCoded(ctx, location);
        const body = { ...header, customerId, items: withItemIds(ctx, items ?? []), ...(locationId ? { locationId } : {}) };
        // The schema gives every invoice not made from an order its items.
        ids.invoices[i] =
          salesOrder === undefined
            ? createInvoice(ctx, InvoiceCreateParams.parse(body)).id
            : invoiceFromOrder(ctx, orderIds, salesOrder, invoice, customerId);
      },
      source,
    );
    // Its send a step of its own, so a plan may send it after later invoices were made (MOCK-52).
    if (status === 'sent') at(`${path}.invoices[${i}].status`, () => void sendInvoice(ctx, ids.invoices[i], {}, QUIET));
    ids.creditNotes.push(loadInvoiceMoves(ctx, () => ids.invoices[i], invoice, `${path}.invoices[${i}]`, at));
  });
  loadCreditUse(ctx, company.invoices ?? [], ids, path, at);
  // An order invoiced is cancelled once its invoices are (the API refuses it while one stands), so after them (MOCK-50).
  const invoiced = ordersInvoiced(company);
  company.salesOrders?.forEach(({ cancel }, i) => {
    if (!cancel || !invoiced.has(i)) return;
    // A step after every step of the invoices made from it, wherever `stockMoves` places theirs (MOCK-52).
    at(`${path}.salesOrders[${i}].cancel`, () => cancelOrder(ctx, orderIds[i], cancel), madeFrom(company, i, path));
  });
}

/** The paths of the invoices made from `salesOrders[order]`, those listed before `before` when it is given. */
const madeFrom = (company: CheckedFixtureCompany, order: number, path: string, before = Number.POSITIVE_INFINITY): string[] =>
  (company.invoices ?? []).flatMap((invoice, k) => (invoice.salesOrder === order && k < before ? [`${path}.invoices[${k}]`] : []));

const cancelOrder = (ctx: ActingContext, orderId: string, cancel: { notes?: string }) =>
  void changeSalesOrderStatus(ctx, orderId, { ...cancel, status: 'cancelled' });

/**
 * The company's sales orders, each created, or converted from its `quote` and changed to its body (MOCK-50), then moved
 * to its status, and cancelled at once unless an invoice was made from it; returns their ids by position, each filled as its step runs.
 */
function loadSalesOrders(ctx: ActingContext, company: CheckedFixtureCompany, quoteIds: string[], path: string, at: AtPath): string[] {
  const invoiced = ordersInvoiced(company);
  const orderIds: string[] = [];
  company.salesOrders?.forEach(({ customer, items, status, location, cancel, quote, ...fields }, i) => {
    // One converted from a quote is a step after the quote's (MOCK-50, MOCK-52).
    const source = quote === undefined ? [] : [`${path}.quotes[${quote}]`];
    at(
      `${path}.salesOrders[${i}]`,
      () => {
        const customerId = customerNamed(ctx, customer).id;
        const locationId = locationIdCoded(ctx, location);
        const body = { ...fields, customerId, items: withItemIds(ctx, items), ...(locationId ? { locationId } : {}) };
        const id =
          quote === undefined
            ? createSalesOrder(ctx, SalesOrderCreateParams.parse(body)).id
            : convertedOrder(ctx, quoteIds, quote, body, `${path}.salesOrders[${i}]`);
        if (status && status !== 'draft') changeSalesOrderStatus(ctx, id, { status });
        orderIds[i] = id;
      },
      source,
    );
    if (cancel && !invoiced.has(i)) at(`${path}.salesOrders[${i}].cancel`, () => cancelOrder(ctx, orderIds[i], cancel));
  });
  return orderIds;
}

import { InvoiceCreateParams, QuoteCreateParams, SalesOrderCreateParams, type SalesOrderStatus } from '../../src/contract/index.js';
import { ACCOUNTS, type AccountRow } from '../domain/accounting/index.js';
import { LOCATIONS, type LocationRow } from '../domain/inventory/index.js';
import {
  acceptQuote,
  changeSalesOrderStatus,
  createInvoice,
  createQuote,
  createSalesOrder,
  CUSTOMERS,
  type CustomerRow,
  declineQuote,
  isExpired,
  QUOTES,
  type QuoteRow,
  SALES_ORDERS,
  type SalesOrderRow,
  sendInvoice,
  sendQuote,
} from '../domain/sales/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';
import type { AtPath } from './fixture-problem.js';
import { byNumber, namesById, setFields } from './fixture-rows.js';
import { invoicesOf, lineOf } from './fixture-invoices-export.js';
import { type InvoiceIds, loadCreditUse, loadInvoiceMoves } from './fixture-sales-notes.js';
import { customerNamed, locationIdCoded, withItemIds } from './fixture-refs.js';
import type { CheckedFixtureCompany, FixtureFile } from './fixture-schema.js';
import type { LeftOut } from './fixture-left-out.js';

type FixtureCompany = FixtureFile['companies'][number];

/** Sends a document as a fixture's load does: the state only, no message to the outbox (MOCK-40). */
const QUIET = { recordMessage: false } as const;

/**
 * The company's quotes, sales orders and invoices (MOCK-40), each created through the function its `POST` calls,
 * then moved to its state as the API moves it (send, accept, decline; a status change; send, then each payment
 * on its own date, MOCK-41), so totals, numbers, entries, stock and balances are the domain's.
 */
export function loadSalesDocuments(ctx: ActingContext, company: CheckedFixtureCompany, path: string, at: AtPath): void {
  company.quotes?.forEach(({ customer, items, status, declineReason, ...fields }, i) => {
    at(`${path}.quotes[${i}]`, () => {
      const customerId = customerNamed(ctx, customer).id;
      const quote = createQuote(ctx, QuoteCreateParams.parse({ ...fields, customerId, items: withItemIds(ctx, items) }));
      if (status === 'sent' || status === 'accepted') sendQuote(ctx, quote.id, {}, QUIET);
      if (status === 'accepted') acceptQuote(ctx, quote.id);
      if (status === 'declined') declineQuote(ctx, quote.id, declineReason ? { reason: declineReason } : {});
    });
  });
  company.salesOrders?.forEach(({ customer, items, status, location, cancel, ...fields }, i) => {
    let orderId = '';
    at(`${path}.salesOrders[${i}]`, () => {
      const customerId = customerNamed(ctx, customer).id;
      const locationId = locationIdCoded(ctx, location);
      const body = { ...fields, customerId, items: withItemIds(ctx, items), ...(locationId ? { locationId } : {}) };
      orderId = createSalesOrder(ctx, SalesOrderCreateParams.parse(body)).id;
      if (status && status !== 'draft') changeSalesOrderStatus(ctx, orderId, { status });
    });
    if (cancel) at(`${path}.salesOrders[${i}].cancel`, () => void changeSalesOrderStatus(ctx, orderId, { ...cancel, status: 'cancelled' }));
  });
  const ids: InvoiceIds = { invoices: [], creditNotes: [] };
  company.invoices?.forEach((invoice, i) => {
    const { customer, items, status, location, payments: _p, debitNotes: _d, creditNotes: _c, cancel: _x, ...fields } = invoice;
    at(`${path}.invoices[${i}]`, () => {
      const customerId = customerNamed(ctx, customer).id;
      const locationId = locationIdCoded(ctx, location);
      const body = { ...fields, customerId, items: withItemIds(ctx, items), ...(locationId ? { locationId } : {}) };
      ids.invoices[i] = createInvoice(ctx, InvoiceCreateParams.parse(body)).id;
    });
    // Its send a step of its own, so a plan may send it after later invoices were made (MOCK-52).
    if (status === 'sent') at(`${path}.invoices[${i}].status`, () => void sendInvoice(ctx, ids.invoices[i], {}, QUIET));
    ids.creditNotes.push(loadInvoiceMoves(ctx, () => ids.invoices[i], invoice, `${path}.invoices[${i}]`, at));
  });
  loadCreditUse(ctx, company.invoices ?? [], ids, path, at);
}

/** An order's state as a fixture names it: a cancelled one the state it was cancelled from and its `cancel` (MOCK-49). */
function orderStateOf(row: SalesOrderRow): { status: Exclude<SalesOrderStatus, 'cancelled'>; cancel?: { notes?: string } } {
  if (row.status !== 'cancelled') return { status: row.status };
  const cancelled = row.statusHistory.findLast((entry) => entry.status === 'cancelled');
  const confirmed = row.statusHistory.some((entry) => entry.status === 'confirmed');
  return { status: confirmed ? 'confirmed' : 'draft', cancel: cancelled?.notes ? { notes: cancelled.notes } : {} };
}

/**
 * The company's sales documents as a fixture writes them (MOCK-40), each list in number order: quotes that were not
 * converted nor accepted and then past their date (one expired as a draft, which reads expired either way), orders
 * (a cancelled one with `cancel`, MOCK-49), and every invoice with its payments, notes and cancel (fixture-invoices-export.ts, MOCK-47).
 */
export function salesDocumentsOf(
  store: Store,
  companyId: string,
  leftOut: LeftOut[] = [],
): Pick<FixtureCompany, 'quotes' | 'salesOrders' | 'invoices'> {
  const names = {
    customer: namesById<CustomerRow>(store, companyId, CUSTOMERS, (row) => row.name),
    location: namesById<LocationRow>(store, companyId, LOCATIONS, (row) => row.code),
    account: namesById<AccountRow>(store, companyId, ACCOUNTS, (row) => row.accountNumber),
  };
  const today = store.today(companyId);
  const quotes = store
    .table<QuoteRow>(companyId, QUOTES)
    .all()
    // An accepted quote past its date cannot be sent and accepted again, so it is left out like a converted one.
    .filter((row) => row.status !== 'converted' && !(row.status === 'accepted' && row.validUntil < today))
    .sort(byNumber((row) => row.quoteNumber))
    .map((row) => ({
      customer: names.customer.get(row.customerId)!,
      ...setFields(row, ['quoteDate', 'validUntil', 'title', 'description', 'reference', 'terms', 'currency', 'exchangeRate']),
      items: row.items.map(lineOf),
      status: isExpired(row, today) ? 'draft' : (row.status as 'draft' | 'sent' | 'accepted' | 'declined'),
      ...(row.declineReason ? { declineReason: row.declineReason } : {}),
    }));
  const salesOrders = store
    .table<SalesOrderRow>(companyId, SALES_ORDERS)
    .all()
    .sort(byNumber((row) => row.orderNumber))
    .map((row) => ({
      customer: names.customer.get(row.customerId)!,
      ...setFields(row, ['orderDate', 'requiredDate', 'promisedDate', 'priority', 'currency', 'exchangeRate', 'reference']),
      ...setFields(row, ['notes', 'terms', 'billingAddress', 'shippingAddress']),
      ...(row.shippingCost ? { shippingCost: row.shippingCost } : {}),
      ...(row.locationId ? { location: names.location.get(row.locationId) } : {}),
      items: row.items.map(lineOf),
      ...orderStateOf(row),
    }));
  const invoices = invoicesOf(store, companyId, names, leftOut);
  return { quotes, salesOrders, invoices } as Pick<FixtureCompany, 'quotes' | 'salesOrders' | 'invoices'>;
}

import type { SalesOrderStatus } from '../../src/contract/index.js';
import { ACCOUNTS, type AccountRow } from '../domain/accounting/index.js';
import { LOCATIONS, type LocationRow } from '../domain/inventory/index.js';
import { CUSTOMERS, type CustomerRow, isExpired, QUOTES, type QuoteRow, SALES_ORDERS, type SalesOrderRow } from '../domain/sales/index.js';
import type { Store } from '../store/index.js';
import { conversionLinks, convertedQuoteLoads } from './fixture-conversions.js';
import { byNumber, namesById, setFields } from './fixture-rows.js';
import { invoicesOf, lineOf } from './fixture-invoices-export.js';
import type { LeftOut } from './fixture-left-out.js';
import type { FixtureFile } from './fixture-schema.js';

type FixtureCompany = FixtureFile['companies'][number];

/** An order's state as a fixture names it: a cancelled one the state it was cancelled from and its `cancel` (MOCK-49). */
function orderStateOf(row: SalesOrderRow): { status: Exclude<SalesOrderStatus, 'cancelled'>; cancel?: { notes?: string } } {
  if (row.status !== 'cancelled') return { status: row.status };
  const cancelled = row.statusHistory.findLast((entry) => entry.status === 'cancelled');
  const confirmed = row.statusHistory.some((entry) => entry.status === 'confirmed');
  return { status: confirmed ? 'confirmed' : 'draft', cancel: cancelled?.notes ? { notes: cancelled.notes } : {} };
}

/** The state a quote is loaded in: a converted one the state it was converted from (MOCK-50), an expired one a draft. */
function quoteStateOf(row: QuoteRow, today: string): 'draft' | 'sent' | 'accepted' | 'declined' {
  if (row.status === 'converted') return row.acceptedAt ? 'accepted' : 'sent';
  return isExpired(row, today) ? 'draft' : row.status;
}

/**
 * The company's sales documents as a fixture writes them (MOCK-40), each list in number order: quotes but those accepted
 * or converted and past their date (which the load could not send and accept again; one expired as a draft, which reads
 * expired either way), orders (a cancelled one with `cancel`, MOCK-49; one converted from a written quote naming it,
 * MOCK-50), and every invoice with its payments, notes and cancel (fixture-invoices-export.ts, MOCK-47), one made from an
 * order naming it when the load replays that order's invoices (MOCK-50).
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
  const written = store
    .table<QuoteRow>(companyId, QUOTES)
    .all()
    // An accepted or converted quote past its date cannot be sent and accepted again; its order is written without it.
    .filter((row) =>
      row.status === 'converted' ? convertedQuoteLoads(row, today) : !(row.status === 'accepted' && row.validUntil < today),
    )
    .sort(byNumber((row) => row.quoteNumber));
  const quotes = written.map((row) => ({
    customer: names.customer.get(row.customerId)!,
    ...setFields(row, ['quoteDate', 'validUntil', 'title', 'description', 'reference', 'terms', 'currency', 'exchangeRate']),
    items: row.items.map(lineOf),
    status: quoteStateOf(row, today),
    ...(row.declineReason ? { declineReason: row.declineReason } : {}),
  }));
  const links = conversionLinks(store, companyId, written);
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
      ...(links.quoteOf.has(row.id) ? { quote: links.quoteOf.get(row.id) } : {}),
      ...orderStateOf(row),
    }));
  const invoices = invoicesOf(store, companyId, names, links.invoices, leftOut);
  return { quotes, salesOrders, invoices } as Pick<FixtureCompany, 'quotes' | 'salesOrders' | 'invoices'>;
}

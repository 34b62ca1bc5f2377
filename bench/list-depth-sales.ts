// Quotes and sales orders at list depth: rows copied from one made through the domain, straight to the
// table, then the first page of every declared filter and sort and the first page against the last.
import { createCustomer } from '../mock-server/domain/sales/customers.js';
import {
  quotesTable,
  salesOrdersTable,
  type QuoteRow,
  type SalesOrderRow,
  type StoredQuoteStatus,
} from '../mock-server/domain/sales/document-tables.js';
import { createQuote } from '../mock-server/domain/sales/quotes.js';
import { createSalesOrder } from '../mock-server/domain/sales/sales-orders.js';
import { SALES_ORDER_PRIORITIES, SALES_ORDER_STATUSES } from '../src/contract/index.js';
import { createMockService, type MockService } from '../mock-server/index.js';
import type { Row, Table } from '../mock-server/store/index.js';
import { report, seededRandom, type Figure } from './harness.js';
import { client } from './list-page.js';
import { firstAndLast, firstPages, insertInBatches } from './list-depth-pages.js';

export const NOW = '2026-11-20T09:00:00.000Z';
const DAY_MS = 86_400_000;
const CUSTOMERS = 200;
const QUOTE_STATUSES: StoredQuoteStatus[] = ['draft', 'sent', 'accepted', 'converted', 'declined'];
const LINES = [{ description: 'Teh tarik premix 1kg', quantity: 3, unitPrice: 18.9, taxCode: 'SST5' }];

export const dayOf = (start: number, days: number): string => new Date(start + days * DAY_MS).toISOString().slice(0, 10);
/** Three years back from NOW: the fills spread their documents over it. */
export const START = Date.parse(NOW) - 3 * 365 * DAY_MS;

export type SalesContext = Parameters<typeof createQuote>[0];
export interface CustomerRefRow {
  id: string;
  name: string;
  email: string | null;
}

/** A demo company with `CUSTOMERS` customers made through the domain, and a context acting in it. */
export function salesService(): { mock: MockService; ctx: SalesContext; customers: CustomerRefRow[] } {
  const mock = createMockService({ seed: 'demo', now: NOW });
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'bench' } };
  const customers = Array.from({ length: CUSTOMERS }, (_, i) =>
    createCustomer(ctx, { name: `Customer ${String(i).padStart(3, '0')} Sdn Bhd`, email: `ap${i}@customer.my` }),
  );
  return { mock, ctx, customers: customers.map((c) => ({ id: c.id, name: c.name, email: c.email })) };
}

/** What one copy differs in: its position, its day (three years spread over the rows), customer and amount. */
export interface Copy {
  i: number;
  days: number;
  day: string;
  created: string;
  customer: CustomerRefRow;
  amount: number;
  random: () => number;
}

/** `count` copies over three years of a template the domain made, one of 200 customers each, amounts up to `maxCents`; the template itself is removed. */
export function fillCopies<T extends Row>(
  count: number,
  seed: number,
  maxCents: number,
  make: (ctx: SalesContext, customers: CustomerRefRow[]) => T,
  tableOf: (ctx: SalesContext) => Table<T>,
  copy: (row: T, at: Copy) => T,
): { mock: MockService; customerId: string } {
  const { mock, ctx, customers } = salesService();
  const template = make(ctx, customers);
  const table = tableOf(ctx);
  table.delete(template.id);
  const random = seededRandom(seed);
  insertInBatches(mock.store, count, (i) => {
    const days = Math.floor((i / count) * 3 * 365);
    const customer = customers[Math.floor(random() * customers.length)];
    const amount = Math.round(random() * maxCents) / 100;
    const at = { i, days, day: dayOf(START, days), created: new Date(START + days * DAY_MS).toISOString(), customer, amount, random };
    table.insert(copy({ ...template, id: table.newId() }, at));
  });
  return { mock, customerId: customers[7].id };
}

/** `count` quotes over three years, valid 30 days, copied from one drafted through the domain, in every stored state. */
const fillQuotes = (count: number) =>
  fillCopies(
    count,
    41,
    1_000_000,
    (ctx, customers) => createQuote(ctx, { customerId: customers[0].id, items: LINES }),
    quotesTable,
    (row: QuoteRow, { i, days, day, created, customer, amount, random }) => ({
      ...row,
      quoteNumber: `QT-B${String(i + 1).padStart(6, '0')}`,
      customerId: customer.id,
      customer: { ...row.customer, ...customer },
      quoteDate: day,
      validUntil: dayOf(START, days + 30),
      status: QUOTE_STATUSES[Math.floor(random() * QUOTE_STATUSES.length)],
      subtotal: amount,
      totalTax: 0,
      total: amount,
      createdAt: created,
      updatedAt: created,
    }),
  );

/** `count` sales orders over three years, copied from one drafted through the domain, in every state and priority; one in five has no required date. */
const fillSalesOrders = (count: number) =>
  fillCopies(
    count,
    42,
    1_000_000,
    (ctx, customers) => createSalesOrder(ctx, { customerId: customers[0].id, items: LINES }),
    salesOrdersTable,
    (row: SalesOrderRow, { i, days, day, created, customer, amount, random }) => ({
      ...row,
      orderNumber: `SO-B${String(i + 1).padStart(6, '0')}`,
      customerId: customer.id,
      customer: { ...row.customer, ...customer },
      orderDate: day,
      requiredDate: i % 5 === 0 ? null : dayOf(START, days + 14),
      status: SALES_ORDER_STATUSES[Math.floor(random() * SALES_ORDER_STATUSES.length)],
      priority: SALES_ORDER_PRIORITIES[Math.floor(random() * SALES_ORDER_PRIORITIES.length)],
      subtotal: amount,
      totalTax: 0,
      total: amount,
      createdAt: created,
      updatedAt: created,
    }),
  );

const QUOTE_QUERIES: [string, string][] = [
  ['no filter (quoteDate:desc)', ''],
  ['status=draft', 'status=draft'],
  ['status=expired (derived)', 'status=expired'],
  ['status=accepted', 'status=accepted'],
  ['quoteDateFrom', 'quoteDateFrom=2026-11-01'],
  ['quoteDateTo', 'quoteDateTo=2024-01-15'],
  ['validUntilFrom', 'validUntilFrom=2026-12-10'],
  ['validUntilTo', 'validUntilTo=2024-02-15'],
  ['status + quoteDateFrom', 'status=sent&quoteDateFrom=2026-06-01'],
  ['sort=validUntil:asc', 'sort=validUntil:asc'],
  ['sort=quoteNumber:asc', 'sort=quoteNumber:asc'],
  ['sort=total:desc', 'sort=total:desc'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
  ['total[gte]', 'total[gte]=9900'],
];

const ORDER_QUERIES: [string, string][] = [
  ['no filter (orderDate:desc)', ''],
  ['status=cancelled', 'status=cancelled'],
  ['priority=urgent', 'priority=urgent'],
  ['orderDateFrom', 'orderDateFrom=2026-11-01'],
  ['orderDateTo', 'orderDateTo=2024-01-15'],
  ['requiredDateFrom', 'requiredDateFrom=2026-11-20'],
  ['requiredDateTo', 'requiredDateTo=2024-02-01'],
  ['status + priority', 'status=confirmed&priority=high'],
  ['sort=requiredDate:asc', 'sort=requiredDate:asc'],
  ['sort=orderNumber:asc', 'sort=orderNumber:asc'],
  ['sort=total:desc', 'sort=total:desc'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
  ['total[gte]', 'total[gte]=9900'],
];

export async function salesDepth({ rows, runs }: { rows: number; runs: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const n = rows.toLocaleString('en-US');

  let t0 = performance.now();
  const quotes = fillQuotes(rows);
  figures.push(report(`fill ${n} quotes (rows straight to the table)`, `${((performance.now() - t0) / 1000).toFixed(2)} s`));
  const getQuotes = client(quotes.mock, '/quotes');
  figures.push(...(await firstPages('quotes', getQuotes, [...QUOTE_QUERIES, ['customerId', `customerId=${quotes.customerId}`]], 50, runs)));
  figures.push(...(await firstAndLast('quotes', getQuotes, '', 50, 100, runs)));

  t0 = performance.now();
  const orders = fillSalesOrders(rows);
  figures.push(report(`fill ${n} sales orders (rows straight to the table)`, `${((performance.now() - t0) / 1000).toFixed(2)} s`));
  const getOrders = client(orders.mock, '/sales-orders');
  figures.push(
    ...(await firstPages('sales orders', getOrders, [...ORDER_QUERIES, ['customerId', `customerId=${orders.customerId}`]], 50, runs)),
  );
  figures.push(...(await firstAndLast('sales orders', getOrders, '', 50, 100, runs)));
  return figures;
}

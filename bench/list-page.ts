// List pages among 100,000 records of one company, through the whole in-process service: routing,
// auth, query validation, the list engine and presentation (`mock.fetch`, then `.json()`).
//  - accounts: one filtered page, and a page 90% of the way down by cursor;
//  - invoices (MOCK-14): the company-wide first page, the first page of each single declared filter
//    (plain and operator form), a cursor's page 2 and a deep page, each a median against a 2 ms target.
import { ACCOUNT_CATEGORIES, type AccountType } from '../src/contract/index.js';
import { createAccount } from '../mock-server/domain/accounting/accounts.js';
import { createCustomer } from '../mock-server/domain/sales/customers.js';
import { invoicesTable, type InvoiceRow, type StoredInvoiceStatus } from '../mock-server/domain/sales/document-tables.js';
import { createInvoice } from '../mock-server/domain/sales/invoices.js';
import { createMockService, type MockService } from '../mock-server/index.js';
import { authHeaders, atMost, ms, report, seededRandom, time, under, type Figure } from './harness.js';

export const LIST_PAGE_TARGET_MS = 5;
/** MOCK-14: the first page of any single declared filter among 100,000 records, and cursor pages. */
export const INVOICE_PAGE_TARGET_MS = 2;
const TYPES = Object.keys(ACCOUNT_CATEGORIES) as AccountType[];

export interface ListBody<T> {
  data: T[];
  pagination: { hasMore: boolean; nextCursor: string | null; total: number };
}

export function client(mock: MockService, path: string) {
  const { apiKey, companyId, baseUrl } = mock.credentials;
  const headers = authHeaders({ apiKey, companyId });
  return async <T>(query: string): Promise<ListBody<T>> => {
    const response = await mock.fetch(`${baseUrl}${path}?${query}`, { headers });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`GET ${path}?${query} answered ${response.status}: ${JSON.stringify(body)}`);
    return body as ListBody<T>;
  };
}

export async function listPage({ accounts, invoices, runs }: { accounts: number; invoices: number; runs: number }): Promise<Figure[]> {
  return [...(await accountPages({ accounts, runs })), ...(await invoicePages({ invoices, runs }))];
}

async function accountPages({ accounts, runs }: { accounts: number; runs: number }): Promise<Figure[]> {
  const mock = createMockService({ seed: 'empty' });
  const { companyId } = mock.credentials;
  const ctx = { store: mock.store, clock: mock.clock, companyId };

  // Numbers 100000, 100001, ...: every fifth account is an asset, so `startswith=12` holds a tenth of them.
  const started = performance.now();
  for (let i = 0; i < accounts; i++) {
    const type = TYPES[i % TYPES.length];
    const categories = ACCOUNT_CATEGORIES[type];
    createAccount(ctx, { accountNumber: String(100_000 + i), name: `Account ${i}`, type, category: categories[i % categories.length] });
  }
  const createMs = performance.now() - started;
  const get = client(mock, '/accounts');
  type Account = { accountNumber: string; type: string };

  const filtered = 'type=asset&accountNumber[startswith]=12&limit=50';
  let t0 = performance.now();
  const firstPage = await get<Account>(filtered);
  const coldMs = performance.now() - t0;
  const wrong = firstPage.data.filter((a) => a.type !== 'asset' || !a.accountNumber.startsWith('12'));
  if (firstPage.data.length !== 50 || wrong.length > 0 || !firstPage.pagination.hasMore) {
    throw new Error(`the filtered page is wrong: ${firstPage.data.length} rows, ${wrong.length} off the filter`);
  }
  const warm = await time(() => get(filtered), { runs, warmup: 1 });

  // A cursor 90% of the way down the unfiltered list, reached by following nextCursor.
  const pageSize = 100;
  const depth = Math.floor((accounts / pageSize) * 0.9);
  let cursor: string | null = null;
  t0 = performance.now();
  for (let page = 1; page < depth; page++) {
    const body: ListBody<Account> = await get<Account>(`limit=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    cursor = body.pagination.nextCursor;
    if (!cursor) throw new Error(`the list ended at page ${page} of ${depth}`);
  }
  const walkMs = performance.now() - t0;
  const deepQuery = `limit=${pageSize}&cursor=${cursor}`;
  const deepPage = await get<Account>(deepQuery);
  const expectedFirst = String(100_000 + (depth - 1) * pageSize);
  if (deepPage.data[0]?.accountNumber !== expectedFirst) {
    throw new Error(`page ${depth} starts at ${deepPage.data[0]?.accountNumber}, not ${expectedFirst}`);
  }
  const deep = await time(() => get(deepQuery), { runs, warmup: 1 });

  const n = accounts.toLocaleString('en-US');
  return [
    report(
      `create ${n} accounts through the domain (one company)`,
      `${(createMs / 1000).toFixed(2)} s (${((createMs / accounts) * 1000).toFixed(1)} µs each)`,
    ),
    report(`filtered page of ${n} accounts, first (cold) call`, ms(coldMs)),
    report(
      `filtered page of ${n} accounts (median, ${warm.runs} calls)`,
      `${ms(warm.median)} (p95 ${ms(warm.p95)})`,
      under(warm.median, LIST_PAGE_TARGET_MS, `< ${LIST_PAGE_TARGET_MS} ms`),
    ),
    report(
      `page ${depth} of ${Math.ceil(accounts / pageSize)} via cursor (median)`,
      `${ms(deep.median)} (walk there: ${(walkMs / depth).toFixed(2)} ms/page)`,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Invoices

const NOW = '2026-11-20T09:00:00.000Z';
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * `count` invoices of one company, a year of them, in every state: drafts, sent (part paid, and
 * overdue by the clock), paid and cancelled, some from sales orders. One template invoice is made
 * through the domain; the rest are its copies written straight to the table (the sales section
 * measures the domain's write path), so the list reads realistic rows in realistic proportions.
 */
export function fillInvoices(mock: MockService, count: number): { customers: string[]; salesOrders: string[] } {
  const { companyId } = mock.credentials;
  const ctx = { store: mock.store, clock: mock.clock, companyId, principal: { actor: 'bench' } };
  const customers = Array.from({ length: 200 }, (_, i) =>
    createCustomer(ctx, { name: `Bench Customer ${i} Sdn Bhd`, email: `ap${i}@bench.my` }),
  );
  const template = createInvoice(ctx, {
    customerId: customers[0].id,
    items: [{ description: 'Teh tarik premix 1kg', quantity: 3, unitPrice: 18.9, taxCode: 'SST5' }],
  });
  const table = invoicesTable(ctx);
  table.delete(template.id);
  const random = seededRandom(8);
  const start = Date.parse(NOW) - 365 * DAY_MS;
  const salesOrders = Array.from({ length: count / 20 }, (_, i) => `so_bench${String(i).padStart(6, '0')}`);
  const statuses: StoredInvoiceStatus[] = ['draft', 'draft', 'draft', 'sent', 'sent', 'sent', 'paid', 'paid', 'paid', 'cancelled'];
  for (let from = 0; from < count; from += 1000) {
    mock.store.transaction(() => {
      for (let i = from; i < Math.min(count, from + 1000); i++) {
        const customer = customers[Math.floor(random() * customers.length)];
        const day = start + Math.floor((i / count) * 365) * DAY_MS;
        const status = statuses[Math.floor(random() * statuses.length)];
        const total = Math.round((50 + random() * 4950) * 100) / 100;
        const amountPaid = status === 'paid' ? total : status === 'sent' && random() < 0.3 ? Math.round(total * 50) / 100 : 0;
        const row: InvoiceRow = {
          ...template,
          id: table.newId(),
          invoiceNumber: `INV-${String(i + 1).padStart(6, '0')}`,
          customerId: customer.id,
          customer: { ...template.customer, id: customer.id, name: customer.name, email: customer.email },
          salesOrderId: random() < 0.2 ? salesOrders[Math.floor(random() * salesOrders.length)] : null,
          invoiceDate: isoDay(day),
          dueDate: isoDay(day + [7, 14, 30, 60][i % 4] * DAY_MS),
          status,
          subtotal: total,
          totalTax: 0,
          total,
          baseTotal: total,
          amountPaid,
          amountDue: status === 'cancelled' ? 0 : Math.round((total - amountPaid) * 100) / 100,
          baseAmountDue: status === 'cancelled' ? 0 : Math.round((total - amountPaid) * 100) / 100,
          paymentStatus: amountPaid === 0 ? 'unpaid' : amountPaid === total ? 'paid' : 'partial',
          createdAt: new Date(day + (i % 1000) * 1000).toISOString(),
        };
        table.insert(row);
      }
    });
  }
  return { customers: customers.map((c) => c.id), salesOrders };
}

type Get = ReturnType<typeof client>;
type Invoice = { id: string; status: string; customerId: string; invoiceNumber: string };
const withLimit = (query: string, limit = 50) => `${query}${query ? '&' : ''}limit=${limit}`;

async function invoicePages({ invoices, runs }: { invoices: number; runs: number }): Promise<Figure[]> {
  const mock = createMockService({ seed: 'demo', now: NOW });
  const t0 = performance.now();
  const { customers, salesOrders } = fillInvoices(mock, invoices);
  const fillMs = performance.now() - t0;
  const get = client(mock, '/invoices');
  const n = invoices.toLocaleString('en-US');
  return [
    report(`fill ${n} invoices of one company (rows straight to the table)`, `${(fillMs / 1000).toFixed(2)} s`),
    ...(await firstPages(get, customers, salesOrders, runs)),
    ...(await cursorPages(get, invoices, runs)),
    ...(await afterAWrite(mock, get, runs)),
  ];
}

/** The first page of the company-wide list and of every declared filter alone, plain and operator form. */
async function firstPages(get: Get, customers: string[], salesOrders: string[], runs: number): Promise<Figure[]> {
  const filters: [string, string][] = [
    ['company-wide (no filter)', ''],
    ['customerId', `customerId=${customers[7]}`],
    ['status=sent (read from the clock)', 'status=sent'],
    ['status=overdue (read from the clock)', 'status=overdue'],
    ['status=draft', 'status=draft'],
    ['status=cancelled', 'status=cancelled'],
    ['paymentStatus=partial', 'paymentStatus=partial'],
    ['overdue=true', 'overdue=true'],
    ['salesOrderId', `salesOrderId=${salesOrders[3]}`],
    ['invoiceDateFrom', 'invoiceDateFrom=2026-09-01'],
    ['invoiceDateTo', 'invoiceDateTo=2026-01-31'],
    ['dueDateFrom', 'dueDateFrom=2026-12-01'],
    ['dueDateTo', 'dueDateTo=2026-02-15'],
    ['totalMin', 'totalMin=4000'],
    ['totalMax', 'totalMax=250'],
    ['invoiceNumber[startswith]', 'invoiceNumber[startswith]=INV-0001'],
    ['invoiceNumber[eq]', 'invoiceNumber[eq]=INV-012345'],
    ['invoiceDate[gte]', 'invoiceDate[gte]=2026-06-01'],
    ['dueDate[lt]', 'dueDate[lt]=2026-03-01'],
    ['total[gt]', 'total[gt]=4500'],
    ['amountDue[gte]', 'amountDue[gte]=1000'],
    ['createdAt[lte]', 'createdAt[lte]=2026-01-15'],
  ];
  const figures: Figure[] = [];
  let t0 = performance.now();
  await get(withLimit(''));
  figures.push(report('invoices first (cold) call: the sorted order is built', ms(performance.now() - t0)));
  for (const [name, query] of filters) {
    t0 = performance.now();
    const first = await get<Invoice>(withLimit(query));
    const coldMs = performance.now() - t0;
    const warm = await time(() => get(withLimit(query)), { runs, warmup: 2 });
    figures.push(
      report(
        `invoices first page, ${name}`,
        `${ms(warm.median)} (p95 ${ms(warm.p95)}; cold ${ms(coldMs)}; total ${first.pagination.total})`,
        atMost(warm.median, INVOICE_PAGE_TARGET_MS, `<= ${INVOICE_PAGE_TARGET_MS} ms`),
      ),
    );
  }
  // Informational: the text operators and search read every row (no index answers a substring).
  for (const [name, query] of [
    ['invoiceNumber[contains] (a scan)', 'invoiceNumber[contains]=2345'],
    ['search (a scan)', 'search=customer 17 '],
  ]) {
    const warm = await time(() => get(withLimit(query)), { runs: Math.max(10, runs >> 2), warmup: 2 });
    figures.push(report(`invoices first page, ${name}`, `${ms(warm.median)} (p95 ${ms(warm.p95)})`));
  }
  return figures;
}

/** Page 2 by cursor, company-wide and filtered, and a page 90% of the way down, reached by following nextCursor. */
async function cursorPages(get: Get, invoices: number, runs: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [name, query] of [
    ['company-wide', ''],
    ['status=sent', 'status=sent'],
  ]) {
    const cursor = (await get(withLimit(query))).pagination.nextCursor;
    const page2 = `${withLimit(query)}&cursor=${cursor}`;
    const warm = await time(() => get(page2), { runs, warmup: 2 });
    figures.push(
      report(
        `invoices cursor page 2, ${name}`,
        `${ms(warm.median)} (p95 ${ms(warm.p95)})`,
        atMost(warm.median, INVOICE_PAGE_TARGET_MS, `<= ${INVOICE_PAGE_TARGET_MS} ms`),
      ),
    );
  }
  const pageSize = 100;
  const depth = Math.floor((invoices / pageSize) * 0.9);
  let cursor: string | null = null;
  const seen = new Set<string>();
  const t0 = performance.now();
  for (let page = 1; page < depth; page++) {
    const body: ListBody<Invoice> = await get<Invoice>(`limit=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    for (const row of body.data) seen.add(row.id);
    cursor = body.pagination.nextCursor;
    if (!cursor) throw new Error(`the invoice list ended at page ${page} of ${depth}`);
  }
  const walkMs = performance.now() - t0;
  if (seen.size !== (depth - 1) * pageSize) throw new Error(`the walk saw ${seen.size} invoices, not ${(depth - 1) * pageSize}`);
  const deepQuery = `limit=${pageSize}&cursor=${cursor}`;
  const deep = await time(() => get(deepQuery), { runs, warmup: 2 });
  figures.push(
    report(
      `invoices page ${depth} of ${invoices / pageSize} via cursor (median)`,
      `${ms(deep.median)} (p95 ${ms(deep.p95)}; walk there: ${(walkMs / depth).toFixed(2)} ms/page)`,
      atMost(deep.median, INVOICE_PAGE_TARGET_MS, `<= ${INVOICE_PAGE_TARGET_MS} ms`),
    ),
  );
  return figures;
}

/** A write between reads (the kept order and indexes catch up with it, no sort), and one invoice by id for scale. */
async function afterAWrite(mock: MockService, get: Get, runs: number): Promise<Figure[]> {
  const { apiKey, companyId, baseUrl } = mock.credentials;
  const table = invoicesTable({ store: mock.store, clock: mock.clock, companyId });
  const victim = table.all()[1234];
  let flip = 0;
  const afterWrite = await time(
    async () => {
      // Moves the invoice in the sort order and in two indexes: the dearest kind of write to catch up with.
      flip++;
      table.update(victim.id, { total: 100 + (flip % 2), invoiceDate: flip % 2 ? '2026-11-19' : victim.invoiceDate });
      await get(withLimit('status=sent'));
    },
    { runs: Math.max(10, runs >> 2), warmup: 2 },
  );
  const one = (await get<Invoice>('limit=1')).data[0];
  const headers = authHeaders({ apiKey, companyId });
  const retrieve = await time(
    async () => {
      const response = await mock.fetch(`${baseUrl}/invoices/${one.id}`, { headers });
      if (response.status !== 200) throw new Error(`GET /invoices/${one.id} answered ${response.status}`);
      await response.json();
    },
    { runs, warmup: 2 },
  );
  return [
    report(
      'invoices first page, status=sent, after a write that moves a row (median)',
      `${ms(afterWrite.median)} (p95 ${ms(afterWrite.p95)})`,
    ),
    report('for scale: retrieve one invoice through the same pipeline (median)', ms(retrieve.median)),
  ];
}

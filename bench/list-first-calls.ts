// The first calls of a list among 100,000 rows, one after another with no pause between them: the
// first, the second and the third call of each query on a fresh service, against the 5 ms target of a
// first page. A list whose views are built on demand scans on its first call and builds them on its
// second (MOCK-26); these figures show what a caller paging at once pays.
import { createMockService } from '../mock-server/index.js';
import { atMost, ms, report, type Figure } from './harness.js';
import { fillCustomers } from './list-depth.js';
import { FIRST_PAGE_TARGET_MS, type Get } from './list-depth-pages.js';
import { client, fillInvoices } from './list-page.js';

const NOW = '2026-11-20T09:00:00.000Z';

const CUSTOMER_QUERIES: [string, string][] = [
  ['no filter (name:asc)', ''],
  ['type=individual', 'type=individual'],
  ['tags=vip', 'tags=vip'],
  ['sort=currentBalance:desc', 'sort=currentBalance:desc'],
];

const INVOICE_QUERIES: [string, string][] = [
  ['status=sent', 'status=sent'],
  ['status=paid', 'status=paid'],
];

/** Each query's first three calls in a row; the slowest of them is held to the first-page target. */
async function firstCalls(list: string, get: Get, queries: [string, string][], limit: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [name, query] of queries) {
    const q = `${query}${query ? '&' : ''}limit=${limit}`;
    const times: number[] = [];
    for (let call = 0; call < 3; call++) {
      const t0 = performance.now();
      await get(q);
      times.push(performance.now() - t0);
    }
    const slowest = Math.max(...times);
    figures.push(
      report(
        `${list} first calls, ${name}`,
        times.map(ms).join(', '),
        atMost(slowest, FIRST_PAGE_TARGET_MS, `each <= ${FIRST_PAGE_TARGET_MS} ms`),
      ),
    );
  }
  return figures;
}

export async function listFirstCalls({ rows }: { rows: number }): Promise<Figure[]> {
  const customers = createMockService({ seed: 'empty', now: NOW });
  fillCustomers(customers, rows);
  const figures = await firstCalls('customers', client(customers, '/customers'), CUSTOMER_QUERIES, 50);
  const sales = createMockService({ seed: 'demo', now: NOW });
  fillInvoices(sales, rows);
  figures.push(...(await firstCalls('invoices', client(sales, '/invoices'), INVOICE_QUERIES, 50)));
  return figures;
}

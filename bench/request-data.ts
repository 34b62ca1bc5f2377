// What the request benches (request-cost.ts over HTTP, request-stages.ts in-process) serve: the demo seed,
// its primary company filled with 50,000 invoices as bench/list-page.ts fills one, so lists read a table
// of realistic size, and the clock fillInvoices dates them by (so `status=sent` keeps its share of them).
import type { MockService } from '../mock-server/index.js';
import { fillInvoices } from './list-page.js';

export const REQUEST_BENCH_NOW = '2026-11-20T09:00:00.000Z';
export const REQUEST_BENCH_INVOICES = 50_000;

export function fillRequestBench(mock: MockService, invoices = REQUEST_BENCH_INVOICES): void {
  fillInvoices(mock, invoices);
}

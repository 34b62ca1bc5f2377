import { z } from 'zod';

/** What a journal entry is matched on (`mock.requests.find(filter)`, `GET /__mock/requests`). */
export interface RequestFilter {
  /** `POST`, any case. */
  method?: string;
  /**
   * A route template (`/v1/invoices/{id}/send`; any parameter name matches any), an exact path as sent
   * (`/v1/invoices`), the contract's own path (`/invoices/{invoiceId}`), or a RegExp tested on the path as sent.
   */
  path?: string | RegExp;
  /** A status (`201`), or a class of them (`'4xx'`); a dropped connection has none. */
  status?: number | `${1 | 2 | 3 | 4 | 5}xx`;
  /** The company the request acted for. */
  company?: string;
  /** Entries at or after this instant of the mock clock. */
  since?: Date | string;
  /** The request id, as the answer's `X-Request-ID` and an SDK error's `requestId` carry it. */
  requestId?: string;
}

/** The facts of an entry a filter reads. */
export interface FilterTarget {
  method: string;
  path: string;
  route: string | null;
  endpointPath: string | null;
  status: number | null;
  companyId: string | null;
  at: string;
  requestId: string;
}

const PARAM = /\{[^/{}]*\}/g;
/** A template's shape without its parameter names, and without a trailing slash. */
const shapeOf = (path: string) => path.replace(PARAM, '{}').replace(/(.)\/$/, '$1');

/** One test for a filter, built once: a find over the whole ring runs it per entry. */
export function filterTest(filter: RequestFilter = {}): (target: FilterTarget) => boolean {
  const method = filter.method?.toUpperCase();
  const path = pathTest(filter.path);
  const status = statusTest(filter.status);
  const since = filter.since === undefined ? undefined : instantOf(filter.since);
  const { company, requestId } = filter;
  return (t) =>
    (method === undefined || t.method === method) &&
    (company === undefined || t.companyId === company) &&
    (requestId === undefined || t.requestId === requestId) &&
    (since === undefined || t.at >= since) &&
    status(t.status) &&
    path(t);
}

function instantOf(since: Date | string): string {
  const ms = new Date(since).getTime();
  if (Number.isNaN(ms)) throw new TypeError(`mock.requests: since takes a Date or an ISO datetime, not ${String(since)}`);
  return new Date(ms).toISOString();
}

function pathTest(path: RequestFilter['path']): (t: FilterTarget) => boolean {
  if (path === undefined) return () => true;
  if (path instanceof RegExp) return (t) => path.test(t.path);
  const shape = shapeOf(path);
  return (t) =>
    shapeOf(t.path) === shape ||
    (t.route !== null && shapeOf(t.route) === shape) ||
    (t.endpointPath !== null && shapeOf(t.endpointPath) === shape);
}

function statusTest(status: RequestFilter['status']): (s: number | null) => boolean {
  if (status === undefined) return () => true;
  if (typeof status === 'number') return (s) => s === status;
  const hundred = Number(status[0]) * 100;
  return (s) => s !== null && s >= hundred && s < hundred + 100;
}

/** Most entries one page of `GET /__mock/requests` holds, and the default. */
export const JOURNAL_PAGE_MAX = 200;
export const JOURNAL_PAGE_DEFAULT = 50;

const text = (max: number) => z.string().min(1).max(max);

/** The query of `GET /__mock/requests`, checked: a mistake is a 422 in the envelope, as the API answers one. */
export const RequestsQuery = z.strictObject({
  method: z
    .string()
    .regex(/^[A-Za-z]{1,16}$/, 'an HTTP method')
    .optional(),
  path: text(2000).startsWith('/').optional(),
  status: z
    .string()
    .regex(/^([1-5]\d\d|[1-5]xx)$/, 'a status (201) or a class (4xx)')
    .optional(),
  company: text(200).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'a whole number')
    .transform(Number)
    .pipe(z.number().min(1).max(JOURNAL_PAGE_MAX))
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'a cursor this endpoint gave')
    .optional(),
});
export type RequestsQuery = z.output<typeof RequestsQuery>;

/** The query's filter, as `mock.requests.find` takes it. */
export function filterOfQuery(query: RequestsQuery): RequestFilter {
  const { method, path, status, company, since } = query;
  return {
    ...(method === undefined ? {} : { method }),
    ...(path === undefined ? {} : { path }),
    ...(status === undefined ? {} : { status: /x/.test(status) ? (status as RequestFilter['status']) : Number(status) }),
    ...(company === undefined ? {} : { company }),
    ...(since === undefined ? {} : { since }),
  };
}

import { AcsClient, type ClientOptions } from '../../src/index.js';
import { validating } from '../support/validation.js';

/** One request as the fake fetch received it. */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
}

/** What the fake server does for one request: answer, fail like a network, or compute an answer. */
export type Step = Response | Error | ((request: Request) => Response | Promise<Response>);

/**
 * A fetch that plays a script, one step per request, and records what it was sent. Running past the
 * end of the script fails the test loudly.
 */
export function scriptedFetch(...script: Step[]) {
  const sent: SentRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.clone().text();
    sent.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: text ? JSON.parse(text) : undefined });
    const step = script[sent.length - 1];
    if (step === undefined) throw new Error(`fake fetch: no step for request ${sent.length} (${request.method} ${request.url})`);
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step(request);
    return step;
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

const meta = (requestId = 'req_server') => ({ timestamp: '2026-11-02T10:00:00.000Z', requestId });

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A success envelope around `data`. */
export function ok(data: unknown, init: { status?: number; headers?: Record<string, string>; requestId?: string } = {}): Response {
  return jsonResponse(init.status ?? 200, { success: true, data, meta: meta(init.requestId) }, init.headers);
}

/** A list envelope. */
export function list(data: unknown[], pagination: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return jsonResponse(200, { success: true, data, pagination, meta: meta() }, headers);
}

/** A failure envelope. */
export function fail(status: number, code: string, message: string, details?: unknown, headers: Record<string, string> = {}): Response {
  return jsonResponse(
    status,
    {
      success: false,
      error: { code, message, details, requestId: 'req_failed', timestamp: '2026-11-02T10:00:00.000Z' },
      meta: meta('req_failed'),
    },
    headers,
  );
}

/** A network failure as undici reports it (ky recognises it as a network error). */
export const networkError = () => new TypeError('fetch failed', { cause: new Error('ECONNREFUSED 127.0.0.1:443') });

export const TEST_KEY = 'svc_test_sk_0123456789abcdefSECRET';
export const LIVE_KEY = 'svc_live_sk_0123456789abcdefSECRET';

/** A sandbox client with strict validation over the given fake fetch, logging nothing. */
export function testClient(fetch: typeof globalThis.fetch, options: ClientOptions = {}): AcsClient {
  return new AcsClient({ apiKey: TEST_KEY, companyId: 'cmp_demo', fetch, validate: validating('strict'), logLevel: 'off', ...options });
}

/** A record that matches the contract's `Account`. */
export function account(overrides: Record<string, unknown> = {}) {
  return {
    id: 'acc_1',
    accountNumber: '1010',
    name: 'Cash',
    type: 'asset',
    category: 'current_asset',
    parentId: null,
    level: 1,
    currency: 'MYR',
    description: null,
    isActive: true,
    isSystemAccount: false,
    isControlAccount: false,
    balance: { debit: 100, credit: 25.5, net: 74.5 },
    rollup: { debit: 100, credit: 25.5, net: 74.5 },
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

/** A record that matches the contract's `JournalEntry`. */
export function journalEntry(overrides: Record<string, unknown> = {}) {
  return {
    id: 'je_1',
    journalNumber: 'JE-0001',
    date: '2026-11-01',
    reference: null,
    description: null,
    status: 'draft',
    totalDebit: 100,
    totalCredit: 100,
    lines: [
      { id: 'jel_1', accountId: 'acc_1', accountNumber: '1010', accountName: 'Cash', description: null, debit: 100, credit: 0 },
      { id: 'jel_2', accountId: 'acc_2', accountNumber: '4000', accountName: 'Sales', description: null, debit: 0, credit: 100 },
    ],
    attachments: [],
    createdBy: 'key_1',
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    postedAt: null,
    voidedAt: null,
    voidDate: null,
    voidReason: null,
    reversalOfEntryId: null,
    reversedByEntryId: null,
    source: null,
    ...overrides,
  };
}

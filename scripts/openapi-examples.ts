// The examples of docs/openapi.json: one real request and answer per operation, captured from the demo-seeded
// mock in process by running every endpoint's call (its contract's `exampleCall`, or its entry in CALLS of
// test/support/endpoint-calls.ts; decision PLAT-41).
import { endpoints, type AnyEndpoint } from '../src/contract/index.js';
import type { CapturedExchange } from '../src/contract/openapi-examples.js';
import { createMockService } from '../mock-server/index.js';
import { restartBillNumbers } from '../test/support/call-fixtures.js';
import { callOf, pathPattern, type SignedIn } from '../test/support/endpoint-calls.js';
import { clientFor } from '../test/support/sandbox.js';
import { seededRandomValues } from '../test/support/seeded-random.js';

/** The capture's fixed inputs: the same ids, keys and timestamps on every run, so docs/openapi.json stays fresh. */
export const EXAMPLE_SEED_KEY = 'openapi-examples';
export const EXAMPLE_NOW = '2026-11-02T09:00:00.000Z';

interface Exchange {
  method: string;
  pathname: string;
  captured: CapturedExchange;
}

/**
 * The sandbox's signing certificate is made on a fresh RSA key at each start (Web Crypto cannot seed one,
 * EINV-30): an example shows where it goes, not its bytes, so the document is the same on every run.
 */
const CERTIFICATE = /-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n?/g;
const CERTIFICATE_SHOWN = '-----BEGIN CERTIFICATE-----\n(the sandbox signing certificate, new each start)\n-----END CERTIFICATE-----\n';
function steady(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(CERTIFICATE, CERTIFICATE_SHOWN);
  if (Array.isArray(value)) return value.map(steady);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, steady(item)]));
}

/** A body as the document shows it: JSON parsed, a form as its fields, text as is; undefined for bytes. */
function bodyOf(contentType: string, text: string): unknown {
  if (text === '') return undefined;
  if (contentType.includes('json')) return JSON.parse(text);
  if (contentType.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  if (contentType.startsWith('text/') || /^application\/([\w.-]+\+)?xml$/.test(contentType.split(';')[0])) return text;
  return undefined;
}

/** A multipart body as its fields, a file as its text (the CSV of an import). */
async function formFields(request: Request): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const [name, value] of await request.formData()) fields[name] = typeof value === 'string' ? value : await value.text();
  return fields;
}

async function record(request: Request, response: Response): Promise<Exchange> {
  const requestType = request.headers.get('content-type') ?? '';
  const responseType = response.headers.get('content-type') ?? '';
  const requestBody = requestType.startsWith('multipart/form-data') ? await formFields(request) : bodyOf(requestType, await request.text());
  const url = new URL(request.url);
  return {
    method: request.method,
    pathname: url.pathname,
    captured: {
      ...(requestBody !== undefined ? { request: { contentType: requestType.split(';')[0], body: requestBody } } : {}),
      response: {
        status: response.status,
        contentType: responseType.split(';')[0],
        body: steady(bodyOf(responseType, await response.text())),
      },
    },
  };
}

/** The exchange of `endpoint` among a call's requests: the last one to its method and path (set-up calls come first). */
const exchangeOf = (endpoint: AnyEndpoint, exchanges: Exchange[]) =>
  exchanges.findLast((x) => x.method === endpoint.method && pathPattern(endpoint).test(x.pathname));

/**
 * Runs `run` with the clock standing at EXAMPLE_NOW, `performance.now` stepping a millisecond a read and Web
 * Crypto's random bytes and UUIDs from a fixed seed: request ids, OAuth codes, tokens and durations repeat run to run.
 */
async function deterministically<T>(run: () => Promise<T>): Promise<T> {
  const { crypto, performance } = globalThis;
  const saved = { now: Date.now, performanceNow: performance.now };
  const frozen = new Date(EXAMPLE_NOW).getTime();
  let ticks = 0;
  const fill = seededRandomValues(0x0a5e_2026);
  const uuid = () => {
    const b = fill(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40; // version 4, variant 10 (RFC 9562 §5.4)
    b[8] = (b[8] & 0x3f) | 0x80;
    const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  Date.now = () => frozen;
  performance.now = () => ++ticks;
  Object.defineProperty(crypto, 'getRandomValues', { value: fill, configurable: true, writable: true });
  Object.defineProperty(crypto, 'randomUUID', { value: uuid, configurable: true, writable: true });
  try {
    return await run();
  } finally {
    Date.now = saved.now;
    performance.now = saved.performanceNow;
    delete (crypto as Partial<Crypto>).getRandomValues;
    delete (crypto as Partial<Crypto>).randomUUID;
  }
}

/** Runs every endpoint's call on a fresh demo mock (reset before each) and keeps its request and answer by endpoint id. */
export function captureExamples(): Promise<Map<string, CapturedExchange>> {
  return deterministically(async () => {
    const mock = createMockService({ seed: 'demo', seedKey: EXAMPLE_SEED_KEY, now: EXAMPLE_NOW, validateResponses: true });
    let exchanges: Exchange[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const response = await mock.fetch(request.clone());
      exchanges.push(await record(request, response.clone()));
      return response;
    };
    const client = (options = {}) => clientFor(mock, { fetch: fetch as typeof globalThis.fetch, ...options });
    const acs = client();
    const users = { owner: 0, platformAdmin: 3 } as const;
    const signedIn: SignedIn = (user) => client({ accessToken: mock.signIn(mock.credentials.oauth!.users[users[user]]!.id) });
    restartBillNumbers();
    const out = new Map<string, CapturedExchange>();
    for (const endpoint of endpoints) {
      mock.reset();
      exchanges = [];
      const { call } = await callOf(endpoint)!(acs, signedIn, mock);
      await call.withResponse();
      const exchange = exchangeOf(endpoint, exchanges);
      if (!exchange) throw new Error(`${endpoint.id}: its call sent no ${endpoint.method} ${endpoint.path}`);
      out.set(endpoint.id, exchange.captured);
    }
    return out;
  });
}

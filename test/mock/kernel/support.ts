import { expect } from 'vitest';
import { ErrorEnvelope } from '../../../src/contract/index.js';
import { createMockService, type MockService, type MockServiceOptions } from '../../../mock-server/index.js';
import type { Json } from '../../support/json.js';
import { auth, BASE, START } from '../support/widgets.js';

export interface Reply {
  status: number;
  headers: Headers;
  body: Json;
}

/** One call through `mock.fetch` (by default a GET with the all-scopes key); the body parsed when there is one. */
export async function call(mock: MockService, path: string, init: RequestInit = { headers: auth() }): Promise<Reply> {
  const url = /^https?:/.test(path) ? path : `${BASE}${path}`;
  const response = await mock.fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

/** A refusal in the spec's failure envelope, with this status and code, naming the request id it was sent with. */
export function expectFailure(reply: Reply, status: number, code: string): void {
  expect({ status: reply.status, code: reply.body?.error?.code }).toEqual({ status, code });
  expect(ErrorEnvelope.safeParse(reply.body).success).toBe(true);
  expect(reply.body.error.requestId).toBe(reply.headers.get('x-request-id'));
  expect(reply.body.meta.requestId).toBe(reply.headers.get('x-request-id'));
}

export interface DemoApi {
  mock: MockService;
  /** The headers of the demo key on the demo company. */
  headers: Record<string, string>;
  /** A GET of `path` (under the business base), as `company` (the demo company by default). */
  get(path: string, company?: string): Promise<Reply>;
  /** A POST of `body` to `path`: JSON text as given when a string, else the value as JSON. */
  post(path: string, body: unknown): Promise<Reply>;
}

/** The real service over the demo seed at START, its logger silent, and calls with its demo key. */
export function demoApi(options: MockServiceOptions = {}): DemoApi {
  const mock = createMockService({ seed: 'demo', now: START, logger: { error() {} }, ...options });
  const { baseUrl, apiKey, companyId } = mock.credentials;
  const headersOf = (company: string) => ({ Authorization: `Bearer ${apiKey}`, 'X-Company-Id': company });
  const headers = headersOf(companyId);
  return {
    mock,
    headers,
    get: (path, company = companyId) => call(mock, `${baseUrl}${path}`, { headers: headersOf(company) }),
    post: (path, body) =>
      call(mock, `${baseUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}

/** The text of a JSON body nested `levels` deep: `{"a":{"a":...1...}}`. */
export const nestedJson = (levels: number, inner = '1') => '{"a":'.repeat(levels) + inner + '}'.repeat(levels);

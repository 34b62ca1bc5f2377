import { expect } from 'vitest';
import { ErrorEnvelope } from '../../../src/contract/index.js';
import { buildMockService, type MockService, type MockServiceOptions } from '../../../mock-server/service.js';
import type { Route } from '../../../mock-server/store/context.js';
import { BASE, START, testDomain } from '../support/widgets.js';

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

/** One call through `mock.fetch`; the body parsed when there is one. */
export async function call(mock: MockService, path: string, init: RequestInit = {}): Promise<Reply> {
  const url = /^https?:/.test(path) ? path : `${BASE}${path}`;
  const response = await mock.fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

/** A refusal in the spec's failure envelope, with this status and code. */
export function expectFailure(reply: Reply, status: number, code: string): void {
  expect({ status: reply.status, code: reply.body?.error?.code }).toEqual({ status, code });
  expect(ErrorEnvelope.safeParse(reply.body).success).toBe(true);
}

/** The widgets test domain with more routes (each test file declares the endpoints it needs). */
export function widgetsWith(routes: Route[], options: MockServiceOptions = {}): MockService {
  return buildMockService({ ...testDomain, routes: [...testDomain.routes, ...routes] }, { now: START, logger: { error() {} }, ...options });
}

/** The text of a JSON body nested `levels` deep: `{"a":{"a":...1...}}`. */
export const nestedJson = (levels: number, inner = '1') => '{"a":'.repeat(levels) + inner + '}'.repeat(levels);

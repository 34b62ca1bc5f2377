import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { endpoint } from '../../src/contract/index.js';
import { internalErrorResponse } from '../../mock-server/http/fetch.js';
import { route } from '../../mock-server/store/context.js';
import { auth, BASE, testMock } from './support/widgets.js';

// A failure outside the router's own catch (a route's loading step) is journalled with the answer the caller gets (MOCK-27).
const unloadable = endpoint({
  id: 'widgets.unloadable',
  method: 'GET',
  path: '/widgets/unloadable',
  scope: 'read:inventory',
  summary: 'a route whose loading step fails',
  response: z.object({ ok: z.boolean() }),
});

describe('the request journal on an internal error', () => {
  it('journals the 500 with the request id the caller reads', async () => {
    const failing = route(unloadable, () => ({ ok: true }), { ready: () => Promise.reject(new Error('the module did not load')) });
    const mock = testMock({}, [failing]);
    const response = await mock.fetch(new Request(`${BASE}/widgets/unloadable`, { headers: auth() }));
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(mock.requests.last()).toMatchObject({ status: 500, requestId: body.error.requestId });
    expect(response.headers.get('x-request-id')).toBe(body.error.requestId);
  });

  it('gives one failure one answer, however many layers report it', () => {
    const error = new Error('boom');
    expect(internalErrorResponse(error)).toBe(internalErrorResponse(error, 'again'));
    expect(internalErrorResponse(new Error('boom'))).not.toBe(internalErrorResponse(error));
  });
});

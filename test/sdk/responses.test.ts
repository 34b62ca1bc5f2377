import { describe, expect, it } from 'vitest';
import { ApiPromise } from '../../src/index.js';
import { account, jsonResponse, ok, scriptedFetch, testClient } from './helpers.js';
import { validating } from '../support/validation.js';

describe('responses', () => {
  it('unwraps `data` from the success envelope', async () => {
    const { fetch } = scriptedFetch(ok(account({ name: 'Bank' })));
    const result = await testClient(fetch).accounts.retrieve('acc_1');
    expect(result).toEqual(account({ name: 'Bank' }));
  });

  it('withResponse() gives data, response, request id and rate limit from the one request', async () => {
    const { fetch, sent } = scriptedFetch(
      ok(account(), {
        headers: {
          'x-request-id': 'req_echo',
          'x-ratelimit-limit': '1000',
          'x-ratelimit-remaining': '998',
          'x-ratelimit-reset': '1793620800',
        },
      }),
    );
    const call = testClient(fetch).accounts.retrieve('acc_1');
    expect(call).toBeInstanceOf(ApiPromise);
    const { data, response, requestId, rateLimit } = await call.withResponse();
    const awaited = await call;

    expect(sent).toHaveLength(1);
    expect(awaited).toEqual(data);
    expect(data.id).toBe('acc_1');
    expect(response.status).toBe(200);
    expect(requestId).toBe('req_echo');
    expect(rateLimit).toEqual({ limit: 1000, remaining: 998, reset: 1793620800 });
  });

  it('rateLimit is null without X-RateLimit headers, and requestId falls back to meta.requestId', async () => {
    const { fetch } = scriptedFetch(ok(account(), { requestId: 'req_meta' }));
    const { requestId, rateLimit } = await testClient(fetch).accounts.retrieve('acc_1').withResponse();
    expect(rateLimit).toBeNull();
    expect(requestId).toBe('req_meta');
  });

  it('without header or meta, requestId is the one the SDK sent', async () => {
    const { fetch, sent } = scriptedFetch(new Response(JSON.stringify({ success: true, data: account() }), { status: 200 }));
    const { requestId } = await testClient(fetch, { validate: 'off' }).accounts.retrieve('acc_1').withResponse();
    expect(requestId).toBe(sent[0].headers.get('x-request-id'));
  });

  it('a 204 resolves to undefined', async () => {
    const { fetch } = scriptedFetch(new Response(null, { status: 204 }));
    await expect(testClient(fetch).accounts.delete('acc_1')).resolves.toBeUndefined();
  });

  it('the request starts when the method is called, before any await', async () => {
    const { fetch, sent } = scriptedFetch(ok(account()));
    const call = testClient(fetch).accounts.retrieve('acc_1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(1);
    await call;
  });

  it('a success body that is not JSON rejects with ResponseValidationError, in every validate mode', async () => {
    for (const validate of ['strict', 'warn', 'off'] as const) {
      const { fetch } = scriptedFetch(new Response('<html>proxy</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
      await expect(
        testClient(fetch, { validate: validate === 'off' ? 'off' : validating(validate) }).accounts.retrieve('acc_1'),
      ).rejects.toMatchObject({
        name: 'ResponseValidationError',
        endpoint: 'accounts.retrieve',
        status: 200,
      });
    }
  });

  it('a JSON body without `data` rejects even with validation off', async () => {
    const { fetch } = scriptedFetch(jsonResponse(200, { id: 'acc_1' }));
    await expect(testClient(fetch, { validate: 'off' }).accounts.retrieve('acc_1')).rejects.toMatchObject({
      name: 'ResponseValidationError',
      message: expect.stringContaining('not a success envelope'),
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { FaultInjectionError } from '../../../mock-server/kernel/faults.js';
import {
  AUTH_BASE,
  BASE,
  DATA_BASE,
  KEYS,
  START,
  auth,
  json,
  newWidget,
  testMock,
  widgetCount,
  type WidgetRow,
} from '../support/widgets.js';
import type { ErrorDetail } from '../../../src/index.js';
import { call, expectFailure, type Reply } from './support.js';

describe('routing', () => {
  it('serves the business API under both /v1 and /api/v1', async () => {
    const mock = testMock();
    const v1 = await call(mock, '/widgets');
    const api = await call(mock, 'https://sandbox.acs.example.com/api/v1/widgets');
    expect(v1.status).toBe(200);
    expect(api.status).toBe(200);
    expect(api.body.data).toEqual(v1.body.data);
  });

  it('answers an unknown path with 404 NOT_FOUND in the failure envelope', async () => {
    const mock = testMock();
    const reply = await call(mock, '/gadgets');
    expectFailure(reply, 404, 'NOT_FOUND');
    expect(reply.body.error.documentation).toMatch(/^https:\/\//);
    expect(reply.body.error.timestamp).toBe(reply.body.meta.timestamp);
  });

  it('answers a known path with another method with 405 and Allow (HEAD beside GET, and OPTIONS)', async () => {
    const mock = testMock();
    const reply = await call(mock, '/widgets/wid_1', { method: 'PATCH', headers: auth() });
    expectFailure(reply, 405, 'METHOD_NOT_ALLOWED');
    expect(reply.headers.get('allow')).toBe('GET, HEAD, DELETE, OPTIONS');
  });

  it('prefers a literal segment over a {param} one', async () => {
    const mock = testMock();
    expect((await call(mock, '/widgets/special')).body.data).toEqual({ special: true });
    expectFailure(await call(mock, '/widgets/wid_missing'), 404, 'NOT_FOUND');
  });

  it('serves the data and auth families at their own bases, with raw bodies where the route says so', async () => {
    const mock = testMock();
    const records = await call(mock, `${DATA_BASE}/core2/tnt/records`);
    expect(records.status).toBe(200);
    expect(records.body).toEqual({ code: 'OK', data: [], totalRecords: 0 });
    const token = await call(mock, `${AUTH_BASE}/oauth/token`, json({ grant_type: 'authorization_code' }, {}));
    expect(token.body).toEqual({ access_token: 'tok', token_type: 'Bearer', grant: 'authorization_code' });
    expectFailure(await call(mock, `${BASE}/core2/tnt/records`), 404, 'NOT_FOUND');
  });
});

describe('envelope and headers', () => {
  it('wraps data in the success envelope with the spec headers', async () => {
    const mock = testMock();
    const reply = await call(mock, '/widgets/special');
    expect(reply.body).toEqual({
      success: true,
      data: { special: true },
      meta: { timestamp: expect.any(String), requestId: expect.any(String) },
    });
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('x-request-id')).toBe(reply.body.meta.requestId);
    expect(reply.headers.get('x-response-time')).toMatch(/^\d+(\.\d+)?ms$/);
    expect(reply.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(reply.headers.get('x-ratelimit-remaining')).toBe('999');
    // The window opens with the key's first request; the mock clock started at START.
    const reset = Number(reply.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(Math.ceil((Date.parse(START) + 3_600_000) / 1000));
    expect(reset).toBeLessThan(Math.ceil((Date.parse(START) + 3_660_000) / 1000));
  });

  it('echoes the caller X-Request-ID in the header and the body', async () => {
    const mock = testMock();
    const reply = await call(mock, '/widgets', { headers: { ...auth(), 'X-Request-ID': 'trace-42' } });
    expect(reply.headers.get('x-request-id')).toBe('trace-42');
    expect(reply.body.meta.requestId).toBe('trace-42');
    const failed = await call(mock, '/nope', { headers: { 'X-Request-ID': 'trace-43' } });
    expect(failed.body.error.requestId).toBe('trace-43');
  });

  it('answers with the endpoint status: 201 on create, 204 with no body on delete', async () => {
    const mock = testMock();
    const created = await call(mock, '/widgets', json(newWidget));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...newWidget, id: expect.stringMatching(/^wid_/) });
    const deleted = await call(mock, `/widgets/${created.body.data.id}`, { method: 'DELETE', headers: auth() });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expect(deleted.headers.get('x-request-id')).toBeTruthy();
  });

  it('writes pagination beside data on a list', async () => {
    const mock = testMock();
    const reply = await call(mock, '/widgets?limit=2');
    expect(Object.keys(reply.body)).toEqual(['success', 'data', 'pagination', 'meta']);
    expect(reply.body.pagination).toMatchObject({ hasMore: true, limit: 2, total: 5, nextCursor: expect.any(String) });
  });
});

describe('authentication, company and scope', () => {
  it('refuses a request without Authorization with 401 UNAUTHORIZED naming the field', async () => {
    const reply = await call(testMock(), '/widgets', { headers: { 'X-Company-Id': 'cmp_main' } });
    expectFailure(reply, 401, 'UNAUTHORIZED');
    expect(reply.body.error.details).toEqual([{ field: 'authorization', message: expect.any(String), code: 'INVALID_API_KEY' }]);
  });

  it('refuses an unknown test key and a non-Bearer scheme with 401', async () => {
    const mock = testMock();
    expectFailure(await call(mock, '/widgets', { headers: auth('svc_test_sk_nobody') }), 401, 'UNAUTHORIZED');
    expectFailure(
      await call(mock, '/widgets', { headers: { Authorization: `Basic ${KEYS.all}`, 'X-Company-Id': 'cmp_main' } }),
      401,
      'UNAUTHORIZED',
    );
  });

  // A live key's refusal: authentication.test.ts.

  it('needs X-Company-Id: missing or unknown is 422 INVALID_COMPANY', async () => {
    const mock = testMock();
    expectFailure(await call(mock, '/widgets', { headers: { Authorization: `Bearer ${KEYS.all}` } }), 422, 'INVALID_COMPANY');
    expectFailure(await call(mock, '/widgets', { headers: auth(KEYS.all, 'cmp_nope') }), 422, 'INVALID_COMPANY');
  });

  it('refuses a company the key does not belong to with 403 FORBIDDEN', async () => {
    expectFailure(await call(testMock(), '/widgets', { headers: auth(KEYS.all, 'cmp_other') }), 403, 'FORBIDDEN');
  });

  it('refuses a key lacking the endpoint scope with 403 naming required and current scopes', async () => {
    const mock = testMock();
    const reply = await call(mock, '/widgets', json(newWidget, auth(KEYS.read)));
    expectFailure(reply, 403, 'FORBIDDEN');
    expect(reply.body.error.details).toEqual([{ required_scope: 'write:inventory', current_scopes: ['read:inventory'] }]);
    expect(widgetCount(mock)).toBe(5);
    expectFailure(await call(mock, '/admin/purge', { method: 'POST', headers: auth() }), 403, 'FORBIDDEN');
  });

  it('lets admin stand in for every scope', async () => {
    const mock = testMock();
    expect((await call(mock, '/widgets', { headers: auth(KEYS.other, 'cmp_other') })).status).toBe(200);
    expect((await call(mock, '/admin/purge', { method: 'POST', headers: auth(KEYS.other, 'cmp_other') })).status).toBe(200);
  });
});

describe('validation', () => {
  it('reports each missing required field as REQUIRED_FIELD, for an empty body too', async () => {
    const mock = testMock();
    const reply = await call(mock, '/widgets', { method: 'POST', headers: auth() });
    expectFailure(reply, 422, 'VALIDATION_ERROR');
    const fields = reply.body.error.details.map((d: ErrorDetail) => [d.field, d.code]);
    expect(fields).toEqual([
      ['name', 'REQUIRED_FIELD'],
      ['color', 'REQUIRED_FIELD'],
      ['price', 'REQUIRED_FIELD'],
      ['madeOn', 'REQUIRED_FIELD'],
    ]);
    expect(reply.body.error.details[0]).not.toHaveProperty('value');
  });

  it('names enum, format, nested and refinement failures with the spec codes, values and constraints', async () => {
    const mock = testMock();
    const reply = await call(
      mock,
      '/widgets',
      json({ name: '  ', color: 'purple', price: 1.234, madeOn: '2031-01-01', parts: [{ sku: 'a', qty: 0 }] }),
    );
    expectFailure(reply, 422, 'VALIDATION_ERROR');
    const byField = Object.fromEntries(reply.body.error.details.map((d: ErrorDetail) => [d.field, d]));
    expect(byField.name).toMatchObject({ code: 'REQUIRED_FIELD', value: '  ' });
    expect(byField.color).toMatchObject({ code: 'INVALID_CHOICE', value: 'purple', constraint: ['red', 'green', 'blue'] });
    expect(byField.price).toMatchObject({ code: 'INVALID_FORMAT', value: 1.234 });
    expect(byField['parts.0.qty']).toMatchObject({ code: 'MIN_VALUE', value: 0, constraint: { min: 1 } });
    expect(widgetCount(mock)).toBe(5);
  });

  it('takes the code a refinement names through params.code', async () => {
    const reply = await call(testMock(), '/widgets', json({ ...newWidget, madeOn: '2031-01-01' }));
    expect(reply.body.error.details).toEqual([
      {
        field: 'madeOn',
        code: 'DATE_CONSTRAINT',
        message: 'madeOn is before 2031',
        value: '2031-01-01',
        constraint: { max: '2030-12-31' },
      },
    ]);
  });

  it('validates the query with the endpoint schema', async () => {
    const reply = await call(testMock(), '/widgets?color=purple');
    expectFailure(reply, 422, 'VALIDATION_ERROR');
    expect(reply.body.error.details[0]).toMatchObject({ field: 'color', code: 'INVALID_CHOICE', value: 'purple' });
  });

  it('applies operator filters and refuses fields and operators the endpoint does not offer', async () => {
    const mock = testMock();
    const cheap = await call(mock, '/widgets?price[lt]=5&limit=5');
    expect(cheap.body.data.map((w: WidgetRow) => w.name)).toEqual(['bolt', 'Dowel']);
    const named = await call(mock, '/widgets?name[startswith]=a&limit=5');
    expect(named.body.data.map((w: WidgetRow) => w.name)).toEqual(['Anchor', 'Axle']);

    const unknownField = await call(mock, '/widgets?color[eq]=red');
    expectFailure(unknownField, 422, 'VALIDATION_ERROR');
    expect(unknownField.body.error.details[0]).toMatchObject({ field: 'color[eq]', code: 'INVALID_CHOICE' });
    const unknownOp = await call(mock, '/widgets?price[near]=5');
    expect(unknownOp.body.error.details[0]).toMatchObject({ field: 'price[near]', code: 'INVALID_CHOICE' });
    const textOnNumber = await call(mock, '/widgets?price[contains]=5');
    expect(textOnNumber.body.error.details[0]).toMatchObject({ code: 'INVALID_CHOICE' });
    const badNumber = await call(mock, '/widgets?price[gt]=cheap');
    expect(badNumber.body.error.details[0]).toMatchObject({ field: 'price[gt]', code: 'INVALID_FORMAT', value: 'cheap' });
    const notAList = await call(mock, '/widgets/special?name[eq]=x');
    expectFailure(notAList, 422, 'VALIDATION_ERROR');
  });

  it('refuses malformed JSON with 400 INVALID_REQUEST', async () => {
    const mock = testMock();
    const reply = await call(mock, '/widgets', {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: '{"name":',
    });
    expectFailure(reply, 400, 'INVALID_REQUEST');
    expect(widgetCount(mock)).toBe(5);
  });

  it('refuses a body that is not declared as JSON with 415', async () => {
    const reply = await call(testMock(), '/widgets', {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'text/plain' },
      body: JSON.stringify(newWidget),
    });
    expectFailure(reply, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const mock = testMock();
    const reply = await call(mock, '/widgets', json({ ...newWidget, padding: 'x'.repeat(1024 * 1024) }));
    expectFailure(reply, 413, 'PAYLOAD_TOO_LARGE');
    expect(widgetCount(mock)).toBe(5);
  });
});

describe('handler failures', () => {
  it('turns a thrown Error into 500 INTERNAL_ERROR, logs it and undoes the handler writes', async () => {
    const error = vi.fn();
    const mock = testMock({ logger: { error } });
    const reply = await call(mock, '/widgets/boom', { method: 'POST', headers: auth() });
    expectFailure(reply, 500, 'INTERNAL_ERROR');
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0][0]).toContain('widgets.boom');
    expect(widgetCount(mock)).toBe(5);
    expect((await call(mock, '/widgets')).status).toBe(200);
  });

  it('undoes the writes of a handler that refuses with a ServiceError', async () => {
    const mock = testMock();
    const [first] = mock.store.table<WidgetRow>('cmp_main', 'widgets').all();
    const reply = await call(mock, `/widgets/${first.id}/rename`, json({ name: 'taken' }));
    expectFailure(reply, 409, 'CONFLICT');
    expect(mock.store.table<WidgetRow>('cmp_main', 'widgets').get(first.id)!.name).toBe(first.name);
  });

  it('runs the handler with the actor and request id on the store context, then restores it', async () => {
    const mock = testMock();
    const seen: { actor: string; requestId: string | null }[] = [];
    mock.store.onCommit((changes) => seen.push(...changes.map((c) => ({ actor: c.actor, requestId: c.requestId }))));
    await call(mock, '/widgets', json(newWidget, { ...auth(), 'X-Request-ID': 'req-ctx' }));
    expect(seen).toEqual([{ actor: 'key_all', requestId: 'req-ctx' }]);
    expect(mock.store.context).toEqual({ actor: 'system', requestId: null });
  });
});

describe('rate limit', () => {
  it('by default only counts: headers go down, nothing is refused', async () => {
    const mock = testMock();
    let last: Reply | undefined;
    for (let i = 0; i < 15; i++) last = await call(mock, '/widgets/special');
    expect(last!.status).toBe(200);
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('985');
  });

  it("with rateLimit 'spec' refuses the 11th request within a second, until the clock moves on", async () => {
    const mock = testMock({ rateLimit: 'spec' });
    for (let i = 0; i < 10; i++) expect((await call(mock, '/widgets/special')).status).toBe(200);
    const refused = await call(mock, '/widgets/special');
    expectFailure(refused, 429, 'RATE_LIMIT_EXCEEDED');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.error.details).toEqual([{ limit: 10, remaining: 0, resetTime: expect.any(String), retryAfter: 1 }]);
    expect(Date.parse(refused.body.error.details[0].resetTime)).not.toBeNaN();
    mock.clock.advance({ seconds: 1 });
    expect((await call(mock, '/widgets/special')).status).toBe(200);
  });

  it('enforces custom hourly limits per key on the mock clock', async () => {
    const mock = testMock({ rateLimit: { perHour: 3, perSecond: 100 } });
    for (let i = 0; i < 3; i++) await call(mock, '/widgets/special');
    const refused = await call(mock, '/widgets/special');
    expectFailure(refused, 429, 'RATE_LIMIT_EXCEEDED');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await call(mock, '/widgets/special', { headers: auth(KEYS.read) })).status).toBe(200);
    mock.clock.advance({ hours: 1 });
    const after = await call(mock, '/widgets/special');
    expect(after.status).toBe(200);
    expect(after.headers.get('x-ratelimit-remaining')).toBe('2');
  });
  it('takes limits as large as a caller likes without reserving memory for them', async () => {
    const mock = testMock({ rateLimit: { perHour: 1_000_000_000, perSecond: 1_000_000_000 } });
    const reply = await call(mock, '/widgets/special');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-ratelimit-remaining')).toBe('999999999');
  });

  it('lets a burst through again once its oldest request is a second old (sliding window)', async () => {
    const mock = testMock({ rateLimit: { perHour: 100, perSecond: 2 } });
    expect((await call(mock, '/widgets/special')).status).toBe(200);
    mock.clock.advance({ seconds: 0.6 });
    expect((await call(mock, '/widgets/special')).status).toBe(200);
    expectFailure(await call(mock, '/widgets/special'), 429, 'RATE_LIMIT_EXCEEDED');
    mock.clock.advance({ seconds: 0.5 }); // the first request is now 1.1 s old, the second 0.5 s
    expect((await call(mock, '/widgets/special')).status).toBe(200);
    expectFailure(await call(mock, '/widgets/special'), 429, 'RATE_LIMIT_EXCEEDED');
  });
});

describe('idempotency', () => {
  const withKey = (key: string, body: unknown = newWidget) => json(body, { ...auth(), 'Idempotency-Key': key });

  it('replays the stored response for the same key and body, writing once', async () => {
    const mock = testMock();
    const first = await call(mock, '/widgets', withKey('k-1'));
    const again = await call(mock, '/widgets', withKey('k-1'));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(widgetCount(mock)).toBe(6);
  });

  it('replays the bytes of the first answer, with its request id', async () => {
    const mock = testMock();
    const send = () => mock.fetch(`${BASE}/widgets`, withKey('k-bytes'));
    const first = await send();
    const again = await send();
    expect(await again.text()).toBe(await first.text());
    const kept = (response: Response) =>
      [...response.headers].filter(([name]) => !/^x-ratelimit-|^x-response-time$|^idempotent-replayed$/.test(name));
    expect(kept(again)).toEqual(kept(first));
  });

  it('treats JSON with other key order or spacing as the same body', async () => {
    const mock = testMock();
    await call(mock, '/widgets', withKey('k-order', { name: 'Gear', color: 'blue', price: 12.5, madeOn: '2026-06-01' }));
    const again = await call(mock, '/widgets', withKey('k-order', { madeOn: '2026-06-01', price: 12.5, color: 'blue', name: 'Gear' }));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('refuses the same key with another body with 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const mock = testMock();
    await call(mock, '/widgets', withKey('k-2'));
    const reused = await call(mock, '/widgets', withKey('k-2', { ...newWidget, name: 'Other' }));
    expectFailure(reused, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(widgetCount(mock)).toBe(6);
  });

  it('scopes a key to its credential and path', async () => {
    const mock = testMock();
    const [first] = mock.store.table<WidgetRow>('cmp_main', 'widgets').all();
    await call(mock, '/widgets', withKey('k-3'));
    const elsewhere = await call(mock, `/widgets/${first.id}/rename`, json({ name: 'New' }, { ...auth(), 'Idempotency-Key': 'k-3' }));
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('idempotent-replayed')).toBeNull();
  });

  it('does not store a refusal made before the handler ran', async () => {
    const mock = testMock();
    const invalid = await call(mock, '/widgets', withKey('k-4', { ...newWidget, color: 'purple' }));
    expect(invalid.status).toBe(422);
    const valid = await call(mock, '/widgets', withKey('k-4', newWidget));
    expect(valid.status).toBe(201);
  });

  it('replays a refusal made by the handler', async () => {
    const mock = testMock();
    const [first] = mock.store.table<WidgetRow>('cmp_main', 'widgets').all();
    const init = json({ name: 'taken' }, { ...auth(), 'Idempotency-Key': 'k-5' });
    expect((await call(mock, `/widgets/${first.id}/rename`, init)).status).toBe(409);
    const again = await call(mock, `/widgets/${first.id}/rename`, init);
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('forgets a key after 24 hours of mock time', async () => {
    const mock = testMock();
    await call(mock, '/widgets', withKey('k-6'));
    mock.clock.advance({ hours: 24, seconds: 1 });
    const later = await call(mock, '/widgets', withKey('k-6'));
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(widgetCount(mock)).toBe(7);
  });
});

describe('faults', () => {
  it("a 'before' fault answers in the failure envelope without running the handler, for `times` requests", async () => {
    const mock = testMock();
    mock.faults.inject({ status: 503, times: 2 });
    expectFailure(await call(mock, '/widgets', json(newWidget)), 503, 'SERVICE_UNAVAILABLE');
    expectFailure(await call(mock, '/widgets', json(newWidget)), 503, 'SERVICE_UNAVAILABLE');
    expect(widgetCount(mock)).toBe(5);
    expect((await call(mock, '/widgets', json(newWidget))).status).toBe(201);
  });

  it('a network fault makes fetch reject', async () => {
    const mock = testMock();
    mock.faults.inject({ error: 'network' });
    await expect(mock.fetch(`${BASE}/widgets`, { headers: auth() })).rejects.toThrow(TypeError);
    expect((await call(mock, '/widgets')).status).toBe(200);
  });

  it("an 'after' network fault loses a response whose write landed; the retry with its key replays it", async () => {
    const mock = testMock();
    mock.faults.inject({ error: 'network', stage: 'after', method: 'POST', path: '/widgets' });
    const init = json(newWidget, { ...auth(), 'Idempotency-Key': 'retry-1' });
    await expect(mock.fetch(`${BASE}/widgets`, init)).rejects.toThrow('fetch failed');
    expect(widgetCount(mock)).toBe(6);
    const retried = await call(mock, '/widgets', init);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(widgetCount(mock)).toBe(6);
  });

  it('matches by method, contract path pattern or glob', async () => {
    const mock = testMock();
    const [first] = mock.store.table<WidgetRow>('cmp_main', 'widgets').all();
    mock.faults.inject({ status: 500, path: '/widgets/{widgetId}', method: 'GET' });
    expect((await call(mock, '/widgets')).status).toBe(200);
    expect((await call(mock, '/widgets/special')).status).toBe(200);
    expect((await call(mock, `/widgets/${first.id}`)).status).toBe(500);

    mock.faults.inject({ status: 502, path: '/v1/widgets/*' });
    expect((await call(mock, '/widgets')).status).toBe(200);
    expect((await call(mock, '/widgets/special')).status).toBe(502);
    mock.faults.inject({ status: 504, path: '**/special' });
    expect((await call(mock, 'https://sandbox.acs.example.com/api/v1/widgets/special')).status).toBe(504);
  });

  it('sends the fault headers and body when given', async () => {
    const mock = testMock();
    mock.faults.inject({ status: 429, headers: { 'Retry-After': '7' } });
    const limited = await call(mock, '/widgets');
    expectFailure(limited, 429, 'RATE_LIMIT_EXCEEDED');
    expect(limited.headers.get('retry-after')).toBe('7');
    mock.faults.inject({ status: 500, body: { custom: true } });
    expect((await call(mock, '/widgets')).body).toEqual({ custom: true });
  });

  it('clear() disarms every fault', async () => {
    const mock = testMock();
    mock.faults.inject({ status: 503, times: Infinity });
    expect((await call(mock, '/widgets')).status).toBe(503);
    mock.faults.clear();
    expect((await call(mock, '/widgets')).status).toBe(200);
  });

  it('refuses fault options that are neither a status nor a network error', () => {
    const mock = testMock();
    expect(() => mock.faults.inject({} as never)).toThrow(FaultInjectionError);
    expect(() => mock.faults.inject({ status: 200 })).toThrow(FaultInjectionError);
    expect(() => mock.faults.inject({ status: 503, times: 0 })).toThrow(FaultInjectionError);
  });
});

describe('reset', () => {
  it('restores the seed and clears faults, idempotency keys and rate windows; the clock stays', async () => {
    const mock = testMock({ rateLimit: { perHour: 3, perSecond: 100 } });
    await call(mock, '/widgets', json(newWidget, { ...auth(), 'Idempotency-Key': 'k-reset' }));
    await call(mock, '/widgets/special');
    await call(mock, '/widgets/special');
    mock.faults.inject({ status: 503, times: 5 });
    mock.clock.advance({ days: 3 });
    const before = mock.clock.nowMs();

    mock.reset();

    expect(widgetCount(mock)).toBe(5);
    expect(mock.faults.list()).toEqual([]);
    expect(mock.clock.nowMs()).toBeGreaterThanOrEqual(before);
    const again = await call(mock, '/widgets', json(newWidget, { ...auth(), 'Idempotency-Key': 'k-reset' }));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('x-ratelimit-remaining')).toBe('2');
  });
});

describe('mock.fetch', () => {
  it('rejects with the abort reason when the signal aborts', async () => {
    const mock = testMock({ latency: 2_000 });
    const controller = new AbortController();
    const pending = mock.fetch(`${BASE}/widgets`, { headers: auth(), signal: controller.signal });
    controller.abort(new Error('gave up'));
    await expect(pending).rejects.toThrow('gave up');
  });

  it('refuses invalid options up front', () => {
    expect(() => testMock({ latency: -1 })).toThrow(TypeError);
    expect(() => testMock({ baseUrl: 'not a url' })).toThrow(TypeError);
    expect(() => testMock({ rateLimit: { perHour: 0, perSecond: 1 } })).toThrow(TypeError);
    expect(() => testMock({ seed: 'demos' as never })).toThrow(/seed is 'demo' or 'empty'/);
  });
});

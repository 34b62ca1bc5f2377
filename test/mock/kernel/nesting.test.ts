import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonDeeperThan } from '../../../mock-server/kernel/json.js';
import { bodyFingerprint } from '../../../mock-server/kernel/idempotency.js';
import { RecordingTransport } from '../../stream/helpers.js';
import { auth, newWidget, testMock, widgetCount } from '../support/widgets.js';
import { call, demoApi, expectFailure, nestedJson } from './support.js';

// MOCK-4: JSON nested deeper than 64 levels is refused before it is parsed, and nothing
// after the parse (validation, fingerprints, presenters, serialisation) meets a deeper value.

const raw = (text: string, headers: Record<string, string> = auth()): RequestInit => ({
  method: 'POST',
  headers: { ...headers, 'Content-Type': 'application/json' },
  body: text,
});

describe('a body nested deeper than 64 levels', () => {
  it('is refused with 400 INVALID_REQUEST naming the bound, before any handler runs', async () => {
    const mock = testMock();
    const reply = await call(mock, '/widgets', raw(nestedJson(MAX_JSON_DEPTH + 1)));
    expectFailure(reply, 400, 'INVALID_REQUEST');
    expect(reply.body.error.details).toEqual([
      { field: 'body', code: 'MAX_VALUE', message: expect.stringContaining('64 levels'), constraint: { maxDepth: 64 } },
    ]);
    expect(widgetCount(mock)).toBe(5);
  });

  it('is refused wherever the depth is, inside an otherwise valid body', async () => {
    const mock = testMock();
    const text = JSON.stringify({ ...newWidget, parts: '@' }).replace('"@"', `[${nestedJson(MAX_JSON_DEPTH)}]`);
    expectFailure(await call(mock, '/widgets', raw(text)), 400, 'INVALID_REQUEST');
    expect(widgetCount(mock)).toBe(5);
  });

  it('is refused even when enormous (a million levels), quickly', async () => {
    const mock = testMock();
    const started = performance.now();
    expectFailure(await call(mock, '/widgets', raw('['.repeat(500_000) + ']'.repeat(500_000))), 400, 'INVALID_REQUEST');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('64 levels are accepted as JSON (the schema then judges the shape)', async () => {
    const mock = testMock();
    const reply = await call(mock, '/widgets', raw(nestedJson(MAX_JSON_DEPTH)));
    expectFailure(reply, 422, 'VALIDATION_ERROR');
  });

  it('brackets and escaped quotes inside strings do not count as nesting', async () => {
    const mock = testMock();
    const sku = `\\"${'['.repeat(100)}{{{`;
    const reply = await call(mock, '/widgets', raw(JSON.stringify({ ...newWidget, parts: [{ sku, qty: 1 }] })));
    expect(reply.status).toBe(201);
    expect(jsonDeeperThan(JSON.stringify({ text: `"[[[[${'['.repeat(100)}` }), 2)).toBe(false);
  });

  it('keeps idempotency fingerprints bounded: 64 levels fingerprint, deeper never reaches them', () => {
    expect(bodyFingerprint(JSON.parse(nestedJson(MAX_JSON_DEPTH)))).toMatch(/^\{"a":/);
    expect(() => bodyFingerprint(JSON.parse(nestedJson(MAX_JSON_DEPTH + 1)))).toThrow(/deeper than 64/);
  });
});

describe('the service with its real domain', () => {
  const { mock, get, post } = demoApi();

  it('an item whose customFields nest deeper than their bound is refused, and the item list stays readable', async () => {
    // Observed before the bound (MOCK-4): an item with 20,000 levels of customFields was stored, its answer was a
    // 500 (serialising it overflowed the stack), and from then on GET /v1/items answered 500 for everyone.
    const item = (customFields: string) => `{"itemCode":"DEEP-1","name":"Deep","type":"service","customFields":${customFields}}`;
    expectFailure(await post('/items', item(nestedJson(20_000))), 400, 'INVALID_REQUEST');
    const tooDeep = await post('/items', item(nestedJson(5)));
    expectFailure(tooDeep, 422, 'VALIDATION_ERROR');
    expect(tooDeep.body.error.details).toEqual([
      expect.objectContaining({ field: 'customFields', code: 'MAX_VALUE', constraint: { maxDepth: 3 } }),
    ]);
    expect((await get('/items')).status).toBe(200);
  });

  it('a bulk call with one deep item is refused whole', async () => {
    const body = `{"operations":[{"operation":"create","data":{"name":"Deep","email":"deep@x.my","customFields":${nestedJson(100)}}}]}`;
    expectFailure(await post('/bulk/customers', body), 400, 'INVALID_REQUEST');
  });

  it('a stream message nested too deep closes the connection as malformed', () => {
    const transport = new RecordingTransport();
    mock.stream.open('events', transport).receive(`{"type":"auth","token":"x","companyId":${nestedJson(MAX_JSON_DEPTH + 1)}}`);
    expect(transport.closed).toEqual({ code: 4400, reason: expect.stringMatching(/^malformed message: .*64 levels/) });
  });
});

import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../src/contract/index.js';
import { createMockService } from '../../mock-server/index.js';
import { createMockFetch } from '../../mock-server/http/fetch.js';
import { auth, BASE, testMock } from './support/widgets.js';

/** A body stream that fails after its first chunk, as a broken upload does. */
const failingBody = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"name":'));
    },
    pull(controller) {
      controller.error(new Error('the upload broke'));
    },
  });

async function expectInternalError(response: Response) {
  expect(response.status).toBe(500);
  const body = await response.json();
  expect(ErrorEnvelope.safeParse(body).success).toBe(true);
  expect(body.error.code).toBe('INTERNAL_ERROR');
  expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  return body;
}

describe('mock.fetch never rejects with an internal error', () => {
  it('answers 500 in the error envelope when the request body stream errors', async () => {
    const mock = testMock();
    const response = await mock.fetch(`${BASE}/widgets`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: failingBody(),
      duplex: 'half',
    } as RequestInit);
    const body = await expectInternalError(response);
    expect(body.error.message).toContain('the upload broke');
  });

  it('answers 500 when the service itself throws, synchronously or not', async () => {
    const throwing = createMockFetch(() => {
      throw new Error('a bug in the mock');
    });
    const rejecting = createMockFetch(async () => {
      throw new TypeError('another bug');
    });
    await expectInternalError(await throwing(`${BASE}/widgets`));
    expect((await expectInternalError(await rejecting(`${BASE}/widgets`))).error.message).toContain('TypeError: another bug');
  });

  it('answers HEAD with the 500 status and headers but no body, and cuts a long message with an API key in it', async () => {
    const throwing = createMockFetch(() => {
      throw new Error(`a bug near svc_test_sk_0A1b0A1b0A1b0A1b0A1b0A1b ${'z'.repeat(5_000)}`);
    });
    const head = await throwing(`${BASE}/widgets`, { method: 'HEAD' });
    expect(head.status).toBe(500);
    expect(head.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await head.text()).toBe('');
    const body = await expectInternalError(await throwing(`${BASE}/widgets`));
    expect(body.error.message).not.toMatch(/svc_test_sk_0A1b|z{201}/);
  });

  it('answers 500 when the answer cannot become a Response (a fault header a Response refuses)', async () => {
    const mock = testMock();
    mock.faults.inject({ status: 503, headers: { 'Retry-After': 'soon\nX-Injected: yes' } });
    await expectInternalError(await mock.fetch(`${BASE}/widgets`, { headers: auth() }));
    expect((await mock.fetch(`${BASE}/widgets`, { headers: auth() })).status).toBe(200);
  });

  it('still rejects where fetch does: an aborted signal, an injected network fault, an invalid URL', async () => {
    const mock = testMock();
    await expect(mock.fetch(`${BASE}/widgets`, { headers: auth(), signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    mock.faults.inject({ error: 'network' });
    await expect(mock.fetch(`${BASE}/widgets`, { headers: auth() })).rejects.toThrow(TypeError);
    await expect(mock.fetch('not a url')).rejects.toThrow(TypeError);
  });

  it('the msw handlers answer the same 500 for a body stream that errors', async () => {
    const mock = testMock();
    const request = new Request(`${BASE}/widgets`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: failingBody(),
      duplex: 'half',
    } as RequestInit);
    await expectInternalError((await getResponse(mock.httpHandlers, request))!);
  });
});

describe('HEAD and OPTIONS through mock.fetch', () => {
  const mock = createMockService({ seed: 'empty' });
  const headers = { Authorization: `Bearer ${mock.credentials.apiKey}`, 'X-Company-Id': mock.credentials.companyId };

  it('answers HEAD on a GET endpoint as GET without a body, with that body length', async () => {
    const get = await mock.fetch(`${mock.credentials.baseUrl}/company`, { headers });
    const text = await get.text();
    const head = await mock.fetch(`${mock.credentials.baseUrl}/company`, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-length')).toBe(String(new TextEncoder().encode(text).length));
    expect(head.headers.get('content-type')).toBe('application/json');
  });

  it('answers HEAD on a path without GET with 405 and its Allow', async () => {
    const head = await mock.fetch(`${mock.credentials.baseUrl}/journal-entries/je_1/post`, { method: 'HEAD', headers });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('answers OPTIONS on an API path with 204 and Allow, before authentication', async () => {
    const options = await mock.fetch(`${mock.credentials.baseUrl}/accounts`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect((await mock.fetch(`${mock.credentials.baseUrl}/nowhere`, { method: 'OPTIONS' })).status).toBe(404);
  });
});

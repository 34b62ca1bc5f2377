import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, ConnectionError, RateLimitError, ServerError, TimeoutError } from '../../src/index.js';
import { backoffDelay, jitter, retryOptions } from '../../src/internal/retry.js';
import { account, fail, journalEntry, networkError, ok, scriptedFetch, testClient } from './helpers.js';

/** Lets a call run until it waits on a timer, so the number of requests so far can be read. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('retry policy', () => {
  it('backs off 0.5 s, 1 s, 2 s, ... and caps at 8 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffDelay)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('jitter takes off at most 25%', () => {
    expect(jitter(1000, () => 0)).toBe(1000);
    expect(jitter(1000, () => 0.5)).toBe(875);
    expect(jitter(1000, () => 0.999999)).toBeGreaterThan(750);
  });

  it('configures ky to retry writes, timeouts and 408/429/5xx, with Retry-After capped at 60 s', () => {
    const options = retryOptions(3);
    expect(options).toMatchObject({ limit: 3, retryOnTimeout: true, maxRetryAfter: 60_000, backoffLimit: 8_000 });
    expect(options.methods).toEqual(expect.arrayContaining(['get', 'post', 'put', 'patch', 'delete']));
    expect(options.statusCodes).toEqual([408, 429, 500, 502, 503, 504]);
  });
});

describe('retries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('a 503 is retried after the backoff, then the success resolves', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { fetch, sent } = scriptedFetch(fail(503, 'SERVICE_UNAVAILABLE', 'busy'), ok(account()));
    const call = testClient(fetch).accounts.retrieve('acc_1');

    await flush();
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await expect(call).resolves.toMatchObject({ id: 'acc_1' });
  });

  it('jitter shortens the wait by up to 25%', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.8);
    const { fetch, sent } = scriptedFetch(fail(500, 'INTERNAL_ERROR', 'oops'), ok(account()));
    const call = testClient(fetch).accounts.retrieve('acc_1');
    await vi.advanceTimersByTimeAsync(399);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await call;
  });

  it('a POST is retried with the same Idempotency-Key and request id', async () => {
    const { fetch, sent } = scriptedFetch(
      fail(502, 'BAD_GATEWAY', 'x'),
      fail(504, 'GATEWAY_TIMEOUT', 'x'),
      ok(journalEntry(), { status: 201 }),
    );
    const call = testClient(fetch).journalEntries.create({ date: '2026-11-01', lines: [] });
    await vi.runAllTimersAsync();
    await expect(call).resolves.toMatchObject({ id: 'je_1' });

    expect(sent).toHaveLength(3);
    const keys = new Set(sent.map((r) => r.headers.get('idempotency-key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toBeTruthy();
    expect(new Set(sent.map((r) => r.headers.get('x-request-id'))).size).toBe(1);
    expect(sent.every((r) => JSON.stringify(r.body) === JSON.stringify({ date: '2026-11-01', lines: [] }))).toBe(true);
  });

  it('a 429 waits the Retry-After seconds, without jitter', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.9);
    const { fetch, sent } = scriptedFetch(fail(429, 'RATE_LIMIT_EXCEEDED', 'slow', undefined, { 'retry-after': '2' }), ok(account()));
    const call = testClient(fetch).accounts.retrieve('acc_1');
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await call;
  });

  it('a Retry-After HTTP date is honoured', async () => {
    vi.setSystemTime(new Date('2026-11-02T10:00:00Z'));
    const { fetch, sent } = scriptedFetch(
      fail(429, 'RATE_LIMIT_EXCEEDED', 'slow', undefined, { 'retry-after': 'Mon, 02 Nov 2026 10:00:03 GMT' }),
      ok(account()),
    );
    const call = testClient(fetch).accounts.retrieve('acc_1');
    await vi.advanceTimersByTimeAsync(2999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await call;
  });

  it('a 429 without Retry-After waits until X-RateLimit-Reset (epoch seconds)', async () => {
    vi.setSystemTime(new Date('2026-11-02T10:00:00Z'));
    const reset = String(Date.parse('2026-11-02T10:00:05Z') / 1000);
    const { fetch, sent } = scriptedFetch(
      fail(429, 'RATE_LIMIT_EXCEEDED', 'slow', undefined, { 'x-ratelimit-reset': reset }),
      ok(account()),
    );
    const call = testClient(fetch).accounts.retrieve('acc_1');
    await vi.advanceTimersByTimeAsync(4999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await call;
  });

  it('a Retry-After beyond a minute is capped at 60 s', async () => {
    const { fetch, sent } = scriptedFetch(fail(429, 'RATE_LIMIT_EXCEEDED', 'slow', undefined, { 'retry-after': '3600' }), ok(account()));
    const call = testClient(fetch).accounts.retrieve('acc_1');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await call;
  });

  it('a 503 ignores the hourly X-RateLimit-Reset every response carries and uses the backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    vi.setSystemTime(new Date('2026-11-02T10:00:00Z'));
    const reset = String(Date.parse('2026-11-02T10:59:00Z') / 1000);
    const { fetch, sent } = scriptedFetch(
      fail(503, 'SERVICE_UNAVAILABLE', 'busy', undefined, { 'x-ratelimit-reset': reset }),
      ok(account()),
    );
    const call = testClient(fetch).accounts.retrieve('acc_1');
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toHaveLength(2);
    await call;
  });

  it('a network error is retried, and once retries run out rejects with ConnectionError keeping the cause', async () => {
    const { fetch, sent } = scriptedFetch(networkError(), networkError(), networkError());
    const call = testClient(fetch)
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await call;
    expect(sent).toHaveLength(3);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).cause).toBeInstanceOf(TypeError);
    expect((error as ConnectionError).message).toContain('fetch failed');
  });

  it('a retry asks getAccessToken again, so a refreshed token is used', async () => {
    let n = 0;
    const { fetch, sent } = scriptedFetch(fail(503, 'SERVICE_UNAVAILABLE', 'busy'), ok(account()));
    const call = testClient(fetch, { apiKey: undefined, getAccessToken: () => `token-${++n}` }).accounts.retrieve('acc_1');
    await vi.runAllTimersAsync();
    await call;
    expect(sent.map((r) => r.headers.get('authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('a network error then a success resolves', async () => {
    const { fetch, sent } = scriptedFetch(networkError(), ok(account()));
    const call = testClient(fetch).accounts.retrieve('acc_1');
    await vi.runAllTimersAsync();
    await expect(call).resolves.toMatchObject({ id: 'acc_1' });
    expect(sent).toHaveLength(2);
  });

  it('gives up after maxRetries (client default 2) with the last error', async () => {
    const { fetch, sent } = scriptedFetch(fail(503, 'A', 'a'), fail(503, 'B', 'b'), fail(503, 'C', 'c'));
    const call = testClient(fetch)
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await call).toMatchObject({ name: 'ServerError', code: 'C' });
    expect(sent).toHaveLength(3);
  });

  it('maxRetries: 0 on one call sends it once', async () => {
    const { fetch, sent } = scriptedFetch(fail(503, 'SERVICE_UNAVAILABLE', 'busy'), ok(account()));
    const acs = testClient(fetch, { maxRetries: 5 });
    await expect(acs.accounts.retrieve('acc_1', { maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(sent).toHaveLength(1);
  });

  it('a 429 after the last retry rejects with RateLimitError', async () => {
    const { fetch, sent } = scriptedFetch(
      fail(429, 'RATE_LIMIT_EXCEEDED', 'slow', undefined, { 'retry-after': '1' }),
      fail(429, 'RATE_LIMIT_EXCEEDED', 'slow', undefined, { 'retry-after': '1' }),
    );
    const call = testClient(fetch, { maxRetries: 1 })
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await call).toBeInstanceOf(RateLimitError);
    expect(sent).toHaveLength(2);
  });

  it('4xx other than 408 and 429 is not retried', async () => {
    const { fetch, sent } = scriptedFetch(fail(409, 'CONFLICT', 'taken'));
    await expect(
      testClient(fetch).accounts.create({ accountNumber: '1', name: 'x', type: 'asset', category: 'current_asset' }),
    ).rejects.toMatchObject({
      name: 'ConflictError',
    });
    expect(sent).toHaveLength(1);
  });

  it('a timeout is retried, then rejects with TimeoutError', async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    const { fetch, sent } = scriptedFetch(hang, hang);
    const call = testClient(fetch, { timeout: 1000, maxRetries: 1 })
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await call;
    expect(sent).toHaveLength(2);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toContain('1000 ms');
  });

  it('the caller’s signal aborts a call waiting to retry, with AbortError', async () => {
    const controller = new AbortController();
    const { fetch, sent } = scriptedFetch(fail(503, 'SERVICE_UNAVAILABLE', 'busy'), ok(account()));
    const call = testClient(fetch)
      .accounts.retrieve('acc_1', { signal: controller.signal })
      .catch((e: unknown) => e);
    await flush();
    controller.abort();
    const error = await call;
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).name).toBe('AbortError');
    expect((error as AbortError).cause).toBe(controller.signal.reason);
    expect(sent).toHaveLength(1);
  });
});

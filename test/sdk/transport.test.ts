import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, TimeoutError } from '../../src/index.js';
import { account, ok, scriptedFetch, testClient } from './helpers.js';

const envelope = JSON.stringify({
  success: true,
  data: account(),
  meta: { timestamp: '2026-11-02T10:00:00.000Z', requestId: 'req_server' },
});

/** A 200 whose body sends its first half at once and the rest after `ms` (never, when undefined). */
function slowBody(ms: number | undefined): Response {
  const bytes = new TextEncoder().encode(envelope);
  const half = Math.floor(bytes.length / 2);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, half));
      if (ms !== undefined) {
        setTimeout(() => {
          controller.enqueue(bytes.slice(half));
          controller.close();
        }, ms);
      }
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Answers with `response()` after `ms`. */
const after = (ms: number, response: () => Response) => () => new Promise<Response>((resolve) => setTimeout(() => resolve(response()), ms));

describe('timeouts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the response and its body `timeout` each, as ky did', async () => {
    const { fetch, sent } = scriptedFetch(after(900, () => slowBody(900)));
    const call = testClient(fetch, { timeout: 1000 }).accounts.retrieve('acc_1');
    await vi.advanceTimersByTimeAsync(1800);
    await expect(call).resolves.toMatchObject({ id: 'acc_1' });
    expect(sent).toHaveLength(1);
  });

  it('a body that stalls past the timeout rejects with TimeoutError, even from a fetch that ignores the signal', async () => {
    const { fetch } = scriptedFetch(() => slowBody(undefined));
    const call = testClient(fetch, { timeout: 1000 })
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await call;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toContain('timed out reading the response');
  });

  it('a per-call timeout applies to that call', async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    const { fetch, sent } = scriptedFetch(hang);
    const call = testClient(fetch, { timeout: 60_000 })
      .accounts.retrieve('acc_1', { timeout: 50, maxRetries: 0 })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(50);
    const error = await call;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toContain('50 ms');
    expect(sent).toHaveLength(1);
  });

  it('the attempt’s signal aborts the request when it times out', async () => {
    let signal: AbortSignal | undefined;
    const { fetch } = scriptedFetch((request) => {
      signal = request.signal;
      return new Promise<Response>(() => {});
    });
    const call = testClient(fetch, { timeout: 1000, maxRetries: 0 })
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await call).toBeInstanceOf(TimeoutError);
    expect(signal?.aborted).toBe(true);
  });

  it('the caller’s signal aborts a body being read, with AbortError', async () => {
    const controller = new AbortController();
    const { fetch } = scriptedFetch(() => slowBody(undefined));
    const call = testClient(fetch)
      .accounts.retrieve('acc_1', { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    // A fake fetch's body does not follow the signal: the timeout ends the read, and the abort decides the error.
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await call;
    expect(error).toBeInstanceOf(AbortError);
  });

  it('leaves no timer behind, whether the call succeeds or fails', async () => {
    const { fetch } = scriptedFetch(ok(account()), new TypeError('boom'));
    const acs = testClient(fetch, { maxRetries: 0 });
    await acs.accounts.retrieve('acc_1');
    expect(vi.getTimerCount()).toBe(0);
    await acs.accounts.retrieve('acc_1').catch(() => undefined);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('headers the runtime refuses', () => {
  it('throw the runtime’s TypeError before anything is sent, and are not retried as network failures', async () => {
    const { fetch, sent } = scriptedFetch();
    const acs = testClient(fetch);
    await expect(acs.accounts.retrieve('acc_1', { headers: { 'X-Bad': 'a\nb' } })).rejects.toThrow(TypeError);
    await expect(acs.accounts.retrieve('acc_1', { headers: { 'bad name': 'x' } })).rejects.toThrow(TypeError);
    await expect(acs.accounts.retrieve('acc_1', { headers: { 'X-Wide': 'é€' } })).rejects.toThrow(TypeError);
    expect(sent).toHaveLength(0);
  });

  it('surrounding whitespace is trimmed, not refused', async () => {
    const { fetch, sent } = scriptedFetch(ok(account()));
    await testClient(fetch).accounts.retrieve('acc_1', { headers: { 'X-Trace': '  t-1 \t' } });
    expect(sent[0].headers.get('x-trace')).toBe('t-1');
  });
});

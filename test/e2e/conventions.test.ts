import { beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, RateLimitError, ServerError, type AcsError } from '../../src/index.js';
import { accountByNumber, failureOf, journalEntryCount, sandbox, transfer } from '../support/sandbox.js';

// Spec document 1: "Response format", "Request headers", "Limits", "Errors" (client guidance on retries).
describe('platform conventions through the SDK', () => {
  const { mock, acs, sent } = sandbox();

  beforeEach(() => {
    mock.reset();
    sent.length = 0;
  });

  describe('request ids and rate-limit headers', () => {
    it('withResponse() gives the request id of the X-Request-ID header and the rate-limit state', async () => {
      const cash = await accountByNumber(acs, '1110');
      const { data, requestId, rateLimit, response } = await acs.accounts.retrieve(cash.id).withResponse();
      expect(data.id).toBe(cash.id);
      expect(requestId).toBeTruthy();
      expect(requestId).toBe(response.headers.get('x-request-id'));
      expect(requestId).toBe(sent.at(-1)!.headers.get('x-request-id'));
      expect(rateLimit).toEqual({ limit: 1000, remaining: expect.any(Number), reset: expect.any(Number) });
      expect(rateLimit!.remaining).toBeLessThan(1000);
      expect(rateLimit!.reset).toBeGreaterThan(mock.clock.nowMs() / 1000);
    });

    it('an X-Request-ID given in headers is sent and echoed, on success and on failure', async () => {
      const { requestId, response } = await acs.company.retrieve({ headers: { 'X-Request-ID': 'trace-e2e-42' } }).withResponse();
      expect(requestId).toBe('trace-e2e-42');
      expect(response.headers.get('x-request-id')).toBe('trace-e2e-42');

      const error = await failureOf(acs.accounts.retrieve('acc_doesnotexist', { headers: { 'X-Request-ID': 'trace-e2e-43' } }));
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).requestId).toBe('trace-e2e-43');
    });
  });

  describe('retries', () => {
    it('an injected 503, twice, is retried and the call succeeds on the third attempt', async () => {
      mock.faults.inject({ status: 503, times: 2 });
      const company = await acs.company.retrieve();
      expect(company.id).toBe(mock.credentials.companyId);
      expect(sent.map((request) => `${request.method} ${request.url.pathname}`)).toEqual(Array(3).fill('GET /v1/company'));
    });

    it('a 503 with Retry-After: 0 is retried at once', async () => {
      mock.faults.inject({ status: 503, times: 2, headers: { 'Retry-After': '0' } });
      await expect(acs.auth.verify()).resolves.toMatchObject({ authenticated: true });
      expect(sent).toHaveLength(3);
    });

    it('a create whose response was lost is retried with the same Idempotency-Key and writes one entry', async () => {
      const cash = await accountByNumber(acs, '1110');
      const supplies = await accountByNumber(acs, '6500');
      const countBefore = await journalEntryCount(acs);
      sent.length = 0;
      mock.faults.inject({ error: 'network', stage: 'after', method: 'POST', path: '/v1/journal-entries' });

      const { data: entry, response } = await acs.journalEntries
        .create({ date: '2026-03-15', reference: 'LOST-1', lines: transfer(supplies.id, cash.id, 19.9) })
        .withResponse();

      const posts = sent.filter((request) => request.method === 'POST');
      expect(posts).toHaveLength(2);
      const [firstKey, retryKey] = posts.map((request) => request.headers.get('idempotency-key'));
      expect(firstKey).toBeTruthy();
      expect(retryKey).toBe(firstKey);
      expect(response.headers.get('idempotent-replayed')).toBe('true');

      expect(await journalEntryCount(acs)).toBe(countBefore + 1);
      const written = await acs.journalEntries.list({ reference: 'LOST-1' });
      expect(written.data.map((e) => e.id)).toEqual([entry.id]);
    });

    it('the same idempotencyKey twice writes once and answers the same entry; with another body it is a ConflictError', async () => {
      const cash = await accountByNumber(acs, '1110');
      const supplies = await accountByNumber(acs, '6500');
      const countBefore = await journalEntryCount(acs);
      const body = { date: '2026-03-15', lines: transfer(supplies.id, cash.id, 7) };

      const first = await acs.journalEntries.create(body, { idempotencyKey: 'e2e-key-1' });
      const again = await acs.journalEntries.create(body, { idempotencyKey: 'e2e-key-1' });
      expect(again).toEqual(first);
      expect(await journalEntryCount(acs)).toBe(countBefore + 1);

      const error = await failureOf(acs.journalEntries.create({ ...body, reference: 'other' }, { idempotencyKey: 'e2e-key-1' }));
      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await journalEntryCount(acs)).toBe(countBefore + 1);
    });

    it('maxRetries: 0 on a call surfaces the 503 as a ServerError after one attempt', async () => {
      mock.faults.inject({ status: 503, times: 1 });
      const error = await failureOf(acs.company.retrieve({ maxRetries: 0 }));
      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(sent).toHaveLength(1);
      await expect(acs.company.retrieve({ maxRetries: 0 })).resolves.toMatchObject({ id: mock.credentials.companyId });
    });
  });

  describe('mock controls', () => {
    it('mock.reset() drops records created after the seed and keeps the seed', async () => {
      const seededCount = await journalEntryCount(acs);
      const scratch = await acs.accounts.create({ accountNumber: '6999', name: 'Scratch', type: 'expense', category: 'operating_expense' });
      const cash = await accountByNumber(acs, '1110');
      await acs.journalEntries.create({ date: '2026-03-15', lines: transfer(scratch.id, cash.id, 3) });
      mock.faults.inject({ status: 500, times: Infinity, path: '/v1/company' });

      mock.reset();

      await expect(acs.accounts.retrieve(scratch.id)).rejects.toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
      expect(await journalEntryCount(acs)).toBe(seededCount);
      expect((await acs.accounts.retrieve(cash.id)).name).toBe('Cash on Hand');
      await expect(acs.company.retrieve({ maxRetries: 0 })).resolves.toBeDefined();
    });
  });
});

describe('the mock clock through the SDK', () => {
  const { mock, acs } = sandbox({ now: '2026-06-15T12:00:00Z' });

  it('clock.advance() moves the dates the service writes', async () => {
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    const draft = await acs.journalEntries.create({ date: '2026-06-15', lines: transfer(supplies.id, cash.id, 30) });
    expect(draft.createdAt.slice(0, 10)).toBe('2026-06-15');
    await acs.journalEntries.post(draft.id);

    mock.clock.advance({ days: 3 });

    // Without a voidDate the reversal is dated today, by the mock's clock.
    const voided = await acs.journalEntries.void(draft.id, { reason: 'Entered twice' });
    expect(voided.voidDate).toBe('2026-06-18');
    expect(voided.voidedAt!.slice(0, 10)).toBe('2026-06-18');
    expect((await acs.journalEntries.retrieve(voided.reversedByEntryId!)).date).toBe('2026-06-18');
  });
});

describe('rate limits through the SDK', () => {
  const { mock, acs } = sandbox({ rateLimit: 'spec' });

  it('the 11th call within a second is a RateLimitError with retryAfter, lifted when the clock moves on', async () => {
    // Sent together so all eleven land inside one second of the mock clock (spec: bursts of 10 per second).
    const results = await Promise.allSettled(Array.from({ length: 11 }, () => acs.auth.verify({ maxRetries: 0 })));
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as AcsError);

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toHaveLength(1);
    const [error] = refused;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
    expect((error as RateLimitError).retryAfter).toBeGreaterThanOrEqual(1);
    expect(error.details).toMatchObject([{ limit: 10, remaining: expect.any(Number), retryAfter: (error as RateLimitError).retryAfter }]);

    mock.clock.advance({ seconds: 1 });
    await expect(acs.auth.verify({ maxRetries: 0 })).resolves.toMatchObject({ authenticated: true });
  });
});

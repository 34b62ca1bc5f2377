import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, ServerError, type AcsClient } from '../../src/index.js';
import { startMockServer, type RunningMockServer } from '../../mock-server/standalone.js';
import type { Json } from '../support/json.js';
import { accountByNumber, clientFor, failureOf, journalEntryCount, transfer } from '../support/sandbox.js';

// The mock on a real port (what `acs-mock` serves), driven by the SDK over real HTTP and by the /__mock controls.
describe('the SDK against the standalone mock over real HTTP', () => {
  let server: RunningMockServer;
  let acs: AcsClient;

  /** Calls a /__mock control and returns its `data`; fails the test on a non-2xx answer. */
  async function control(method: string, path: string, body?: unknown): Promise<Json> {
    const response = await fetch(`${server.origin}/__mock${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = await response.json();
    if (!response.ok) throw new Error(`${method} /__mock${path} answered ${response.status}: ${JSON.stringify(payload)}`);
    return payload.data;
  }

  beforeAll(async () => {
    server = await startMockServer({ port: 0 });
    acs = clientFor(server);
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await control('POST', '/reset');
  });

  it('listens on a free port and serves the business API under /v1', () => {
    expect(server.credentials.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(acs.baseUrl).toBe(server.credentials.baseUrl);
  });

  it('creates an account, posts an entry to it and reads the balance', async () => {
    const bank = await accountByNumber(acs, '1120');
    const float = await acs.accounts.create({ accountNumber: '1160', name: 'Petty Cash Float', type: 'asset', category: 'current_asset' });
    const draft = await acs.journalEntries.create({ date: '2026-03-15', reference: 'FLOAT-1', lines: transfer(float.id, bank.id, 500) });
    const posted = await acs.journalEntries.post(draft.id);
    expect(posted.status).toBe('posted');

    const { data: account, requestId, response } = await acs.accounts.retrieve(float.id).withResponse();
    expect(account.balance).toEqual({ debit: 500, credit: 0, net: 500 });
    expect(requestId).toBe(response.headers.get('x-request-id'));
  });

  it('POST /__mock/reset drops what the client wrote', async () => {
    const scratch = await acs.accounts.create({ accountNumber: '6999', name: 'Scratch', type: 'expense', category: 'operating_expense' });
    expect(await control('POST', '/reset')).toEqual({ reset: true });
    const error = await failureOf(acs.accounts.retrieve(scratch.id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
  });

  it('POST /__mock/clock/advance moves the date the service writes', async () => {
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    const draft = await acs.journalEntries.create({ date: '2020-01-15', lines: transfer(supplies.id, cash.id, 20) });
    await acs.journalEntries.post(draft.id);

    const { now: before } = await control('GET', '/clock');
    const { now: after } = await control('POST', '/clock/advance', { days: 2 });
    expect(Date.parse(after) - Date.parse(before)).toBeGreaterThanOrEqual(2 * 86_400_000);

    const voided = await acs.journalEntries.void(draft.id, { reason: 'Duplicate' });
    // The void is dated the company's day (its time zone), which runs ahead of UTC's late in the UTC day.
    const { timezone } = await acs.company.retrieve();
    const dayOf = (instant: string) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date(instant));
    expect(voided.voidDate).toBe(dayOf((await control('GET', '/clock')).now));
    expect(dayOf(voided.voidedAt!)).toBe(voided.voidDate);
  });

  it('POST /__mock/faults injects a 503 the SDK retries past, and one maxRetries: 0 surfaces', async () => {
    const fault = await control('POST', '/faults', { status: 503, times: 1, headers: { 'Retry-After': '0' } });
    expect(fault).toMatchObject({ status: 503, remaining: 1 });
    await expect(acs.company.retrieve()).resolves.toMatchObject({ id: server.credentials.companyId });
    expect(await control('GET', '/faults')).toEqual([]);

    await control('POST', '/faults', { status: 503, times: 1 });
    const error = await failureOf(acs.company.retrieve({ maxRetries: 0 }));
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503 });
    expect(await control('DELETE', '/faults')).toEqual({ cleared: 0 });
  });

  it('a dropped connection after a create is retried with its Idempotency-Key and writes one entry', async () => {
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    const before = await journalEntryCount(acs);
    await control('POST', '/faults', { error: 'network', stage: 'after', method: 'POST', path: '/v1/journal-entries' });

    const { data: entry, response } = await acs.journalEntries
      .create({ date: '2026-03-15', reference: 'HTTP-LOST', lines: transfer(supplies.id, cash.id, 8) })
      .withResponse();

    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(await journalEntryCount(acs)).toBe(before + 1);
    expect((await acs.journalEntries.list({ reference: 'HTTP-LOST' })).data.map((e) => e.id)).toEqual([entry.id]);
  });
});

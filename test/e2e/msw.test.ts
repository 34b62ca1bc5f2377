import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError, NotFoundError, ValidationError, type AcsError } from '../../src/index.js';
import { accountByNumber, failureOf, journalEntryCount, sandbox, transfer } from '../support/sandbox.js';

// The way a user tests their own code: msw intercepts the global fetch, the client has no fetch option.
describe('the SDK against the mock through msw interception', () => {
  // `fetch: undefined`: the global fetch, looked up per call, so interception applies though the client is built before server.listen().
  const { mock, acs } = sandbox({}, { fetch: undefined });
  const server = setupServer(...mock.handlers);
  const sent: Request[] = [];

  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' });
    server.events.on('request:start', ({ request }) => {
      sent.push(request.clone());
    });
  });
  afterAll(() => {
    server.close();
  });
  beforeEach(() => {
    mock.reset();
    sent.length = 0;
  });

  it('a client without a fetch option reaches the mock: auth.verify and company.retrieve', async () => {
    const verification = await acs.auth.verify();
    expect(verification.company.id).toBe(mock.credentials.companyId);
    expect((await acs.company.retrieve()).name).toBe('Tanjung Trading Sdn Bhd');
    expect(sent.map((request) => new URL(request.url).href)).toEqual([
      `${mock.credentials.baseUrl}/auth/verify`,
      `${mock.credentials.baseUrl}/company`,
    ]);
  });

  it('creates an account, posts an entry to it and reads the balance', async () => {
    const bank = await accountByNumber(acs, '1120');
    const float = await acs.accounts.create({ accountNumber: '1160', name: 'Petty Cash Float', type: 'asset', category: 'current_asset' });
    const draft = await acs.journalEntries.create({ date: '2026-03-15', lines: transfer(float.id, bank.id, 300) });
    await acs.journalEntries.post(draft.id);

    expect((await acs.accounts.retrieve(float.id)).balance).toEqual({ debit: 300, credit: 0, net: 300 });
    const ledger = await acs.accounts.ledger(float.id);
    expect(ledger.lines.map((line) => [line.journalNumber, line.balance])).toEqual([[draft.journalNumber, 300]]);
  });

  it('pages with for await across intercepted requests', async () => {
    const ids: string[] = [];
    for await (const account of acs.accounts.list({ limit: 15 })) ids.push(account.id);
    const all = await acs.accounts.list({ limit: 100 });
    expect(ids).toEqual(all.data.map((account) => account.id));
    expect(sent.length).toBe(Math.ceil(all.total! / 15) + 1);
  });

  it('refusals arrive as the SDK error classes with the envelope details', async () => {
    const missing = await failureOf(acs.accounts.retrieve('acc_doesnotexist'));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND' });

    const tooMany = await failureOf(acs.journalEntries.list({ limit: 500 }));
    expect(tooMany).toBeInstanceOf(ValidationError);
    expect(tooMany).toMatchObject({ details: [{ field: 'limit', code: 'MAX_VALUE' }] });
  });

  it('a response lost to a network error is retried with the same Idempotency-Key and writes once', async () => {
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    const before = await journalEntryCount(acs);
    sent.length = 0;
    mock.faults.inject({ error: 'network', stage: 'after', method: 'POST', path: '/v1/journal-entries' });

    const entry = await acs.journalEntries.create({ date: '2026-03-15', reference: 'MSW-LOST', lines: transfer(supplies.id, cash.id, 5) });

    const keys = sent.filter((request) => request.method === 'POST').map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(await journalEntryCount(acs)).toBe(before + 1);
    expect((await acs.journalEntries.list({ reference: 'MSW-LOST' })).data.map((e) => e.id)).toEqual([entry.id]);
  });

  it('a write whose answers were all lost names its Idempotency-Key, and repeating it with that key writes once', async () => {
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    const before = await journalEntryCount(acs);
    const lines = transfer(supplies.id, cash.id, 7);
    // Every attempt (the first and its two retries) is applied, and every answer lost on the way back.
    mock.faults.inject({ error: 'network', stage: 'after', method: 'POST', path: '/v1/journal-entries', times: 3 });

    const lost = (await failureOf(acs.journalEntries.create({ date: '2026-03-16', reference: 'MSW-REPEAT', lines }))) as AcsError;
    expect(lost).toBeInstanceOf(ConnectionError);
    const sentKey = sent
      .filter((request) => request.method === 'POST')
      .at(-1)!
      .headers.get('idempotency-key');
    expect(lost.idempotencyKey).toBe(sentKey);
    expect(lost.toJSON()).toMatchObject({ idempotencyKey: sentKey });

    const entry = await acs.journalEntries.create(
      { date: '2026-03-16', reference: 'MSW-REPEAT', lines },
      { idempotencyKey: lost.idempotencyKey },
    );
    expect(await journalEntryCount(acs)).toBe(before + 1);
    expect((await acs.journalEntries.list({ reference: 'MSW-REPEAT' })).data.map((e) => e.id)).toEqual([entry.id]);
  });

  it('a refused write names its Idempotency-Key too; a read names none', async () => {
    const refused = (await failureOf(acs.journalEntries.create({ date: '2026-03-16', lines: [] }))) as AcsError;
    expect(refused.status).toBe(400);
    expect(refused.idempotencyKey).toMatch(/\S/);
    const missing = (await failureOf(acs.journalEntries.retrieve('je_missing'))) as AcsError;
    expect(missing.idempotencyKey).toBeUndefined();
  });

  it('an injected 503 with Retry-After: 0 is retried and succeeds', async () => {
    mock.faults.inject({ status: 503, times: 2, headers: { 'Retry-After': '0' } });
    await expect(acs.company.retrieve()).resolves.toMatchObject({ id: mock.credentials.companyId });
    expect(sent).toHaveLength(3);
  });
});

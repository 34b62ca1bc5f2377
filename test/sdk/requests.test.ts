import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/index.js';
import { TEST_KEY, account, journalEntry, ok, scriptedFetch, testClient } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requests', () => {
  it('sends the headers of spec document 1 on a read', async () => {
    const { fetch, sent } = scriptedFetch(ok(account()));
    await testClient(fetch).accounts.retrieve('acc_1');

    const [request] = sent;
    expect(request.method).toBe('GET');
    expect(request.url.href).toBe('https://sandbox.acs.example.com/v1/accounts/acc_1');
    expect(request.headers.get('authorization')).toBe(`Bearer ${TEST_KEY}`);
    expect(request.headers.get('x-company-id')).toBe('cmp_demo');
    expect(request.headers.get('accept')).toBe('application/json');
    expect(request.headers.get('user-agent')).toBe(`acs-sdk/${VERSION}`);
    expect(request.headers.get('x-request-id')).toMatch(UUID);
    expect(request.headers.has('x-api-version')).toBe(false);
    expect(request.headers.has('idempotency-key')).toBe(false);
    expect(request.headers.has('content-type')).toBe(false);
  });

  it('sends a JSON body with Content-Type and an Idempotency-Key on a write', async () => {
    const { fetch, sent } = scriptedFetch(ok(account(), { status: 201 }));
    const body = { accountNumber: '1010', name: 'Cash', type: 'asset', category: 'current_asset' } as const;
    await testClient(fetch).accounts.create(body);

    const [request] = sent;
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/v1/accounts');
    expect(request.body).toEqual(body);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('idempotency-key')).toMatch(UUID);
  });

  it('gives every call its own request id and idempotency key', async () => {
    const { fetch, sent } = scriptedFetch(ok(journalEntry()), ok(journalEntry()));
    const acs = testClient(fetch);
    await acs.journalEntries.post('je_1');
    await acs.journalEntries.post('je_1');
    expect(sent[0].headers.get('x-request-id')).not.toBe(sent[1].headers.get('x-request-id'));
    expect(sent[0].headers.get('idempotency-key')).not.toBe(sent[1].headers.get('idempotency-key'));
  });

  it('sends a bodiless POST as {} with Content-Type, as the spec requires it on POST', async () => {
    const { fetch, sent } = scriptedFetch(ok(journalEntry({ status: 'posted' })));
    await testClient(fetch).journalEntries.post('je_1');
    expect(sent[0].url.pathname).toBe('/v1/journal-entries/je_1/post');
    expect(sent[0].body).toEqual({});
    expect(sent[0].headers.get('content-type')).toBe('application/json');
  });

  it('uses the caller’s request id, idempotency key and headers when given', async () => {
    const { fetch, sent } = scriptedFetch(ok(journalEntry({ status: 'void' })));
    await testClient(fetch).journalEntries.void(
      'je_1',
      { reason: 'Duplicate', voidDate: '2026-11-02' },
      { idempotencyKey: 'idem-42', headers: { 'X-Request-ID': 'trace-7', 'X-Extra': 'yes' } },
    );
    const [request] = sent;
    expect(request.url.pathname).toBe('/v1/journal-entries/je_1/void');
    expect(request.body).toEqual({ reason: 'Duplicate', voidDate: '2026-11-02' });
    expect(request.headers.get('idempotency-key')).toBe('idem-42');
    expect(request.headers.get('x-request-id')).toBe('trace-7');
    expect(request.headers.get('x-extra')).toBe('yes');
  });

  it('sends X-API-Version and a custom User-Agent before the SDK’s own', async () => {
    const { fetch, sent } = scriptedFetch(ok(account()));
    await testClient(fetch, { apiVersion: '2026-11-01', userAgent: 'books-app/3.1' }).accounts.retrieve('acc_1');
    expect(sent[0].headers.get('x-api-version')).toBe('2026-11-01');
    expect(sent[0].headers.get('user-agent')).toBe(`books-app/3.1 acs-sdk/${VERSION}`);
  });

  it('merges client headers under call headers, and a null call header removes one', async () => {
    const { fetch, sent } = scriptedFetch(ok(account()));
    await testClient(fetch, { headers: { 'X-Team': 'finance', 'X-Trace': 'a' } }).accounts.retrieve('acc_1', {
      headers: { 'X-Trace': 'b', 'X-Team': null },
    });
    expect(sent[0].headers.get('x-trace')).toBe('b');
    expect(sent[0].headers.has('x-team')).toBe(false);
  });

  it('encodes path values and puts PUT, DELETE and query calls on their paths', async () => {
    const { fetch, sent } = scriptedFetch(
      ok(account({ name: 'Petty cash' })),
      ok({ id: 'acc/1', deleted: true }),
      ok({
        account: { id: 'acc_1', accountNumber: '1010', name: 'Cash', type: 'asset' },
        dateFrom: '2026-01-01',
        dateTo: null,
        currency: 'MYR',
        openingBalance: 0,
        totalDebit: 0,
        totalCredit: 0,
        closingBalance: 0,
        lines: [],
        hasMore: false,
        nextCursor: null,
      }),
    );
    const acs = testClient(fetch);
    await acs.accounts.update('acc 1', { name: 'Petty cash' });
    await acs.accounts.delete('acc/1');
    await acs.accounts.ledger('acc_1', { dateFrom: '2026-01-01', limit: 10 });

    expect(sent.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      'PUT /v1/accounts/acc%201',
      'DELETE /v1/accounts/acc%2F1',
      'GET /v1/accounts/acc_1/ledger?dateFrom=2026-01-01&limit=10',
    ]);
    expect(sent[0].body).toEqual({ name: 'Petty cash' });
    expect(sent[1].headers.get('idempotency-key')).toMatch(UUID);
    expect(sent[1].body).toBeUndefined();
  });

  it('refuses an empty id before sending anything', async () => {
    const { fetch, sent } = scriptedFetch();
    await expect(testClient(fetch).accounts.retrieve('')).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('accountId'),
    });
    expect(sent).toHaveLength(0);
  });

  it('refuses a bad per-call timeout or maxRetries before sending anything', async () => {
    const { fetch, sent } = scriptedFetch();
    const acs = testClient(fetch);
    await expect(acs.accounts.retrieve('acc_1', { maxRetries: -1 })).rejects.toMatchObject({ name: 'InvalidArgumentError' });
    await expect(acs.accounts.retrieve('acc_1', { timeout: 0 })).rejects.toMatchObject({ name: 'InvalidArgumentError' });
    expect(sent).toHaveLength(0);
  });
});

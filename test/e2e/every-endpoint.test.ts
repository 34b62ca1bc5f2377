import { beforeEach, describe, expect, it } from 'vitest';
import { endpoints, type AnyEndpoint } from '../../src/contract/index.js';
import type { AcsClient, ApiPromise } from '../../src/index.js';
import { createMockService } from '../../mock-server/index.js';
import { accountByNumber, clientFor, recordingFetch, transfer } from './harness.js';

/**
 * One successful call of an endpoint through its SDK method, after any setup calls. The call's promise
 * is handed back inside an object: an async function would unwrap it to its data.
 */
type Call = (acs: AcsClient) => Promise<{ call: ApiPromise<unknown> }>;

const draftEntry = async (acs: AcsClient) => {
  const cash = await accountByNumber(acs, '1110');
  const supplies = await accountByNumber(acs, '6500');
  return acs.journalEntries.create({ date: '2026-03-15', lines: transfer(supplies.id, cash.id, 10) });
};

// A new contract endpoint without a row here fails the first test below.
const CALLS: Record<string, Call> = {
  'auth.verify': async (acs) => ({ call: acs.auth.verify() }),
  'company.retrieve': async (acs) => ({ call: acs.company.retrieve() }),
  'accounts.list': async (acs) => ({ call: acs.accounts.list({ type: 'asset' }) }),
  'accounts.retrieve': async (acs) => ({ call: acs.accounts.retrieve((await accountByNumber(acs, '1110')).id) }),
  'accounts.create': async (acs) => ({ call: acs.accounts.create({ accountNumber: '1160', name: 'Float', type: 'asset', category: 'current_asset' }) }),
  'accounts.update': async (acs) => ({ call: acs.accounts.update((await accountByNumber(acs, '1230')).id, { description: 'Vans' }) }),
  'accounts.delete': async (acs) => {
    const scratch = await acs.accounts.create({ accountNumber: '6999', name: 'Scratch', type: 'expense', category: 'operating_expense' });
    return { call: acs.accounts.delete(scratch.id) };
  },
  'accounts.ledger': async (acs) => ({ call: acs.accounts.ledger((await accountByNumber(acs, '1120')).id, { dateFrom: '2020-01-01' }) }),
  'journalEntries.list': async (acs) => ({ call: acs.journalEntries.list({ status: 'posted' }) }),
  'journalEntries.create': async (acs) => {
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    return { call: acs.journalEntries.create({ date: '2026-03-15', lines: transfer(supplies.id, cash.id, 10) }) };
  },
  'journalEntries.retrieve': async (acs) => ({ call: acs.journalEntries.retrieve((await draftEntry(acs)).id) }),
  'journalEntries.post': async (acs) => ({ call: acs.journalEntries.post((await draftEntry(acs)).id) }),
  'journalEntries.void': async (acs) => {
    const entry = await draftEntry(acs);
    await acs.journalEntries.post(entry.id);
    return { call: acs.journalEntries.void(entry.id, { reason: 'Test of the void endpoint' }) };
  },
};

/** `/accounts/{accountId}` -> a pattern over the request path under the business base. */
const pathPattern = (endpoint: AnyEndpoint) => new RegExp(`^/v1${endpoint.path.replace(/\{\w+\}/g, '[^/]+')}$`);

describe('every endpoint of the contract, through the SDK against the mock with strict validation', () => {
  const mock = createMockService();
  const { fetch, sent } = recordingFetch(mock);
  const acs = clientFor(mock, { fetch });

  beforeEach(() => {
    mock.reset();
    sent.length = 0;
  });

  it('has a call here for each of the contract endpoints, and the SDK a method for each', () => {
    expect(Object.keys(CALLS).sort()).toEqual(endpoints.map((endpoint) => endpoint.id).sort());
    const declared = Object.values(acs.resources()).flatMap((resource) => Object.values(resource).map((method) => method.endpoint.id));
    expect(declared.sort()).toEqual(endpoints.map((endpoint) => endpoint.id).sort());
  });

  it.each(endpoints.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s answers with its declared status and a body that passes the contract',
    async (id, endpoint) => {
      const { call } = await CALLS[id](acs);
      const { data, response } = await call.withResponse();
      const last = sent.at(-1)!;

      expect(response.status).toBe(endpoint.status);
      expect(last.method).toBe(endpoint.method);
      expect(last.url.pathname).toMatch(pathPattern(endpoint));
      expect(data).toBeDefined();
    },
  );
});

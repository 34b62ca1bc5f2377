import { describe, expect, it } from 'vitest';
import { AuthVerification, Company, contract, endpoints, type AnyEndpoint } from '../../src/contract/index.js';
import { presentAccount, retrieveAccount, updateAccount } from '../../mock-server/domain/accounting/index.js';
import { routes } from '../../mock-server/modules/index.js';
import type { ListResult, Principal } from '../../mock-server/kernel/route.js';
import type { RouteContext } from '../../mock-server/store/context.js';
import type { Json } from '../support/json.js';
import { world } from './support/domain.js';

const w = world();
const principal: Principal = {
  kind: 'api_key',
  id: 'key_test',
  scopes: ['read:accounts', 'write:accounts'],
  companyIds: [w.seeded.companyId],
  actor: 'Test key',
};

/** Calls the route bound to `endpoint` with validated input, as the router would. */
function call(endpoint: AnyEndpoint, input: { params?: object; query?: object; body?: object } = {}): Json {
  const bound = routes.find((r) => r.endpoint === endpoint);
  if (!bound) throw new Error(`no route for ${endpoint.id}`);
  const ctx = {
    store: w.store,
    clock: w.clock,
    companyId: w.seeded.companyId,
    params: input.params ?? {},
    query: input.query ?? {},
    body: input.body ?? {},
    filters: [],
    principal,
    requestId: 'req_test',
  } as unknown as RouteContext;
  return bound.handle(ctx);
}

describe('routes', () => {
  it('bind exactly one handler to every endpoint of the contract', () => {
    expect(routes.map((r) => r.endpoint.id).sort()).toEqual(endpoints.map((e) => e.id).sort());
    expect(routes).toHaveLength(endpoints.length);
  });

  it('auth.verify confirms the company and lists the credential scopes', () => {
    const data = call(contract.platform.authVerify);
    expect(AuthVerification.parse(data)).toEqual({
      authenticated: true,
      company: { id: w.seeded.companyId, name: 'Tanjung Trading Sdn Bhd', plan: 'growth' },
      permissions: ['read:accounts', 'write:accounts'],
    });
  });

  it('company.retrieve returns the company profile', () => {
    const data = call(contract.platform.companyRetrieve);
    expect(Company.parse(data).id).toBe(w.seeded.companyId);
  });

  it('accounts.list shows active accounts with balances, in account-number order', () => {
    updateAccount(w.ctx, w.account('1290'), { isActive: false });
    const page: ListResult<Json> = call(contract.accounting.accountsList, { query: { type: 'asset' } });
    const numbers = page.data.map((a) => a.accountNumber);
    expect(numbers).toEqual([...numbers].sort());
    expect(numbers).not.toContain('1290');
    const bank = page.data.find((a) => a.accountNumber === '1120');
    expect(bank.balance).toEqual(presentAccount(w.ctx, retrieveAccount(w.ctx, bank.id)).balance);
    expect(bank.balance.net).toBeGreaterThan(0);
    expect(page.pagination).toMatchObject({ hasMore: false, total: 13 });
  });

  it('journalEntries.list filters by account and status', () => {
    const page: ListResult<Json> = call(contract.accounting.journalEntriesList, {
      query: { accountId: w.account('6400'), status: 'posted' },
    });
    expect(page.data.map((e) => e.reference)).toEqual(['VOID-JE-000007', 'TM-001A']);
    expect(page.data[0].lines[0]).toMatchObject({ accountNumber: '6400' });
  });

  it('journalEntries.create writes a draft created by the principal', () => {
    const data = call(contract.accounting.journalEntriesCreate, {
      body: {
        date: '2026-11-20',
        lines: [
          { accountId: w.account('6500'), debit: 12.5 },
          { accountId: w.account('1110'), credit: 12.5 },
        ],
      },
    });
    expect(data).toMatchObject({ status: 'draft', createdBy: 'Test key', totalDebit: 12.5 });
    expect(call(contract.accounting.journalEntriesPost, { params: { journalEntryId: data.id } }).status).toBe('posted');
  });
});

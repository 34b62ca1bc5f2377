import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, PermissionDeniedError, ValidationError } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

// Spec document 1, "Authentication" and "Rules": 401 for credentials, 403 for scope or company, 422 for the company id.
describe('credentials and companies, through the SDK against the mock', () => {
  const { mock, acs, client, readOnlyClient, companyClient } = sandbox();
  const { credentials } = mock;
  const [primary, second] = credentials.companies;

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('auth.verify confirms the key, names its company and lists its permissions', async () => {
    const verification = await acs.auth.verify();
    expect(verification.authenticated).toBe(true);
    expect(verification.company).toEqual({ id: credentials.companyId, name: 'Tanjung Trading Sdn Bhd', plan: 'growth' });
    expect(verification.permissions).toEqual(expect.arrayContaining(['read:accounts', 'write:accounts', 'admin']));
  });

  it('company.retrieve returns the profile of the company the client acts on', async () => {
    const company = await acs.company.retrieve();
    expect(company).toMatchObject({
      id: credentials.companyId,
      name: 'Tanjung Trading Sdn Bhd',
      currency: 'MYR',
      country: 'MY',
      timezone: 'Asia/Kuala_Lumpur',
      fiscalYearStart: '01-01',
    });
  });

  it('a wrong key is refused with AuthenticationError UNAUTHORIZED whose detail is INVALID_API_KEY', async () => {
    const wrongKey = `svc_test_sk_${'x'.repeat(32)}`;
    const error = await failureOf(client({ apiKey: wrongKey }).auth.verify());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', details: [{ field: 'authorization', code: 'INVALID_API_KEY' }] });
    expect((error as AuthenticationError).requestId).toBeTruthy();
    expect(JSON.stringify(error)).not.toContain(wrongKey);
  });

  it('a live key is refused with AuthenticationError saying the sandbox takes test keys', async () => {
    const error = await failureOf(client({ apiKey: credentials.liveApiKey! }).auth.verify());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((error as AuthenticationError).message).toMatch(/sandbox.*test keys/i);
  });

  it('a client without a company id is refused with ValidationError INVALID_COMPANY', async () => {
    vi.stubEnv('ACS_COMPANY_ID', '');
    const error = await failureOf(client({ companyId: undefined }).accounts.list());
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 422, code: 'INVALID_COMPANY', details: [{ field: 'x-company-id', code: 'REQUIRED_FIELD' }] });
  });

  it('an unknown company id is refused with ValidationError INVALID_COMPANY', async () => {
    const error = await failureOf(client({ companyId: 'cmp_doesnotexist' }).company.retrieve());
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 422, code: 'INVALID_COMPANY', details: [{ field: 'x-company-id', value: 'cmp_doesnotexist' }] });
  });

  it('a company the key does not belong to is refused with PermissionDeniedError FORBIDDEN', async () => {
    const primaryOnly = client({ apiKey: primary.apiKey, companyId: second.id });
    const error = await failureOf(primaryOnly.accounts.list());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('the read-only key reads, and its write is refused naming required_scope and current_scopes', async () => {
    const readOnly = readOnlyClient();
    await expect(readOnly.accounts.list()).resolves.toBeDefined();

    const error = await failureOf(
      readOnly.accounts.create({ accountNumber: '1199', name: 'Not allowed', type: 'asset', category: 'current_asset' }),
    );
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const [detail] = (error as PermissionDeniedError).details as { required_scope: string; current_scopes: string[] }[];
    expect(detail.required_scope).toBe('write:accounts');
    expect(detail.current_scopes).toContain('read:accounts');
    expect(detail.current_scopes).not.toContain('write:accounts');
    await expect(accountByNumber(acs, '1199')).rejects.toThrow(/no active account 1199/);
  });

  it('withCompany(second company) reads that company its own chart over the same client', async () => {
    const bakery = acs.withCompany(second.id);
    expect((await bakery.company.retrieve()).name).toBe('Seri Kasih Bakery Sdn Bhd');
    const bakeryBank = await accountByNumber(bakery, '1120');
    const tradingBank = await accountByNumber(acs, '1120');
    expect(bakeryBank.name).toBe('Public Bank Current Account');
    expect(tradingBank.name).toBe('Maybank Current Account');
    expect(bakeryBank.id).not.toBe(tradingBank.id);
    // The bakery's own book (mock-server/seed/accounting.ts): 60 000 capital less oven, flour and rent; the voided ad nets out;
    // less the flour bill it paid (mock-server/seed/bills.ts).
    expect(bakeryBank.balance.net).toBe(38_450 - 1_520);
    await expect(bakery.accounts.retrieve(tradingBank.id)).rejects.toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
  });

  it('each per-company key acts on its own company, without admin', async () => {
    for (const [index, company] of credentials.companies.entries()) {
      const own = companyClient(index);
      const verification = await own.auth.verify();
      expect(verification.company.id).toBe(company.id);
      expect(verification.permissions).toContain('write:accounts');
      expect(verification.permissions).not.toContain('admin');
    }
  });
});

import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Transport } from '../../src/internal/transport.js';
import { defineMethod } from '../../src/internal/method.js';
import type { Route } from '../../src/core/route.js';
import { resolveOptions } from '../../src/core/options.js';
import { AcsClient, ConfigurationError, ENVIRONMENTS, VERSION } from '../../src/index.js';
import DefaultExport from '../../src/index.js';
import { LIVE_KEY, TEST_KEY, account, ok, scriptedFetch, testClient } from './helpers.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('client options', () => {
  it('refuses a live key with the sandbox before any request, without printing the key', () => {
    const { fetch, sent } = scriptedFetch();
    const make = () => new AcsClient({ apiKey: LIVE_KEY, environment: 'sandbox', fetch });
    expect(make).toThrow(ConfigurationError);
    expect(make).toThrow(/live API key \(svc_live_sk_\.\.\.\) cannot be used with the sandbox/);
    expect(() => make()).not.toThrow(new RegExp(LIVE_KEY));
    expect(sent).toHaveLength(0);
  });

  it('refuses a test key with production', () => {
    expect(() => new AcsClient({ apiKey: TEST_KEY, environment: 'production' })).toThrow(/test API key .* production/);
  });

  it('takes the environment from the key when none is given', () => {
    expect(new AcsClient({ apiKey: TEST_KEY }).environment).toBe('sandbox');
    expect(new AcsClient({ apiKey: LIVE_KEY }).environment).toBe('production');
    expect(new AcsClient({ accessToken: 'tok' }).environment).toBe('production');
  });

  it('uses the environment’s addresses unless overridden', () => {
    const sandbox = new AcsClient({ apiKey: TEST_KEY });
    expect([sandbox.baseUrl, sandbox.dataBaseUrl, sandbox.authUrl]).toEqual([
      'https://sandbox.acs.example.com/v1',
      'https://sandbox-data.acs.example.com',
      'https://sandbox-auth.acs.example.com',
    ]);
    expect(new AcsClient({ apiKey: LIVE_KEY }).baseUrl).toBe(ENVIRONMENTS.production.baseUrl);
    const custom = new AcsClient({ apiKey: TEST_KEY, baseUrl: 'http://localhost:4010/v1', authUrl: 'http://localhost:4010' });
    expect(custom.baseUrl).toBe('http://localhost:4010/v1');
    expect(custom.authUrl).toBe('http://localhost:4010');
  });

  it('sends calls to an overridden baseUrl', async () => {
    const { fetch, sent } = scriptedFetch(ok(account()));
    await testClient(fetch, { baseUrl: 'http://localhost:4010/v1/' }).accounts.retrieve('acc_1');
    expect(sent[0].url.href).toBe('http://localhost:4010/v1/accounts/acc_1');
  });

  it('falls back to ACS_API_KEY, ACS_COMPANY_ID and ACS_BASE_URL', async () => {
    vi.stubEnv('ACS_API_KEY', TEST_KEY);
    vi.stubEnv('ACS_COMPANY_ID', 'cmp_env');
    vi.stubEnv('ACS_BASE_URL', 'http://mock.local/v1');
    const { fetch, sent } = scriptedFetch(ok(account()));
    const acs = new AcsClient({ fetch, logLevel: 'off' });
    expect(acs.environment).toBe('sandbox');
    expect(acs.companyId).toBe('cmp_env');
    await acs.accounts.retrieve('acc_1');
    expect(sent[0].url.origin).toBe('http://mock.local');
    expect(sent[0].headers.get('authorization')).toBe(`Bearer ${TEST_KEY}`);
    expect(sent[0].headers.get('x-company-id')).toBe('cmp_env');
  });

  it('refuses two credentials, a bad URL, a bad timeout or maxRetries at construction', () => {
    expect(() => new AcsClient({ apiKey: TEST_KEY, accessToken: 't' })).toThrow(ConfigurationError);
    expect(() => new AcsClient({ apiKey: TEST_KEY, baseUrl: 'not a url' })).toThrow(/baseUrl/);
    expect(() => new AcsClient({ apiKey: TEST_KEY, timeout: -1 })).toThrow(/timeout/);
    expect(() => new AcsClient({ apiKey: TEST_KEY, maxRetries: 1.5 })).toThrow(/maxRetries/);
    expect(() => new AcsClient({ apiKey: TEST_KEY, environment: 'staging' as never })).toThrow(/environment/);
  });

  it('a call without any credential fails before sending, naming the options', async () => {
    const { fetch, sent } = scriptedFetch();
    await expect(new AcsClient({ fetch, logLevel: 'off' }).accounts.retrieve('acc_1')).rejects.toMatchObject({
      name: 'ConfigurationError',
      message: expect.stringContaining('apiKey, accessToken or getAccessToken'),
    });
    expect(sent).toHaveLength(0);
  });

  it('asks getAccessToken on every call', async () => {
    let n = 0;
    const { fetch, sent } = scriptedFetch(ok(account()), ok(account()));
    const acs = new AcsClient({ getAccessToken: async () => `token-${++n}`, companyId: 'cmp_1', fetch, logLevel: 'off' });
    await acs.accounts.retrieve('acc_1');
    await acs.accounts.retrieve('acc_1');
    expect(sent.map((r) => r.headers.get('authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('looks fetch up at call time, so a fetch installed after construction is used', async () => {
    const acs = new AcsClient({ apiKey: TEST_KEY, companyId: 'cmp_demo', logLevel: 'off' });
    const { fetch, sent } = scriptedFetch(ok(account()));
    vi.stubGlobal('fetch', fetch);
    await expect(acs.accounts.retrieve('acc_1')).resolves.toMatchObject({ id: 'acc_1' });
    expect(sent).toHaveLength(1);
  });

  it('sends an auth-family endpoint to authUrl, without credentials when it needs none', async () => {
    const tokenEndpoint: Route<[body: { grant_type: string }], { access_token: string }> = {
      id: 'oauth.token',
      method: 'POST',
      path: '/oauth/token',
      api: 'auth',
      status: 200,
      auth: false,
      hasBody: true,
    };
    const { fetch, sent } = scriptedFetch(ok({ access_token: 'at_1' }));
    const resolved = resolveOptions({ fetch, logLevel: 'off', environment: 'sandbox' });
    const token = defineMethod({ transport: new Transport(resolved.transport), companyId: undefined }, tokenEndpoint) as (body: {
      grant_type: string;
    }) => Promise<unknown>;

    await expect(token({ grant_type: 'refresh_token' })).resolves.toEqual({ access_token: 'at_1' });
    expect(sent[0].url.href).toBe('https://sandbox-auth.acs.example.com/oauth/token');
    expect(sent[0].headers.has('authorization')).toBe(false);
    expect(sent[0].headers.has('x-company-id')).toBe(false);
  });

  it('inspecting a client does not show its key', () => {
    const acs = new AcsClient({ apiKey: TEST_KEY, companyId: 'cmp_1' });
    expect(inspect(acs, { depth: 10, showHidden: true })).not.toContain(TEST_KEY);
  });

  it('exports the client as default, and VERSION equals package.json', () => {
    expect(DefaultExport).toBe(AcsClient);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });
});

describe('withCompany()', () => {
  it('acts on another company with the same configuration, leaving the original unchanged', async () => {
    const { fetch, sent } = scriptedFetch(ok(account()), ok(account()));
    const acs = testClient(fetch, { apiVersion: '2026-11-01' });
    const other = acs.withCompany('cmp_other');

    await other.accounts.retrieve('acc_1');
    await acs.accounts.retrieve('acc_1');

    expect(other).toBeInstanceOf(AcsClient);
    expect(other.companyId).toBe('cmp_other');
    expect(other.environment).toBe(acs.environment);
    expect(other.baseUrl).toBe(acs.baseUrl);
    expect(sent.map((r) => r.headers.get('x-company-id'))).toEqual(['cmp_other', 'cmp_demo']);
    expect(sent[0].headers.get('authorization')).toBe(`Bearer ${TEST_KEY}`);
    expect(sent[0].headers.get('x-api-version')).toBe('2026-11-01');
  });

  it('refuses an empty company id', () => {
    const { fetch } = scriptedFetch();
    expect(() => testClient(fetch).withCompany('')).toThrow(/company id/);
  });
});

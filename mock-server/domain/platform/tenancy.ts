import type { Company } from '../../../src/contract/index.js';
import { LIVE_KEY_PREFIX, TEST_KEY_PREFIX } from '../../../src/core/environments.js';
import { unauthorized } from '../../kernel/errors.js';
import type { Principal } from '../../kernel/route.js';
import { GLOBAL, type Store } from '../../store/index.js';

/** The stored profile; the lock dates live in the company's own table (lock-dates.ts, decision ACC-32). */
export type CompanyRow = Omit<Company, 'lockDate' | 'periodLockDate' | 'taxPeriodMonths'>;

/** An API key as the mock stores it. `secret` is the bearer value; it never leaves the mock in a log. */
export interface ApiKeyRow {
  id: string;
  name: string;
  secret: string;
  /** `test` keys start `svc_test_sk_`, `live` keys `svc_live_sk_` (spec document 1). */
  mode: 'test' | 'live';
  companyIds: string[];
  scopes: string[];
  createdAt: string;
}

export function defineTenancyTables(store: Store): void {
  store.defineTable('companies', { prefix: 'cmp' });
  store.defineTable('apiKeys', { prefix: 'key', indexes: ['secret'] });
}

export const findApiKey = (store: Store, secret: string): ApiKeyRow | undefined =>
  store.table<ApiKeyRow>(GLOBAL, 'apiKeys').byIndex('secret', secret)[0];

export const findCompany = (store: Store, companyId: string): CompanyRow | undefined =>
  store.table<CompanyRow>(GLOBAL, 'companies').get(companyId);

const SANDBOX_KEYS = `This is the sandbox: it takes test keys (${TEST_KEY_PREFIX}...), not live keys`;

/**
 * The principal of a bearer value that is an API key (spec document 1, "Authentication"); null when
 * it is no API key at all (an OAuth access token, say). The sandbox refuses live keys (by prefix, or
 * stored as live) and unknown test keys with 401, never echoing the key.
 */
export function authenticateApiKey(store: Store, token: string): Principal | null {
  if (token.startsWith(LIVE_KEY_PREFIX)) throw unauthorized(SANDBOX_KEYS);
  if (!token.startsWith(TEST_KEY_PREFIX)) return null;
  const key = findApiKey(store, token);
  if (!key) throw unauthorized('Unknown API key');
  if (key.mode !== 'test') throw unauthorized(SANDBOX_KEYS);
  return { kind: 'api_key', id: key.id, scopes: key.scopes, companyIds: key.companyIds, actor: key.name };
}

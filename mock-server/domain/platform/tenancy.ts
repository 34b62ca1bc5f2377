import type { Company } from '../../../src/contract/index.js';
import { GLOBAL, type Store } from '../../store/index.js';

export type CompanyRow = Company;

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

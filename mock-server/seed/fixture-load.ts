export { FixtureError } from './fixture-problem.js';
import type { z } from 'zod';
import type { ApiKeyRow, CompanyRow } from '../domain/platform/index.js';
import { GLOBAL, type Store } from '../store/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { loadBills } from './fixture-bills.js';
import { loadChart } from './fixture-chart.js';
import { atPath, FixtureError } from './fixture-problem.js';
import { loadCustomers, loadSuppliers } from './fixture-parties.js';
import { loadItems } from './fixture-items.js';
import { loadOpeningBalances } from './fixture-opening.js';
import { loadOrderCancels, loadPurchaseOrders } from './fixture-purchase-orders.js';
import { loadPurchaseReturns } from './fixture-purchase-returns.js';
import { LoadPlan } from './fixture-plan.js';
import { keepLeftOut } from './fixture-left-out.js';
import { loadSalesDocuments } from './fixture-sales.js';
import { loadWebhooks } from './fixture-webhooks.js';
import { type CheckedFixture, Fixture } from './fixture-schema.js';
import type { SeedResult } from './index.js';
import { ALL_SCOPES, EMPTY_COMPANY, issueApiKey, READ_SCOPES } from './platform.js';

const pathOf = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((at, part) => (typeof part === 'number' ? `${at}[${part}]` : at ? `${at}.${String(part)}` : String(part)), '');

/** The fixture checked by its schema; a mistake is a `FixtureError` listing each path and what is wrong there. */
export function parseFixture(input: unknown): CheckedFixture {
  const parsed = Fixture.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new FixtureError(parsed.error.issues.map((issue: z.core.$ZodIssue) => `${pathOf(issue.path) || '(the file)'}: ${issue.message}`));
}

/** A company's records, each through the domain function its route calls (MOCK-34), so the domain's rules hold. */
export function loadCompanyRecords(ctx: ActingContext, company: CheckedFixture['companies'][number], at: number): void {
  const path = `companies[${at}]`;
  loadChart(ctx, company, path, atPath);
  loadOpeningBalances(ctx, company, path, atPath);
  loadCustomers(ctx, company.customers ?? [], path, atPath);
  loadSuppliers(ctx, company.suppliers ?? [], path, atPath);
  loadItems(ctx, company, path, atPath);
  // The documents as one plan of steps, run in the order of `stockMoves` when the file has one (MOCK-52).
  const plan = new LoadPlan(`${path}.`);
  const orders = loadPurchaseOrders(ctx, company, path, plan.at);
  loadSalesDocuments(ctx, company, path, plan.at);
  loadBills(ctx, company, orders, path, plan.at);
  loadPurchaseReturns(ctx, company, orders, path, plan.at);
  loadOrderCancels(ctx, company, orders, path, plan.at);
  plan.run(company.stockMoves, `${path}.stockMoves`);
  keepLeftOut(ctx, company.leftOut);
  loadWebhooks(ctx, company, path, atPath);
}

/** The fixture's companies, under the ids it names (MOCK-35). */
export function insertFixtureCompanies(store: Store, fixture: CheckedFixture): CompanyRow[] {
  const table = store.table<CompanyRow>(GLOBAL, 'companies');
  return fixture.companies.map(({ profile }) => table.insert({ ...EMPTY_COMPANY, ...profile, createdAt: store.clock.iso() }));
}

/** The fixture's keys (its secrets kept), then a sandbox key and a read-only key when it names none (MOCK-35). */
export function issueFixtureKeys(store: Store, fixture: CheckedFixture, companyIds: string[]): ApiKeyRow[] {
  const table = store.table<ApiKeyRow>(GLOBAL, 'apiKeys');
  const keys = (fixture.apiKeys ?? []).map((key) =>
    key.secret
      ? table.insert({ id: table.newId(), mode: 'test', createdAt: store.clock.iso(), ...key, secret: key.secret })
      : issueApiKey(store, { ...key, mode: 'test' }),
  );
  if (!keys.some((key) => key.companyIds.includes(companyIds[0]))) {
    keys.push(issueApiKey(store, { name: 'Sandbox key', mode: 'test', companyIds, scopes: ALL_SCOPES }));
  }
  if (!keys.some((key) => key.companyIds.includes(companyIds[0]) && key.scopes.every((s) => READ_SCOPES.includes(s)))) {
    keys.push(issueApiKey(store, { name: 'Read-only key', mode: 'test', companyIds: [companyIds[0]], scopes: READ_SCOPES }));
  }
  // A live key, as every seed gives, so a test can see the sandbox refuse one; a fixture names none.
  keys.push(issueApiKey(store, { name: 'Live key', mode: 'live', companyIds: [companyIds[0]], scopes: ALL_SCOPES }));
  return keys;
}

/** The credentials of a fixture's sandbox: the primary company's first full key, a read-only key, a key per company. */
export function fixtureCredentials(rows: CompanyRow[], keys: ApiKeyRow[], oauth: SeedResult['oauth']): SeedResult {
  const primary = rows[0];
  const reaches = (key: ApiKeyRow, id: string) => key.companyIds.includes(id);
  const readOnly = (key: ApiKeyRow) => key.scopes.every((s) => READ_SCOPES.includes(s));
  const main = keys.find((key) => reaches(key, primary.id) && !readOnly(key)) ?? keys.find((key) => reaches(key, primary.id))!;
  return {
    apiKey: main.secret,
    companyId: primary.id,
    companies: rows.map((row) => ({
      id: row.id,
      name: row.name,
      apiKey: (keys.find((k) => reaches(k, row.id) && !readOnly(k)) ?? main).secret,
    })),
    readOnlyApiKey: keys.find((key) => reaches(key, primary.id) && readOnly(key))!.secret,
    liveApiKey: keys.find((key) => key.mode === 'live')!.secret,
    oauth,
  };
}

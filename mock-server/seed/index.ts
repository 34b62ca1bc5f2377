import type { MockClock } from '../kernel/clock.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { CompanyRow } from '../domain/platform/index.js';
import { GLOBAL, type Store } from '../store/index.js';
import { ALL_SCOPES, DEMO_COMPANIES, EMPTY_COMPANY, issueApiKey, READ_SCOPES, WORK_SCOPES, type DemoCompany } from './platform.js';
import type { SeedCredentials, SeedKind } from './credentials.js';

/** What the real seed hands back: every credential of `SeedCredentials`, none missing. */
export type SeedResult = Required<SeedCredentials>;

/**
 * The seed's order, stated once: a stage reads what the stages before it wrote, and a module's seed step
 * names its stage (mock-server/modules/). `company` stages run company by company (each company's data
 * whole before the next's), `store` stages once; keeping the order keeps the ids a seed key draws.
 */
export const SEED_STAGES = [
  { stage: 'company-key', per: 'company' }, // the platform's frame: the demo company's own key
  { stage: 'ledger', per: 'company' }, // the chart and its entries: every later posting names accounts
  { stage: 'tax-codes', per: 'company' }, // the tax table before any document line (SALES-15)
  { stage: 'customers', per: 'company' },
  { stage: 'suppliers', per: 'company' },
  { stage: 'catalogue', per: 'company' }, // items, locations and stock, before any sales document (SALES-19)
  { stage: 'sales-documents', per: 'company' }, // through the sales domain, so ledger, balances and totals agree (SALES-53)
  { stage: 'stock-alerts', per: 'company' },
  { stage: 'purchasing-documents', per: 'company' }, // orders, receipts, bills and payments (PUR-52)
  { stage: 'reports', per: 'company' }, // saved reports (REP-93), a budget (REP-77), deliveries
  { stage: 'einvoice-identities', per: 'company' }, // of the company and every customer and supplier above (EINV-17)
  { stage: 'integrations', per: 'company' }, // a connected online store (INT-10)
  { stage: 'batch-history', per: 'company' }, // a checked import (BATCH-11)
  { stage: 'keys', per: 'store' }, // the platform's frame: the empty seed's keys (the demo issues them before its companies' data)
  { stage: 'applets', per: 'store' },
  { stage: 'users', per: 'store' },
  { stage: 'approval-rules', per: 'company' }, // rules name users, so they follow them (PUR-31)
] as const;

type Stage = (typeof SEED_STAGES)[number];
export type SeedStage = Stage['stage'];

/** A demo company as the seed steps see it: its place in the demo lists, its row and its profile. */
export interface SeedCompany {
  index: number;
  row: CompanyRow;
  demo: DemoCompany;
}

/** What a store stage adds to the seed's result. */
export type SeedOutput = Partial<Pick<SeedResult, 'oauth'>>;

/** A module's part of a company stage: `demo` for each demo company, `empty` for the empty seed's company. */
export interface CompanySeedStep {
  stage: Extract<Stage, { per: 'company' }>['stage'];
  demo?(ctx: ActingContext, company: SeedCompany): void;
  empty?(ctx: ActingContext): void;
}

/** A module's part of a store stage, given the ids of the companies seeded and the result to add to. */
export interface StoreSeedStep {
  stage: Extract<Stage, { per: 'store' }>['stage'];
  demo?(store: Store, companyIds: string[], output: SeedOutput): void;
  empty?(store: Store, companyIds: string[], output: SeedOutput): void;
}

export type SeedStep = CompanySeedStep | StoreSeedStep;

const SEED_ACTOR = 'system';
const stageAt = new Map<string, number>(SEED_STAGES.map((s, at) => [s.stage, at]));
const isStoreStep = (step: SeedStep): step is StoreSeedStep => SEED_STAGES[stageAt.get(step.stage)!].per === 'store';

const daysBefore = (clock: MockClock, days: number): string => new Date(clock.nowMs() - days * 86_400_000).toISOString();

function insertCompany(store: Store, profile: Omit<CompanyRow, 'id' | 'createdAt'>, createdAt: string): CompanyRow {
  const table = store.table<CompanyRow>(GLOBAL, 'companies');
  return table.insert({ id: table.newId(), ...profile, createdAt });
}

/**
 * Fills a store whose tables the modules declared, running every module's seed steps in the order of
 * SEED_STAGES. `demo`: two Malaysian companies with a chart of accounts and a few months of entries;
 * `empty`: one company with no accounts. All writes go through the store's write path, in one transaction.
 */
export function seed(store: Store, clock: MockClock, kind: SeedKind, steps: readonly SeedStep[]): SeedResult {
  const held = new Set<string>();
  for (const { stage } of steps) {
    // One module per stage, so no order hides in the list of modules.
    if (!stageAt.has(stage) || held.has(stage)) throw new Error(`seed stage ${stage}: unknown or held twice (SEED_STAGES)`);
    held.add(stage);
  }
  return store.transaction(() => (kind === 'demo' ? seedDemo(store, clock, steps) : seedEmpty(store, clock, steps)));
}

/** Runs the steps by stage; a run of company stages goes company by company (`demo` lists the demo companies). */
export function runSteps(
  store: Store,
  clock: MockClock,
  steps: readonly SeedStep[],
  rows: readonly CompanyRow[],
  demo?: readonly SeedCompany[],
): SeedOutput {
  const ordered = [...steps].sort((a, b) => stageAt.get(a.stage)! - stageAt.get(b.stage)!);
  const companyIds = rows.map((row) => row.id);
  const output: SeedOutput = {};
  for (let at = 0; at < ordered.length; ) {
    const step = ordered[at];
    if (isStoreStep(step)) {
      if (demo) step.demo?.(store, companyIds, output);
      else step.empty?.(store, companyIds, output);
      at++;
      continue;
    }
    let end = at;
    while (end < ordered.length && !isStoreStep(ordered[end])) end++;
    const run = ordered.slice(at, end) as CompanySeedStep[];
    rows.forEach((row, index) => {
      if (!demo) for (const s of run) s.empty?.({ store, clock, companyId: row.id });
      else for (const s of run) s.demo?.({ store, clock, companyId: row.id, principal: { actor: SEED_ACTOR } }, demo[index]);
    });
    at = end;
  }
  return output;
}

function oauthOf(output: SeedOutput): SeedResult['oauth'] {
  if (!output.oauth) throw new Error("the seed made no users: the oauth module's 'users' stage is missing");
  return output.oauth;
}

function seedDemo(store: Store, clock: MockClock, steps: readonly SeedStep[]): SeedResult {
  const companies = DEMO_COMPANIES.map((demo, index) => ({ index, demo, row: insertCompany(store, demo.profile, daysBefore(clock, 400)) }));
  const rows = companies.map((c) => c.row);
  const allIds = rows.map((row) => row.id);
  const primary = rows[0];

  const apiKey = issueApiKey(store, { name: 'Sandbox key (all companies)', mode: 'test', companyIds: allIds, scopes: ALL_SCOPES });
  const readOnly = issueApiKey(store, { name: 'Read-only key', mode: 'test', companyIds: [primary.id], scopes: READ_SCOPES });
  const live = issueApiKey(store, { name: 'Live key', mode: 'live', companyIds: [primary.id], scopes: ALL_SCOPES });
  const keys = new Map<string, string>();
  const companyKey: CompanySeedStep = {
    stage: 'company-key',
    demo: (_ctx, { row }) => {
      keys.set(row.id, issueApiKey(store, { name: `${row.name} key`, mode: 'test', companyIds: [row.id], scopes: WORK_SCOPES }).secret);
    },
  };
  const output = runSteps(store, clock, [companyKey, ...steps], rows, companies);
  return {
    apiKey: apiKey.secret,
    companyId: primary.id,
    companies: rows.map((row) => ({ id: row.id, name: row.name, apiKey: keys.get(row.id)! })),
    readOnlyApiKey: readOnly.secret,
    liveApiKey: live.secret,
    oauth: oauthOf(output),
  };
}

function seedEmpty(store: Store, clock: MockClock, steps: readonly SeedStep[]): SeedResult {
  const company = insertCompany(store, EMPTY_COMPANY, clock.iso());
  const companyIds = [company.id];
  let issued: { apiKey: string; readOnly: string; live: string } | undefined;
  const keys: StoreSeedStep = {
    stage: 'keys',
    empty: () => {
      issued = {
        apiKey: issueApiKey(store, { name: 'Sandbox key', mode: 'test', companyIds, scopes: ALL_SCOPES }).secret,
        readOnly: issueApiKey(store, { name: 'Read-only key', mode: 'test', companyIds, scopes: READ_SCOPES }).secret,
        live: issueApiKey(store, { name: 'Live key', mode: 'live', companyIds, scopes: ALL_SCOPES }).secret,
      };
    },
  };
  const output = runSteps(store, clock, [keys, ...steps], [company]);
  return {
    apiKey: issued!.apiKey,
    companyId: company.id,
    companies: [{ id: company.id, name: company.name, apiKey: issued!.apiKey }],
    readOnlyApiKey: issued!.readOnly,
    liveApiKey: issued!.live,
    oauth: oauthOf(output),
  };
}

import type { contract, TokenResponse } from '../../src/contract/index.js';
import type { EventRule } from '../events/bus.js';
import { seed, type SeedResult, type SeedStep } from '../seed/index.js';
import type { SeedKind } from '../seed/credentials.js';
import type { CheckedFixture } from '../seed/fixture-schema.js';
import { seedFixture } from '../seed/fixture-seed.js';
import type { MockClock } from '../kernel/clock.js';
import type { MockDomain, MockServiceOptions } from '../service.js';
import type { Route } from '../store/context.js';
import type { Store } from '../store/index.js';

/** A module's name: its key in `contract`, the `module` column of docs/spec/endpoints.tsv. */
export type ModuleName = keyof typeof contract;

/**
 * One module of the mock, declared once: everything the service takes from it. A new module is its
 * folders in each layer, one `defineModule` file in mock-server/modules/ and one entry in `MODULES`
 * (CONTRIBUTING.md, "Adding a module").
 */
export interface MockModule {
  name: ModuleName;
  /**
   * Modules this one is declared after (its tables and event rules): the order their tables register
   * account references, clock listeners and write observers in. `MODULES` fails when it breaks one.
   * Routes have no order (the route table matches a literal segment before a `{param}` whatever the
   * order, and refuses two routes for one method and path); the seed's order is its steps' stages.
   */
  after?: readonly ModuleName[];
  /** Declares the module's tables (and what they register on the store), in this order. */
  tables?: readonly ((store: Store) => void)[];
  /** One handler per endpoint of `contract[name]`. */
  routes: readonly Route[];
  /** Which committed change is which domain event (spec document 1, "Events"; HOOK-6 and the module's events decision). */
  events?: readonly EventRule[];
  /** Its demo data, each step at a stage of SEED_STAGES (mock-server/seed/index.ts). */
  seed?: readonly SeedStep[];
  /** Reads the module's options of `createMockService`, before any table is declared. */
  config?(store: Store, options: MockServiceOptions): void;
  /** Resolves OAuth access tokens (one module may). */
  authenticateToken?: MockDomain['authenticateToken'];
  /** Signs a seeded user in (one module may). */
  signIn?(store: Store, user: string): TokenResponse;
  /** Asynchronous set-up the request path awaits before its first answer. */
  prepare?(store: Store): Promise<void>;
  /** Takes up work in progress the tables hold (a batch job) after they were loaded from a data folder (MOCK-43). */
  resume?(store: Store): void;
}

export const defineModule = (module: MockModule): MockModule => module;

/** Checks the list's order against each module's `after`, and that no module is listed twice. */
export function moduleList(modules: readonly MockModule[]): readonly MockModule[] {
  const seen = new Set<ModuleName>();
  for (const module of modules) {
    if (seen.has(module.name)) throw new Error(`MODULES lists ${module.name} twice`);
    for (const before of module.after ?? []) {
      if (!seen.has(before)) throw new Error(`MODULES: ${module.name} is declared after ${before}; list ${before} first`);
    }
    seen.add(module.name);
  }
  return modules;
}

/** The one module that declares `key`, if any; two would leave the service guessing. */
function soleOf<K extends 'authenticateToken' | 'signIn'>(modules: readonly MockModule[], key: K): MockModule[K] {
  const declaring = modules.filter((m) => m[key]);
  if (declaring.length > 1) throw new Error(`${key}: declared by ${declaring.map((m) => m.name).join(' and ')}; one module may`);
  return declaring[0]?.[key];
}

/** The service's domain made of modules: its seed hands back every credential. */
export interface ModularDomain extends MockDomain {
  defineTables(store: Store): void;
  seed(store: Store, clock: MockClock, kind: SeedKind, fixture?: CheckedFixture): SeedResult;
}

/** The service's domain from its modules, each part in the modules' order. */
export function domainOf(modules: readonly MockModule[]): ModularDomain {
  const preparing = modules.filter((m) => m.prepare);
  const resuming = modules.filter((m) => m.resume);
  const steps = modules.flatMap((m) => m.seed ?? []);
  return {
    routes: modules.flatMap((m) => m.routes),
    events: modules.flatMap((m) => m.events ?? []),
    configure: (store, options) => {
      for (const module of modules) module.config?.(store, options);
    },
    defineTables: (store) => {
      for (const module of modules) for (const define of module.tables ?? []) define(store);
    },
    seed: (store, clock, kind, fixture) => (fixture ? seedFixture(store, clock, fixture, steps) : seed(store, clock, kind, steps)),
    authenticateToken: soleOf(modules, 'authenticateToken'),
    signIn: soleOf(modules, 'signIn'),
    resume: (store) => {
      for (const module of resuming) module.resume!(store);
    },
    prepare: preparing.length === 0 ? undefined : async (store) => void (await Promise.all(preparing.map((m) => m.prepare!(store)))),
  };
}

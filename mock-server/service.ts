import { MockClock } from './kernel/clock.js';
import { authenticateApiKey, defineTenancyTables, defineWebhookTables, findCompany } from './domain/platform/index.js';
import { DomainEventBus, type EventRule } from './events/bus.js';
import { StreamHub } from './events/stream.js';
import { createStreamHandlers } from './http/stream-msw.js';
import { WebhookDeliveries } from './events/webhook-delivery.js';
import { defineOutboxTable, readOutbox, type OutboxMessage } from './domain/shared/outbox.js';
import { Faults } from './kernel/faults.js';
import { createMockFetch } from './http/fetch.js';
import { createHandle } from './http/handle.js';
import { createMswHandlers, type HttpHandler, type WebSocketHandler } from './http/msw.js';
import type { ApiBases } from './kernel/match.js';
import type { MockRequest, MockResponse } from './kernel/request.js';
import { IdempotencyRecords } from './kernel/idempotency.js';
import { RateLimiter, rateLimitConfig, type RateLimitOption } from './kernel/rate-limit.js';
import { Router, type MockLogger } from './kernel/router.js';
import { RequestJournal, type JournalEntry, type RequestFilter } from './kernel/journal.js';
import type { Principal } from './kernel/route.js';
import type { Route } from './store/context.js';
import type { CursorPagination, TokenResponse } from '../src/contract/index.js';
import { Store } from './store/index.js';
import type { SeedCredentials, SeedKind } from './seed/credentials.js';
import type { CheckedFixture, FixtureFile } from './seed/fixture-schema.js';
import { exportFixture } from './seed/fixture-export.js';
import { seedWith, serviceSetup, useSeedKey } from './service-options.js';
import { DurableService, type FollowedParts } from './durable/durable-service.js';
import { ServiceSnapshots, type MockSnapshot } from './service-snapshots.js';
import type { EinvoicePortalOptions } from './domain/einvoice/index.js';

export type { OAuthCredentials, SeedCredentials, SeedKind } from './seed/credentials.js';

/** The domain side of a mock service: its routes, its tables and its seed. */
export interface MockDomain {
  routes: readonly Route[];
  defineTables(store: Store): void;
  seed(store: Store, clock: MockClock, kind: SeedKind, fixture?: CheckedFixture): SeedCredentials;
  /** Which committed changes are which domain events (`invoice.created`, ...). */
  events?: readonly EventRule[];
  /** Resolves OAuth access tokens; API keys are the router's own business. */
  authenticateToken?(store: Store, token: string): Principal | null;
  /** Signs a seeded user in (by id, email or login subject guid), returning the OAuth token response. */
  signIn?(store: Store, user: string): TokenResponse;
  /** Asynchronous set-up the request path awaits before its first answer (Web Crypto keys). */
  prepare?(store: Store): Promise<void>;
  /** Reads the options of its modules (the e-invoice portal's delay, the batch rate), before any table is declared. */
  configure?(store: Store, options: MockServiceOptions): void;
  /** Takes up the work in progress the tables hold (a batch job) after a data folder or a snapshot put them back (MOCK-43). */
  resume?(store: Store): void;
}

export interface MockServiceOptions {
  /** `demo` (default): companies, a chart of accounts and entries; `empty`: one company and its keys. */
  /** ...or a user's own starting data (MOCK-34): the object of a fixture file, checked before anything starts. */
  seed?: SeedKind | FixtureFile;
  /** Where the mock clock starts (default: now); it then moves with real time. */
  now?: Date | string | number;
  /** `'spec'` enforces 1000/hour and 10/second per key, and the batch rate; default `'off'` only sends the headers. */
  rateLimit?: RateLimitOption;
  /** Added to every request: fixed milliseconds or a uniform `{ min, max }` (default 0). */
  latency?: number | { min: number; max: number };
  /** Business API base (default: the SDK's sandbox address); `/api/v1` beside `/v1` works too. */
  baseUrl?: string;
  dataBaseUrl?: string;
  authUrl?: string;
  /** Where internal errors are reported (default: console.error). */
  logger?: MockLogger;
  /** Check every success body against the endpoint's response schema (default: `ACS_MOCK_VALIDATE_RESPONSES=1` in the environment, else false). */
  validateResponses?: boolean;
  /**
   * Makes every id, key and secret the mock issues reproducible: the same seed key gives the same
   * company ids, keys and record ids on every start (`acs-mock --seed-key`), so a `.env` file keeps working.
   */
  seedKey?: string;
  /** The primary test key (`svc_test_sk_` and 8 to 100 of `[A-Za-z0-9_-]`) instead of a generated one. */
  apiKey?: string;
  /** The primary company's id (`cmp_` and 1 to 64 of `[A-Za-z0-9_-]`) instead of a generated one. */
  companyId?: string;
  /** Requests the journal keeps (`mock.requests`, `GET /__mock/requests`; default 2,000, at most 100,000; 0 keeps none: MOCK-27). */
  journalSize?: number;
  /** The simulated e-invoice portal: `portalDelayMs` between a submission and its decision, by the mock clock (default 5000). */
  einvoice?: EinvoicePortalOptions;
  /**
   * A folder (Node only) that keeps the whole service's state in an embedded SQLite database: each acknowledged write is
   * written there before its answer leaves, and a later start on the folder goes on from it instead of seeding (MOCK-29).
   * Without it the service lives in memory.
   */
  data?: string;
}

/** The request journal as `mock.requests` offers it (MOCK-27). */
export interface MockRequests {
  /** Entries kept at most (`journalSize`). */
  readonly size: number;
  /** Entries matching `filter`, oldest first. */
  find(filter?: RequestFilter): JournalEntry[];
  count(filter?: RequestFilter): number;
  /** The newest entry matching `filter`. */
  last(filter?: RequestFilter): JournalEntry | undefined;
  /** A page, newest first, of the entries older than the sequence `before` (what `GET /__mock/requests` serves). */
  page(filter: RequestFilter, limit: number, before?: number): { data: JournalEntry[]; pagination: CursorPagination };
  clear(): void;
}

/** What a user of the mock needs to point a client at it. */
export interface MockCredentials extends SeedCredentials {
  baseUrl: string;
  dataBaseUrl: string;
  authUrl: string;
}

export interface MockService {
  /**
   * msw handlers for `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`: the HTTP API
   * and the WebSocket streams. Built on first read, with the msw installed beside acs-mock (a peer
   * dependency); without msw, reading it throws saying what to install.
   */
  readonly handlers: Array<HttpHandler | WebSocketHandler>;
  /** The HTTP handlers alone (what msw's `getResponse(handlers, request)` takes). */
  readonly httpHandlers: HttpHandler[];
  /** The `ws.link` handlers of `/v1/stream` and `/v1/reports/stream`. */
  readonly streamHandlers: WebSocketHandler[];
  /** The WebSocket streams: open `connections`, and `drop()` / `stall()` faults for tests. */
  readonly stream: StreamHub;
  readonly credentials: MockCredentials;
  readonly clock: MockClock;
  /** A company's local date by the clock (default the demo company): what the service calls "today" for it. */
  today(companyId?: string): string;
  readonly faults: Faults;
  /** Calls the service directly, without network or interception: `new AcsClient({ fetch: mock.fetch })`. */
  readonly fetch: typeof fetch;
  readonly store: Store;
  /** Domain events (`customer.created`, `invoice.sent`, ...) as webhooks and the stream receive them. */
  readonly events: DomainEventBus;
  /**
   * Signed webhook deliveries of the events subscriptions name: the journal of attempts
   * (`deliveries`), the retries waiting on the clock (`scheduled`), `settled()` and `flush()`.
   */
  readonly webhooks: WebhookDeliveries;
  /**
   * The request journal: the most recent requests the service answered, secrets masked, bodies cut
   * (`journalSize`): `find(filter)`, `count(filter)`, `last(filter)`, `clear()` (MOCK-27).
   */
  readonly requests: MockRequests;
  /** Every message the mock "sent" (quotes, invoices): recorded, never delivered. */
  readonly outbox: readonly OutboxMessage[];
  readonly router: Router<Store>;
  /** The service on the router's plain request objects (adapters use it). */
  handle(request: MockRequest): Promise<MockResponse>;
  /** The current state of every company, or of `companyId`, as a fixture that `seed` loads back (MOCK-34). */
  export(companyId?: string): FixtureFile;
  /** Back to the seeded state: data, faults, idempotency keys and rate windows; the clock stays. */
  reset(): void;
  /**
   * A point in time of the whole service: data and sequences, the clock, idempotency keys, faults,
   * webhook deliveries, retries and faults, the event history (MOCK-28). Kept under `name` when given
   * (at most 50; `mock.snapshots`), else only by the caller.
   */
  snapshot(name?: string): MockSnapshot;
  /**
   * Back to a snapshot (or a kept one's name), clock included: writes since are gone, keys first used since
   * replay nothing, rate windows start empty. The request journal and record ids go on (MOCK-28).
   */
  restore(snapshot: MockSnapshot | string): MockSnapshot;
  /** The snapshots kept by name: `list()`, `get(name)`, `delete(name)`. */
  readonly snapshots: Pick<ServiceSnapshots, 'list' | 'get' | 'delete'>;
  /**
   * Signs a seeded user in without the browser round trip of the OAuth flow and returns their access
   * token (an hour, like any): for the data-management API, whose callers are signed-in users. `user`
   * is a user id, email or login subject guid (`credentials.oauth.users`).
   */
  signIn(user: string): string;
  /** Closes the data folder (`data`) and releases its lock; in memory it does nothing. */
  close(): void;
}

/** Builds a mock service from its domain; `createMockService` in mock-server/index.ts supplies the real one. */
export function buildMockService(domain: MockDomain, options: MockServiceOptions = {}): MockService {
  const { bases, seedKind, latency, journalSize, fixture } = serviceSetup(options);
  const clock = new MockClock(options.now ?? Date.now());
  const store = storeOf(domain, clock, options);
  const idempotency = new IdempotencyRecords(clock);
  const durable = options.data === undefined ? null : new DurableService(options.data, { store, clock, idempotency });
  const seeded = durable?.hasData
    ? loadFrom(durable, store, options)
    : seedWith((s, c, kind) => domain.seed(s, c, kind, fixture), store, clock, seedKind, options);
  if (durable && !durable.hasData) durable.saveAll(seeded);
  const snapshot = store.snapshot();
  // After the seed: seeding publishes no events.
  const events = new DomainEventBus(store, clock, domain.events ?? []);
  const webhooks = new WebhookDeliveries({ store, clock, events, logger: options.logger });
  const faults = new Faults();
  const rateLimiter = new RateLimiter(rateLimitConfig(options.rateLimit), clock);
  const router = routerOf(domain, options, { store, clock, bases, faults, rateLimiter, idempotency });

  const journal = journalOf(journalSize, store, events);
  const snapshots = new ServiceSnapshots({ store, clock, faults, idempotency, rateLimiter, events, webhooks });
  followIn(durable, domain, store, { events, webhooks, snapshots });
  const handle = createHandle(router, latency, domain.prepare?.(store), journalSize > 0 ? journal : null);
  const stream = new StreamHub({
    events,
    authenticate: (token) => router.authenticateBearer(token),
    companyExists: (companyId) => findCompany(store, companyId) !== undefined,
  });

  let httpHandlers: HttpHandler[] | undefined;
  let streamHandlers: WebSocketHandler[] | undefined;
  return {
    get handlers() {
      // httpHandlers first: without msw, the error names mock.handlers (createMswHandlers).
      return [...this.httpHandlers, ...this.streamHandlers];
    },
    get httpHandlers() {
      return (httpHandlers ??= createMswHandlers(router.table, handle));
    },
    get streamHandlers() {
      return (streamHandlers ??= createStreamHandlers(stream, bases.business));
    },
    stream,
    credentials: credentialsOf(seeded, bases),
    clock,
    today: (companyId = seeded.companyId) => store.today(companyId),
    faults,
    fetch: createMockFetch(handle),
    store,
    events,
    webhooks,
    router,
    handle,
    requests: journal,
    get outbox() {
      return readOutbox(store);
    },
    signIn: (user) => signInWith(domain, store, user),
    snapshot: (name) => snapshots.take(name),
    restore(target) {
      const restored = snapshots.restore(target);
      // A restore rewrites tables without the write path: the folder is written whole again (MOCK-29).
      durable?.saveAll();
      domain.resume?.(store);
      return restored;
    },
    snapshots,
    export: (companyId) => exportFixture(store, companyId),
    reset() {
      store.restore(snapshot);
      faults.clear();
      idempotency.clear();
      rateLimiter.clear();
      events.clear();
      webhooks.reset();
      durable?.saveAll();
    },
    close: () => durable?.close(),
  };
}

/** The service a data folder holds, in place of a seed; a seed key draws on from where its stream stood (MOCK-29). */
function loadFrom(durable: DurableService, store: Store, options: MockServiceOptions): SeedCredentials {
  if (options.seedKey !== undefined) useSeedKey(store, options.seedKey);
  return durable.load();
}

/**
 * From now on the folder writes every commit, with the events and deliveries it made: after the bus and the deliveries
 * subscribed, so they hear a commit first (MOCK-44). The jobs a loaded folder holds go on (MOCK-43).
 */
function followIn(durable: DurableService | null, domain: MockDomain, store: Store, parts: FollowedParts): void {
  if (!durable) return;
  durable.follow(parts);
  if (durable.hasData) domain.resume?.(store);
}

type RouterParts = Pick<ConstructorParameters<typeof Router<Store>>[0], 'clock' | 'bases' | 'faults' | 'rateLimiter' | 'idempotency'> & {
  store: Store;
};

/** The router of the domain's routes, authenticating its keys and tokens against the store. */
function routerOf(domain: MockDomain, options: MockServiceOptions, parts: RouterParts): Router<Store> {
  const { store } = parts;
  return new Router<Store>({
    routes: domain.routes,
    ...parts,
    logger: options.logger,
    validateResponses: options.validateResponses ?? validationByDefault(),
    authenticate: (token) => authenticateApiKey(store, token) ?? domain.authenticateToken?.(store, token) ?? null,
    companyExists: (companyId) => findCompany(store, companyId) !== undefined,
  });
}

/** The store with every table of the domain declared, before the seed. */
function storeOf(domain: MockDomain, clock: MockClock, options: MockServiceOptions): Store {
  const store = new Store(clock);
  domain.configure?.(store, options);
  // Dates follow the company: its due dates, overdue invoices and defaults read its local day (PLAT-31).
  store.timeZoneOf = (companyId) => findCompany(store, companyId)?.timezone;
  if (options.logger) store.onListenerError = (error) => options.logger!.error('[acs-mock] a commit listener threw', error);
  defineTenancyTables(store);
  defineOutboxTable(store);
  defineWebhookTables(store);
  domain.defineTables(store);
  return store;
}

/** The request journal, told of each commit and event so a request's entry lists its own (MOCK-27). */
function journalOf(size: number, store: Store, events: DomainEventBus): RequestJournal {
  const journal = new RequestJournal(size, store.clock);
  if (size > 0) {
    store.onCommit((changes) => journal.noteChanges(changes));
    events.on('*', (event) => journal.noteEvent(event));
  }
  return journal;
}

function signInWith(domain: MockDomain, store: Store, user: string): string {
  if (!domain.signIn) throw new Error('This mock domain has no users to sign in');
  return domain.signIn(store, user).access_token;
}

function credentialsOf(seeded: SeedCredentials, bases: ApiBases): MockCredentials {
  return {
    apiKey: seeded.apiKey,
    companyId: seeded.companyId,
    companies: seeded.companies.map((c) => ({ ...c })),
    readOnlyApiKey: seeded.readOnlyApiKey,
    ...(seeded.liveApiKey === undefined ? {} : { liveApiKey: seeded.liveApiKey }),
    ...(seeded.oauth === undefined ? {} : { oauth: structuredClone(seeded.oauth) }),
    baseUrl: bases.business,
    dataBaseUrl: bases.data,
    authUrl: bases.auth,
  };
}

/**
 * `ACS_MOCK_VALIDATE_RESPONSES=1` (set by this repository's vitest config) checks every answer of every mock.
 * A runtime that guards the environment (Deno without --allow-env) throws on the read: then it is off.
 */
function validationByDefault(): boolean {
  try {
    return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.ACS_MOCK_VALIDATE_RESPONSES === '1';
  } catch {
    return false;
  }
}

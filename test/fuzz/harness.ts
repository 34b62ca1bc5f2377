/**
 * The mock under fuzz: one demo-seeded service, the records of each company discovered through the
 * contract's own list endpoints, a baseline snapshot restored between runs, and the checks every
 * answer must pass whatever was sent (MOCK-24).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { errorEnvelopeOfCode } from '../../src/contract/error-envelopes.js';
import { endpoints, ERROR_CODES, ErrorEnvelope, FILE_FORMATS, responseSchemaOf, type AnyEndpoint } from '../../src/contract/index.js';
import { createMockService, type MockService } from '../../mock-server/index.js';
import type { StoreSnapshot } from '../../mock-server/store/store.js';
import { fieldNamesOf, queryText, toJsonText, toQueryValue, validArbitrary, type PoolLookup } from './arbitraries.js';
import { seededRandomValues } from '../support/seeded-random.js';

// ---------------------------------------------------------------------------------------------
// Settings

/** Runs per property: `FUZZ_RUNS` (default 20). */
export const RUNS = positiveInt(process.env.FUZZ_RUNS, 20);
/** `FUZZ_SEED=<n>` replays one seed for every property; `FUZZ_SEED=random` draws a new one per run of the suite. */
const SEED_SETTING = process.env.FUZZ_SEED;
const RANDOM_BASE = SEED_SETTING === 'random' ? (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0 : 0;

function positiveInt(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Where the mock clock starts in the fuzz suites. */
export const FUZZ_NOW = '2026-11-20T09:00:00.000Z';

/** A seed per property, fixed by default (the suite is deterministic in `npm test`). */
export function seedFor(name: string): number {
  if (SEED_SETTING !== undefined && SEED_SETTING !== 'random' && SEED_SETTING !== '') return Number(SEED_SETTING) | 0;
  return (fnv(name) ^ RANDOM_BASE) | 0;
}

/** Time a property may take: generous, since FUZZ_RUNS may be large. */
export const timeoutFor = (runs: number): number => Math.max(30_000, runs * 400);

/**
 * Replaces `crypto.getRandomValues` (which the mock's ids, keys and tokens come from) with a seeded
 * generator, so a seed of fast-check replays the same records and the same cases.
 */
export function deterministicRandomValues(seed = 0x5eed): void {
  Object.defineProperty(globalThis.crypto, 'getRandomValues', { value: seededRandomValues(seed), configurable: true, writable: true });
}

export function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// ---------------------------------------------------------------------------------------------
// The contract, as the fuzzer reads it

/**
 * The endpoints fuzzed: every endpoint of the contract. `endpoints` holds HTTP endpoints only (the
 * WebSocket ones are declared apart, in src/contract/platform/stream.ts).
 */
export const httpEndpoints: AnyEndpoint[] = endpoints;

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `{customerId}` names of a path, in order. */
export const paramNames = (endpoint: AnyEndpoint): string[] => [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** A path with its placeholders replaced by already-encoded segments. */
export const fillPath = (template: string, segments: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? `{${name}}`);

/** `journal-entries` -> `journalEntry`: the resource name a field like `journalEntryId` refers to. */
export function resourceKey(segment: string): string {
  const camel = segment.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  if (camel.endsWith('ies')) return `${camel.slice(0, -3)}y`;
  if (camel.endsWith('sses')) return camel.slice(0, -2);
  if (camel.endsWith('s')) return camel.slice(0, -1);
  return camel;
}

/** The resource of a path: `/customers/{customerId}/contacts` -> `contact`. */
export const resourceOfPath = (path: string): string =>
  resourceKey(
    path
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .at(-1) ?? '',
  );

/** The list endpoint serving records at `template` (a GET list whose path is exactly it). */
export const listAt = (template: string): AnyEndpoint | undefined => {
  const at = (path: string) => httpEndpoints.find((e) => e.method === 'GET' && e.list && e.path === path);
  // The data-management API lists a collection by its `/query` (the internal e-invoice records have no plain list).
  return at(template) ?? (template.startsWith('/core2/') ? at(`${template}/query`) : undefined);
};

/** The paging parameter that sets a page's size. */
export const limitParam = (endpoint: AnyEndpoint): string => (endpoint.list?.paging === 'page' ? 'pageSize' : 'limit');

// ---------------------------------------------------------------------------------------------
// Requests and answers

export interface FuzzRequest {
  /** Encoded path segments by placeholder name. */
  params?: Record<string, string>;
  /** Query string without `?`. */
  search?: string;
  body?: string;
  contentType?: string | null;
  /** Overrides of the default headers (admin key on company A); null removes one. */
  headers?: Record<string, string | null>;
}

export interface Answer {
  status: number;
  text: string;
  json: unknown;
  contentType: string | null;
}

export interface Exchange {
  endpoint: AnyEndpoint;
  method: string;
  url: string;
  request: FuzzRequest;
  answer: Answer;
}

/** A record of a company as its list endpoint serves it. */
export type RecordData = Record<string, unknown> & { id?: string };

// ---------------------------------------------------------------------------------------------
// Prototypes and rows that nothing may change

const WATCHED_PROTOTYPES: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
];

type PrototypeState = Map<string, Map<PropertyKey, unknown>>;

function prototypeState(): PrototypeState {
  const state: PrototypeState = new Map();
  for (const [name, proto] of WATCHED_PROTOTYPES) {
    const props = new Map<PropertyKey, unknown>();
    for (const key of Reflect.ownKeys(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, key)!;
      props.set(key, 'value' in d ? d.value : [d.get, d.set]);
    }
    state.set(name, props);
  }
  return state;
}

const PROTOTYPES_AT_START = prototypeState();

/** What changed on the built-in prototypes since the suite loaded, or null. */
export function prototypeChanges(): string | null {
  const now = prototypeState();
  const changes: string[] = [];
  for (const [name, props] of now) {
    const before = PROTOTYPES_AT_START.get(name)!;
    for (const [key, value] of props) {
      if (!before.has(key)) changes.push(`${name} gained ${String(key)}`);
      else if (!sameDescriptorValue(before.get(key), value)) changes.push(`${name}.${String(key)} was replaced`);
    }
    for (const key of before.keys()) if (!props.has(key)) changes.push(`${name} lost ${String(key)}`);
  }
  return changes.length ? changes.join('; ') : null;
}

const sameDescriptorValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a[0] === b[0] && a[1] === b[1] : a === b;

/** Freezes a stored row and everything in it: rows are replaced on write, never changed in place (store/table.ts). */
function deepFreeze(value: unknown, seen = new Set<unknown>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value) || Object.isFrozen(value)) return;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  Object.freeze(value);
}

// ---------------------------------------------------------------------------------------------
// The target

interface CompanyView {
  id: string;
  /** Records of each parameterless list endpoint, by resource key (`customer`, `taxCode`, ...). */
  records: Map<string, RecordData[]>;
}

export interface FuzzTargetOptions {
  /** Create a record through the contract where a company has none of a kind (webhook subscriptions). */
  fillEmptyLists?: boolean;
  /** Create one more record through every create endpoint of company A (a draft to post, send or convert). */
  freshRecords?: boolean;
}

/**
 * A demo-seeded mock, its companies' records read through the contract, and a baseline the store
 * returns to between runs. Every stored row is frozen, so a change made outside the store's write
 * path throws (and answers 500) instead of slipping past the store's rollback.
 */
/**
 * A data-management record travels in a container (`{ bl_applet_audit_trail: {...} }`): the record is
 * inside, or its header when the container also holds lines (`bl_..._hdr` beside `bl_..._lines`).
 */
function unwrapContainer(item: RecordData): RecordData {
  const keys = Object.keys(item ?? {}).filter((key) => key.startsWith('bl_'));
  const key = keys.length === 1 ? keys[0] : keys.find((k) => k.endsWith('_hdr'));
  const inner = key !== undefined && keys.length === Object.keys(item ?? {}).length ? item[key] : undefined;
  return inner !== null && typeof inner === 'object' ? (inner as RecordData) : item;
}

export class FuzzTarget {
  readonly mock: MockService;
  readonly adminKey: string;
  /** The primary company (the one requests act on by default) and another. */
  readonly companyA: string;
  readonly companyB: string;
  /** Key of company A only (a test key the seed restricts to A). */
  readonly keyOfA: string;
  /** The seed's read-only key of company A (only `read:*` scopes). */
  readonly readOnlyKey: string;
  readonly companies = new Map<string, CompanyView>();
  #baseline!: StoreSnapshot;
  #dirty = false;
  readonly #tuples = new Map<string, Record<string, string>[]>();
  readonly #recordOfTuple = new Map<string, RecordData>();
  readonly #accepted = new Map<
    string,
    { accepted: ValidRequest[]; sample: fc.Arbitrary<ValidRequest>; tuples: Record<string, string>[] }
  >();
  readonly #cursors = new Map<string, string[]>();
  /**
   * The data-management API serves signed-in users, not API keys (AUD-1): the tenant owner's token on
   * the tenant surface, the platform administrator's on the platform one; issued before the baseline.
   */
  readonly #dataTokens: { tenant: string; platform: string };
  /** A signed-in user of company A alone holding a tenant audit trail code (the seed's read-only integration). */
  readonly dataTokenOfA: string;

  private constructor(mock: MockService) {
    this.mock = mock;
    const users = mock.credentials.oauth!.users;
    this.#dataTokens = { tenant: mock.signIn(users[0]!.id), platform: mock.signIn(users.find((u) => u.platformAdmin)!.id) };
    const { apiKey, companyId, companies } = mock.credentials;
    const userOfA = users.find(
      (u) => u.companyIds.length === 1 && u.companyIds[0] === companyId && u.permissionCodes.some((c) => c.startsWith('TNT_')),
    )!;
    this.dataTokenOfA = mock.signIn(userOfA.id);
    this.adminKey = apiKey;
    this.companyA = companyId;
    const other = companies.find((c) => c.id !== companyId);
    if (!other) throw new Error('the demo seed has one company; the fuzz suites need two');
    this.companyB = other.id;
    this.keyOfA = companies.find((c) => c.id === companyId)!.apiKey;
    this.readOnlyKey = mock.credentials.readOnlyApiKey;
    mock.store.onCommit((changes) => {
      for (const change of changes) deepFreeze(change.after);
    });
  }

  static async create(options: FuzzTargetOptions = {}): Promise<FuzzTarget> {
    // A fixed start: dates the fuzzer sends relate to "today" the same way on every run.
    const mock = createMockService({ seed: 'demo', now: FUZZ_NOW, logger: { error() {} } });
    const target = new FuzzTarget(mock);
    for (const rows of mock.store.snapshot().tables.values()) deepFreeze(rows);
    for (const company of [target.companyA, target.companyB]) {
      target.companies.set(company, { id: company, records: await target.#discover(company) });
    }
    if (options.fillEmptyLists) {
      for (const company of [target.companyA, target.companyB]) await target.#fillEmptyLists(company);
    }
    if (options.freshRecords) {
      await target.#addFreshRecords(target.companyA);
      target.companies.set(target.companyA, { id: target.companyA, records: await target.#discover(target.companyA) });
      target.#tuples.clear();
    }
    target.#baseline = mock.store.snapshot();
    return target;
  }

  // -------------------------------------------------------------------------------------------
  // Sending

  urlOf(endpoint: AnyEndpoint, params: Record<string, string> = {}, search = ''): string {
    const { baseUrl, dataBaseUrl, authUrl } = this.mock.credentials;
    const base = endpoint.api === 'data' ? dataBaseUrl : endpoint.api === 'auth' ? authUrl : baseUrl;
    return `${base.replace(/\/$/, '')}${fillPath(endpoint.path, params)}${search ? `?${search}` : ''}`;
  }

  async send(endpoint: AnyEndpoint, request: FuzzRequest = {}): Promise<Exchange> {
    const url = this.urlOf(endpoint, request.params, request.search);
    const headers: Record<string, string> = {};
    const data = endpoint.api === 'data';
    const dataToken = endpoint.path.startsWith('/core2/platform/') ? this.#dataTokens.platform : this.#dataTokens.tenant;
    const defaults: Record<string, string | null> = {
      authorization: `Bearer ${data ? dataToken : this.adminKey}`,
      'x-company-id': this.companyA,
      // The tenant of the data-management API is the company the request acts for.
      ...(data ? { 'x-tenant-code': request.headers?.['x-company-id'] ?? this.companyA } : {}),
      'content-type': request.body === undefined ? null : request.contentType === undefined ? 'application/json' : request.contentType,
      ...request.headers,
    };
    for (const [k, v] of Object.entries(defaults)) if (v !== null) headers[k] = v;
    const hasBody = request.body !== undefined && endpoint.method !== 'GET';
    const response = await this.mock.fetch(url, { method: endpoint.method, headers, body: hasBody ? request.body : undefined });
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    // Dot segments (`%2e%2e`) are resolved by the URL parser: the request may reach another endpoint.
    const routed = routedEndpoint(endpoint, new URL(url).pathname.replace(/(.)\/$/, '$1'), this.mock.credentials);
    return {
      endpoint: routed,
      method: endpoint.method,
      url,
      request,
      answer: { status: response.status, text, json, contentType: response.headers.get('content-type') },
    };
  }

  /** GET of a list as company `companyId` (admin key), `data` of the first page. */
  async list(
    endpoint: AnyEndpoint,
    companyId: string,
    params: Record<string, string> = {},
    query: Record<string, string> = {},
  ): Promise<{ data: RecordData[]; nextCursor: string | null }> {
    const search = new URLSearchParams({ [limitParam(endpoint)]: String(endpoint.list!.maxLimit), ...query }).toString();
    const { answer } = await this.send(endpoint, { params, search, headers: { 'x-company-id': companyId } });
    const body = answer.json as { data?: RecordData[]; pagination?: { nextCursor?: string | null } } | undefined;
    if (answer.status !== 200 || !Array.isArray(body?.data)) return { data: [], nextCursor: null };
    return { data: body.data.map(unwrapContainer), nextCursor: body.pagination?.nextCursor ?? null };
  }

  // -------------------------------------------------------------------------------------------
  // State

  /** The store as it is: tables (shared, frozen rows) and number sequences. */
  snapshot(): StoreSnapshot {
    return this.mock.store.snapshot();
  }

  /** Back to the baseline when the last run left anything behind. */
  restore(): void {
    if (!this.#dirty && !describeChange(this.#baseline, this.snapshot())) return;
    this.mock.store.restore(this.#baseline);
    this.#dirty = false;
  }

  markDirty(): void {
    this.#dirty = true;
  }

  // -------------------------------------------------------------------------------------------
  // Records of a company, through the contract

  async #discover(companyId: string): Promise<Map<string, RecordData[]>> {
    const records = new Map<string, RecordData[]>();
    for (const endpoint of httpEndpoints) {
      if (!endpoint.list || endpoint.method !== 'GET' || paramNames(endpoint).length) continue;
      records.set(resourceOfPath(endpoint.path), (await this.list(endpoint, companyId)).data);
    }
    return records;
  }

  /** Creates one record through `POST <list path>` where a company has none, from samples of the create body. */
  async #fillEmptyLists(companyId: string): Promise<void> {
    const view = this.companies.get(companyId)!;
    for (const endpoint of httpEndpoints) {
      if (!endpoint.list || endpoint.method !== 'GET' || paramNames(endpoint).length) continue;
      const key = resourceOfPath(endpoint.path);
      if (view.records.get(key)?.length) continue;
      const create = httpEndpoints.find(
        (e) =>
          e.method === 'POST' && !paramNames(e).length && e.body && (e.path === endpoint.path || e.path.startsWith(`${endpoint.path}/`)),
      );
      if (!create) {
        await this.#fillUnderParent(companyId, key);
        view.records.set(key, (await this.list(endpoint, companyId)).data);
        continue;
      }
      const samples = fc.sample(validArbitrary(create.body!, { pools: this.pools(companyId) }), { numRuns: 40, seed: fnv(create.id) | 0 });
      for (const body of samples) {
        const { answer } = await this.send(create, { body: toJsonText(body), headers: { 'x-company-id': companyId } });
        if (answer.status >= 200 && answer.status < 300) break;
      }
      view.records.set(key, (await this.list(endpoint, companyId)).data);
    }
    await this.#fillEmptyChildLists(companyId);
  }

  /** A list under one parent (an invoice's payments) empty under every parent gets one record, through its create on the first parent that takes one. */
  async #fillEmptyChildLists(companyId: string): Promise<void> {
    for (const endpoint of httpEndpoints) {
      if (!endpoint.list || endpoint.method !== 'GET' || paramNames(endpoint).length !== 1) continue;
      const create = httpEndpoints.find((e) => e.method === 'POST' && e.path === endpoint.path && e.body);
      if (!create) continue;
      const parents = await this.paramTuples(endpoint, companyId);
      this.#tuples.clear();
      const children = await Promise.all(
        parents.map(async (tuple) => (await this.list(endpoint, companyId, encodeAll(tuple))).data.length),
      );
      if (children.some((n) => n > 0)) continue;
      const samples = fc.sample(validArbitrary(create.body!, { pools: this.pools(companyId) }), {
        numRuns: 80,
        seed: fnv(`${create.id} child`) | 0,
      });
      created: for (const params of parents) {
        for (const body of samples) {
          const { answer } = await this.send(create, { params, body: toJsonText(body), headers: { 'x-company-id': companyId } });
          if (answer.status >= 200 && answer.status < 300) break created;
        }
      }
    }
  }

  /**
   * A record of a list made only under a parent (`POST /invoices/{invoiceId}/credit-notes` fills
   * `/credit-notes`): samples of the body on the company's parents, oldest first (they have moved
   * furthest: a paid invoice leaves credit to refund), until one is accepted.
   */
  async #fillUnderParent(companyId: string, key: string): Promise<void> {
    const view = this.companies.get(companyId)!;
    const create = httpEndpoints.find(
      (e) =>
        e.method === 'POST' &&
        e.body &&
        paramNames(e).length === 1 &&
        resourceOfPath(e.path) === key &&
        listAt(e.path.slice(0, e.path.indexOf('/{'))),
    );
    if (!create) return;
    const parents = [...(view.records.get(resourceOfPath(create.path.slice(0, create.path.indexOf('/{')))) ?? [])].reverse();
    const samples = fc.sample(validArbitrary(create.body!, { pools: this.pools(companyId, key) }), {
      numRuns: 40,
      seed: fnv(create.id) | 0,
    });
    for (const parent of parents) {
      for (const body of samples) {
        const params = { [paramNames(create)[0]]: String(parent.id) };
        const { answer } = await this.send(create, { params, body: toJsonText(body), headers: { 'x-company-id': companyId } });
        if (answer.status >= 200 && answer.status < 300) return;
      }
    }
  }

  /** One record through each `POST` on a collection (no path parameters), from samples of its body, so fresh drafts exist. */
  async #addFreshRecords(companyId: string): Promise<void> {
    for (const create of httpEndpoints) {
      if (create.method !== 'POST' || paramNames(create).length || !create.body || !listAt(create.path)) continue;
      const samples = fc.sample(validArbitrary(create.body, { pools: this.pools(companyId, resourceOfPath(create.path)) }), {
        numRuns: 60,
        seed: fnv(`${create.id} fresh`) | 0,
      });
      for (const body of samples) {
        const { answer } = await this.send(create, { body: toJsonText(body), headers: { 'x-company-id': companyId } });
        if (answer.status >= 200 && answer.status < 300) break;
      }
    }
  }

  /**
   * Real values for a field that names a record, by its name: `customerId` and `incomeAccountId` the
   * ids of customers and accounts, `taxCode` and `salesTaxCode` tax codes' `code`; `parentId` a
   * record of `own` (the endpoint's own resource).
   */
  pools(companyId: string, own?: string): PoolLookup {
    const view = this.companies.get(companyId)!;
    const keys = [...view.records.keys()].sort((a, b) => b.length - a.length);
    const seeded = this.#seedHints();
    return (field: string) => {
      if (seeded[field]?.length) return seeded[field];
      const lower = field.toLowerCase();
      if (lower === 'parentid' && own) return idsOf(view.records.get(own) ?? []);
      for (const key of keys) {
        const k = key.toLowerCase();
        if (lower.endsWith(`${k}id`)) return idsOf(view.records.get(key)!);
        if (lower.endsWith(k)) {
          const word = key.replace(/^.*([A-Z][a-z0-9]*)$/, '$1').toLowerCase();
          const values = view.records
            .get(key)!
            .map((r) => r[word])
            .filter((v): v is string => typeof v === 'string');
          if (values.length) return values.slice(0, 12);
        }
      }
      return [];
    };
  }

  /** Values the seed hands to its users (OAuth clients, their redirect URIs, the sandbox users), by the wire names that take them. */
  #seedHints(): Record<string, string[]> {
    const oauth = this.mock.credentials.oauth;
    if (!oauth) return {};
    return {
      client_id: [oauth.publicClient.clientId, oauth.confidentialClient.clientId],
      redirect_uri: [...oauth.publicClient.redirectUris, ...oauth.confidentialClient.redirectUris],
      login_hint: oauth.users.map((u) => u.email),
      scope: ['read:accounts', 'read:accounts write:accounts', 'read:invoices'],
    };
  }

  /**
   * Value tuples for an endpoint's path parameters, of records of `companyId`: each parameter from
   * the list endpoint at the path before it (`/customers/{customerId}/contacts` for `contactId`),
   * the record's field of the parameter's name (`code`) or its `id`.
   */
  async paramTuples(endpoint: AnyEndpoint, companyId: string): Promise<Record<string, string>[]> {
    const cacheKey = `${companyId} ${endpoint.path}`;
    const cached = this.#tuples.get(cacheKey);
    if (cached) return cached;
    let tuples: Record<string, string>[] = [{}];
    for (const name of paramNames(endpoint)) {
      const prefix = endpoint.path.slice(0, endpoint.path.indexOf(`/{${name}}`));
      const list = listAt(prefix);
      if (!list) {
        tuples = [];
        break;
      }
      const next: Record<string, string>[] = [];
      for (const tuple of tuples.slice(0, 6)) {
        const { data } = await this.list(list, companyId, encodeAll(tuple));
        for (const record of data.slice(0, tuples.length > 1 ? 8 : 40)) {
          const value = typeof record[name] === 'string' ? (record[name] as string) : record.id;
          if (typeof value !== 'string') continue;
          const full = { ...tuple, [name]: value };
          next.push(full);
          this.#recordOfTuple.set(`${companyId} ${JSON.stringify(full)}`, record);
        }
      }
      tuples = next;
    }
    this.#tuples.set(cacheKey, tuples);
    return tuples;
  }

  /** The record a tuple of `paramTuples` names last (the customer of `{customerId}`, the contact of `{customerId}/{contactId}`). */
  recordOf(companyId: string, tuple: Record<string, string>): RecordData | undefined {
    return this.#recordOfTuple.get(`${companyId} ${JSON.stringify(tuple)}`);
  }

  /**
   * Requests of an endpoint the mock accepts (below 400) for `companyId`, found by sampling valid-looking
   * requests: real path ids, queries as the list's spec allows, bodies from the contract's schema,
   * and for a write on a record, fields of the record as read. The store is back at its baseline after.
   */
  async acceptedRequests(
    endpoint: AnyEndpoint,
    companyId: string,
    max: number,
  ): Promise<{ accepted: ValidRequest[]; sample: fc.Arbitrary<ValidRequest>; tuples: Record<string, string>[] }> {
    const key = `${companyId} ${endpoint.id}`;
    const cached = this.#accepted.get(key);
    if (cached) return cached;
    const tuples = paramNames(endpoint).length ? await this.paramTuples(endpoint, companyId) : [{}];
    const options = { pools: this.pools(companyId, resourceOfPath(endpoint.path)), overrides: listOverrides(endpoint) };
    const params = tuples.length ? fc.constantFrom(...tuples) : fc.constant(fakeParams(endpoint));
    const query = endpoint.query ? validArbitrary(endpoint.query, options).map(queryPairs) : fc.constant([] as [string, string][]);
    const fresh: fc.Arbitrary<ValidRequest> = fc.record({
      params,
      query,
      body: hasBody(endpoint) ? validArbitrary(endpoint.body!, options) : fc.constant(undefined),
    });
    // A write on a record also tries what a caller most often sends: fields of the record as read.
    const echoes =
      hasBody(endpoint) && tuples.length && paramNames(endpoint).length ? this.#echoOfRecord(endpoint, companyId, tuples) : null;
    const sample = echoes ? fc.oneof(fresh, echoes) : fresh;

    const accepted: ValidRequest[] = [];
    // A fixed seed, FUZZ_SEED or not: the accepted requests are where properties start (and their examples).
    const candidates = fc.sample(sample, { numRuns: 80, seed: fnv(`${endpoint.id} valid`) | 0 });
    for (const candidate of candidates) {
      if (accepted.length >= max) break;
      this.restore();
      const { answer } = await this.send(endpoint, toRequest(candidate, { headers: { 'x-company-id': companyId } }));
      if (answer.status < 400) accepted.push(candidate);
    }
    this.restore();
    const result = { accepted, sample, tuples };
    this.#accepted.set(key, result);
    return result;
  }

  /** A body of some of the record's own fields as read (a PUT that sends back what it got). */
  #echoOfRecord(endpoint: AnyEndpoint, companyId: string, tuples: Record<string, string>[]): fc.Arbitrary<ValidRequest> {
    const fields = fieldNamesOf(endpoint.body);
    return fc.constantFrom(...tuples).chain((tuple) => {
      const record = this.recordOf(companyId, tuple) ?? {};
      const keys = fields.filter((f) => record[f] !== undefined && record[f] !== null);
      if (!keys.length) return fc.constant({ params: tuple, query: [] as [string, string][], body: {} });
      return fc
        .subarray(keys, { minLength: 1 })
        .map((picked) => ({ params: tuple, query: [] as [string, string][], body: Object.fromEntries(picked.map((k) => [k, record[k]])) }));
    });
  }

  /** `nextCursor`s a list issued to `companyId` (pages of one), for replay as forged input. */
  async cursors(endpoint: AnyEndpoint, companyId: string, params: Record<string, string> = {}): Promise<string[]> {
    const cacheKey = `${companyId} ${endpoint.id} ${JSON.stringify(params)}`;
    const cached = this.#cursors.get(cacheKey);
    if (cached) return cached;
    const out: string[] = [];
    if (endpoint.list?.paging === 'cursor') {
      let cursor: string | null = null;
      for (let i = 0; i < 3; i++) {
        const query: Record<string, string> = { [limitParam(endpoint)]: '1' };
        if (cursor) query.cursor = cursor;
        const search = new URLSearchParams(query).toString();
        const { answer } = await this.send(endpoint, { params: encodeAll(params), search, headers: { 'x-company-id': companyId } });
        cursor = (answer.json as { pagination?: { nextCursor?: string | null } } | undefined)?.pagination?.nextCursor ?? null;
        if (!cursor) break;
        out.push(cursor);
      }
    }
    this.#cursors.set(cacheKey, out);
    return out;
  }
}

/** The endpoint a resolved path reaches with the method of `sent` (itself when its template matches). */
function routedEndpoint(
  sent: AnyEndpoint,
  pathname: string,
  bases: { baseUrl: string; dataBaseUrl: string; authUrl: string },
): AnyEndpoint {
  const matches = (e: AnyEndpoint) => {
    const base = new URL(e.api === 'data' ? bases.dataBaseUrl : e.api === 'auth' ? bases.authUrl : bases.baseUrl).pathname.replace(
      /\/$/,
      '',
    );
    return new RegExp(`^${base}${e.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(pathname);
  };
  if (matches(sent)) return sent;
  return httpEndpoints.find((e) => e.method === sent.method && e.api === sent.api && matches(e)) ?? sent;
}

/** A request with real values: raw path values, query pairs and a plain body. */
export interface ValidRequest {
  params: Record<string, string>;
  query: [string, string][];
  body: unknown;
}

/** Whether an endpoint takes a request body. */
export const hasBody = (endpoint: AnyEndpoint): boolean => !!endpoint.body && endpoint.method !== 'GET';

/** Made-up ids where the contract offers no list of the records a path names. */
export const fakeParams = (endpoint: AnyEndpoint): Record<string, string> =>
  Object.fromEntries(paramNames(endpoint).map((name) => [name, `fuzz_${name}`]));

/** The wire form of a valid request, with `changes` on top. */
export function toRequest(v: ValidRequest, changes: Partial<FuzzRequest> = {}): FuzzRequest {
  return {
    params: encodeAll(v.params),
    search: queryText(v.query),
    ...(v.body === undefined ? {} : { body: toJsonText(v.body) }),
    ...changes,
  };
}

/** Paging, sort and search parameters of a list as a careful caller writes them (from the list's spec). */
export function listOverrides(endpoint: AnyEndpoint): Record<string, fc.Arbitrary<unknown>> {
  const list = endpoint.list;
  if (!list) return {};
  const size = fc.integer({ min: 1, max: list.maxLimit });
  return {
    sort: list.sort?.length
      ? fc.tuple(fc.constantFrom(...list.sort), fc.constantFrom('', ':asc', ':desc')).map(([f, d]) => f + d)
      : fc.constant(undefined),
    searchFields: list.search?.length
      ? fc.subarray([...list.search], { minLength: 1 }).map((fields) => fields.join(','))
      : fc.constant(undefined),
    cursor: fc.constant(undefined),
    limit: size,
    pageSize: size,
    pageNo: fc.integer({ min: 1, max: 3 }),
    offset: fc.integer({ min: 0, max: 20 }),
  };
}

export const idsOf = (records: RecordData[]): string[] =>
  records
    .map((r) => r.id)
    .filter((id): id is string => typeof id === 'string')
    .slice(0, 12);

export const encodeAll = (values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeURIComponent(v)]));

/** What differs between two store snapshots (a table's rows or a number sequence), or null. */
export function describeChange(before: StoreSnapshot, after: StoreSnapshot): string | null {
  const keys = new Set([...before.tables.keys(), ...after.tables.keys()]);
  for (const key of keys) {
    const a = before.tables.get(key) ?? [];
    const b = after.tables.get(key) ?? [];
    const table = key.replace('\u0000', ' / ');
    if (a.length !== b.length) return `table ${table}: ${a.length} rows -> ${b.length}`;
    const ids = new Map(a.map((row) => [row.id, row]));
    for (const row of b) {
      const old = ids.get(row.id);
      if (!old) return `table ${table}: new row ${row.id}`;
      if (old !== row) return `table ${table}: row ${row.id} rewritten`;
    }
  }
  const counters = new Set([...before.counters.keys(), ...after.counters.keys()]);
  for (const key of counters) {
    if (before.counters.get(key) !== after.counters.get(key)) {
      return `number sequence ${key.replace('\u0000', ' / ')}: ${before.counters.get(key)} -> ${after.counters.get(key)}`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Checks every answer must pass

const MAX_SHOWN = 600;
export const clip = (text: string, max = MAX_SHOWN): string =>
  text.length > max ? `${text.slice(0, max)}... (${text.length} chars)` : text;

/** The request and answer, readable, for a failure message. */
export function describeExchange(x: Exchange): string {
  const body = x.request.body === undefined ? '' : `\n  body: ${clip(JSON.stringify(x.request.body))}`;
  return `${x.method} ${clip(x.url, 400)}${body}\n  -> ${x.answer.status} ${x.answer.contentType ?? '(no content type)'} ${clip(x.answer.text)}`;
}

const errorSchemaCache = new WeakMap<AnyEndpoint, z.ZodType>();

/** What a refusal of this endpoint looks like: the spec's envelope, or the endpoint's own (RFC 6749 for OAuth). */
function errorSchemaOf(endpoint: AnyEndpoint): z.ZodType {
  let schema = errorSchemaCache.get(endpoint);
  if (!schema) errorSchemaCache.set(endpoint, (schema = endpoint.errorBody ?? ErrorEnvelope));
  return schema;
}

/** A refusal's code is in the catalogue (src/contract/errors.ts, decision PLAT-33), answered with its status. */
function catalogueProblems(status: number, code: string): string[] {
  const entry = (ERROR_CODES as Record<string, { status: number }>)[code];
  if (!entry) return [`refusal code ${code} is not in ERROR_CODES`];
  return entry.status === status ? [] : [`refusal code ${code} answered with ${status}, catalogued as ${entry.status}`];
}

/** A refusal whose code has a shared shape of details matches that shape's envelope, as docs/openapi.json declares it (PLAT-47). */
function shapeProblems(code: string, json: unknown): string[] {
  const parsed = errorEnvelopeOfCode(code)?.safeParse(json);
  if (!parsed || parsed.success) return [];
  return [`${code} details are not of their shape: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`];
}

/**
 * Problems of one exchange, whatever was sent: no 5xx; a refusal is JSON in the endpoint's error
 * format with a string code and message; a refused request changes no table and no number sequence;
 * no built-in prototype changes; a success fits the contract; the admin key is never echoed.
 */
export function universalProblems(x: Exchange, before: StoreSnapshot, after: StoreSnapshot, secrets: readonly string[]): string[] {
  const problems: string[] = [];
  const { status, text, json, contentType } = x.answer;
  if (status >= 500) problems.push(`status ${status}`);
  if (status >= 400) {
    if (!contentType || !/^application\/json\b/i.test(contentType)) problems.push(`refusal with content type ${contentType ?? 'none'}`);
    if (json === undefined) problems.push('refusal body is not JSON');
    else {
      const parsed = errorSchemaOf(x.endpoint).safeParse(json);
      if (!parsed.success)
        problems.push(
          `refusal body is not the error envelope: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      else if (!x.endpoint.errorBody) {
        const code = (json as { error: { code: string } }).error.code;
        problems.push(...catalogueProblems(status, code), ...shapeProblems(code, json));
      }
    }
    const change = describeChange(before, after);
    if (change) problems.push(`a refused request changed the store: ${change}`);
  } else if (status >= 200 && status < 300) {
    if (status === 204) {
      if (text !== '') problems.push('204 with a body');
    } else if (x.endpoint.file) {
      // A file answer (an e-invoice's XML or PDF) is its declared media type, not the envelope.
      if (!contentType?.startsWith(x.endpoint.file.mediaType)) problems.push(`file answer with content type ${contentType ?? 'none'}`);
    } else if (x.endpoint.files?.some((format) => contentType?.startsWith(FILE_FORMATS[format].mediaType.split(';')[0]))) {
      // A `format` the endpoint declares as a file (a report's CSV, a batch job's results): not the envelope.
    } else {
      const schema = responseSchemaOf(x.endpoint.id);
      const parsed = schema?.safeParse(json);
      if (json === undefined) problems.push('success body is not JSON');
      else if (parsed && !parsed.success)
        problems.push(
          `success body does not fit the contract: ${parsed.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.')}: ${i.message}`)
            .join('; ')}`,
        );
    }
  } else if (status !== 302 && status !== 303) {
    problems.push(`unexpected status ${status}`);
  }
  const polluted = prototypeChanges();
  if (polluted) problems.push(`prototype pollution: ${polluted}`);
  for (const secret of secrets) if (text.includes(secret)) problems.push('the answer echoes the API key');
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Counts

/** Statuses seen, by endpoint and property kind (printed by the long run). */
export class FuzzStats {
  readonly byEndpoint = new Map<string, Map<number, number>>();
  readonly byKind = new Map<string, number>();
  /** The first answer of 500 or more per endpoint. */
  readonly serverErrors = new Map<string, string>();
  cases = 0;

  record(endpointId: string, kind: string, status: number, x?: Exchange): void {
    this.cases++;
    if (status >= 500 && x && !this.serverErrors.has(endpointId)) this.serverErrors.set(endpointId, `${kind}: ${describeExchange(x)}`);
    let statuses = this.byEndpoint.get(endpointId);
    if (!statuses) this.byEndpoint.set(endpointId, (statuses = new Map()));
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
  }

  totals(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const statuses of this.byEndpoint.values()) for (const [status, n] of statuses) out[status] = (out[status] ?? 0) + n;
    return out;
  }

  toJSON(): unknown {
    return {
      endpoints: this.byEndpoint.size,
      cases: this.cases,
      statuses: this.totals(),
      byKind: Object.fromEntries(this.byKind),
      serverErrors: Object.fromEntries(this.serverErrors),
      byEndpoint: Object.fromEntries([...this.byEndpoint].map(([id, s]) => [id, Object.fromEntries(s)])),
    };
  }
}

/** Query pairs of a valid query object. */
export function queryPairs(query: unknown): [string, string][] {
  if (query === null || typeof query !== 'object') return [];
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    const text = toQueryValue(v);
    if (text !== null) out.push([k, text]);
  }
  return out;
}

// The mock under fuzz: one demo-seeded service and the records of each company discovered through the contract's lists. Part of the fuzz harness (../harness.ts).
import fc from 'fast-check';
import type { AnyEndpoint } from '../../../src/contract/index.js';
import { createMockService, type MockService } from '../../../mock-server/index.js';
import type { StoreSnapshot } from '../../../mock-server/store/store.js';
import { fieldNamesOf, toJsonText, validArbitrary, type PoolLookup } from '../arbitraries.js';
import { type Exchange, type FuzzRequest, type RecordData, deepFreeze } from './exchange.js';
import { FUZZ_NOW, fillPath, fnv, httpEndpoints, limitParam, listAt, paramNames, resourceOfPath } from './settings.js';
import {
  type ValidRequest,
  describeChange,
  encodeAll,
  fakeParams,
  hasBody,
  listOverrides,
  queryPairs,
  routedEndpoint,
  toRequest,
  unwrapContainer,
} from './requests.js';
import { recordPools, seedHints } from './requests.js';

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

  /** Real values for a field that names a record (see `recordPools`). */
  pools(companyId: string, own?: string): PoolLookup {
    return recordPools(this.companies.get(companyId)!.records, seedHints(this.mock.credentials), own);
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

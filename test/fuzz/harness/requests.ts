// Valid requests and what a request changed. Part of the fuzz harness (../harness.ts).
import fc from 'fast-check';
import type { AnyEndpoint } from '../../../src/contract/index.js';
import type { StoreSnapshot } from '../../../mock-server/store/store.js';
import type { MockService } from '../../../mock-server/index.js';
import { queryText, toJsonText, toQueryValue, type PoolLookup } from '../arbitraries.js';
import type { FuzzRequest, RecordData } from './exchange.js';
import { httpEndpoints, paramNames } from './settings.js';

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

/**
 * A data-management record travels in a container (`{ bl_applet_audit_trail: {...} }`): the record is
 * inside, or its header when the container also holds lines (`bl_..._hdr` beside `bl_..._lines`).
 */
export function unwrapContainer(item: RecordData): RecordData {
  const keys = Object.keys(item ?? {}).filter((key) => key.startsWith('bl_'));
  const key = keys.length === 1 ? keys[0] : keys.find((k) => k.endsWith('_hdr'));
  const inner = key !== undefined && keys.length === Object.keys(item ?? {}).length ? item[key] : undefined;
  return inner !== null && typeof inner === 'object' ? (inner as RecordData) : item;
}

/** The endpoint a resolved path reaches with the method of `sent` (itself when its template matches). */
export function routedEndpoint(
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

/**
 * Real values for a field that names a record, by its name: `customerId` and `incomeAccountId` the
 * ids of customers and accounts, `taxCode` and `salesTaxCode` tax codes' `code`; `parentId` a
 * record of `own` (the endpoint's own resource).
 */
export function recordPools(records: Map<string, RecordData[]>, seeded: Record<string, string[]>, own?: string): PoolLookup {
  const keys = [...records.keys()].sort((a, b) => b.length - a.length);
  return (field: string) => {
    if (seeded[field]?.length) return seeded[field];
    const lower = field.toLowerCase();
    if (lower === 'parentid' && own) return idsOf(records.get(own) ?? []);
    for (const key of keys) {
      const k = key.toLowerCase();
      if (lower.endsWith(`${k}id`)) return idsOf(records.get(key)!);
      if (lower.endsWith(k)) {
        const word = key.replace(/^.*([A-Z][a-z0-9]*)$/, '$1').toLowerCase();
        const values = records
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
export function seedHints(credentials: MockService['credentials']): Record<string, string[]> {
  const oauth = credentials.oauth;
  if (!oauth) return {};
  return {
    client_id: [oauth.publicClient.clientId, oauth.confidentialClient.clientId],
    redirect_uri: [...oauth.publicClient.redirectUris, ...oauth.confidentialClient.redirectUris],
    login_hint: oauth.users.map((u) => u.email),
    scope: ['read:accounts', 'read:accounts write:accounts', 'read:invoices'],
  };
}

/**
 * Tenant isolation, swept over the contract (MOCK-24). The demo seed has two companies,
 * A and B; the records of each are found through the contract's own list endpoints. For every
 * endpoint:
 * - with an id in its path: company A asking for company B's record gets 404, exactly what a made-up
 *   id gets, with nothing of B's record in the answer and nothing changed;
 * - with credentials: a key of company A alone, sent with B's X-Company-Id, gets 403;
 * - with a query parameter or filter naming a record (`customerId`): B's id finds nothing;
 * - with a body field naming a record: a write of A naming B's record is refused and stores nothing.
 * Nothing here names a module: an endpoint added to the contract is swept as it is declared.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEndpoint } from '../../src/contract/index.js';
import { fieldNamesOf, fromPlain, queryText, toJsonText, updateAt, validArbitrary, type Path } from './arbitraries.js';
import {
  clip,
  describeChange,
  describeExchange,
  deterministicRandomValues,
  encodeAll,
  FuzzTarget,
  hasBody,
  httpEndpoints,
  paramNames,
  resourceOfPath,
  toRequest,
  universalProblems,
  type Exchange,
  type FuzzRequest,
  type RecordData,
  type ValidRequest,
} from './harness.js';
import { knownGaps } from './known-gaps.js';

vi.stubGlobal('fetch', async () => new Response('ok', { status: 200 }));
deterministicRandomValues(0x7e4a47);

let target: FuzzTarget;
let A: string;
let B: string;
/** Text of company A's records: a string of B's that A's records also hold identifies nothing. */
let textOfA: Set<string>;

beforeAll(async () => {
  target = await FuzzTarget.create({ fillEmptyLists: true });
  A = target.companyA;
  B = target.companyB;
  textOfA = new Set([...target.companies.get(A)!.records.values()].flatMap((records) => records.flatMap(stringsOf)));
}, 60_000);

/** Requests each sweep sent (printed with FUZZ_REPORT). */
const sent = { foreignPathIds: 0, otherCompanysKey: 0, foreignFilterIds: 0, foreignBodyIds: 0 };

afterAll(() => {
  if (!process.env.FUZZ_REPORT) return;
  console.log(`tenant sweep: ${JSON.stringify(sent)}${unswept.length ? `; body sweep skipped ${unswept.join(', ')}` : ''}`);
});

// ---------------------------------------------------------------------------------------------
// What identifies a record of B

const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

/** Every string in a value, nested ones too. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** Strings of B's records that only B has (names, numbers, e-mails): none may reach an answer to A. */
function identifying(records: RecordData[], sent: readonly string[]): string[] {
  return [...new Set(records.flatMap(stringsOf))].filter(
    (s) => s.length >= 5 && !sent.includes(s) && !textOfA.has(s) && !ISO_TIME.test(s) && !s.startsWith('https://'),
  );
}

function leaks(x: Exchange, strings: readonly string[]): string | null {
  const found = strings.filter((s) => x.answer.text.includes(s));
  return found.length
    ? `the answer carries company B's ${found
        .slice(0, 5)
        .map((s) => JSON.stringify(clip(s, 60)))
        .join(', ')}`
    : null;
}

/** The records of B a tuple of path values names (the parent and the child). */
function recordsNamed(tuple: Record<string, string>): RecordData[] {
  const names = Object.keys(tuple);
  return names
    .map((_, i) => target.recordOf(B, Object.fromEntries(names.slice(0, i + 1).map((n) => [n, tuple[n]]))))
    .filter((r): r is RecordData => !!r);
}

/** The error code of an answer, or its status when it is not the envelope. */
const codeOf = (x: Exchange): string =>
  (x.answer.json as { error?: { code?: string } } | undefined)?.error?.code ?? `status ${x.answer.status}`;

/** Sends, checks the universal properties, restores the baseline; returns the exchange and what went wrong. */
async function probe(endpoint: AnyEndpoint, request: FuzzRequest): Promise<{ x: Exchange; problems: string[] }> {
  target.restore();
  const before = target.snapshot();
  const x = await target.send(endpoint, request);
  const after = target.snapshot();
  const problems = universalProblems(x, before, after, [target.adminKey, target.keyOfA]);
  if (x.answer.status < 400 && describeChange(before, after)) target.markDirty();
  target.restore();
  return { x, problems };
}

/** A body the endpoint accepts for A (so a refusal of B's id is about the id), or `{}`. */
async function bodyFor(endpoint: AnyEndpoint): Promise<ValidRequest | null> {
  const { accepted } = await target.acceptedRequests(endpoint, A, 1);
  return accepted[0] ?? null;
}

/** Write endpoints the body sweep sent nothing to (no accepted body of A, or no field naming a record), shown skipped. */
const unswept: string[] = [];

function report(failures: string[]): void {
  expect(failures, failures.join('\n\n')).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// The sweeps

/** An id of the same form that names nothing: a prefixed id with a zero body, or the nil-like UUID for a guid. */
const unknownIdLike = (id: string): string =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? '00000000-0000-4000-8000-000000000000'
    : `${id.replace(/_.*/, '')}_0000000000000000`;

// The platform surface of the data-management API reads across tenants by design (spec document 3): not swept.
const tenantScoped = (e: AnyEndpoint) => !e.path.startsWith('/core2/platform/');
// A path value from a closed set (`/batch/templates/excel/{entity}`) names no company's record: not swept.
const namesRecords = (e: AnyEndpoint) =>
  paramNames(e).some(
    (name) =>
      (e.params as unknown as { shape?: Record<string, { _zod: { def: { type: string } } }> } | undefined)?.shape?.[name]?._zod.def.type !==
      'enum',
  );
const withPathIds = httpEndpoints.filter((e) => e.auth && paramNames(e).length > 0 && namesRecords(e) && tenantScoped(e));
const authenticated = httpEndpoints.filter((e) => e.auth && tenantScoped(e));

describe('tenant isolation, for every endpoint of the contract', () => {
  describe("company A asking for company B's record by id: 404, as for an unknown id, and nothing of B", () => {
    for (const endpoint of withPathIds) {
      const gap = knownGaps('foreign path ids', endpoint.id).find((g) => !g.skip);
      (gap ? it.fails : it)(`${endpoint.id} (${endpoint.method} ${endpoint.path})`, async () => {
        const tuplesB = await target.paramTuples(endpoint, B);
        const tuplesA = await target.paramTuples(endpoint, A);
        expect(tuplesB.length, `no record of company B found for ${endpoint.path} through the contract's lists`).toBeGreaterThan(0);
        const valuesOfA = new Set(tuplesA.flatMap((t) => Object.values(t)));
        // A body A's data accepts, else one the contract accepts: the answer is then about the id, not the body.
        const valid =
          (await bodyFor(endpoint))?.body ??
          (endpoint.body ? fc.sample(validArbitrary(endpoint.body, { pools: target.pools(A) }), { numRuns: 1, seed: 7 })[0] : undefined);
        const body = hasBody(endpoint) ? toJsonText(valid ?? {}) : undefined;
        const failures: string[] = [];
        let swept = 0;
        for (const tuple of tuplesB.slice(0, 4)) {
          // A value both companies use (a tax code) is no foreign id.
          if (Object.values(tuple).every((v) => valuesOfA.has(v))) continue;
          const variants: [string, Record<string, string>][] = [["B's ids", tuple]];
          // A's parent with B's child: the child must not be reachable through A's parent either.
          const names = paramNames(endpoint);
          if (names.length > 1 && tuplesA[0])
            variants.push(["A's parent, B's child", { ...tuplesA[0], [names.at(-1)!]: tuple[names.at(-1)!] }]);
          for (const [what, values] of variants) {
            swept++;
            const unknown = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, valuesOfA.has(v) ? v : unknownIdLike(v)]));
            const { x, problems } = await probe(endpoint, { params: encodeAll(values), body });
            const { x: control } = await probe(endpoint, { params: encodeAll(unknown), body });
            sent.foreignPathIds += 2;
            if (x.answer.status !== 404) problems.push(`expected 404, got ${x.answer.status}`);
            if (codeOf(x) !== codeOf(control)) problems.push(`answers ${codeOf(x)} where an unknown id answers ${codeOf(control)}`);
            const leak = leaks(x, identifying(recordsNamed(tuple), Object.values(values)));
            if (leak) problems.push(leak);
            if (problems.length) failures.push(`${what}: ${problems.join('; ')}\n${describeExchange(x)}`);
          }
        }
        if (swept === 0) {
          // Every value of B is also one of A's (tax codes go by code in both companies): A's own record answers.
          const { x, problems } = await probe(endpoint, { params: encodeAll(tuplesB[0]), body });
          const id = (x.answer.json as { data?: { id?: unknown } } | undefined)?.data?.id;
          const ofB = recordsNamed(tuplesB[0]).map((r) => r.id);
          if (x.answer.status < 400 && ofB.includes(id as string)) problems.push(`answers company B's record ${String(id)}`);
          if (problems.length) failures.push(`a value both companies use: ${problems.join('; ')}\n${describeExchange(x)}`);
        }
        report(failures);
      });
    }
  });

  describe("a key of company A alone, with company B's X-Company-Id: 403", () => {
    for (const endpoint of authenticated) {
      it(`${endpoint.id} (${endpoint.method} ${endpoint.path})`, async () => {
        // The data-management API: a signed-in user of A alone, with B's tenant code (the harness sends X-Company-Id as X-Tenant-Code).
        const data = endpoint.api === 'data';
        const expected = data ? 'CLIENT_AUTH_USER_NOT_AUTHORIZED' : 'FORBIDDEN';
        const tuplesB = paramNames(endpoint).length ? await target.paramTuples(endpoint, B) : [{}];
        const valid = await bodyFor(endpoint);
        const request: FuzzRequest = {
          ...toRequest({ params: tuplesB[0] ?? {}, query: valid?.query ?? [], body: hasBody(endpoint) ? (valid?.body ?? {}) : undefined }),
          headers: { authorization: `Bearer ${data ? target.dataTokenOfA : target.keyOfA}`, 'x-company-id': B },
        };
        const { x, problems } = await probe(endpoint, request);
        sent.otherCompanysKey++;
        if (x.answer.status !== 403 || codeOf(x) !== expected)
          problems.push(`expected 403 ${expected}, got ${x.answer.status} ${codeOf(x)}`);
        const leak = leaks(x, identifying(tuplesB[0] ? recordsNamed(tuplesB[0]) : [], Object.values(tuplesB[0] ?? {})));
        if (leak) problems.push(leak);
        report(problems.length ? [`${problems.join('; ')}\n${describeExchange(x)}`] : []);
      });
    }
  });

  describe('a key with only read scopes: every write that stores or sends is 403 and changes nothing', () => {
    // Writes declaring a write scope (or admin); the reads sent by POST keep `read:reports` (test/contract/scopes.test.ts).
    const writes = authenticated.filter(
      (e) => e.api !== 'data' && e.method !== 'GET' && e.scope !== undefined && !e.scope.startsWith('read:'),
    );
    for (const endpoint of writes) {
      it(`${endpoint.id} (${endpoint.method} ${endpoint.path}) needs ${endpoint.scope}`, async () => {
        const tuplesA = paramNames(endpoint).length ? await target.paramTuples(endpoint, A) : [{}];
        const valid = await bodyFor(endpoint);
        const request: FuzzRequest = {
          ...toRequest({ params: tuplesA[0] ?? {}, query: valid?.query ?? [], body: hasBody(endpoint) ? (valid?.body ?? {}) : undefined }),
          headers: { authorization: `Bearer ${target.readOnlyKey}`, 'x-company-id': A },
        };
        const { x, problems } = await probe(endpoint, request);
        const details = (x.answer.json as { error?: { details?: unknown } } | undefined)?.error?.details;
        const required = (Array.isArray(details) ? details[0] : details) as { required_scope?: unknown } | undefined;
        if (x.answer.status !== 403 || codeOf(x) !== 'FORBIDDEN')
          problems.push(`expected 403 FORBIDDEN, got ${x.answer.status} ${codeOf(x)}`);
        else if (required?.required_scope !== endpoint.scope)
          problems.push(`names required_scope ${String(required?.required_scope)}, not ${endpoint.scope}`);
        report(problems.length ? [`${problems.join('; ')}\n${describeExchange(x)}`] : []);
      });
    }
  });

  describe("a query parameter or filter naming company B's record finds nothing of it", () => {
    const named = httpEndpoints
      .filter((e) => e.auth && e.method === 'GET')
      .map((e) => ({
        endpoint: e,
        names: [...new Set([...fieldNamesOf(e.query), ...Object.keys(e.list?.filters ?? {})])].filter((n) => /Id$/.test(n)),
      }))
      .filter(({ names }) => names.length > 0);
    for (const { endpoint, names } of named) {
      it(`${endpoint.id}: ${names.join(', ')}`, async ({ skip }) => {
        // A parameter naming a kind of record neither company has (`departmentId`: journal lines carry no department) cannot be swept.
        const resourceOf = resourceOfPath(endpoint.path);
        if (names.every((name) => target.pools(A, resourceOf)(name).length === 0 && target.pools(B, resourceOf)(name).length === 0)) skip();
        const tuplesA = paramNames(endpoint).length ? await target.paramTuples(endpoint, A) : [{}];
        const params = encodeAll(tuplesA[0] ?? {});
        const failures: string[] = [];
        let swept = 0;
        for (const name of names) {
          const resource = resourceOfPath(endpoint.path);
          const own = new Set(target.pools(A, resource)(name));
          const foreign = target
            .pools(
              B,
              resource,
            )(name)
            .filter((v) => !own.has(v))
            .slice(0, 3);
          for (const value of foreign) {
            swept++;
            const { x, problems } = await probe(endpoint, { params, search: queryText([[name, value]]) });
            const { x: control } = await probe(endpoint, { params, search: queryText([[name, unknownIdLike(value)]]) });
            sent.foreignFilterIds += 2;
            const data = (x.answer.json as { data?: unknown } | undefined)?.data;
            const controlData = (control.answer.json as { data?: unknown } | undefined)?.data;
            if (x.answer.status !== control.answer.status || codeOf(x) !== codeOf(control)) {
              problems.push(
                `answers ${x.answer.status} ${codeOf(x)} where an unknown id answers ${control.answer.status} ${codeOf(control)}`,
              );
            } else if (x.answer.status === 200 && JSON.stringify(data) !== JSON.stringify(controlData)) {
              problems.push(`data differs from the answer for an unknown id: ${clip(JSON.stringify(data), 300)}`);
            }
            const records = [...target.companies.get(B)!.records.values()].flat().filter((r) => r.id === value);
            const leak = leaks(x, identifying(records, [value]));
            if (leak) problems.push(leak);
            if (problems.length) failures.push(`${name}=${value}: ${problems.join('; ')}\n${describeExchange(x)}`);
          }
        }
        expect(swept, `company B has no record for ${names.join(', ')}`).toBeGreaterThan(0);
        report(failures);
      });
    }
  });

  describe("a write of company A naming company B's record in its body is refused and stores nothing", () => {
    const writes = httpEndpoints.filter((e) => e.auth && hasBody(e));
    for (const endpoint of writes) {
      it(`${endpoint.id} (${endpoint.method} ${endpoint.path})`, async ({ skip }) => {
        const valid = await bodyFor(endpoint);
        const ownPools = target.pools(A, resourceOfPath(endpoint.path));
        const foreignPools = target.pools(B, resourceOfPath(endpoint.path));
        // No body of A's is accepted: a refusal would say nothing about B's ids (listed in the report of the run).
        if (!valid) {
          unswept.push(`${endpoint.id} (no accepted body of A)`);
          return skip();
        }
        // Fields of the accepted body that name a record of A, by their path, each with a record of B's in its place.
        const references = idFields(valid.body)
          .filter(({ field, value }) => ownPools(field).includes(value))
          .map(({ path, field }) => {
            const own = new Set(ownPools(field));
            return { path, field, foreign: foreignPools(field).find((v) => !own.has(v)) };
          })
          .filter((r): r is { path: Path; field: string; foreign: string } => r.foreign !== undefined);
        if (!references.length) {
          unswept.push(`${endpoint.id} (no field naming a record of A has one of B's to swap in)`);
          return skip();
        }
        const failures: string[] = [];
        for (const { path, field, foreign } of references) {
          const body = toJsonText(updateAt(fromPlain(valid.body), path, () => foreign));
          const { x, problems } = await probe(endpoint, toRequest(valid, { body }));
          sent.foreignBodyIds++;
          const results = (x.answer.json as { data?: { results?: { index: number; success: boolean }[] } } | undefined)?.data?.results;
          const batchItemFailed =
            Array.isArray(results) && typeof path[1] === 'number' && results.find((r) => r.index === path[1])?.success === false;
          if (x.answer.status < 400 && !batchItemFailed) problems.push(`accepted (${x.answer.status}) a body naming company B's ${field}`);
          const records = [...target.companies.get(B)!.records.values()]
            .flat()
            .filter((r) => r.id === foreign || Object.values(r).includes(foreign));
          const leak = leaks(x, identifying(records, [foreign]));
          if (leak) problems.push(leak);
          if (problems.length) failures.push(`${JSON.stringify(path)} = B's ${foreign}: ${problems.join('; ')}\n${describeExchange(x)}`);
        }
        report(failures);
      });
    }
  });
});

/** String leaves of a body whose field names a record (`customerId`, `lines[0].accountId`, `taxCode`). */
function idFields(body: unknown, path: Path = [], field = ''): { path: Path; field: string; value: string }[] {
  if (typeof body === 'string') return /(Id|Code)$/.test(field) ? [{ path, field, value: body }] : [];
  if (Array.isArray(body)) return body.flatMap((item, i) => idFields(item, [...path, i], field));
  if (body !== null && typeof body === 'object') return Object.entries(body).flatMap(([k, v]) => idFields(v, [...path, k], k));
  return [];
}

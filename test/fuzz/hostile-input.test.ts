/**
 * Hostile input, driven by the contract (MOCK-24). For every HTTP endpoint the contract
 * declares, fast-check sends hostile path ids, queries and bodies, fully random or one mutation away
 * from a request the mock accepted, with valid credentials; each answer must pass the universal
 * checks of harness.ts (no 5xx, the error envelope, a refusal changes nothing, no prototype
 * pollution, a success fits the contract). Targeted properties pin the behaviour of single cases
 * (deep JSON, echoed values, money bounds, `limit` forms, cursors, ...).
 *
 * A new endpoint is covered by declaring it: nothing here names a module. `FUZZ_RUNS` raises the
 * runs per property, `FUZZ_SEED` replays a seed (or `random`), `FUZZ_REPORT=<file>` writes the counts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints, FILTER_OPERATORS, type AnyEndpoint } from '../../src/contract/index.js';
import {
  addEntryAt,
  dateQueryParams,
  declaredMaxLength,
  declaresPath,
  fieldPaths,
  forgedCursor,
  fromPlain,
  fieldNamesOf,
  fullArbitrary,
  hostileBody,
  hostileQuery,
  hostileSegment,
  moneyPaths,
  mutated,
  nested,
  pathsOf,
  PROTOTYPE_KEYS,
  queryKey,
  queryText,
  queryValue,
  raw,
  schemaHasField,
  schemaHasMoney,
  toJsonText,
  updateAt,
  type Path,
} from './arbitraries.js';
import {
  clip,
  describeChange,
  deterministicRandomValues,
  encodeAll,
  describeExchange,
  FuzzStats,
  FuzzTarget,
  hasBody,
  httpEndpoints,
  idsOf,
  limitParam,
  paramNames,
  resourceOfPath,
  RUNS,
  seedFor,
  timeoutFor,
  toRequest,
  universalProblems,
  WRITE_METHODS,
  type Exchange,
  type FuzzRequest,
  type ValidRequest,
} from './harness.js';
import {
  CANARY_VARIANTS,
  canaryCase,
  canaryExamples,
  canaryLeak,
  canaryPlaces,
  followJob,
  type CanaryCase,
  type CanaryChoice,
} from './canaries.js';
import { ledgerBalances, listsStillServe, readsBack } from './invariants.js';
import { knownGaps, type KnownGap } from './known-gaps.js';

// Webhook deliveries of subscriptions the fuzzer creates must not reach the network.
vi.stubGlobal('fetch', async () => new Response('ok', { status: 200 }));
// Ids from a seeded generator: the same records, order and cases on every run of the suite.
deterministicRandomValues();

/** Runs of a targeted property: its inputs come from short lists, so fewer runs cover them. */
const TARGETED_RUNS = Math.max(6, Math.ceil(RUNS / 2));

let target: FuzzTarget;
const stats = new FuzzStats();

beforeAll(async () => {
  target = await FuzzTarget.create({ fillEmptyLists: true, freshRecords: true });
}, 60_000);

afterAll(() => {
  const report = process.env.FUZZ_REPORT;
  if (!report) return;
  const summary = { runsPerProperty: RUNS, targetedRuns: TARGETED_RUNS, ...(stats.toJSON() as object), unreached: [...unreached].sort() };
  mkdirSync(dirname(report), { recursive: true });
  writeFileSync(report, JSON.stringify(summary, null, 2));
  console.log(
    `fuzz: ${stats.byEndpoint.size} endpoints, ${stats.cases} cases, statuses ${JSON.stringify(stats.totals())}; report in ${report}`,
  );
});

// ---------------------------------------------------------------------------------------------
// Per endpoint: requests the mock accepts, and real ids and cursors

interface EndpointContext {
  /** Requests the mock answered below 400 (none when no sample got through). */
  accepted: ValidRequest[];
  /** Accepted requests, or unverified samples where none was accepted. */
  base: fc.Arbitrary<ValidRequest>;
  bodyFields: string[];
  /** Real cursors of this list, of company A and of company B. */
  cursors: string[];
  /** The cursors company A's list issued (valid for A). */
  ownCursors: string[];
  /** Ids of records of every kind, of both companies. */
  otherIds: string[];
}

const contexts = new Map<string, Promise<EndpointContext>>();
/** Endpoints no valid-looking sample got through (their handlers are reached by refusals only). */
const unreached = new Set<string>();

function contextOf(endpoint: AnyEndpoint): Promise<EndpointContext> {
  let context = contexts.get(endpoint.id);
  if (!context) contexts.set(endpoint.id, (context = buildContext(endpoint)));
  return context;
}

async function buildContext(endpoint: AnyEndpoint): Promise<EndpointContext> {
  const A = target.companyA;
  const { accepted, sample, tuples } = await target.acceptedRequests(endpoint, A, 8);
  if (!accepted.length) unreached.add(endpoint.id);

  const cursors: string[] = [];
  const ownCursors: string[] = [];
  if (endpoint.list?.paging === 'cursor') {
    const first = accepted[0]?.params ?? tuples[0] ?? {};
    ownCursors.push(...(await target.cursors(endpoint, A, first)));
    cursors.push(...ownCursors);
    const tuplesB = paramNames(endpoint).length ? await target.paramTuples(endpoint, target.companyB) : [{}];
    if (tuplesB[0]) cursors.push(...(await target.cursors(endpoint, target.companyB, tuplesB[0])));
  }
  const otherIds = [...target.companies.values()].flatMap((c) => [...c.records.values()].flatMap((records) => idsOf(records).slice(0, 2)));
  return {
    accepted,
    base: accepted.length ? fc.constantFrom(...accepted) : sample,
    bodyFields: fieldNamesOf(endpoint.body),
    cursors,
    ownCursors,
    otherIds,
  };
}

// ---------------------------------------------------------------------------------------------
// The runner

/** One generated request, and what it must get beyond the universal checks. */
interface Case {
  label: string;
  request: FuzzRequest;
  expect?: (x: Exchange) => string | null;
  /** A canary secret the case planted: what a job the request started must not show either. */
  canary?: Pick<CanaryCase, 'canary' | 'strict'>;
}

/** Cases print as their label and request (fast-check shows counterexamples with it). */
function withPrinting(c: Case): Case {
  const { params, search, body, contentType } = c.request;
  const shown = [
    params && Object.keys(params).length ? `params ${clip(JSON.stringify(params), 300)}` : '',
    search ? `query ${clip(search, 300)}` : '',
    body === undefined ? '' : `body ${clip(JSON.stringify(body), 400)}`,
    contentType === undefined ? '' : `content-type ${JSON.stringify(contentType)}`,
  ].filter(Boolean);
  return Object.assign(c, { [fc.toStringMethod]: () => `${c.label} [${shown.join(', ')}]` });
}

interface Kind {
  name: string;
  targeted?: boolean;
  applies(endpoint: AnyEndpoint): boolean;
  cases(endpoint: AnyEndpoint, ctx: EndpointContext): fc.Arbitrary<Case>;
  /**
   * Cases run before the generated ones, whatever the seed: one per place a targeted property can
   * put its input, so that whether it holds does not depend on which places a seed happens to draw.
   */
  examples?(endpoint: AnyEndpoint, ctx: EndpointContext): Case[];
  /** Further requests after the first answer passed its checks (what the first left must hold). */
  repeat?(endpoint: AnyEndpoint, c: Case, first: Exchange): Promise<string[]>;
}

async function runKind(endpoint: AnyEndpoint, kind: Kind, runs: number, gaps: KnownGap[]): Promise<void> {
  const ctx = await contextOf(endpoint);
  const known = gaps.some((gap) => !gap.skip);
  // A targeted property keeps every input: its own known gap, if any, is listed without `skip`.
  const skips = kind.targeted ? [] : gaps.flatMap((gap) => (gap.skip ? [gap.skip] : []));
  const property = fc.asyncProperty(kind.cases(endpoint, ctx).map(withPrinting), async (c) => {
    fc.pre(!skips.some((skip) => skip(c.request)));
    target.restore();
    const { x, problems } = await sendAndCheck(endpoint, kind.name, c);
    if (kind.repeat && !problems.length) problems.push(...(await kind.repeat(endpoint, c, x)));
    target.restore();
    if (problems.length) throw new Error(`${c.label}: ${problems.join('; ')}\n${describeExchange(x)}`);
  });
  // A known gap fails at once; shrinking it would only cost time.
  const examples = (kind.examples?.(endpoint, ctx) ?? []).map((c) => [withPrinting(c)] as [Case]);
  await fc.assert(property, {
    numRuns: runs,
    seed: seedFor(`${endpoint.id} ${kind.name}`),
    endOnFailure: known,
    includeErrorInReport: true,
    maxSkipsPerRun: 100,
    examples,
  });
}

/**
 * Sends one case and applies every check: the universal ones, the case's own, and after an accepted
 * write the invariants (the record reads back, every list serves, the ledger balances).
 */
async function sendAndCheck(endpoint: AnyEndpoint, kind: string, c: Case): Promise<{ x: Exchange; problems: string[] }> {
  const before = target.snapshot();
  const x = await target.send(endpoint, c.request);
  const after = target.snapshot();
  stats.record(endpoint.id, kind, x.answer.status, x);
  const problems = universalProblems(x, before, after, [target.adminKey]);
  const expected = c.expect?.(x);
  if (expected) problems.push(expected);
  if (x.answer.status < 400 && describeChange(before, after)) {
    target.markDirty();
    if (WRITE_METHODS.has(endpoint.method)) {
      problems.push(...(await readsBack(target, x)), ...(await listsStillServe(target)), ...(await ledgerBalances(target)));
    }
  }
  return { x, problems };
}

let idempotencyCounter = 0;

const codeOfAnswer = (x: Exchange): string => String((x.answer.json as { error?: { code?: unknown } } | undefined)?.error?.code ?? '');

// ---------------------------------------------------------------------------------------------
// Expectations of targeted properties

const statusIs =
  (...statuses: number[]) =>
  (x: Exchange): string | null =>
    statuses.includes(x.answer.status) ? null : `expected status ${statuses.join(' or ')}, got ${x.answer.status}`;

/** The status a bad query answers: 422 VALIDATION_ERROR, or the endpoint's own (the reports' 400 INVALID_PARAMETERS). */
const queryRefusal = (endpoint: AnyEndpoint): number => endpoint.invalidQuery?.status ?? 422;

const refusedWithCode =
  (status: number, code: string) =>
  (x: Exchange): string | null => {
    if (x.answer.status !== status) return `expected ${status} with a ${code} detail, got ${x.answer.status}`;
    const details = (x.answer.json as { error?: { details?: unknown } } | undefined)?.error?.details;
    const codes = Array.isArray(details) ? details.map((d) => (d as { code?: unknown }).code) : [];
    return codes.includes(code) ? null : `expected a ${code} detail, got ${JSON.stringify(codes)}`;
  };

/**
 * Refused with one of `statuses`; or, in a batch answer (`data.results` of `{ index?, success }`), the
 * item the change hit (the element of `path[1]`) failed alone, as the spec's bulk calls do.
 */
const refusedAt =
  (path: Path, ...statuses: number[]) =>
  (x: Exchange): string | null => {
    if (statuses.includes(x.answer.status)) return null;
    // An asynchronous batch (options.async) answers 202 at once; its job runs each record through the same rules (test/e2e/batch).
    if (x.answer.status === 202 && typeof (x.answer.json as { data?: { jobId?: unknown } } | undefined)?.data?.jobId === 'string')
      return null;
    const results = (x.answer.json as { data?: { results?: unknown } } | undefined)?.data?.results;
    if (x.answer.status < 300 && Array.isArray(results) && typeof path[1] === 'number') {
      // Bulk results name their `index`; batch results (spec document 3) are in the order of the operations.
      const indexed = results.some((r) => (r as { index?: unknown }).index !== undefined);
      const item = (indexed ? results.find((r) => (r as { index?: unknown }).index === path[1]) : results[path[1]]) as
        | { success?: unknown }
        | undefined;
      return item?.success === false ? null : `the batch accepted item ${path[1]}`;
    }
    return `expected status ${statuses.join(' or ')}, got ${x.answer.status}`;
  };

/** Every status that refuses a request (4xx but 401/403, which say nothing of the input). */
const REFUSALS = [400, 404, 409, 413, 415, 422];

/** A refusal must not carry `marker` (a long value or a secret the request sent). */
const refusalOmits =
  (marker: string, what: string) =>
  (x: Exchange): string | null =>
    x.answer.status >= 400 && x.answer.text.includes(marker) ? `the refusal echoes ${what}` : null;

// ---------------------------------------------------------------------------------------------
// Property kinds

const HEADER_NAMES = [
  'x-company-id',
  'idempotency-key',
  'x-request-id',
  'authorization',
  'content-type',
  'accept',
  'content-length',
  'x-http-method-override',
] as const;

/** Header text: Latin-1 without CR, LF or NUL (what `Headers` takes), prototype names, other companies' ids, forms of the key. */
function headerValue(otherIds: readonly string[]): fc.Arbitrary<string> {
  const latin1 = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 40 });
  return fc.oneof(
    fc.constantFrom(...PROTOTYPE_KEYS),
    fc.constantFrom(
      '',
      ' ',
      '*',
      'null',
      'cmp_0000000000000000',
      'x'.repeat(300),
      'DELETE',
      'application/json; charset=utf-8',
      'text/html',
    ),
    fc.constantFrom(
      'Bearer {key}',
      'bearer {key}',
      'Bearer  {key} ',
      'Bearer {key}x',
      'Bearer {key}, Bearer {key}',
      'Basic {key}',
      '{key}',
      'Bearer',
    ),
    otherIds.length ? fc.constantFrom(...otherIds) : fc.constant('acc_0000000000000000'),
    latin1.map((text) => text.trim() || 'x'),
  );
}

const CONTENT_TYPES = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 10 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/vnd.api+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      '',
    ),
    weight: 2,
  },
  { arbitrary: fc.constant(null), weight: 1 },
);

const FORM_BODIES = fc.constantFrom(
  'a=1&a=2',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'grant_type=authorization_code&grant_type=refresh_token',
  'grant_type=refresh_token&refresh_token=%00',
  '%zz=%',
  '=&=&',
);

/** A long value no refusal may repeat in full: more than 200 characters of one letter. */
const LONG = 'q';
const LONG_MARKER = LONG.repeat(201);
const longValue = fc.integer({ min: 201, max: 5000 }).map((n) => LONG.repeat(n));

/** Text shaped like API keys and tokens (never a key the mock knows). */
const fakeSecret = fc
  .tuple(fc.constantFrom('svc_test_sk_', 'svc_live_sk_'), fc.stringMatching(/^[A-Za-z0-9]{32}$/))
  .map(([prefix, rest]) => prefix + rest);
const SECRET_FIELDS = ['secret', 'client_secret', 'refresh_token', 'code_verifier', 'code', 'password', 'apiKey', 'token', 'authorization'];

/** Amounts past the contract's bound of 999,999,999,999.99 (ARCHITECTURE.md, "Money is exact"). */
const MONEY_OVER_BOUND = ['1000000000000', '1000000000000.5', '1e15', '1e308', '9007199254740993', '-1000000000000'];
/** Amounts with more than two decimals. */
const MONEY_OVER_PRECISION = ['12.345', '0.001', '1.005', '5e-3', '999999999999.999'];

const IMPOSSIBLE_CALENDAR_DATES = [
  '2026-02-31',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2025-02-29',
  '2026-06-31',
  '2026-01-00',
];
const IMPOSSIBLE_DATETIMES = ['2026-02-31T00:00:00Z', '2026-13-01T10:00:00Z', '2026-04-31T23:59:59Z'];

const LIMIT_FORMS = ['0x10', '1e2', '1e1', '0b11', '0o17', '1_0', 'Infinity', '0X1A', '.5e1', '1e-0'];

const HUGE_CUSTOM_FIELDS: [string, () => unknown][] = [
  ['1000 keys', () => Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`field${i}`, 'x']))],
  ['a 1000-character name', () => ({ ['k'.repeat(1000)]: 'x' })],
  ['a 100 000-character text', () => ({ note: 'v'.repeat(100_000) })],
  ['nesting 50 levels deep', () => raw(`{"deep":${nested(50, 'object').text}}`)],
  ['an array of 10 000 numbers', () => ({ list: Array.from({ length: 10_000 }, (_, i) => i) })],
];
const hugeCustomFields = fc.constantFrom(...HUGE_CUSTOM_FIELDS);

/** An accepted body with `customFields` in it (added where the body declares it at its top), or a full sample of the schema. */
function customFieldsBase(endpoint: AnyEndpoint, ctx: EndpointContext): fc.Arbitrary<ValidRequest> {
  const withField = ctx.accepted.filter((v) => fieldPaths(v.body, 'customFields').length > 0);
  if (withField.length) return fc.constantFrom(...withField);
  if (ctx.accepted.length && fieldNamesOf(endpoint.body).includes('customFields')) {
    return fc.constantFrom(...ctx.accepted).map((v) => ({ ...v, body: { ...(v.body as object), customFields: {} } }));
  }
  const pools = target.pools(target.companyA, resourceOfPath(endpoint.path));
  return fc.tuple(ctx.base, fullArbitrary(endpoint.body!, { pools })).map(([v, full]) => ({ ...v, body: full }));
}

function customFieldsCase(v: ValidRequest, pick: number, [what, make]: [string, () => unknown]): Case {
  const paths = fieldPaths(v.body, 'customFields');
  const path = paths.length ? paths[pick % paths.length] : ['customFields'];
  return {
    label: `customFields with ${what} is refused`,
    request: toRequest(v, { body: toJsonText(updateAt(fromPlain(v.body), path, () => fromPlain(make()))) }),
    expect: refusedAt(path, 422, 400),
  };
}

const KINDS: Kind[] = [
  {
    name: 'hostile query',
    applies: () => true,
    cases: (endpoint, ctx) =>
      fc.tuple(ctx.base, hostileQuery(endpoint, ctx.cursors), fc.boolean()).map(([v, search, keepValid]) => ({
        label: 'hostile query',
        request: toRequest(v, { search: keepValid && v.query.length ? `${queryText(v.query)}&${search}` : search }),
      })),
  },
  {
    name: 'hostile path id',
    applies: (endpoint) => paramNames(endpoint).length > 0,
    cases: (endpoint, ctx) =>
      fc.tuple(ctx.base, fc.constantFrom(...paramNames(endpoint)), hostileSegment(ctx.otherIds)).map(([v, name, segment]) => ({
        label: `hostile path id for ${name}`,
        request: toRequest(v, { params: { ...encodeAll(v.params), [name]: segment } }),
      })),
  },
  {
    name: 'random body',
    applies: hasBody,
    cases: (_endpoint, ctx) =>
      fc
        .tuple(
          ctx.base,
          CONTENT_TYPES,
          fc.oneof({ arbitrary: hostileBody(ctx.bodyFields), weight: 9 }, { arbitrary: FORM_BODIES, weight: 1 }),
        )
        .map(([v, contentType, body]) => ({ label: 'random body', request: toRequest(v, { body, contentType }) })),
  },
  {
    name: 'almost valid',
    applies: (endpoint) => hasBody(endpoint) || !!endpoint.query,
    cases: (endpoint, ctx) =>
      hasBody(endpoint)
        ? ctx.base.chain((v) =>
            mutated(fc.constant(v.body), ctx.bodyFields).map(({ value, mutation }) => ({
              label: `almost valid body (${mutation.kind} at ${JSON.stringify(mutation.path)})`,
              request: toRequest(v, { body: toJsonText(value) }),
            })),
          )
        : fc
            .tuple(ctx.base, fc.nat(), queryKey(endpoint), queryValue(ctx.cursors), fc.constantFrom('replace', 'add', 'drop'))
            .map(([v, pick, key, value, how]) => {
              const query = [...v.query];
              if (how === 'add' || query.length === 0) query.push([key, value]);
              else if (how === 'drop') query.splice(pick % query.length, 1);
              else query[pick % query.length] = [query[pick % query.length][0], value];
              return { label: `almost valid query (${how})`, request: toRequest(v, { search: queryText(query) }) };
            }),
  },
  {
    name: 'hostile headers',
    applies: () => true,
    cases: (_endpoint, ctx) =>
      fc
        .tuple(ctx.base, fc.array(fc.tuple(fc.constantFrom(...HEADER_NAMES), headerValue(ctx.otherIds)), { minLength: 1, maxLength: 3 }))
        .map(([v, headers]) => ({
          label: `hostile headers ${headers.map(([k]) => k).join(', ')}`,
          request: toRequest(v, { headers: Object.fromEntries(headers.map(([k, value]) => [k, value.replace('{key}', target.adminKey)])) }),
        })),
  },
  {
    name: 'idempotent replays',
    applies: (endpoint) => endpoint.auth && WRITE_METHODS.has(endpoint.method),
    cases: (endpoint, ctx) =>
      (hasBody(endpoint)
        ? ctx.base.chain((v) =>
            fc
              .oneof(
                fc.constant(v.body),
                mutated(fc.constant(v.body), ctx.bodyFields).map((m) => m.value),
              )
              .map((body) => toRequest(v, { body: toJsonText(body) })),
          )
        : ctx.base.map((v) => toRequest(v))
      ).map((request) => ({
        label: 'the same request twice with one Idempotency-Key',
        request: { ...request, headers: { ...request.headers, 'idempotency-key': `fuzz-${++idempotencyCounter}` } },
      })),
    // After a success, the second answer is the first, replayed, writing nothing, and another body with
    // the key is a 409. A refusal may not be stored (a request that fails validation never ran, as at
    // Stripe): the second answer refuses the same way, and nothing is written either time.
    repeat: async (endpoint, c, first) => {
      if (first.answer.status >= 500) return [];
      const before = target.snapshot();
      const again = await target.send(endpoint, c.request);
      const problems: string[] = [];
      const change = describeChange(before, target.snapshot());
      if (change) problems.push(`the second request wrote again: ${change}`);
      if (first.answer.status < 400) {
        if (again.answer.status !== first.answer.status || again.answer.text !== first.answer.text) {
          problems.push(`the replay answers ${again.answer.status} ${clip(again.answer.text, 200)} instead of the first answer`);
        }
        if (c.request.body !== undefined) {
          const other = await target.send(endpoint, { ...c.request, body: JSON.stringify({ other: true }) });
          if (other.answer.status !== 409) problems.push(`another body with the key answers ${other.answer.status}, not 409`);
          const afterOther = describeChange(before, target.snapshot());
          if (afterOther) problems.push(`another body with the key wrote: ${afterOther}`);
        }
      } else if (again.answer.status !== first.answer.status || codeOfAnswer(again) !== codeOfAnswer(first)) {
        problems.push(
          `the second request answers ${again.answer.status} ${codeOfAnswer(again)}, the first ${first.answer.status} ${codeOfAnswer(first)}`,
        );
      }
      return problems;
    },
  },
  {
    name: 'deep JSON',
    targeted: true,
    applies: hasBody,
    cases: (_endpoint, ctx) =>
      fc
        .tuple(
          ctx.base,
          fc.integer({ min: 66, max: 3000 }),
          fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>,
          fc.nat(),
        )
        .map(([v, depth, shape, pick]) => {
          const fields = ctx.bodyFields;
          const inField = fields.length > 0 && pick % 2 === 1;
          const body = inField
            ? toJsonText(withField(fromPlain(v.body ?? {}), fields[pick % fields.length], nested(depth, shape)))
            : nested(depth, shape).text;
          return {
            label: `JSON nested ${depth} levels (${shape}${inField ? ' in a field' : ''}) is a 400`,
            request: toRequest(v, { body }),
            expect: statusIs(400),
          };
        }),
  },
  {
    name: 'long values are not echoed',
    targeted: true,
    applies: () => true,
    cases: (endpoint, ctx) =>
      fc
        .tuple(ctx.base, fc.constantFrom(...echoPlaces(endpoint)), longValue, fc.nat(), queryKey(endpoint))
        .map(([v, place, long, pick, key]) => longCase(endpoint, v, place, long, pick, key)),
    examples: (endpoint, ctx) =>
      echoPlaces(endpoint).map((place) => longCase(endpoint, firstBase(ctx), place, LONG.repeat(250), 0, 'notAField[eq]')),
  },
  {
    name: 'secrets are not echoed',
    targeted: true,
    applies: (endpoint) => endpoint.auth || hasBody(endpoint) || !!endpoint.query,
    cases: (endpoint, ctx) =>
      fc
        .tuple(ctx.base, fakeSecret, fc.nat(), fc.constantFrom(...secretPlaces(endpoint)))
        .map(([v, secret, pick, place]) => secretCase(ctx, v, place, secret, pick)),
    examples: (endpoint, ctx) => [
      ...secretPlaces(endpoint).map((place) => secretCase(ctx, firstBase(ctx), place, EXAMPLE_SECRET, 0)),
      // The secret as each parameter the query declares (`client_id` of the OAuth authorize endpoint).
      ...fieldNamesOf(endpoint.query).map((key) => ({
        label: `an API-key-shaped ${key}`,
        request: toRequest(firstBase(ctx), {
          search: queryText([...firstBase(ctx).query.filter(([k]) => k !== key), [key, EXAMPLE_SECRET]]),
        }),
        expect: refusalOmits(EXAMPLE_SECRET, 'a secret it was sent'),
      })),
    ],
  },
  {
    // Spec document 1, API key rule 4, and ARCHITECTURE.md "an error never echoes a secret": canaries.ts.
    name: 'canary secrets are never echoed',
    targeted: true,
    applies: () => true,
    cases: (endpoint, ctx) =>
      fc
        .record({
          place: fc.constantFrom(...canaryPlaces(endpoint)),
          variant: fc.constantFrom(...CANARY_VARIANTS),
          pick: fc.nat(),
          name: fc.nat(),
          asJob: fc.boolean(),
        })
        .chain((choice) => ctx.base.map((v) => canaryKindCase(endpoint, v, choice))),
    examples: (endpoint, ctx) => canaryExamples(endpoint, firstBase(ctx)).map((choice) => canaryKindCase(endpoint, firstBase(ctx), choice)),
    // A batch run as a job keeps its records' errors for `GET /v1/batch/jobs/{jobId}/results`: read back, canary-free.
    repeat: async (_endpoint, c, first) => {
      const results = c.canary ? await followJob(target, first) : null;
      if (!results) return [];
      if (results.status !== 200) return [`the job's results answer ${results.status}, not 200`];
      const leak = canaryLeak(results, c.canary!, "the job's results");
      return leak ? [leak] : [];
    },
  },
  moneyKind('amounts over the bound', MONEY_OVER_BOUND),
  moneyKind('amounts with more than two decimals', MONEY_OVER_PRECISION),
  {
    // ARCHITECTURE.md, "Rules that hold everywhere": every free-form field has declared limits. The long text
    // replaces the value, or pads it at either end or inside, so that a well-formed value
    // (an email, a web address, a phone number) stays well formed and only its length is wrong.
    name: 'text fields are bounded',
    targeted: true,
    applies: (endpoint) => hasBody(endpoint),
    cases: (endpoint, ctx) => {
      // A field declared longer than the long texts sent here (a CSV document) is bounded already: not swept.
      const longByDesign = (p: Path) => (declaredMaxLength(endpoint.body, p) ?? 0) >= 100_000;
      const pathsOf = (body: unknown) =>
        textPaths(body).filter((p) => declaresPath(endpoint.body, p) && !longByDesign(p) && !/(^id|Id)$/.test(String(p.at(-1))));
      const withText = ctx.accepted.filter((v) => pathsOf(v.body).length > 0);
      const base = withText.length ? fc.constantFrom(...withText) : ctx.base;
      return fc
        .tuple(
          base,
          fc.nat(),
          fc.constantFrom(20_000, 100_000),
          fc.constantFrom('replaced', 'padded before', 'padded after', 'padded inside'),
        )
        .map(([v, pick, length, how]) => {
          const paths = pathsOf(v.body);
          const path = paths.length ? paths[pick % paths.length] : [];
          const long = (old: unknown): string => {
            const text = typeof old === 'string' ? old : '';
            if (how === 'replaced') return 'T'.repeat(length);
            if (how === 'padded before') return 't'.repeat(length) + text;
            if (how === 'padded after') return text + 't'.repeat(length);
            return text.slice(0, 1) + '-'.repeat(length) + text.slice(1);
          };
          return {
            label: `text at ${JSON.stringify(path)} ${how} to ${length} characters is refused`,
            request: toRequest(v, { body: toJsonText(paths.length ? updateAt(fromPlain(v.body), path, long) : v.body) }),
            expect: paths.length ? refusedAt(path, ...REFUSALS, 401) : undefined,
          };
        });
    },
  },
  {
    name: 'customFields bounds',
    targeted: true,
    applies: (endpoint) => hasBody(endpoint) && schemaHasField(endpoint.body, 'customFields'),
    cases: (endpoint, ctx) =>
      fc.tuple(customFieldsBase(endpoint, ctx), fc.nat(), hugeCustomFields).map(([v, pick, huge]) => customFieldsCase(v, pick, huge)),
    examples: (endpoint, ctx) => {
      const [v] = fc.sample(customFieldsBase(endpoint, ctx), { numRuns: 1, seed: 1 });
      return HUGE_CUSTOM_FIELDS.map((huge) => customFieldsCase(v, 0, huge));
    },
  },
  {
    name: 'limit forms',
    targeted: true,
    applies: (endpoint) => !!endpoint.list,
    cases: (endpoint, ctx) =>
      fc.tuple(ctx.base, fc.constantFrom(...LIMIT_FORMS)).map(([v, form]) => ({
        label: `${limitParam(endpoint)}=${form} is a 422`,
        request: toRequest(v, { search: queryText([[limitParam(endpoint), form]]) }),
        expect: statusIs(422),
      })),
  },
  {
    name: 'prototype names as query parameters',
    targeted: true,
    applies: (endpoint) => !!endpoint.query && !endpoint.errorBody,
    cases: (endpoint, ctx) =>
      fc
        .tuple(
          ctx.base,
          fc.constantFrom(...PROTOTYPE_KEYS),
          fc.constantFrom('', '[eq]', '[gt]', '[in]'),
          fc.constantFrom('1', 'x', '', 'true'),
        )
        .map(([v, name, op, value]) => ({
          key: `${name}${endpoint.list ? op : ''}`,
          v,
          value,
        }))
        .map(({ key, v, value }) => ({
          // The operator form is a bad filter (the query's refusal); the plain form an unknown parameter, 400 (PLAT-13).
          label: `?${key}=${value} is a ${key.includes('[') ? queryRefusal(endpoint) : 400} INVALID_CHOICE`,
          request: toRequest(v, { search: queryText([[key, value]]) }),
          expect: refusedWithCode(key.includes('[') ? queryRefusal(endpoint) : 400, 'INVALID_CHOICE'),
        })),
  },
  {
    // PLAT-13: a name the endpoint does not take is refused whatever else the query holds, and nothing is written.
    name: 'unknown query parameters',
    targeted: true,
    applies: (endpoint) => endpoint.api !== 'auth',
    cases: (endpoint, ctx) =>
      fc
        .tuple(ctx.base, fc.constantFrom(...unknownNames(endpoint)), fc.constantFrom('1', 'sent', '', 'true'), fc.boolean())
        .map(([v, name, value, keepValid]) => ({
          label: `?${name}=${value} is a 400 naming ${name}`,
          request: toRequest(v, { search: queryText([...(keepValid ? v.query : []), [name, value]]) }),
          expect: (x: Exchange) => refusedWithCode(400, 'INVALID_CHOICE')(x) ?? namesField(x, name),
        })),
  },
  {
    name: 'impossible dates in filters',
    targeted: true,
    applies: (endpoint) => dateFilters(endpoint).length > 0 || dateQueryParams(endpoint.query).length > 0,
    cases: (endpoint, ctx) => {
      const forms: fc.Arbitrary<[string, string]>[] = [];
      const filters = dateFilters(endpoint);
      if (filters.length) {
        forms.push(
          fc
            .tuple(
              fc.constantFrom(...filters),
              fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin'),
              fc.constantFrom(...IMPOSSIBLE_CALENDAR_DATES, ...IMPOSSIBLE_DATETIMES),
            )
            .map(([f, op, date]) => [`${f}[${op}]`, op === 'in' || op === 'nin' ? `2026-01-01,${date}` : date] as [string, string]),
        );
      }
      const params = dateQueryParams(endpoint.query);
      if (params.length)
        forms.push(
          fc
            .tuple(fc.constantFrom(...params), fc.constantFrom(...IMPOSSIBLE_CALENDAR_DATES))
            .map(([p, date]) => [p, date] as [string, string]),
        );
      return fc.tuple(ctx.base, fc.oneof(...forms)).map(([v, pair]) => dateCase(endpoint, v, pair));
    },
    // February 31st in every date filter and date parameter.
    examples: (endpoint, ctx) =>
      [
        ...dateFilters(endpoint).map((f) => [`${f}[eq]`, '2026-02-31'] as [string, string]),
        ...dateQueryParams(endpoint.query).map((p) => [p, '2026-02-31'] as [string, string]),
      ].map((pair) => dateCase(endpoint, firstBase(ctx), pair)),
  },
  {
    name: 'forged cursors',
    targeted: true,
    applies: (endpoint) => endpoint.list?.paging === 'cursor',
    cases: (endpoint, ctx) =>
      // An empty cursor is no cursor (the first page); every other text the list did not issue to A is forged.
      fc
        .tuple(
          ctx.base,
          forgedCursor(ctx.cursors).filter((c) => c !== ''),
          fc.boolean(),
        )
        .map(([v, cursor, pageOfOne]) => ({
          label: `cursor ${clip(cursor, 80)} is a 400`,
          request: toRequest(v, {
            search: queryText(
              pageOfOne
                ? [
                    ['cursor', cursor],
                    [limitParam(endpoint), '1'],
                  ]
                : [['cursor', cursor]],
            ),
          }),
          // Company A's own cursors, replayed unchanged, are the one valid input here.
          expect: (x) => (x.answer.status === 400 || ctx.ownCursors.includes(cursor) ? null : `expected 400, got ${x.answer.status}`),
        })),
  },
  {
    name: 'bad filter operators',
    targeted: true,
    applies: (endpoint) => !!endpoint.list,
    cases: (endpoint, ctx) => {
      const filters = Object.entries(endpoint.list!.filters ?? {});
      const keys: fc.Arbitrary<string>[] = [
        fc
          .tuple(
            fc.constantFrom(...(filters.length ? filters.map(([f]) => f) : ['name'])),
            fc.constantFrom('xx', 'GT', 'regex', 'like', 'between'),
          )
          .map(([f, op]) => `${f}[${op}]`),
        fc
          .tuple(fc.constantFrom('notAField', 'id', 'companyId', 'password'), fc.constantFrom(...FILTER_OPERATORS))
          .map(([f, op]) => `${f}[${op}]`),
      ];
      const nonText = filters.filter(([, kind]) => kind !== 'string').map(([f]) => f);
      if (nonText.length)
        keys.push(
          fc.tuple(fc.constantFrom(...nonText), fc.constantFrom('contains', 'startswith', 'endswith')).map(([f, op]) => `${f}[${op}]`),
        );
      return fc.tuple(ctx.base, fc.oneof(...keys), fc.constantFrom('1', '', 'x', '2026-01-01')).map(([v, key, value]) => ({
        label: `${key}=${value} is a 422`,
        request: toRequest(v, { search: queryText([[key, value]]) }),
        expect: statusIs(422),
      }));
    },
  },
];

const dateCase = (endpoint: AnyEndpoint, v: ValidRequest, pair: [string, string]): Case => ({
  label: `${pair[0]}=${pair[1]} is a ${queryRefusal(endpoint)}`,
  request: toRequest(v, { search: queryText([pair]) }),
  expect: statusIs(queryRefusal(endpoint)),
});

/** A request the endpoint accepted (or a sample, where none was): what examples start from. */
const firstBase = (ctx: EndpointContext): ValidRequest => ctx.accepted[0] ?? fc.sample(ctx.base, { numRuns: 1, seed: 1 })[0];

/** Where a value may travel in a request to this endpoint. */
function echoPlaces(endpoint: AnyEndpoint): string[] {
  const places = ['query'];
  if (paramNames(endpoint).length) places.push('path');
  if (hasBody(endpoint)) places.push('body value', 'body key');
  return places;
}

/** `long` in one place of a valid request; a refusal must not repeat it. */
function longCase(endpoint: AnyEndpoint, v: ValidRequest, place: string, long: string, pick: number, key: string): Case {
  let request: FuzzRequest;
  if (place === 'path') {
    const names = paramNames(endpoint);
    request = toRequest(v, { params: { ...encodeAll(v.params), [names[pick % names.length]]: long } });
  } else if (place === 'body value') {
    const body = fromPlain(v.body ?? {});
    const nodes = pathsOf(body);
    const path: Path = nodes.length ? nodes[pick % nodes.length].path : ['name'];
    request = toRequest(v, { body: toJsonText(nodes.length ? updateAt(body, path, () => long) : addEntryAt(body, [], 'name', long)) });
  } else if (place === 'body key') {
    request = toRequest(v, { body: toJsonText(addEntryAt(fromPlain(v.body ?? {}), [], long, 1)) });
  } else {
    request = toRequest(v, { search: queryText([...v.query.filter(([k]) => k !== key), [key, long]]) });
  }
  return {
    label: `a ${long.length}-character value in the ${place}`,
    request,
    expect: refusalOmits(LONG_MARKER, 'more than 200 characters of a value it was sent'),
  };
}

/** An API-key-shaped value no key of the mock has. */
const EXAMPLE_SECRET = `svc_live_sk_${'0A1b'.repeat(8)}`;

function secretPlaces(endpoint: AnyEndpoint): string[] {
  const places = ['query'];
  if (endpoint.auth) places.push('X-Company-Id header');
  if (hasBody(endpoint)) places.push('secret field', 'added field', 'any field');
  return places;
}

/** `secret` in one place of a valid request (a wrong type where it replaces a field); a refusal must not repeat it. */
function secretCase(ctx: EndpointContext, v: ValidRequest, place: string, secret: string, pick: number): Case {
  const expect = refusalOmits(secret, 'a secret it was sent');
  if (place === 'X-Company-Id header')
    return { label: 'an API-key-shaped X-Company-Id', request: toRequest(v, { headers: { 'x-company-id': secret } }), expect };
  let request: FuzzRequest;
  if (place === 'query') {
    // An operator filter on a field no list has: refused (422) on every endpoint.
    request = toRequest(v, { search: queryText([...v.query, ['notAField[eq]', secret]]) });
  } else {
    const own = ctx.bodyFields.filter((f) => SECRET_FIELDS.includes(f));
    let body = fromPlain(v.body ?? {});
    const nodes = pathsOf(body);
    if (place === 'secret field' && own.length) body = updateAt(body, [own[pick % own.length]], () => [secret]);
    else if (place === 'any field' && nodes.length) body = updateAt(body, nodes[pick % nodes.length].path, () => [secret]);
    else body = addEntryAt(body, [], SECRET_FIELDS[pick % SECRET_FIELDS.length], { value: secret, bad: raw('1e309') });
    request = toRequest(v, { body: toJsonText(body) });
  }
  return { label: `an API-key-shaped value in a ${place}`, request, expect };
}

function canaryKindCase(endpoint: AnyEndpoint, v: ValidRequest, choice: CanaryChoice): Case {
  const c = canaryCase(endpoint, v, choice);
  return { label: c.label, request: c.request, canary: c, expect: (x) => canaryLeak(x.answer, c) };
}

/** Every amount of a body, one at a time, set to one of `amounts`: refused (422, or a module's own 400). */
function moneyKind(name: string, amounts: readonly string[]): Kind {
  const baseOf = (endpoint: AnyEndpoint, ctx: EndpointContext): fc.Arbitrary<ValidRequest> => {
    const withMoney = ctx.accepted.filter((v) => moneyPaths(endpoint.body!, v.body).length > 0);
    return withMoney.length
      ? fc.constantFrom(...withMoney)
      : fc
          .tuple(ctx.base, fullArbitrary(endpoint.body!, { pools: target.pools(target.companyA, resourceOfPath(endpoint.path)) }))
          .map(([v, body]) => ({ ...v, body }));
  };
  const amountCase = (v: ValidRequest, path: Path | undefined, amount: string): Case => ({
    label: `amount ${amount} at ${JSON.stringify(path ?? [])} is refused`,
    request: toRequest(v, { body: toJsonText(path ? updateAt(fromPlain(v.body), path, () => raw(amount)) : v.body) }),
    expect: path ? refusedAt(path, 422, 400) : undefined,
  });
  return {
    name,
    targeted: true,
    applies: (endpoint) => hasBody(endpoint) && schemaHasMoney(endpoint.body),
    cases: (endpoint, ctx) =>
      fc.tuple(baseOf(endpoint, ctx), fc.nat(), fc.constantFrom(...amounts)).map(([v, pick, amount]) => {
        const paths = moneyPaths(endpoint.body!, v.body);
        return amountCase(v, paths.length ? paths[pick % paths.length] : undefined, amount);
      }),
    // Every amount of one accepted body, with the first of `amounts`.
    examples: (endpoint, ctx) => {
      const [v] = fc.sample(baseOf(endpoint, ctx), { numRuns: 1, seed: 1 });
      return moneyPaths(endpoint.body!, v.body).map((path) => amountCase(v, path, amounts[0]));
    },
  };
}

/** Paths of the string leaves of a plain body (the text a caller may send), `customFields` aside (its own property). */
function textPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => textPaths(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === 'customFields' ? [] : textPaths(v, [...path, k])));
  }
  return [];
}

/** Names a caller might send by mistake that this endpoint does not take (a misspelt filter, a stray option). */
function unknownNames(endpoint: AnyEndpoint): string[] {
  const declared = new Set([...Object.keys(endpoint.list?.filters ?? {}), ...fieldNamesOf(endpoint.query)]);
  const misspelt = [...declared].slice(0, 3).map((name) => `${name}s`);
  return ['expand', 'include', 'fields', 'Limit', 'zz_unknown', ...misspelt].filter((name) => !declared.has(name));
}

/** The refusal names `name` in a detail's `field`. */
const namesField = (x: Exchange, name: string): string | null => {
  const details = (x.answer.json as { error?: { details?: { field?: unknown }[] } } | undefined)?.error?.details ?? [];
  return details.some((d) => d.field === name) ? null : `no detail names ${name}`;
};

/** Fields of a list's operator filters that hold dates. */
const dateFilters = (endpoint: AnyEndpoint): string[] =>
  Object.entries(endpoint.list?.filters ?? {})
    .filter(([, kind]) => kind === 'date' || kind === 'datetime')
    .map(([field]) => field);

/** An object (as `fromPlain` gives it) with one field replaced, or added, by `value`. */
const withField = (base: unknown, field: string, value: unknown): unknown =>
  addEntryAt(
    updateAt(base, [field], () => undefined),
    [],
    field,
    value,
  );

// ---------------------------------------------------------------------------------------------
// The suite: every endpoint, every kind that applies to it

describe('hostile input, for every endpoint of the contract', () => {
  it('covers every HTTP endpoint the contract declares, each with at least one kind', () => {
    expect(httpEndpoints.length).toBeGreaterThan(0);
    expect(httpEndpoints.map((e) => e.id)).toEqual(endpoints.map((e) => e.id));
    expect(httpEndpoints.filter((e) => !KINDS.some((k) => k.applies(e))).map((e) => e.id)).toEqual([]);
  });

  for (const endpoint of httpEndpoints) {
    describe(`${endpoint.id} (${endpoint.method} ${endpoint.path})`, () => {
      for (const kind of KINDS.filter((k) => k.applies(endpoint))) {
        const gaps = knownGaps(kind.name, endpoint.id);
        const failing = gaps.find((gap) => !gap.skip);
        const skipping = kind.targeted ? [] : gaps.filter((gap) => gap.skip).map((gap) => `${gap.owner} branch: ${gap.why}`);
        const runs = kind.targeted ? TARGETED_RUNS : RUNS;
        const title = failing
          ? `${kind.name} [KNOWN GAP, ${failing.owner} branch: ${failing.why}]`
          : skipping.length
            ? `${kind.name} [skipping inputs of known gaps: ${skipping.join('; ')}]`
            : kind.name;
        (failing ? it.fails : it)(title, () => runKind(endpoint, kind, runs, gaps), timeoutFor(runs));
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Writes in a row: what one hostile write leaves behind must not break the next

describe('hostile writes in a row, across every write endpoint', () => {
  const writes = httpEndpoints.filter((e) => e.auth && WRITE_METHODS.has(e.method));
  const stepKinds = KINDS.filter((k) => k.name === 'almost valid' || k.name === 'random body' || k.name === 'hostile path id');

  it(
    'leave every answer in the envelope, every list serving, every record reading back and the ledger balanced',
    async () => {
      const steps: fc.Arbitrary<{ endpoint: AnyEndpoint; c: Case }>[] = [];
      for (const endpoint of writes) {
        const ctx = await contextOf(endpoint);
        // Accepted requests too, so that the state the next step meets moves on.
        steps.push(
          ctx.base.map((v) => ({ endpoint, c: withPrinting({ label: 'a request accepted on the baseline', request: toRequest(v) }) })),
        );
        for (const kind of stepKinds.filter((k) => k.applies(endpoint))) {
          const skips = knownGaps(kind.name, endpoint.id).flatMap((gap) => (gap.skip ? [gap.skip] : []));
          steps.push(
            kind
              .cases(endpoint, ctx)
              .filter((c) => !skips.some((skip) => skip(c.request)))
              .map((c) => ({ endpoint, c: withPrinting(c) })),
          );
        }
      }
      const property = fc.asyncProperty(fc.array(fc.oneof(...steps), { minLength: 3, maxLength: 10 }), async (sequence) => {
        target.restore();
        const problems: string[] = [];
        for (const [i, { endpoint, c }] of sequence.entries()) {
          const before = target.snapshot();
          const x = await target.send(endpoint, c.request);
          const after = target.snapshot();
          stats.record(endpoint.id, 'writes in a row', x.answer.status, x);
          const found = universalProblems(x, before, after, [target.adminKey]);
          if (x.answer.status < 400 && describeChange(before, after)) {
            target.markDirty();
            found.push(...(await readsBack(target, x)));
          }
          if (found.length) {
            problems.push(`step ${i + 1} (${endpoint.id}, ${c.label}): ${found.join('; ')}\n${describeExchange(x)}`);
            break;
          }
        }
        if (!problems.length) problems.push(...(await listsStillServe(target)), ...(await ledgerBalances(target)));
        target.restore();
        if (problems.length) throw new Error(problems.join('\n'));
      });
      await fc.assert(property, { numRuns: RUNS, seed: seedFor('writes in a row'), includeErrorInReport: true });
    },
    timeoutFor(RUNS * 10),
  );
});

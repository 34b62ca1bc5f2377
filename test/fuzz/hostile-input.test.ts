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
import { endpoints, type AnyEndpoint } from '../../src/contract/index.js';
import { fieldNamesOf } from './arbitraries.js';
import {
  clip,
  describeChange,
  deterministicRandomValues,
  describeExchange,
  FuzzStats,
  FuzzTarget,
  httpEndpoints,
  idsOf,
  paramNames,
  RUNS,
  seedFor,
  timeoutFor,
  toRequest,
  universalProblems,
  WRITE_METHODS,
  type Exchange,
} from './harness.js';
import { ledgerBalances, listsStillServe, readsBack } from './invariants.js';
import { knownGaps, type KnownGap } from './known-gaps.js';
import type { Case, EndpointContext, Kind } from './kinds/types.js';
import { queryKinds } from './kinds/queries.js';
import { requestKinds } from './kinds/requests.js';
import { valueKinds } from './kinds/values.js';

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

const KINDS: Kind[] = [...requestKinds(() => target), ...valueKinds(() => target), ...queryKinds(() => target)];

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

// Kinds that check what an answer must not echo and the bounds of values: long values, secrets, canaries, money, text, custom fields. Part of the hostile-input suite (../hostile-input.test.ts).
import fc from 'fast-check';
import type { AnyEndpoint } from '../../../src/contract/index.js';
import {
  declaredMaxLength,
  declaresPath,
  fromPlain,
  fieldNamesOf,
  fullArbitrary,
  moneyPaths,
  queryKey,
  queryText,
  raw,
  schemaHasField,
  schemaHasMoney,
  toJsonText,
  updateAt,
  type Path,
} from '../arbitraries.js';
import { type FuzzTarget, hasBody, resourceOfPath, toRequest, type ValidRequest } from '../harness.js';
import { CANARY_VARIANTS, canaryExamples, canaryLeak, canaryPlaces, followJob } from '../canaries.js';
import type { Case, EndpointContext, Kind } from './types.js';
import {
  EXAMPLE_SECRET,
  HUGE_CUSTOM_FIELDS,
  LONG,
  MONEY_OVER_BOUND,
  MONEY_OVER_PRECISION,
  canaryKindCase,
  customFieldsBase,
  customFieldsCase,
  echoPlaces,
  fakeSecret,
  firstBase,
  hugeCustomFields,
  longCase,
  longValue,
  secretCase,
  secretPlaces,
  textPaths,
} from './inputs.js';
import { REFUSALS, refusalOmits, refusedAt } from './expectations.js';

/** The target the suite built (set before any case is drawn). */
type Target = () => FuzzTarget;

/** Every amount of a body, one at a time, set to one of `amounts`: refused (422, or a module's own 400). */
function moneyKind(target: Target, name: string, amounts: readonly string[]): Kind {
  const baseOf = (endpoint: AnyEndpoint, ctx: EndpointContext): fc.Arbitrary<ValidRequest> => {
    const withMoney = ctx.accepted.filter((v) => moneyPaths(endpoint.body!, v.body).length > 0);
    return withMoney.length
      ? fc.constantFrom(...withMoney)
      : fc
          .tuple(ctx.base, fullArbitrary(endpoint.body!, { pools: target().pools(target().companyA, resourceOfPath(endpoint.path)) }))
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

export const valueKinds = (target: Target): Kind[] => [
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
      const results = c.canary ? await followJob(target(), first) : null;
      if (!results) return [];
      if (results.status !== 200) return [`the job's results answer ${results.status}, not 200`];
      const leak = canaryLeak(results, c.canary!, "the job's results");
      return leak ? [leak] : [];
    },
  },
  moneyKind(target, 'amounts over the bound', MONEY_OVER_BOUND),
  moneyKind(target, 'amounts with more than two decimals', MONEY_OVER_PRECISION),
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
      fc
        .tuple(customFieldsBase(target(), endpoint, ctx), fc.nat(), hugeCustomFields)
        .map(([v, pick, huge]) => customFieldsCase(v, pick, huge)),
    examples: (endpoint, ctx) => {
      const [v] = fc.sample(customFieldsBase(target(), endpoint, ctx), { numRuns: 1, seed: 1 });
      return HUGE_CUSTOM_FIELDS.map((huge) => customFieldsCase(v, 0, huge));
    },
  },
];

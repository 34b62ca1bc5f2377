// Kinds that attack a request's shape: query, path, body, headers, replays, depth. Part of the hostile-input suite (../hostile-input.test.ts).
import fc from 'fast-check';
import {
  fromPlain,
  hostileBody,
  hostileQuery,
  hostileSegment,
  mutated,
  nested,
  queryKey,
  queryText,
  queryValue,
  toJsonText,
} from '../arbitraries.js';
import { clip, describeChange, encodeAll, type FuzzTarget, hasBody, paramNames, toRequest, WRITE_METHODS } from '../harness.js';
import type { Kind } from './types.js';
import { CONTENT_TYPES, FORM_BODIES, HEADER_NAMES, headerValue, withField } from './inputs.js';
import { codeOfAnswer, statusIs } from './expectations.js';

/** The target the suite built (set before any case is drawn). */
type Target = () => FuzzTarget;

let idempotencyCounter = 0;

export const requestKinds = (target: Target): Kind[] => [
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
          request: toRequest(v, {
            headers: Object.fromEntries(headers.map(([k, value]) => [k, value.replace('{key}', target().adminKey)])),
          }),
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
      const before = target().snapshot();
      const again = await target().send(endpoint, c.request);
      const problems: string[] = [];
      const change = describeChange(before, target().snapshot());
      if (change) problems.push(`the second request wrote again: ${change}`);
      if (first.answer.status < 400) {
        if (again.answer.status !== first.answer.status || again.answer.text !== first.answer.text) {
          problems.push(`the replay answers ${again.answer.status} ${clip(again.answer.text, 200)} instead of the first answer`);
        }
        if (c.request.body !== undefined) {
          const other = await target().send(endpoint, { ...c.request, body: JSON.stringify({ other: true }) });
          if (other.answer.status !== 409) problems.push(`another body with the key answers ${other.answer.status}, not 409`);
          const afterOther = describeChange(before, target().snapshot());
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
];

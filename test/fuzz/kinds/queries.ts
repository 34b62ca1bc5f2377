// Kinds of a list's query: limit forms, prototype and unknown names, impossible dates, forged cursors, bad operators. Part of the hostile-input suite (../hostile-input.test.ts).
import fc from 'fast-check';
import { FILTER_OPERATORS } from '../../../src/contract/index.js';
import { dateQueryParams, forgedCursor, PROTOTYPE_KEYS, queryText } from '../arbitraries.js';
import { clip, type FuzzTarget, limitParam, toRequest, type Exchange } from '../harness.js';
import type { Kind } from './types.js';
import {
  IMPOSSIBLE_CALENDAR_DATES,
  IMPOSSIBLE_DATETIMES,
  LIMIT_FORMS,
  dateCase,
  dateFilters,
  firstBase,
  namesField,
  unknownNames,
} from './inputs.js';
import { queryRefusal, refusedWithCode, statusIs } from './expectations.js';

/** The target the suite built (set before any case is drawn). */
type Target = () => FuzzTarget;

export const queryKinds = (_target: Target): Kind[] => [
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

// The inputs the kinds draw from: header values, content types, bounds, and the cases built from them. Part of the hostile-input suite (../hostile-input.test.ts).
import fc from 'fast-check';
import type { AnyEndpoint } from '../../../src/contract/index.js';
import {
  addEntryAt,
  fieldPaths,
  fromPlain,
  fieldNamesOf,
  fullArbitrary,
  nested,
  pathsOf,
  PROTOTYPE_KEYS,
  queryText,
  raw,
  toJsonText,
  updateAt,
  type Path,
} from '../arbitraries.js';
import {
  encodeAll,
  type FuzzTarget,
  hasBody,
  paramNames,
  resourceOfPath,
  toRequest,
  type Exchange,
  type FuzzRequest,
  type ValidRequest,
} from '../harness.js';
import { canaryCase, canaryLeak, type CanaryChoice } from '../canaries.js';
import type { Case, EndpointContext } from './types.js';
import { queryRefusal, refusalOmits, refusedAt, statusIs } from './expectations.js';

// Property kinds

export const HEADER_NAMES = [
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
export function headerValue(otherIds: readonly string[]): fc.Arbitrary<string> {
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

export const CONTENT_TYPES = fc.oneof(
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

export const FORM_BODIES = fc.constantFrom(
  'a=1&a=2',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'grant_type=authorization_code&grant_type=refresh_token',
  'grant_type=refresh_token&refresh_token=%00',
  '%zz=%',
  '=&=&',
);

/** A long value no refusal may repeat in full: more than 200 characters of one letter. */
export const LONG = 'q';
const LONG_MARKER = LONG.repeat(201);
export const longValue = fc.integer({ min: 201, max: 5000 }).map((n) => LONG.repeat(n));

/** Text shaped like API keys and tokens (never a key the mock knows). */
export const fakeSecret = fc
  .tuple(fc.constantFrom('svc_test_sk_', 'svc_live_sk_'), fc.stringMatching(/^[A-Za-z0-9]{32}$/))
  .map(([prefix, rest]) => prefix + rest);
const SECRET_FIELDS = ['secret', 'client_secret', 'refresh_token', 'code_verifier', 'code', 'password', 'apiKey', 'token', 'authorization'];

/** Amounts past the contract's bound of 999,999,999,999.99 (ARCHITECTURE.md, "Money is exact"). */
export const MONEY_OVER_BOUND = ['1000000000000', '1000000000000.5', '1e15', '1e308', '9007199254740993', '-1000000000000'];
/** Amounts with more than two decimals. */
export const MONEY_OVER_PRECISION = ['12.345', '0.001', '1.005', '5e-3', '999999999999.999'];

export const IMPOSSIBLE_CALENDAR_DATES = [
  '2026-02-31',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2025-02-29',
  '2026-06-31',
  '2026-01-00',
];
export const IMPOSSIBLE_DATETIMES = ['2026-02-31T00:00:00Z', '2026-13-01T10:00:00Z', '2026-04-31T23:59:59Z'];

export const LIMIT_FORMS = ['0x10', '1e2', '1e1', '0b11', '0o17', '1_0', 'Infinity', '0X1A', '.5e1', '1e-0'];

export const HUGE_CUSTOM_FIELDS: [string, () => unknown][] = [
  ['1000 keys', () => Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`field${i}`, 'x']))],
  ['a 1000-character name', () => ({ ['k'.repeat(1000)]: 'x' })],
  ['a 100 000-character text', () => ({ note: 'v'.repeat(100_000) })],
  ['nesting 50 levels deep', () => raw(`{"deep":${nested(50, 'object').text}}`)],
  ['an array of 10 000 numbers', () => ({ list: Array.from({ length: 10_000 }, (_, i) => i) })],
];
export const hugeCustomFields = fc.constantFrom(...HUGE_CUSTOM_FIELDS);

/** An accepted body with `customFields` in it (added where the body declares it at its top), or a full sample of the schema. */
export function customFieldsBase(target: FuzzTarget, endpoint: AnyEndpoint, ctx: EndpointContext): fc.Arbitrary<ValidRequest> {
  const withField = ctx.accepted.filter((v) => fieldPaths(v.body, 'customFields').length > 0);
  if (withField.length) return fc.constantFrom(...withField);
  if (ctx.accepted.length && fieldNamesOf(endpoint.body).includes('customFields')) {
    return fc.constantFrom(...ctx.accepted).map((v) => ({ ...v, body: { ...(v.body as object), customFields: {} } }));
  }
  const pools = target.pools(target.companyA, resourceOfPath(endpoint.path));
  return fc.tuple(ctx.base, fullArbitrary(endpoint.body!, { pools })).map(([v, full]) => ({ ...v, body: full }));
}

export function customFieldsCase(v: ValidRequest, pick: number, [what, make]: [string, () => unknown]): Case {
  const paths = fieldPaths(v.body, 'customFields');
  const path = paths.length ? paths[pick % paths.length] : ['customFields'];
  return {
    label: `customFields with ${what} is refused`,
    request: toRequest(v, { body: toJsonText(updateAt(fromPlain(v.body), path, () => fromPlain(make()))) }),
    expect: refusedAt(path, 422, 400),
  };
}

export const dateCase = (endpoint: AnyEndpoint, v: ValidRequest, pair: [string, string]): Case => ({
  label: `${pair[0]}=${pair[1]} is a ${queryRefusal(endpoint)}`,
  request: toRequest(v, { search: queryText([pair]) }),
  expect: statusIs(queryRefusal(endpoint)),
});

/** A request the endpoint accepted (or a sample, where none was): what examples start from. */
export const firstBase = (ctx: EndpointContext): ValidRequest => ctx.accepted[0] ?? fc.sample(ctx.base, { numRuns: 1, seed: 1 })[0];

/** Where a value may travel in a request to this endpoint. */
export function echoPlaces(endpoint: AnyEndpoint): string[] {
  const places = ['query'];
  if (paramNames(endpoint).length) places.push('path');
  if (hasBody(endpoint)) places.push('body value', 'body key');
  return places;
}

/** `long` in one place of a valid request; a refusal must not repeat it. */
export function longCase(endpoint: AnyEndpoint, v: ValidRequest, place: string, long: string, pick: number, key: string): Case {
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
export const EXAMPLE_SECRET = `svc_live_sk_${'0A1b'.repeat(8)}`;

export function secretPlaces(endpoint: AnyEndpoint): string[] {
  const places = ['query'];
  if (endpoint.auth) places.push('X-Company-Id header');
  if (hasBody(endpoint)) places.push('secret field', 'added field', 'any field');
  return places;
}

/** `secret` in one place of a valid request (a wrong type where it replaces a field); a refusal must not repeat it. */
export function secretCase(ctx: EndpointContext, v: ValidRequest, place: string, secret: string, pick: number): Case {
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

export function canaryKindCase(endpoint: AnyEndpoint, v: ValidRequest, choice: CanaryChoice): Case {
  const c = canaryCase(endpoint, v, choice);
  return { label: c.label, request: c.request, canary: c, expect: (x) => canaryLeak(x.answer, c) };
}

/** Paths of the string leaves of a plain body (the text a caller may send), `customFields` aside (its own property). */
export function textPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => textPaths(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === 'customFields' ? [] : textPaths(v, [...path, k])));
  }
  return [];
}

/** Names a caller might send by mistake that this endpoint does not take (a misspelt filter, a stray option). */
export function unknownNames(endpoint: AnyEndpoint): string[] {
  const declared = new Set([...Object.keys(endpoint.list?.filters ?? {}), ...fieldNamesOf(endpoint.query)]);
  const misspelt = [...declared].slice(0, 3).map((name) => `${name}s`);
  return ['expand', 'include', 'fields', 'Limit', 'zz_unknown', ...misspelt].filter((name) => !declared.has(name));
}

/** The refusal names `name` in a detail's `field`. */
export const namesField = (x: Exchange, name: string): string | null => {
  const details = (x.answer.json as { error?: { details?: { field?: unknown }[] } } | undefined)?.error?.details ?? [];
  return details.some((d) => d.field === name) ? null : `no detail names ${name}`;
};

/** Fields of a list's operator filters that hold dates. */
export const dateFilters = (endpoint: AnyEndpoint): string[] =>
  Object.entries(endpoint.list?.filters ?? {})
    .filter(([, kind]) => kind === 'date' || kind === 'datetime')
    .map(([field]) => field);

/** An object (as `fromPlain` gives it) with one field replaced, or added, by `value`. */
export const withField = (base: unknown, field: string, value: unknown): unknown =>
  addEntryAt(
    updateAt(base, [field], () => undefined),
    [],
    field,
    value,
  );

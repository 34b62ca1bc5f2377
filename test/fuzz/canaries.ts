/**
 * Canary secrets for the hostile-input suite (ARCHITECTURE.md "an error never echoes a secret"; spec document 1,
 * API key rule 4): known secret texts planted in a request, in every field the contract marks
 * `secret()`, in free text, in fields named like secrets, in query parameters and path segments, sent
 * in invalid variants; no answer (and no job result a batch leaves) may hold a canary in full.
 *
 * Nothing here names a module: the places come from the contract's schemas and the sent request.
 */
import type { z } from 'zod';
import { secretSchemas, type AnyEndpoint } from '../../src/contract/index.js';
import {
  declaresPath,
  defOf,
  fromPlain,
  JsonObject,
  pathsOf,
  queryText,
  schemasAt,
  toJsonText,
  unwrap,
  WRAPPERS,
  type Path,
} from './arbitraries.js';
import {
  encodeAll,
  hasBody,
  paramNames,
  toRequest,
  type Exchange,
  type FuzzRequest,
  type FuzzTarget,
  type ValidRequest,
} from './harness.js';

/** Secret-shaped texts: an API key, a bearer token, a store token, a gateway key, a webhook secret. */
export const SHAPED_CANARIES = [
  `svc_live_sk_${'C4n4ry'.repeat(6)}`,
  `Bearer c4nary${'T0k3n'.repeat(6)}`,
  `shpat_c4nary${'0123456789abcdef'.repeat(2)}`,
  `sk_live_c4nary${'0123456789abcdef'.repeat(2)}`,
  `whsec_c4nary${'0123456789abcdef'.repeat(2)}`,
];
/** A bank account number (what the supplier rules accept) and a secret with no shape: found by where they are, not by their text. */
export const BANK_CANARY = '9999 8888 7777 6666';
export const PLAIN_CANARY = 'c4nary-plain-secret-0123456789';

/** Fields named like secrets (an added one; the name alone must hide its value) and what each holds. */
const SECRET_NAMED: readonly (readonly [string, (canary: unknown) => unknown])[] = [
  ['bankDetails', (c) => ({ accountNumber: c })],
  ['bankAccountNumber', (c) => c],
  ['iban', (c) => c],
  ['apiKey', (c) => c],
  ['accessToken', (c) => c],
  ['password', (c) => c],
  ['credentials', (c) => ({ accessToken: c })],
];

export const CANARY_PLACES = ['declared secret', 'free text', 'secret-named field', 'query parameter', 'path segment'] as const;
export type CanaryPlace = (typeof CANARY_PLACES)[number];
export const CANARY_VARIANTS = ['beside an unknown field', 'wrapped in a list', 'padded past its limit'] as const;
export type CanaryVariant = (typeof CANARY_VARIANTS)[number];

/** Paths of the values a schema marks `secret()` (an array's first element; inside a secret record, one field too). */
export function declaredSecretPaths(schema: z.ZodType | undefined, path: Path = [], seen = new Set<z.ZodType>()): Path[] {
  if (!schema || seen.has(schema) || path.length > 8) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (secretSchemas.has(schema)) return def.type === 'record' ? [path, [...path, 'accessToken']] : [path];
  if (WRAPPERS.has(def.type)) return declaredSecretPaths(def.innerType, path, seen);
  if (def.type === 'pipe') return declaredSecretPaths(def.in, path, seen);
  if (def.type === 'union') return (def.options as z.ZodType[]).flatMap((o) => declaredSecretPaths(o, path, seen));
  if (def.type === 'array') return declaredSecretPaths(def.element, [...path, 0], seen);
  if (def.type === 'object')
    return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, s]) => declaredSecretPaths(s, [...path, k], seen));
  return [];
}

/** The places of an endpoint a canary can go. */
export function canaryPlaces(endpoint: AnyEndpoint): CanaryPlace[] {
  const places: CanaryPlace[] = ['query parameter'];
  if (paramNames(endpoint).length) places.push('path segment');
  if (hasBody(endpoint)) places.push('free text', 'secret-named field');
  if (secretsOf(endpoint).length) places.push('declared secret');
  return places;
}

/** Declared secrets of an endpoint: where (body, query, params) and the path inside. */
function secretsOf(endpoint: AnyEndpoint): { part: 'body' | 'query' | 'params'; path: Path }[] {
  const parts = [...(hasBody(endpoint) ? (['body'] as const) : []), 'query', 'params'] as const;
  return parts.flatMap((part) =>
    declaredSecretPaths(endpoint[part])
      .filter((p) => p.length > 0)
      .map((path) => ({ part, path })),
  );
}

/** `node` (as `fromPlain` gives it) with `item` at `path`, objects and lists made where missing. */
export function plantAt(node: unknown, path: Path, item: unknown): unknown {
  if (path.length === 0) return item;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(node) ? [...node] : [];
    const at = Math.min(head, list.length);
    list[at] = plantAt(list[at], rest, item);
    return list;
  }
  const entries = node instanceof JsonObject ? node.entries : [];
  const old = entries.find(([k]) => k === head)?.[1];
  return new JsonObject([...entries.filter(([k]) => k !== head), [head, plantAt(old, rest, item)]]);
}

/** The canary as a variant sends it: a valid-looking value, one that breaks its field's type, or one too long. */
const variantOf = (canary: string, variant: CanaryVariant): unknown =>
  variant === 'wrapped in a list' ? [canary] : variant === 'padded past its limit' ? `${canary}${'x'.repeat(20_000)}` : canary;

/**
 * Objects of a body the contract leaves free-form (`z.record`, a batch record's `data`): read by rules
 * the contract does not show, so canaries go there first.
 */
function freeFormPaths(endpoint: AnyEndpoint, body: unknown): Path[] {
  const objects = pathsOf(body)
    .filter((n) => n.value instanceof JsonObject)
    .map((n) => n.path);
  return objects.filter((path) => schemasAt(endpoint.body, path).some((s) => defOf(unwrap(s)).type === 'record'));
}

/** Where free text goes: a `name` of each free-form object, then every string of the body as sent. */
const textPaths = (endpoint: AnyEndpoint, body: unknown): Path[] => [
  ...freeFormPaths(endpoint, body).map((path) => [...path, 'name']),
  ...pathsOf(body)
    .filter((n) => typeof n.value === 'string')
    .map((n) => n.path),
];

/** Where a field can be added: free-form objects, the body, then every other object of it. */
function objectPaths(endpoint: AnyEndpoint, body: unknown): Path[] {
  const free = freeFormPaths(endpoint, body);
  const others = pathsOf(body)
    .filter((n) => n.value instanceof JsonObject && !free.some((p) => p.join('.') === n.path.join('.')))
    .map((n) => n.path);
  return [...free, [], ...others];
}

/** One canary case: the request, the canary, and whether no answer at all may show it (a declared secret). */
export interface CanaryCase {
  label: string;
  request: FuzzRequest;
  canary: string;
  strict: boolean;
}

/** Choices of a case, drawn by the property or fixed by an example. */
export interface CanaryChoice {
  place: CanaryPlace;
  variant: CanaryVariant;
  pick: number;
  /** Which secret name an added field has (`secret-named field`). */
  name: number;
  /** A body that declares `options.async` runs as a job, whose results are read after (`followJob`). */
  asJob: boolean;
}

export function canaryCase(
  endpoint: AnyEndpoint,
  v: ValidRequest,
  { place, variant, pick, name: namePick, asJob }: CanaryChoice,
): CanaryCase {
  const shaped = SHAPED_CANARIES[pick % SHAPED_CANARIES.length];
  let body = fromPlain(v.body ?? {});
  const job = asJob && runsAsJob(endpoint);
  if (job) body = plantAt(body, ['options'], fromPlain({ async: true, continueOnError: true }));
  const label = (what: string, canary: string) =>
    `${canary.slice(0, 12)}… ${what} (${variant}${job && BODY_PLACES.has(place) ? ', as a job' : ''})`;
  // An unknown field beside the canary: refused where the object is strict, dropped where it is not.
  const besides = (parent: Path, at: unknown) =>
    variant === 'beside an unknown field' ? plantAt(at, [...parent, 'notAFieldOfTheContract'], 1) : at;
  if (place === 'declared secret') {
    const secrets = secretsOf(endpoint);
    const { part, path } = secrets[pick % secrets.length];
    const canary = String(path.at(-1)).match(/account/i) ? BANK_CANARY : pick % 2 ? PLAIN_CANARY : shaped;
    if (part === 'body') {
      const planted = besides(path.slice(0, -1), plantAt(body, path, variantOf(canary, variant)));
      return { label: label(`as ${path.join('.')}`, canary), request: toRequest(v, { body: toJsonText(planted) }), canary, strict: true };
    }
    return {
      label: label(`as ${part} ${path.join('.')}`, canary),
      request: withPart(v, part, String(path[0]), String(variantOf(canary, variant))),
      canary,
      strict: true,
    };
  }
  if (place === 'free text') {
    const paths = textPaths(endpoint, body);
    const path = paths.length ? paths[pick % paths.length] : ['name'];
    const planted = besides(path.slice(0, -1), plantAt(body, path, variantOf(shaped, variant)));
    return {
      label: label(`as ${path.join('.')}`, shaped),
      request: toRequest(v, { body: toJsonText(planted) }),
      canary: shaped,
      strict: false,
    };
  }
  if (place === 'secret-named field') {
    const parents = objectPaths(endpoint, body);
    const parent = parents[pick % parents.length];
    const [name, make] = SECRET_NAMED[namePick % SECRET_NAMED.length];
    const canary = /bank|iban/i.test(name) ? BANK_CANARY : PLAIN_CANARY;
    const planted = besides(parent, plantAt(body, [...parent, name], fromPlain(make(variantOf(canary, variant)))));
    return {
      label: label(`as an added ${[...parent, name].join('.')}`, canary),
      request: toRequest(v, { body: toJsonText(planted) }),
      canary,
      strict: false,
    };
  }
  if (place === 'path segment') {
    const names = paramNames(endpoint);
    return {
      label: label(`as path {${names[pick % names.length]}}`, shaped),
      request: withPart(v, 'params', names[pick % names.length], String(variantOf(shaped, variant))),
      canary: shaped,
      strict: false,
    };
  }
  const keys = queryKeys(endpoint);
  const key = keys[pick % keys.length];
  return {
    label: label(`as ?${key}`, shaped),
    request: withPart(v, 'query', key, String(variantOf(shaped, variant))),
    canary: shaped,
    strict: false,
  };
}

const BODY_PLACES = new Set<CanaryPlace>(['declared secret', 'free text', 'secret-named field']);

/** Whether a body can ask to run as a job (`options.async`, as a batch does). */
export const runsAsJob = (endpoint: AnyEndpoint): boolean => hasBody(endpoint) && declaresPath(endpoint.body, ['options', 'async']);

/**
 * Cases every seed runs: each place once, each declared secret, free text and an added secret-named
 * field both first (a free-form record) and last in the body, and for a job, the first again as a job.
 */
export function canaryExamples(endpoint: AnyEndpoint, v: ValidRequest): CanaryChoice[] {
  const body = fromPlain(v.body ?? {});
  const last = {
    'free text': textPaths(endpoint, body).length - 1,
    'secret-named field': objectPaths(endpoint, body).length - 1,
  } as Record<CanaryPlace, number>;
  const out: CanaryChoice[] = [];
  const add = (place: CanaryPlace, pick: number, asJob = false) =>
    out.push({
      place,
      pick: Math.max(0, pick),
      name: asJob ? 1 : 0,
      variant: asJob ? 'wrapped in a list' : 'beside an unknown field',
      asJob,
    });
  for (const place of canaryPlaces(endpoint)) {
    if (place === 'declared secret') for (const i of secretsOf(endpoint).keys()) add(place, i);
    else add(place, 0);
    if (place in last && last[place] > 0) add(place, last[place]);
    if (runsAsJob(endpoint) && place in last) add(place, 0, true);
  }
  return out;
}

/** Declared query parameters, or a filter on a field no list has (refused everywhere). */
function queryKeys(endpoint: AnyEndpoint): string[] {
  const shape = endpoint.query ? (defOf(endpoint.query).shape as Record<string, unknown> | undefined) : undefined;
  return shape && Object.keys(shape).length ? Object.keys(shape) : ['notAField[eq]'];
}

/** `v` with one path segment or query parameter set to `text`. */
function withPart(v: ValidRequest, part: 'query' | 'params', key: string, text: string): FuzzRequest {
  if (part === 'params') return toRequest(v, { params: { ...encodeAll(v.params), [key]: encodeURIComponent(text) } });
  return toRequest(v, { search: queryText([...v.query.filter(([k]) => k !== key), [key, text]]) });
}

/** Keys whose subtree reports a failure (a refused record of a batch or a bulk call, a sync's failures). */
const ERROR_KEYS = new Set(['error', 'errors', 'failures']);

function errorPartHolds(value: unknown, canary: string, inError: boolean, depth = 0): boolean {
  if (typeof value === 'string') return inError && value.includes(canary);
  if (value === null || typeof value !== 'object' || depth > 40) return false;
  if (Array.isArray(value)) return value.some((item) => errorPartHolds(item, canary, inError, depth + 1));
  return Object.entries(value).some(([key, item]) => errorPartHolds(item, canary, inError || ERROR_KEYS.has(key), depth + 1));
}

/**
 * Where an answer shows a canary it may not: a declared secret anywhere; other canaries in a refusal,
 * or in the error of a record a batch refused (a success may store and show free text as sent).
 */
export function canaryLeak(
  answer: { status: number; text: string; json: unknown },
  c: Pick<CanaryCase, 'canary' | 'strict'>,
  where = 'the answer',
): string | null {
  if (!answer.text.includes(c.canary)) return null;
  if (c.strict) return `${where} shows a secret it was sent (${c.canary.slice(0, 12)}…) in full`;
  if (answer.status >= 400) return `${where}, a refusal, echoes a secret it was sent (${c.canary.slice(0, 12)}…)`;
  return errorPartHolds(answer.json, c.canary, false)
    ? `${where} echoes a secret it was sent (${c.canary.slice(0, 12)}…) in an error`
    : null;
}

/**
 * A job's results, once it has finished, when the answer accepted a job (202 with a `downloadUrl`), read
 * with the read-only key; null otherwise. The job runs in turns of the event loop: waited for, bounded.
 */
export async function followJob(target: FuzzTarget, first: Exchange): Promise<{ status: number; text: string; json: unknown } | null> {
  const url = (first.answer.json as { data?: { downloadUrl?: unknown } } | undefined)?.data?.downloadUrl;
  if (first.answer.status !== 202 || typeof url !== 'string') return null;
  const headers = {
    authorization: `Bearer ${target.mock.credentials.readOnlyApiKey}`,
    'x-company-id': first.request.headers?.['x-company-id'] ?? target.companyA,
  };
  for (let turn = 0; turn < 500; turn++) {
    const response = await target.mock.fetch(url, { headers });
    const text = await response.text();
    if (response.status !== 409) return { status: response.status, text, json: parse(text) };
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { status: 409, text: '', json: undefined };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

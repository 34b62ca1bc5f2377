import type { z } from 'zod';
import type { AnyEndpoint, BodyOf, Endpoint, FilterCondition, FilterKind, ListSpec, QueryOf, ResponseOf } from '../contract/index.js';
import { ApiPromise, type ApiResponse } from './api-promise.js';
import { isSuccessBody } from './envelope.js';
import { ResponseValidationError } from './errors.js';
import type { CallInput, RawResult, Transport } from './http.js';
import { PAGE_CLASSES, Page, PagePromise, type PageOf } from './pagination.js';
import type { RequestOptions } from './request-options.js';

/** What an SDK method calls: the shared transport and the company this client acts on. */
export interface MethodCore {
  readonly transport: Transport;
  readonly companyId: string | undefined;
}

// An omitted schema leaves its type parameter at the default `z.ZodType`.
type Declared<S> = z.ZodType extends S ? false : true;
type ParamsSchema<E> = E extends Endpoint<infer P, any, any, any> ? P : never;
type QuerySchema<E> = E extends Endpoint<any, infer Q, any, any> ? Q : never;
type BodySchema<E> = E extends Endpoint<any, any, infer B, any> ? B : never;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type KeyCount<U, N extends unknown[] = []> = [U] extends [never]
  ? N['length']
  : UnionToIntersection<U extends unknown ? () => U : never> extends () => infer Last
    ? KeyCount<Exclude<U, Last>, [...N, unknown]>
    : never;

/** Path values, positional and in path order: `retrieve(id)`, `contacts.retrieve(parentId, id)`. */
type PathArgs<E> =
  Declared<ParamsSchema<E>> extends true
    ? KeyCount<keyof z.output<ParamsSchema<E>>> extends 1
      ? [id: string]
      : KeyCount<keyof z.output<ParamsSchema<E>>> extends 2
        ? [parentId: string, id: string]
        : [grandparentId: string, parentId: string, id: string]
    : [];

type FilterValue<K extends FilterKind> = K extends 'number' ? number : K extends 'boolean' ? boolean : string;

// The declared filter fields, without the `Record<string, FilterKind>` index signature of `ListSpec`.
type FilterFields<F> = { [K in keyof F as string extends K ? never : K]: F[K] };

/** A list's query: its declared parameters, with each operator-form field widened to `FilterCondition`. */
export type ListQuery<E> = E extends { list: { filters: infer F extends Record<string, FilterKind> } }
  ? Omit<QueryOf<E>, keyof FilterFields<F>> & {
      [K in keyof FilterFields<F>]?: FilterCondition<FilterValue<FilterFields<F>[K]>>;
    }
  : QueryOf<E>;

type BodyArgs<E> =
  Declared<BodySchema<E>> extends true ? ({} extends BodyOf<E> ? [body?: BodyOf<E>] : [body: BodyOf<E>]) : [];
type QueryArgs<E> =
  Declared<QuerySchema<E>> extends true ? ({} extends ListQuery<E> ? [query?: ListQuery<E>] : [query: ListQuery<E>]) : [];

/** Arguments of the method of endpoint `E`: path values, then body, then query, then options. */
export type MethodArgs<E> = [...PathArgs<E>, ...BodyArgs<E>, ...QueryArgs<E>, options?: RequestOptions];

/** What the method of `E` returns: a `PagePromise` for a list, else an `ApiPromise` of the record. */
export type MethodResult<E> = E extends { list: infer L extends ListSpec }
  ? PagePromise<PageOf<L['paging'], ResponseOf<E>>, ResponseOf<E>>
  : ApiPromise<ResponseOf<E>>;

/** An SDK method, carrying its contract declaration as `endpoint` (read by the coverage test). */
export type SdkMethod<E extends AnyEndpoint = AnyEndpoint> = ((...args: MethodArgs<E>) => MethodResult<E>) & {
  readonly endpoint: E;
};

/**
 * Derives the SDK method of an endpoint from its declaration: arguments are read by position (path
 * values in path order, then body, then query, then options) and handed to the transport unchanged.
 */
export function defineMethod<E extends AnyEndpoint>(core: MethodCore, endpoint: E): SdkMethod<E> {
  const pathNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const method = (...args: unknown[]) => {
    let at = 0;
    const params: Record<string, unknown> = {};
    for (const name of pathNames) params[name] = args[at++];
    const input: CallInput = { params };
    if (endpoint.body) input.body = args[at++];
    if (endpoint.query) input.query = args[at++] as Record<string, unknown> | undefined;
    const options = args[at] as RequestOptions | undefined;
    return endpoint.list ? callList(core, endpoint, input, options) : callOne(core, endpoint, input, options);
  };
  Object.defineProperty(method, 'endpoint', { value: endpoint });
  Object.defineProperty(method, 'name', { value: endpoint.id });
  return method as unknown as SdkMethod<E>;
}

function callOne(core: MethodCore, endpoint: AnyEndpoint, input: CallInput, options?: RequestOptions): ApiPromise<unknown> {
  return new ApiPromise(
    core.transport.request(endpoint, input, core.companyId, options).then((raw) => withData(raw, unwrap(raw, endpoint))),
  );
}

function callList(core: MethodCore, endpoint: AnyEndpoint, input: CallInput, options?: RequestOptions): PagePromise<Page<unknown>, unknown> {
  const PageClass = PAGE_CLASSES[endpoint.list!.paging];
  const fetchPage = (query: Record<string, unknown>): PagePromise<Page<unknown>, unknown> =>
    new PagePromise(
      core.transport.request(endpoint, { ...input, query }, core.companyId, options).then((raw) => {
        const data = unwrap(raw, endpoint);
        if (!Array.isArray(data)) throw notAnEnvelope(raw, endpoint, '`data` of a list is not an array');
        const pagination = isSuccessBody(raw.body) ? raw.body.pagination : undefined;
        return withData(raw, new PageClass({ data, pagination: pagination as never, query, fetchPage }));
      }),
    );
  return fetchPage({ ...(input.query ?? {}) });
}

/** `data` of the success envelope; a 204 has none; a redirect is its `Location`; an endpoint without the envelope, its body. */
function unwrap(raw: RawResult, endpoint: AnyEndpoint): unknown {
  if (raw.response.status === 204) return undefined;
  if (endpoint.status === 302) return redirectOf(raw, endpoint);
  if (endpoint.envelope === false) return raw.body;
  if (!isSuccessBody(raw.body)) throw notAnEnvelope(raw, endpoint, 'body has no `data`');
  return raw.body.data;
}

/** `{ location }` of a redirect answer; a browser hides it (`redirect: 'manual'` gives an opaque response there). */
function redirectOf(raw: RawResult, endpoint: AnyEndpoint): { location: string } {
  const location = raw.response.headers.get('location');
  if (raw.response.status !== endpoint.status || !location) {
    throw notAnEnvelope(raw, endpoint, `expected a ${endpoint.status} redirect with a Location header (a browser cannot read one: navigate to the URL instead)`);
  }
  return { location };
}

function withData<T>(raw: RawResult, data: T): ApiResponse<T> {
  return { data, response: raw.response, requestId: raw.requestId, rateLimit: raw.rateLimit };
}

function notAnEnvelope(raw: RawResult, endpoint: AnyEndpoint, message: string): ResponseValidationError {
  return new ResponseValidationError({
    status: raw.response.status,
    endpoint: endpoint.id,
    issues: [{ path: '', message }],
    message: `response of ${endpoint.id} is not a success envelope: ${message}`,
    requestId: raw.requestId,
    headers: raw.response.headers,
  });
}

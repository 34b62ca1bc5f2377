import { ApiPromise, type ApiResponse } from '../core/api-promise.js';
import { isSuccessBody } from './envelope.js';
import { ResponseValidationError } from '../core/errors.js';
import { PAGE_CLASSES, type Page, PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import type { CallInput, RawResult } from './transport.js';
import type { MethodCore } from '../core/resource.js';
import type { Route } from '../core/route.js';
import { templateOf } from './path-template.js';
import { ReportFile } from '../core/report-file.js';

/**
 * Derives the SDK method of an endpoint from its route: arguments are read by position (path values
 * in path order, then body, then query, then options) and handed to the transport unchanged.
 */
export function defineMethod(core: MethodCore, route: Route): (...args: unknown[]) => unknown {
  // The path's parameter names, compiled once per route (the transport fills the URL from the same template).
  const pathNames = templateOf(route).names;
  const call = route.list ? callList : callOne;
  const method = (...args: unknown[]) => {
    let at = 0;
    const params: Record<string, unknown> = {};
    for (const name of pathNames) params[name] = args[at++];
    const input: CallInput = { params };
    if (route.hasBody) input.body = args[at++];
    if (route.hasQuery) input.query = args[at++] as Record<string, unknown> | undefined;
    return call(core, route, input, args[at] as RequestOptions | undefined);
  };
  if (route.files && pathNames.length === 0 && !route.hasBody) {
    // The same report as a file: only the query's `format` differs (spec document 3, "Reports").
    const download = (query: Record<string, unknown>, options?: RequestOptions) => callOne(core, route, { params: {}, query }, options);
    Object.defineProperty(method, 'download', { value: download });
  }
  Object.defineProperty(method, 'endpoint', { value: route });
  Object.defineProperty(method, 'name', { value: route.id });
  return method;
}

/** One call of an endpoint with its input already split: a page promise for a list, else an API promise. */
export function callEndpoint(core: MethodCore, route: Route, input: Partial<CallInput>, options?: RequestOptions): unknown {
  const full: CallInput = { ...input, params: input.params ?? {} };
  return route.list ? callList(core, route, full, options) : callOne(core, route, full, options);
}

/** One call whose answer is a file (a report's `.download()`, a saved report run as a PDF, a finished job's result). */
export function callForFile(core: MethodCore, route: Route, input: CallInput, options?: RequestOptions): ApiPromise<unknown> {
  return callOne(core, { ...route, files: true }, input, options);
}

function callOne(core: MethodCore, route: Route, input: CallInput, options?: RequestOptions): ApiPromise<unknown> {
  return new ApiPromise(core.transport.request(route, input, core.companyId, options).then((raw) => withData(raw, unwrap(raw, route))));
}

function callList(core: MethodCore, route: Route, input: CallInput, options?: RequestOptions): PagePromise<Page<unknown>, unknown> {
  const PageClass = PAGE_CLASSES[route.list!.paging];
  const fetchPage = (query: Record<string, unknown>): PagePromise<Page<unknown>, unknown> =>
    new PagePromise(
      core.transport.request(route, { ...input, query }, core.companyId, options).then((raw) => {
        const data = unwrap(raw, route);
        if (!Array.isArray(data)) throw notAnEnvelope(raw, route, '`data` of a list is not an array');
        const pagination = isSuccessBody(raw.body) ? raw.body.pagination : undefined;
        return withData(raw, new PageClass({ data, pagination: pagination as never, query, fetchPage }));
      }),
    );
  return fetchPage({ ...(input.query ?? {}) });
}

/** `data` of the success envelope; a 204 has none; a redirect is its `Location`; an endpoint without the envelope, its body. */
function unwrap(raw: RawResult, route: Route): unknown {
  if (raw.response.status === 204) return undefined;
  if (route.status === 302) return redirectOf(raw, route);
  if (route.envelope === false || raw.body instanceof ReportFile) return raw.body;
  if (!isSuccessBody(raw.body)) throw notAnEnvelope(raw, route, 'body has no `data`');
  return raw.body.data;
}

/** `{ location }` of a redirect answer; a browser hides it (`redirect: 'manual'` gives an opaque response there). */
function redirectOf(raw: RawResult, route: Route): { location: string } {
  const location = raw.response.headers.get('location');
  if (raw.response.status !== route.status || !location) {
    throw notAnEnvelope(
      raw,
      route,
      `expected a ${route.status} redirect with a Location header (a browser cannot read one: navigate to the URL instead)`,
    );
  }
  return { location };
}

function withData<T>(raw: RawResult, data: T): ApiResponse<T> {
  return { data, response: raw.response, requestId: raw.requestId, rateLimit: raw.rateLimit };
}

function notAnEnvelope(raw: RawResult, route: Route, message: string): ResponseValidationError {
  return new ResponseValidationError({
    status: raw.response.status,
    endpoint: route.id,
    issues: [{ path: '', message }],
    message: `response of ${route.id} is not a success envelope: ${message}`,
    requestId: raw.requestId,
    headers: raw.response.headers,
  });
}

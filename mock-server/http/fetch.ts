import { boundMessage } from '../kernel/echo.js';
import { envelopeHeaders, failureBody } from '../kernel/envelope.js';
import type { MockRequest, MockResponse } from '../kernel/request.js';
import { headResponse } from './handle.js';

export type HandleRequest = (request: MockRequest) => Promise<MockResponse>;

/** WHATWG Request -> the router's request. */
export async function fromFetchRequest(request: Request): Promise<MockRequest> {
  const url = new URL(request.url);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  return {
    method: request.method,
    origin: url.origin,
    pathname: url.pathname,
    search: url.search.slice(1),
    headers: request.headers,
    bodyText: hasBody ? await request.text() : null,
  };
}

/** The router's response -> WHATWG Response (a 204, a 304 and an empty body are null; HEAD's is emptied by headResponse). */
export function toFetchResponse(response: MockResponse): Response {
  const nullBody = response.status === 204 || response.status === 304 || response.body === '';
  return new Response(nullBody ? null : (response.body as BodyInit), { status: response.status, headers: response.headers });
}

/** The error a real `fetch` gives when the connection drops: a TypeError with a cause. */
export function networkFailure(): TypeError {
  return new TypeError('fetch failed', { cause: new Error('acs-mock: the connection was lost (injected network fault)') });
}

/**
 * The failure envelope of a request the mock could not serve (a body stream that errors, a bug): a
 * 500 the caller can read, never a rejection. Only the error's class and message reach the body.
 */
export function internalErrorResponse(error: unknown, what = 'Internal error in the mock'): MockResponse {
  // One answer per failure: the request journal and the adapter that catches the same error show one request id.
  const made = typeof error === 'object' && error !== null ? answered.get(error) : undefined;
  if (made) return made;
  const response = newInternalErrorResponse(error, what);
  if (typeof error === 'object' && error !== null) answered.set(error, response);
  return response;
}

const answered = new WeakMap<object, MockResponse>();

function newInternalErrorResponse(error: unknown, what: string): MockResponse {
  const requestId = `req_${globalThis.crypto.randomUUID().replaceAll('-', '')}`;
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const message = boundMessage(`${what}: ${reason}`);
  return {
    status: 500,
    headers: envelopeHeaders(requestId),
    body: failureBody({ code: 'INTERNAL_ERROR', message, details: undefined }, requestId, new Date().toISOString()),
  };
}

/**
 * A WHATWG request through the service: whatever fails on the way (reading the body, the service
 * itself) comes back as a 500 envelope, so `mock.fetch` and the msw handlers never reject with an
 * internal error.
 */
export async function serveFetchRequest(request: Request, handle: HandleRequest): Promise<MockResponse> {
  let parsed: MockRequest;
  try {
    parsed = await fromFetchRequest(request);
  } catch (error) {
    return headResponse(request, internalErrorResponse(error, 'The request body could not be read'));
  }
  try {
    return await handle(parsed);
  } catch (error) {
    return headResponse(request, internalErrorResponse(error));
  }
}

/**
 * A `fetch` that calls the service in-process, with no network and no interception, for
 * `new AcsClient({ fetch: mock.fetch })`. Honours `AbortSignal` like the real one. It rejects only as
 * a real `fetch` does: an invalid request (a TypeError), an abort, or an injected network fault.
 */
export function createMockFetch(handle: HandleRequest): typeof fetch {
  const mockFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const signal = request.signal;
    signal.throwIfAborted();
    const response = await abortable(serveFetchRequest(request, handle), signal);
    if (response.networkError) throw networkFailure();
    try {
      return toFetchResponse(response);
    } catch (error) {
      return toFetchResponse(internalErrorResponse(error));
    }
  };
  return mockFetch as typeof fetch;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException('This operation was aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

import type { MockRequest, MockResponse } from '../kernel/request.js';

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

/** The router's response -> WHATWG Response (a 204 must have a null body). */
export function toFetchResponse(response: MockResponse): Response {
  const nullBody = response.status === 204 || response.status === 304 || response.body === '';
  return new Response(nullBody ? null : response.body, { status: response.status, headers: response.headers });
}

/** The error a real `fetch` gives when the connection drops: a TypeError with a cause. */
export function networkFailure(): TypeError {
  return new TypeError('fetch failed', { cause: new Error('acs-mock: the connection was lost (injected network fault)') });
}

/**
 * A `fetch` that calls the service in-process, with no network and no interception, for
 * `new AcsClient({ fetch: mock.fetch })`. Honours `AbortSignal` like the real one.
 */
export function createMockFetch(handle: HandleRequest): typeof fetch {
  const mockFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const signal = request.signal;
    signal.throwIfAborted();
    const pending = fromFetchRequest(request).then(handle);
    const response = await abortable(pending, signal);
    if (response.networkError) throw networkFailure();
    return toFetchResponse(response);
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

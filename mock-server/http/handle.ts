import { utf8Length } from '../kernel/body.js';
import type { MatchResult, RouteTable } from '../kernel/match.js';
import type { MockRequest, MockResponse } from '../kernel/request.js';
import type { RoutedResponse, Router } from '../kernel/router.js';
import type { JournalTrace, RequestJournal } from '../kernel/journal.js';
import { internalErrorResponse, type HandleRequest } from './fetch.js';

/** An answer now when nothing needs waiting for, else its promise. */
export type AnswerRequest = (request: MockRequest) => MockResponse | Promise<MockResponse>;

/** An answer with the journal's trace of the request, when it is journalled. */
type TracedAnswer = (request: MockRequest, trace?: JournalTrace) => MockResponse | Promise<MockResponse>;

// What each handle answers with before its promise: the node adapter writes a ready answer at once.
const answers = new WeakMap<HandleRequest, AnswerRequest>();

/**
 * The service's request path, which every adapter (msw, `mock.fetch`, node:http) calls: the latency
 * option, OPTIONS, what the route loads on first use, the router, a fault's delay, and HEAD answered as
 * GET without its body.
 */
export function createHandle(router: Router, latency: () => number, ready?: Promise<void>, journal?: RequestJournal | null): HandleRequest {
  // `ready`: what the service makes asynchronously before its first answer (the e-invoice signing certificate).
  let pending = ready;
  void pending?.then(() => (pending = undefined));
  // `trace`: the journal's of the request (MOCK-27), handed along so it sees what the router commits for it.
  const routed = (request: MockRequest, matched: MatchResult, trace?: JournalTrace): MockResponse | Promise<MockResponse> => {
    if (trace) trace.matched = matched;
    const response = trace ? journal!.during(trace, router, request, matched) : router.handle(request, matched);
    // Most answers hold no delay and no file to render: out at once, as the router made them.
    if (response.delayMs || response.render) return later(request, response);
    return headResponse(request, 'delayMs' in response ? plain(response) : response);
  };
  const unjournalled: TracedAnswer = (request, trace) => {
    const wait = latency();
    if (wait > 0 || pending) return waited(request, wait, trace);
    return matchedAnswer(request, trace);
  };
  const answer: AnswerRequest = journal ? journalled(journal, unjournalled) : unjournalled;
  const matchedAnswer: TracedAnswer = (request, trace) => {
    const options = answerOptions(router.table, request);
    if (options) return options;
    const matched = router.table.match(request.method.toUpperCase(), request.origin, request.pathname);
    const loading = matched.kind === 'found' ? matched.match.route.ready?.() : null;
    return loading ? loading.then(() => routed(request, matched, trace)) : routed(request, matched, trace);
  };
  const waited = async (request: MockRequest, wait: number, trace?: JournalTrace): Promise<MockResponse> => {
    if (wait > 0) await sleep(wait);
    if (pending) await pending;
    return matchedAnswer(request, trace);
  };
  const handle: HandleRequest = async (request) => answer(request);
  answers.set(handle, answer);
  return handle;
}

/** `answer` with each request journalled with its final answer: after a fault's delay, a file's bytes, HEAD's emptying. */
function journalled(journal: RequestJournal, answer: TracedAnswer): AnswerRequest {
  return (request) => {
    const trace = journal.begin(request);
    let answered: MockResponse | Promise<MockResponse>;
    try {
      answered = answer(request, trace);
    } catch (error) {
      journal.finish(trace, internalErrorResponse(error));
      throw error;
    }
    // A ready answer (the common one) is journalled without a closure of its own.
    if (!(answered instanceof Promise)) {
      journal.finish(trace, answered);
      return answered;
    }
    return answered.then(
      (response) => {
        journal.finish(trace, response);
        return response;
      },
      (error: unknown) => {
        journal.finish(trace, internalErrorResponse(error));
        throw error;
      },
    );
  };
}

/** `handle`'s answer, at once when it needs no waiting (a handle not made by createHandle: its promise). */
export function answerNow(handle: HandleRequest, request: MockRequest): MockResponse | Promise<MockResponse> {
  const answer = answers.get(handle);
  return answer ? answer(request) : handle(request);
}

/** A fault's delay, then a file answer's bytes, made after the router's transaction. */
async function later(request: MockRequest, { render, delayMs, ...response }: RoutedResponse): Promise<MockResponse> {
  if (delayMs) await sleep(delayMs);
  return headResponse(request, render ? { ...response, body: await render() } : response);
}

/** The response without the router's own fields (a fault's `delayMs: undefined`). */
function plain({ render: _render, delayMs: _delayMs, ...response }: RoutedResponse): MockResponse {
  return response;
}

/**
 * OPTIONS on an API path: 204 with the methods it answers in `Allow` (RFC 9110 §9.3.7), before any
 * authentication, as a browser's CORS preflight carries no credentials. Null for any other request,
 * and for a path the service does not have (the router's 404).
 */
function answerOptions(table: RouteTable, request: MockRequest): MockResponse | null {
  if (request.method.length !== 7 || request.method.toUpperCase() !== 'OPTIONS') return null;
  const matched = table.match('OPTIONS', request.origin, request.pathname);
  if (matched.kind !== 'method') return null;
  return { status: 204, headers: { Allow: matched.allow.join(', '), 'Cache-Control': 'no-store' }, body: '' };
}

/** A HEAD request's answer: the GET's status and headers, its body's length, no body (RFC 9110 §9.3.2). */
export function headResponse(request: Pick<MockRequest, 'method'>, response: MockResponse): MockResponse {
  if (request.method.length !== 4 || request.method.toUpperCase() !== 'HEAD' || response.body === '') return response;
  const length = typeof response.body === 'string' ? utf8Length(response.body) : response.body.byteLength;
  return { ...response, headers: { ...response.headers, 'Content-Length': String(length) }, body: '' };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

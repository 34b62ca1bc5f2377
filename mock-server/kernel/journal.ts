import type { z } from 'zod';
import { redactUrl } from '../../src/internal/redact.js';
import type { MockClock } from './clock.js';
import { boundText } from './echo.js';
import {
  capturedRequestBody,
  capturedResponseBody,
  headerPairsOf,
  journalHeaders,
  maskedRequestBody,
  maskedResponseBody,
  type CapturedRequestBody,
  type CapturedResponseBody,
  type HeaderPairs,
  type JournalBody,
} from './journal-capture.js';
import { filterTest, type FilterTarget, type RequestFilter } from './journal-filter.js';
import { JournalRing, type DecodedRecord } from './journal-ring.js';
import type { MatchResult } from './match.js';
import { maskPath } from './mask.js';
import type { MockRequest, MockResponse } from './request.js';
import type { Principal } from './route.js';

export type { JournalBody } from './journal-capture.js';
export type { RequestFilter } from './journal-filter.js';

/** Entries kept by default, and at most (MOCK-27). */
export const JOURNAL_DEFAULT_SIZE = 2000;
export const JOURNAL_MAX_SIZE = 100_000;
/** Changes, events and query parameters listed in one entry; `changeCount` and `eventCount` say how many there were. */
const LISTED_PER_ENTRY = 100;

/** One record a request's writes changed. */
export interface JournalChange {
  companyId: string;
  table: string;
  id: string;
  op: 'created' | 'updated' | 'deleted';
}

/** One request the service answered, as `mock.requests` and `GET /__mock/requests` show it (MOCK-27). */
export interface JournalEntry {
  /** Increasing, one per entry: the cursor of `GET /__mock/requests` pages on it. */
  readonly sequence: number;
  /** The answer's `X-Request-ID`, which an SDK error carries as `requestId`. */
  readonly requestId: string;
  /** Mock-clock time the request came in, and the real time. */
  readonly at: string;
  readonly realAt: string;
  readonly durationMs: number;
  readonly method: string;
  /** The path as sent, a credential in it masked. */
  readonly path: string;
  /** Query parameters, a secret-named one's value masked. */
  readonly query: Readonly<Record<string, string>>;
  /** The matched route's template (`/v1/invoices/{invoiceId}/send`), its endpoint id; null when none matched. */
  readonly route: string | null;
  readonly endpoint: string | null;
  /** Null when the connection was dropped (an injected network fault). */
  readonly status: number | null;
  /** The answer of an earlier request, replayed for its `Idempotency-Key`. */
  readonly replayed: boolean;
  readonly companyId: string | null;
  /** Who asked: the key's or the signed-in user's name, never the secret. */
  readonly credential: { readonly name: string; readonly kind: Principal['kind'] } | null;
  readonly request: { readonly headers: Readonly<Record<string, string>>; readonly body: JournalBody };
  readonly response: { readonly headers: Readonly<Record<string, string>>; readonly body: JournalBody };
  /** The records its writes changed (the store's change record), and the domain events they made. */
  readonly changes: readonly JournalChange[];
  readonly changeCount: number;
  readonly events: readonly { readonly id: string; readonly event: string }[];
  readonly eventCount: number;
}

/** What the router tells the journal of a request as it learns it (kernel/router.ts fills it). */
export interface ExchangeNote {
  requestId?: string;
  principal?: Principal;
  companyId?: string;
}

/**
 * An entry as the request path leaves it (MOCK-46): what a filter reads, and the query, headers and bodies
 * as they came, masked and cut into the entry only when someone reads it (most entries never are).
 */
interface CapturedEntry extends Omit<JournalEntry, 'realAt' | 'query' | 'request' | 'response'> {
  readonly captured: {
    readonly realMs: number;
    readonly search: string;
    readonly requestHeaders: HeaderPairs;
    readonly requestBody: CapturedRequestBody;
    readonly responseHeaders: HeaderPairs;
    readonly responseBody: CapturedResponseBody;
  };
}

/** A request on its way through the service: begun by the request path, finished with its answer. */
export interface JournalTrace {
  readonly request: MockRequest;
  readonly started: number;
  readonly at: string;
  /** Epoch milliseconds, written out when the entry is read. */
  readonly realMs: number;
  readonly note: ExchangeNote;
  matched?: MatchResult;
  changes: JournalChange[];
  changeCount: number;
  events: { id: string; event: string }[];
  eventCount: number;
}

/** The committed changes and events a request made, as the store and the bus report them. */
export interface CommittedChange {
  companyId: string;
  table: string;
  id: string;
  before: unknown;
  after: unknown;
  requestId: string | null;
  internal: boolean;
}

/** What `during` runs: the router's handle, named by its shape so the journal does not import the router. */
export interface RequestRouter<R> {
  handle(request: MockRequest, matched: MatchResult, note: ExchangeNote): R;
}

/**
 * The request journal: the most recent `size` requests the service answered, in a ring (MOCK-27).
 * `find`, `count` and `last` read it in-process; `clear()` empties it.
 */
export class RequestJournal {
  /** Entries as captured, in bytes; and, by slot, each one read since, masked and kept as read. */
  readonly #bytes: JournalRing;
  readonly #read: (JournalEntry | undefined)[];
  #next = 0;
  #length = 0;
  #sequence = 0;
  #current: JournalTrace | null = null;

  constructor(
    readonly size: number,
    private readonly clock: MockClock,
  ) {
    this.#bytes = new JournalRing(size);
    this.#read = new Array(size);
  }

  /** Entries matching `filter`, oldest first. */
  find(filter?: RequestFilter): JournalEntry[] {
    const test = filterTest(filter);
    const out: JournalEntry[] = [];
    for (let i = this.#length; i > 0; i--) {
      if (test(targetOf(this.#slot(i - 1)))) out.push(this.#at(i - 1));
    }
    return out;
  }

  count(filter?: RequestFilter): number {
    const test = filterTest(filter);
    let count = 0;
    for (let i = 0; i < this.#length; i++) if (test(targetOf(this.#slot(i)))) count++;
    return count;
  }

  /** The newest entry matching `filter`. */
  last(filter?: RequestFilter): JournalEntry | undefined {
    const test = filterTest(filter);
    for (let i = 0; i < this.#length; i++) {
      if (test(targetOf(this.#slot(i)))) return this.#at(i);
    }
    return undefined;
  }

  clear(): void {
    this.#read.fill(undefined);
    for (let slot = 0; slot < this.size; slot++) this.#bytes.release(slot);
    this.#length = 0;
  }

  /** A page, newest first, of the entries matching `filter` older than `before` (a sequence). */
  page(filter: RequestFilter, limit: number, before = Number.POSITIVE_INFINITY) {
    const test = filterTest(filter);
    const data: JournalEntry[] = [];
    let total = 0;
    for (let i = 0; i < this.#length; i++) {
      const entry = this.#slot(i);
      if (!test(targetOf(entry))) continue;
      total++;
      if (entry.sequence < before && data.length <= limit) data.push(this.#at(i));
    }
    const hasMore = data.length > limit;
    if (hasMore) data.pop();
    return { data, pagination: { hasMore, nextCursor: hasMore ? String(data.at(-1)!.sequence) : null, limit, total } };
  }

  /** Starts the trace of a request; its changes and events are collected while `during` runs. */
  begin(request: MockRequest): JournalTrace {
    const started = performance.now();
    return {
      request,
      started,
      at: this.clock.iso(),
      realMs: Date.now(),
      note: {},
      changes: [],
      changeCount: 0,
      events: [],
      eventCount: 0,
    };
  }

  /** Runs the router with `trace` open, so what it commits is the trace's (no closure a request). */
  during<R>(trace: JournalTrace, router: RequestRouter<R>, request: MockRequest, matched: MatchResult): R {
    const previous = this.#current;
    this.#current = trace;
    try {
      return router.handle(request, matched, trace.note);
    } finally {
      this.#current = previous;
    }
  }

  /** The store's committed changes: the open request's own are its entry's. */
  noteChanges(changes: readonly CommittedChange[]): void {
    const trace = this.#current;
    if (!trace) return;
    for (const change of changes) {
      if (change.internal || change.requestId !== trace.note.requestId) continue;
      if (trace.changeCount++ >= LISTED_PER_ENTRY) continue;
      const op = change.before === null ? 'created' : change.after === null ? 'deleted' : 'updated';
      trace.changes.push({ companyId: change.companyId, table: change.table, id: change.id, op });
    }
  }

  /** A domain event: the open request's own is listed in its entry. */
  noteEvent(event: { id: string; event: string; requestId: string | null }): void {
    const trace = this.#current;
    if (!trace || event.requestId !== trace.note.requestId || trace.eventCount++ >= LISTED_PER_ENTRY) return;
    trace.events.push({ id: event.id, event: event.event });
  }

  /** Journals the request with its answer. */
  finish(trace: JournalTrace, response: MockResponse): void {
    const sequence = ++this.#sequence;
    if (this.size === 0) return;
    const slot = this.#next;
    this.#bytes.write(slot, recordOf(trace, response, sequence));
    this.#read[slot] = undefined;
    this.#next = (this.#next + 1) % this.size;
    if (this.#length < this.size) this.#length++;
  }

  /** The entry `back` places before the newest (0: the newest), masked the first time it is read. */
  #at(back: number): JournalEntry {
    const slot = this.#index(back);
    const read = this.#read[slot];
    if (read) return read;
    const entry = maskedEntry(capturedOf(this.#bytes.read(slot)));
    this.#bytes.release(slot);
    return (this.#read[slot] = entry);
  }

  /** The entry as kept, which a filter reads without masking it. */
  #slot(back: number): JournalEntry | CapturedEntry {
    const slot = this.#index(back);
    return this.#read[slot] ?? capturedOf(this.#bytes.read(slot));
  }

  #index(back: number): number {
    return (this.#next - 1 - back + 2 * this.size) % this.size;
  }
}

const targetOf = (e: JournalEntry | CapturedEntry): FilterTarget => ({
  method: e.method,
  path: e.path,
  route: e.route,
  endpointPath: e.endpoint === null ? null : e.route!.replace(/^\/v1(?=\/)/, ''),
  status: e.status,
  companyId: e.companyId,
  at: e.at,
  requestId: e.requestId,
});

/** The captured fields of an entry, as the ring keeps them in bytes: the JSON-safe rest of a CapturedEntry. */
type CapturedFields = Omit<CapturedEntry, 'captured'> & {
  readonly captured: Omit<CapturedEntry['captured'], 'requestBody' | 'responseBody'> & {
    readonly requestBody: JournalBody | { readonly raw: string; readonly contentType: string | null };
    readonly responseBody: JournalBody | { readonly size: number };
  };
};

function recordOf(trace: JournalTrace, response: MockResponse, sequence: number) {
  const { request, note, matched } = trace;
  const found = matched?.kind === 'found' ? matched.match : null;
  const endpoint = found?.route.endpoint;
  const principal = note.principal;
  const { schema, ...requestBody } = capturedRequestBody(request.bodyText, request.headers.get('content-type'), endpoint?.body) as {
    schema?: z.ZodType;
  } & CapturedFields['captured']['requestBody'];
  const responseBody = capturedResponseBody(response.body);
  const fields: CapturedFields = {
    sequence,
    requestId: response.headers['X-Request-ID'] ?? note.requestId ?? '',
    at: trace.at,
    durationMs: Math.round((performance.now() - trace.started) * 100) / 100,
    method: request.method.toUpperCase(),
    path: maskPath(request.pathname),
    route: endpoint ? `${endpoint.api === 'business' ? '/v1' : ''}${endpoint.path}` : null,
    endpoint: endpoint?.id ?? null,
    status: response.networkError ? null : response.status,
    replayed: response.headers['Idempotent-Replayed'] === 'true',
    companyId: note.companyId || null,
    credential: principal && principal.id !== 'anonymous' ? { name: principal.actor, kind: principal.kind } : null,
    changes: trace.changes,
    changeCount: trace.changeCount,
    events: trace.events,
    eventCount: trace.eventCount,
    captured: {
      realMs: trace.realMs,
      search: request.search,
      requestHeaders: headerPairsOf(request.headers),
      requestBody,
      responseHeaders: headerPairsOf(response.headers),
      responseBody: responseBody.body,
    },
  };
  return { fields, head: responseBody.head, schema };
}

/** An entry back from the ring's bytes: its request body's schema and its answer's head put back in place. */
function capturedOf({ fields, head, schema }: DecodedRecord): CapturedEntry {
  const entry = fields as CapturedFields;
  const { requestBody, responseBody } = entry.captured;
  return {
    ...entry,
    captured: {
      ...entry.captured,
      requestBody: 'raw' in requestBody ? { ...requestBody, schema } : requestBody,
      responseBody: head === null ? (responseBody as JournalBody) : { head, size: responseBody.size },
    },
  };
}

/** The entry as `mock.requests` shows it: query, headers and bodies masked and cut (journal-capture.ts). */
function maskedEntry({ captured, ...e }: CapturedEntry): JournalEntry {
  // In the order an entry has always listed its fields (the dashboard and `GET /__mock/requests` show them so).
  return Object.freeze({
    sequence: e.sequence,
    requestId: e.requestId,
    at: e.at,
    realAt: new Date(captured.realMs).toISOString(),
    durationMs: e.durationMs,
    method: e.method,
    path: e.path,
    query: queryOf(captured.search),
    route: e.route,
    endpoint: e.endpoint,
    status: e.status,
    replayed: e.replayed,
    companyId: e.companyId,
    credential: e.credential,
    request: { headers: journalHeaders(captured.requestHeaders), body: maskedRequestBody(captured.requestBody) },
    response: { headers: journalHeaders(captured.responseHeaders), body: maskedResponseBody(captured.responseBody) },
    changes: e.changes,
    changeCount: e.changeCount,
    events: e.events,
    eventCount: e.eventCount,
  });
}

/** The query's parameters (a repeated one's values joined by commas), each secret-named one masked as a log masks it. */
function queryOf(search: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (search === '') return out;
  let count = 0;
  for (const [name, value] of new URLSearchParams(redactUrl(`/?${search}`).slice(2))) {
    if (count++ >= LISTED_PER_ENTRY) break;
    const key = boundText(name, 200);
    out[key] = Object.hasOwn(out, key) ? boundText(`${out[key]},${value}`, 1000) : boundText(value, 1000);
  }
  return out;
}

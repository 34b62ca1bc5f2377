import type { MockClock } from './clock.js';
import { textDigest } from './digest.js';
import { MAX_JSON_DEPTH } from './json.js';

/** How long a key is remembered, by the mock clock (PLAT-7: a retry never writes twice). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** Longest key accepted; the spec does not give one (see decision PLAT-19). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The headers every envelope carries with these values: a replay writes them again instead of keeping them. */
const REBUILT_HEADERS: Record<string, string> = { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' };

/**
 * One remembered answer, kept small as there is one per write for a day: a digest of the request body,
 * and what a replay needs to give the same bytes (status, body, request id, any header a replay would
 * not write anyway).
 */
export class IdempotencyRecord {
  constructor(
    readonly digest: string,
    readonly status: number,
    readonly body: string,
    readonly requestId: string,
    readonly headers: Record<string, string> | undefined,
    readonly storedAt: number,
  ) {}

  get response(): StoredResponse {
    const headers: Record<string, string> = { 'Cache-Control': 'no-store', 'X-Request-ID': this.requestId };
    if (this.body !== '') headers['Content-Type'] = 'application/json';
    return { status: this.status, headers: this.headers ? { ...headers, ...this.headers } : headers, body: this.body };
  }
}

/** The remembered keys of a snapshot (opaque; its records never change). */
/** A remembered answer from its plain JSON (a data folder's copy). */
export const idempotencyRecordOf = (r: IdempotencyRecord): IdempotencyRecord =>
  new IdempotencyRecord(r.digest, r.status, r.body, r.requestId, r.headers, r.storedAt);

export interface IdempotencyState {
  readonly entries: ReadonlyMap<string, IdempotencyRecord>;
}

export type IdempotencyLookup = { kind: 'new' } | { kind: 'replay'; response: StoredResponse } | { kind: 'conflict' };

/**
 * Responses remembered by `Idempotency-Key`, scoped to the credential, company, method and path
 * that used the key. The same key with the same body replays; with another body it is refused.
 */
export class IdempotencyRecords {
  readonly #entries = new Map<string, IdempotencyRecord>();
  #writesSinceSweep = 0;

  /** Told of each answer remembered, before it leaves: a durable folder writes it there (MOCK-30). */
  onRemember: ((scope: string, record: IdempotencyRecord) => void) | null = null;

  constructor(private readonly clock: MockClock) {}

  static scope(parts: { principalId: string; companyId: string; method: string; path: string; key: string }): string {
    return `${parts.principalId}\u0000${parts.companyId}\u0000${parts.method}\u0000${parts.path}\u0000${parts.key}`;
  }

  /** `digest` is the request body's `bodyDigest`. */
  lookup(scope: string, digest: string): IdempotencyLookup {
    const entry = this.#entries.get(scope);
    if (!entry) return { kind: 'new' };
    if (this.#expired(entry)) {
      this.#entries.delete(scope);
      return { kind: 'new' };
    }
    return entry.digest === digest ? { kind: 'replay', response: entry.response } : { kind: 'conflict' };
  }

  remember(scope: string, digest: string, response: StoredResponse): void {
    let extra: Record<string, string> | undefined;
    let requestId = '';
    for (const [name, value] of Object.entries(response.headers)) {
      if (name === 'X-Request-ID') requestId = value;
      else if (REBUILT_HEADERS[name] !== value || (name === 'Content-Type' && response.body === '')) (extra ??= {})[name] = value;
    }
    const record = new IdempotencyRecord(digest, response.status, response.body, requestId, extra, this.clock.nowMs());
    this.#entries.set(scope, record);
    this.onRemember?.(scope, record);
    if (++this.#writesSinceSweep >= 1000) this.#sweep();
  }

  clear(): void {
    this.#entries.clear();
  }

  /** The keys remembered now, for a snapshot of the service (MOCK-28): a key first used after it replays nothing once restored. */
  snapshotState(): IdempotencyState {
    return { entries: new Map(this.#entries) };
  }

  restoreState(state: IdempotencyState): void {
    this.#entries.clear();
    for (const [scope, record] of state.entries) this.#entries.set(scope, record);
  }

  get size(): number {
    return this.#entries.size;
  }

  #expired(entry: IdempotencyRecord): boolean {
    return this.clock.nowMs() - entry.storedAt >= IDEMPOTENCY_TTL_MS;
  }

  #sweep(): void {
    this.#writesSinceSweep = 0;
    for (const [scope, entry] of this.#entries) if (this.#expired(entry)) this.#entries.delete(scope);
  }
}

/** What a remembered request keeps of its body: a digest of its `bodyFingerprint`. */
export const bodyDigest = (body: unknown): string => (body === undefined ? '' : textDigest(bodyFingerprint(body)));

/**
 * A body's identity for key reuse: JSON compared by value (key order and spacing do not matter).
 * Bodies are nested at most MAX_JSON_DEPTH levels (kernel/json.ts); deeper is a bug, not a stack overflow.
 */
export function bodyFingerprint(body: unknown): string {
  return body === undefined ? '' : canonicalJson(body, 0);
}

function canonicalJson(value: unknown, depth: number): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (depth >= MAX_JSON_DEPTH) throw new Error(`bodyFingerprint: a body nested deeper than ${MAX_JSON_DEPTH} levels reached the router`);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k], depth + 1)}`).join(',')}}`;
}

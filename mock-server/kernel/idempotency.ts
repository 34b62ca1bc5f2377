import type { MockClock } from './clock.js';
import { MAX_JSON_DEPTH } from './json.js';

/** How long a key is remembered, by the mock clock (DESIGN "Retries": a retry never writes twice). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** Longest key accepted; the spec does not give one (see docs/spec-decisions.md). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Entry {
  fingerprint: string;
  response: StoredResponse;
  storedAt: number;
}

export type IdempotencyLookup =
  | { kind: 'new' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'conflict' };

/**
 * Responses remembered by `Idempotency-Key`, scoped to the credential, company, method and path
 * that used the key. The same key with the same body replays; with another body it is refused.
 */
export class IdempotencyRecords {
  readonly #entries = new Map<string, Entry>();
  #writesSinceSweep = 0;

  constructor(private readonly clock: MockClock) {}

  static scope(parts: { principalId: string; companyId: string; method: string; path: string; key: string }): string {
    return `${parts.principalId}\u0000${parts.companyId}\u0000${parts.method}\u0000${parts.path}\u0000${parts.key}`;
  }

  lookup(scope: string, fingerprint: string): IdempotencyLookup {
    const entry = this.#entries.get(scope);
    if (!entry) return { kind: 'new' };
    if (this.#expired(entry)) {
      this.#entries.delete(scope);
      return { kind: 'new' };
    }
    return entry.fingerprint === fingerprint ? { kind: 'replay', response: entry.response } : { kind: 'conflict' };
  }

  remember(scope: string, fingerprint: string, response: StoredResponse): void {
    this.#entries.set(scope, { fingerprint, response, storedAt: this.clock.nowMs() });
    if (++this.#writesSinceSweep >= 1000) this.#sweep();
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #expired(entry: Entry): boolean {
    return this.clock.nowMs() - entry.storedAt >= IDEMPOTENCY_TTL_MS;
  }

  #sweep(): void {
    this.#writesSinceSweep = 0;
    for (const [scope, entry] of this.#entries) if (this.#expired(entry)) this.#entries.delete(scope);
  }
}

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

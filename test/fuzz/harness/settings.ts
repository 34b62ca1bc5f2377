import { endpoints, type AnyEndpoint } from '../../../src/contract/index.js';
import { seededRandomValues } from '../../support/seeded-random.js';

/** Runs per property: `FUZZ_RUNS` (default 20). */
export const RUNS = positiveInt(process.env.FUZZ_RUNS, 20);
/** `FUZZ_SEED=<n>` replays one seed for every property; `FUZZ_SEED=random` draws a new one per run of the suite. */
const SEED_SETTING = process.env.FUZZ_SEED;
const RANDOM_BASE = SEED_SETTING === 'random' ? (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0 : 0;

function positiveInt(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Where the mock clock starts in the fuzz suites. */
export const FUZZ_NOW = '2026-11-20T09:00:00.000Z';

/** A seed per property, fixed by default (the suite is deterministic in `npm test`). */
export function seedFor(name: string): number {
  if (SEED_SETTING !== undefined && SEED_SETTING !== 'random' && SEED_SETTING !== '') return Number(SEED_SETTING) | 0;
  return (fnv(name) ^ RANDOM_BASE) | 0;
}

/** Time a property may take: generous, since FUZZ_RUNS may be large. */
export const timeoutFor = (runs: number): number => Math.max(30_000, runs * 400);

/**
 * Replaces `crypto.getRandomValues` (which the mock's ids, keys and tokens come from) with a seeded
 * generator, so a seed of fast-check replays the same records and the same cases.
 */
export function deterministicRandomValues(seed = 0x5eed): void {
  Object.defineProperty(globalThis.crypto, 'getRandomValues', { value: seededRandomValues(seed), configurable: true, writable: true });
}

export function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// ---------------------------------------------------------------------------------------------
// The contract, as the fuzzer reads it

/**
 * The endpoints fuzzed: every endpoint of the contract. `endpoints` holds HTTP endpoints only (the
 * WebSocket ones are declared apart, in src/contract/platform/stream.ts).
 */
export const httpEndpoints: AnyEndpoint[] = endpoints;

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `{customerId}` names of a path, in order. */
export const paramNames = (endpoint: AnyEndpoint): string[] => [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** A path with its placeholders replaced by already-encoded segments. */
export const fillPath = (template: string, segments: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? `{${name}}`);

/** `journal-entries` -> `journalEntry`: the resource name a field like `journalEntryId` refers to. */
export function resourceKey(segment: string): string {
  const camel = segment.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  if (camel.endsWith('ies')) return `${camel.slice(0, -3)}y`;
  if (camel.endsWith('sses')) return camel.slice(0, -2);
  if (camel.endsWith('s')) return camel.slice(0, -1);
  return camel;
}

/** The resource of a path: `/customers/{customerId}/contacts` -> `contact`. */
export const resourceOfPath = (path: string): string =>
  resourceKey(
    path
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .at(-1) ?? '',
  );

/** The list endpoint serving records at `template` (a GET list whose path is exactly it). */
export const listAt = (template: string): AnyEndpoint | undefined => {
  const at = (path: string) => httpEndpoints.find((e) => e.method === 'GET' && e.list && e.path === path);
  // The data-management API lists a collection by its `/query` (the internal e-invoice records have no plain list).
  return at(template) ?? (template.startsWith('/core2/') ? at(`${template}/query`) : undefined);
};

/** The paging parameter that sets a page's size. */
export const limitParam = (endpoint: AnyEndpoint): string => (endpoint.list?.paging === 'page' ? 'pageSize' : 'limit');

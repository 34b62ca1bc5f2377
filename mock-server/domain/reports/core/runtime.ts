import type { Store } from '../../../store/index.js';

// The report engine's state beside the store, not in it: cached results are no records (table versions make
// them stale after a write; a reset or a snapshot's restore empties them) and the work limit is a setting.

/** Spec document 1, "Limits": reports are cached for 15 minutes. */
export const REPORT_CACHE_MS = 15 * 60 * 1000;
/** Cached results kept per service, oldest dropped first. */
export const REPORT_CACHE_ENTRIES = 200;
/**
 * Work units (ledger lines, documents, movements read) a synchronous report may spend before it answers
 * REPORT_GENERATION_TIMEOUT (decision REP-4); asynchronous runs have no limit.
 */
export const DEFAULT_REPORT_WORK_LIMIT = 2_000_000;

export interface CachedReport {
  data: unknown;
  /** Versions of the tables the report read, in the order of its `reads`. */
  versions: number[];
  storedAtMs: number;
}

export interface ReportRuntime {
  cache: Map<string, CachedReport>;
  workLimit: number;
  /** The store's restore count the cache was filled at: a reset or a restore empties it (a point in time). */
  restoreCount: number;
}

const runtimes = new WeakMap<Store, ReportRuntime>();

/** The report engine's state of one service (one store). */
export function reportRuntime(store: Store): ReportRuntime {
  let runtime = runtimes.get(store);
  if (!runtime)
    runtimes.set(store, (runtime = { cache: new Map(), workLimit: DEFAULT_REPORT_WORK_LIMIT, restoreCount: store.restoreCount }));
  if (runtime.restoreCount !== store.restoreCount) {
    runtime.cache.clear();
    runtime.restoreCount = store.restoreCount;
  }
  return runtime;
}

/** What a report may spend; `spend` throws the report's refusal once over the limit. */
export class WorkBudget {
  #spent = 0;
  constructor(
    readonly limit: number,
    readonly onExceeded: (spent: number, limit: number) => Error,
  ) {}

  get spent(): number {
    return this.#spent;
  }

  spend(units: number): void {
    this.#spent += units;
    if (this.#spent > this.limit) throw this.onExceeded(this.#spent, this.limit);
  }
}

import type { CompanyContext } from '../../../store/context.js';
import { generationTimeout } from './errors.js';
import type { AnyReportDefinition, ReportContext } from './registry.js';
import { REPORT_CACHE_ENTRIES, REPORT_CACHE_MS, reportRuntime, WorkBudget, type CachedReport } from './runtime.js';

/** A report's figures and where they came from. */
export interface ReportRun {
  data: unknown;
  /** Served from the 15-minute cache (spec document 1, "Limits"). */
  cached: boolean;
  /** When the figures were computed (a cached copy keeps its first time). */
  computedAt: string;
}

export interface RunOptions {
  generatedBy: string;
  /** An asynchronous job or a scheduled run: no work limit. */
  unbounded?: boolean;
  /** Skip the cache both ways (a run that must show the books as they are now, whatever was cached). */
  fresh?: boolean;
}

/**
 * Runs a report: from the cache when the same report with the same parameters was computed less than
 * 15 minutes ago by the clock and no table it reads has been written since (decision REP-6); else
 * computed within the work limit and cached.
 */
export function runReport(
  ctx: CompanyContext,
  definition: AnyReportDefinition,
  params: Record<string, unknown>,
  options: RunOptions,
): ReportRun {
  const runtime = reportRuntime(ctx.store);
  const key = `${ctx.companyId}|${definition.type}|${canonicalJson(params)}`;
  const versions = definition.reads.map((name) => ctx.store.table(ctx.companyId, name).version);
  const nowMs = ctx.clock.nowMs();
  const hit = options.fresh ? undefined : runtime.cache.get(key);
  if (hit && nowMs - hit.storedAtMs < REPORT_CACHE_MS && sameVersions(hit.versions, versions)) {
    return { data: hit.data, cached: true, computedAt: new Date(hit.storedAtMs).toISOString() };
  }
  const limit = options.unbounded ? Number.POSITIVE_INFINITY : runtime.workLimit;
  const reportCtx: ReportContext = {
    ...ctx,
    budget: new WorkBudget(limit, (spent, max) => generationTimeout(definition.type, spent, max)),
    generatedBy: options.generatedBy,
  };
  const data = definition.compute(reportCtx, params as never);
  if (!options.fresh) remember(runtime.cache, key, { data, versions, storedAtMs: nowMs });
  return { data, cached: false, computedAt: new Date(nowMs).toISOString() };
}

function remember(cache: Map<string, CachedReport>, key: string, entry: CachedReport): void {
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > REPORT_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
}

const sameVersions = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are one cache key; undefined members dropped. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

import type { CompanyContext } from '../../../store/context.js';
import { GLOBAL, type Store } from '../../../store/index.js';
import type { CompanyRow } from '../../platform/index.js';
import { reportOfType } from '../core/catalogue.js';
import { reportNotFound } from '../core/errors.js';
import {
  createReportJob,
  REPORT_JOB_RESULTS,
  REPORT_JOBS,
  settleReportJobs,
  soonestJobCompletion,
  type JobCaller,
  type ReportJobRow,
} from './jobs.js';
import { REPORT_LINKS } from './links.js';
import { runDueSchedules, soonestScheduleRun } from './schedule-runs.js';
import { REPORT_SCHEDULES } from './schedules.js';

// What time sets off in the reports module: schedules whose next run has come, jobs whose estimated
// completion has passed. As the webhook retries and the stock expiry warnings do, they fall due on each
// move of the mock clock, at their moment in real time (one timer per service for the soonest), and
// before a read of them.

/** Declares the tables of schedules, jobs and links, and sets the clock to run what falls due. */
export function defineReportDeliveryTables(store: Store): void {
  store.defineTable(REPORT_SCHEDULES, { prefix: 'rsc' });
  store.defineTable(REPORT_JOBS, { prefix: 'rjb' });
  store.defineTable(REPORT_JOB_RESULTS, { prefix: 'rjr', internal: true });
  store.defineTable(REPORT_LINKS, { prefix: 'rln' });
  store.clock.onJump(() => runDueDeliveries(store));
}

const timers = new WeakMap<Store, ReturnType<typeof setTimeout>>();

/** Every company's due schedule runs and job completions, then the timer for the next one. */
export function runDueDeliveries(store: Store): void {
  if (!store.hasTable('companies')) return;
  let soonest = Number.POSITIVE_INFINITY;
  for (const company of store.table<CompanyRow>(GLOBAL, 'companies').all()) {
    const ctx: CompanyContext = { store, clock: store.clock, companyId: company.id };
    runDueSchedules(ctx);
    settleReportJobs(ctx);
    soonest = Math.min(soonest, soonestScheduleRun(ctx) ?? soonest, soonestJobCompletion(ctx) ?? soonest);
  }
  arm(store, soonest);
}

/** After a schedule or a job is written: the timer for whatever is due first. */
export function armDeliveries(ctx: CompanyContext): void {
  const soonest = Math.min(soonestScheduleRun(ctx) ?? Infinity, soonestJobCompletion(ctx) ?? Infinity);
  const current = armedAt.get(ctx.store);
  if (current === undefined || soonest < current) arm(ctx.store, soonest);
}

const armedAt = new WeakMap<Store, number>();

function arm(store: Store, atMs: number): void {
  clearTimeout(timers.get(store));
  timers.delete(store);
  armedAt.delete(store);
  if (!Number.isFinite(atMs)) return;
  const wait = Math.min(Math.max(atMs - store.clock.nowMs(), 0), 2 ** 31 - 1);
  const timer = setTimeout(() => {
    // Off any request: a fault here must not end the process (the clock's own listeners are guarded alike).
    try {
      runDueDeliveries(store);
    } catch (error) {
      console.error('acs-mock: running due report schedules and jobs failed', error);
    }
  }, wait);
  // A waiting schedule must not keep a Node process (a test run, a script) alive.
  (timer as { unref?: () => void }).unref?.();
  timers.set(store, timer);
  armedAt.set(store, atMs);
}

/**
 * A job of a catalogue report (`POST /v1/reports/balance-sheet/async`; any report type runs the same
 * way), its completion set to fall due by the clock.
 */
export function startReportJob(ctx: CompanyContext, reportType: string, raw: Record<string, unknown>, caller: JobCaller): ReportJobRow {
  const definition = reportOfType(reportType);
  if (!definition) throw reportNotFound('report type', reportType);
  const job = createReportJob(ctx, definition, raw, caller);
  armDeliveries(ctx);
  return job;
}

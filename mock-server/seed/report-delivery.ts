import type { ActingContext } from '../domain/shared/actor.js';
import { createReportJob, createReportSchedule, findReportJob, trialBalanceReport } from '../domain/reports/index.js';

const DAY_MS = 86_400_000;

/**
 * A demo company's report delivery (REP-93): a month-end trial balance schedule, paused so
 * that moving the clock sends nothing nobody asked for, and a trial balance job completed yesterday.
 */
export function seedReportDelivery(ctx: ActingContext, email: string | null): void {
  const actor = ctx.principal?.actor ?? 'system';
  createReportSchedule(
    ctx,
    {
      reportId: 'trial-balance',
      name: 'Month-end trial balance',
      schedule: { frequency: 'monthly', dayOfMonth: 1, time: '08:00', timezone: 'Asia/Kuala_Lumpur' },
      parameters: { format: 'pdf' },
      recipients: [{ email: email ?? 'accounts@example.my', name: 'Accounts' }],
      active: false,
    },
    actor,
  );
  const job = createReportJob(ctx, trialBalanceReport, {}, { generatedBy: actor, startedAtMs: ctx.clock.nowMs() - DAY_MS });
  findReportJob(ctx, job.id);
}

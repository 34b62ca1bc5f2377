import { JOURNAL_ENTRIES, type JournalEntryRow } from '../../domain/accounting/index.js';
import { KPI_GROUPS, kpiChangesOf, type KpiChange, type KpiName } from '../../domain/reports/index.js';
import { companyToday } from '../../domain/shared/calendar.js';
import type { CompanyContext } from '../../store/context.js';
import { tableRule, type EventRule, type TableChange } from '../bus.js';

type EntryChange = TableChange<JournalEntryRow>;

/**
 * An entry that became posted through the API: posted on insert (a document's), or a draft posted; a
 * void's reversal is one too. The seed and in-process writes (a benchmark's load) announce none: the
 * KPIs read the whole ledger, and a load of many entries would read it once per entry.
 */
const postedByRequest = (change: EntryChange): boolean =>
  change.requestId !== null && change.after?.status === 'posted' && change.before?.status !== 'posted';

/** What each posting changed, computed once for the six rules that read it. */
const changesByPosting = new WeakMap<EntryChange, KpiChange[]>();

function changesOf(change: EntryChange, ctx: CompanyContext): KpiChange[] {
  let changes = changesByPosting.get(change);
  if (!changes) {
    try {
      changes = kpiChangesOf(ctx, change.after!);
    } catch (error) {
      // An event must never fail the write that committed (as the bus's listeners).
      console.error('acs-mock: KPI update of a posting failed', error);
      changes = [];
    }
    changesByPosting.set(change, changes);
  }
  return changes;
}

const changeOf = (change: EntryChange, ctx: CompanyContext, kpi: KpiName) => changesOf(change, ctx).find((c) => c.kpi === kpi);

/**
 * `kpi.updates` on the report stream (spec document 3, "Events"; decision REP-57): one
 * event per KPI of this month to date that an entry posted through the API changed, with its new value (a KPI without
 * one, its denominator 0, is not announced), the value before the posting, and the metric as
 * `GET /v1/analytics/kpis` shows it. `reportType` `kpis`, for the stream's `reportTypes` filter. Derived
 * only while a stream subscription (or a listener of `kpi.updates`) of the company wants them.
 */
export const reportKpiEventRules: EventRule[] = (Object.keys(KPI_GROUPS) as KpiName[]).map((kpi) =>
  tableRule<JournalEntryRow>({
    table: JOURNAL_ENTRIES,
    event: 'kpi.updates',
    // Each posting reads two periods of the ledger, so only a subscriber of kpi.updates pays for it.
    onDemand: true,
    when: (change, ctx) => postedByRequest(change) && changeOf(change, ctx, kpi)?.metric.current != null,
    present: (change, ctx) => {
      const { group, metric, before } = changeOf(change, ctx, kpi)!;
      return {
        kpi,
        group,
        value: metric.current,
        valueBefore: before.current,
        ...metric,
        period: 'month',
        asOfDate: companyToday(ctx),
        journalEntryId: change.after!.id,
        reportType: 'kpis',
      };
    },
  }),
);

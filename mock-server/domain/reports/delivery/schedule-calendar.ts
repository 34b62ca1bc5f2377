import { addDays, daysInMonth } from '../../shared/calendar.js';
import { wallTimeAt, wallTimeToInstant, zonedParts } from '../../../kernel/clock.js';

/** When a schedule runs, with its defaults filled in (decisions REP-82, REP-83). */
export interface ScheduleTimingRow {
  frequency: 'daily' | 'weekly' | 'monthly' | 'quarterly';
  /** Monthly and quarterly: 1-31. */
  dayOfMonth: number | null;
  /** Weekly: 1 (Monday) to 7 (Sunday). */
  dayOfWeek: number | null;
  time: string;
  timezone: string;
}

const QUARTER_MONTHS = [1, 4, 7, 10];

const pad = (n: number) => String(n).padStart(2, '0');

/** `dayOfMonth` of a month, or its last day when the month is shorter (31 in April runs on the 30th). */
function dayOf(year: number, month: number, dayOfMonth: number): string {
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(Math.min(dayOfMonth, daysInMonth(year, month)))}`;
}

/** The dates a schedule runs on, from the month that holds `from` on (a few more than any search needs). */
function candidateDates(timing: ScheduleTimingRow, from: string): string[] {
  if (timing.frequency === 'daily') return [0, 1, 2].map((n) => addDays(from, n));
  if (timing.frequency === 'weekly') {
    const weekday = zonedParts(Date.parse(`${from}T12:00:00Z`), 'UTC').weekday;
    const first = addDays(from, ((timing.dayOfWeek ?? 1) - weekday + 7) % 7);
    return [first, addDays(first, 7)];
  }
  const [year, month] = from.split('-').map(Number);
  const dates: string[] = [];
  for (let step = 0; step < 13; step++) {
    const m = ((month - 1 + step) % 12) + 1;
    const y = year + Math.floor((month - 1 + step) / 12);
    if (timing.frequency === 'monthly' || QUARTER_MONTHS.includes(m)) dates.push(dayOf(y, m, timing.dayOfMonth ?? 1));
  }
  return dates;
}

/**
 * The first run strictly after `afterMs`: the schedule's wall time on its next day to run, in its own
 * time zone, daylight-saving switches included (kernel/clock.ts). Milliseconds since the epoch.
 */
export function nextRunAfter(timing: ScheduleTimingRow, afterMs: number): number {
  const today = wallTimeAt(afterMs, timing.timezone).date;
  for (const date of candidateDates(timing, today)) {
    const instant = wallTimeToInstant({ date, time: timing.time }, timing.timezone);
    if (instant > afterMs) return instant;
  }
  throw new Error(`no run of a ${timing.frequency} schedule after ${new Date(afterMs).toISOString()}`);
}

/**
 * The latest run due by `nowMs`, from a run due at `dueMs`: the run a schedule makes after the clock
 * jumped over several of its runs (bounded: a daily schedule jumped over more than a thousand days
 * takes the thousandth).
 */
export function latestRunDue(timing: ScheduleTimingRow, dueMs: number, nowMs: number): number {
  let latest = dueMs;
  for (let step = 0; step < 1000; step++) {
    const next = nextRunAfter(timing, latest);
    if (next > nowMs) break;
    latest = next;
  }
  return latest;
}

/** The `{{month}}` (`November`) and `{{year}}` of a run: its date on the schedule's wall clock. */
export function runMonthYear(instantMs: number, timeZone: string): { month: string; year: string } {
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone }).format(instantMs);
  return { month, year: String(zonedParts(instantMs, timeZone).year) };
}

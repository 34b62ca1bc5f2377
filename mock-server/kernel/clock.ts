/** Duration accepted by `clock.advance()`. */
export interface Duration {
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
}

/**
 * The mock's only source of time: every timestamp it writes and every date it compares (overdue
 * invoices, expired quotes, token lifetimes, rate-limit windows) reads `now()`.
 * It starts at the given instant and then moves with real time, so consecutive writes get distinct,
 * increasing timestamps; `advance()` and `set()` jump it.
 */
export class MockClock {
  #offsetMs: number;
  readonly #jumpListeners = new Set<(now: Date) => void>();
  // iso() and today() are asked many times a request (a list's every row): kept while the clock shows the same millisecond or minute.
  #isoMs = Number.NaN;
  #isoText = '';
  readonly #days = new Map<string, LocalMinute>();

  constructor(start: Date | string | number = Date.now()) {
    this.#offsetMs = checkInRange(new Date(start).getTime(), `invalid clock start: ${String(start)}`) - Date.now();
  }

  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  /** `now()` in epoch milliseconds. */
  nowMs(): number {
    return Date.now() + this.#offsetMs;
  }

  /** ISO 8601 UTC datetime. */
  iso(): string {
    const ms = this.nowMs();
    if (ms !== this.#isoMs) {
      this.#isoText = new Date(ms).toISOString();
      this.#isoMs = ms;
    }
    return this.#isoText;
  }

  /**
   * Today's date, `YYYY-MM-DD`: in UTC, or in the IANA `timeZone` given (a company's local date,
   * PLAT-31: the demo companies are in Asia/Kuala_Lumpur, so their day starts at 16:00 UTC).
   */
  today(timeZone?: string): string {
    const ms = this.nowMs();
    const key = timeZone ?? '';
    const minute = this.#days.get(key);
    if (minute !== undefined && ms >= minute.from && ms < minute.from + MINUTE_MS) return minute.date;
    const found = localMinute(ms, timeZone);
    if (!found) return localDate(new Date(ms), timeZone);
    if (this.#days.size >= 64) this.#days.clear(); // zones are a company's setting: a few, unless a caller invents them
    this.#days.set(key, found);
    return found.date;
  }

  advance(by: Duration): Date {
    const ms = (((by.days ?? 0) * 24 + (by.hours ?? 0)) * 60 + (by.minutes ?? 0)) * 60_000 + (by.seconds ?? 0) * 1000;
    if (!Number.isFinite(ms)) throw new TypeError('clock.advance() takes finite days, hours, minutes, seconds');
    // Checked before the jump: a clock past year 9999 could not write an ISO timestamp, and every later request would fail.
    checkInRange(this.nowMs() + ms, 'clock.advance() would move the clock out of its range');
    this.#offsetMs += ms;
    this.#jumped();
    return this.now();
  }

  set(date: Date | string | number): Date {
    const target = checkInRange(new Date(date).getTime(), `invalid date: ${String(date)}`);
    this.#offsetMs = target - Date.now();
    this.#jumped();
    return this.now();
  }

  /**
   * Calls `listener` after every `advance()` and `set()` (webhook retries fall due as the clock passes
   * them); returns the unsubscribe function. A listener's failure does not fail the jump.
   */
  onJump(listener: (now: Date) => void): () => void {
    this.#jumpListeners.add(listener);
    return () => this.#jumpListeners.delete(listener);
  }

  #jumped(): void {
    const now = this.now();
    for (const listener of this.#jumpListeners) {
      try {
        listener(now);
      } catch (error) {
        console.error('acs-mock: a clock listener threw', error);
      }
    }
  }
}

/** The calendar date, `YYYY-MM-DD`, at `instant` in `timeZone` (UTC when none); an unknown zone reads as UTC rather than failing every request. */
export function localDate(instant: Date, timeZone?: string): string {
  if (!timeZone || timeZone === 'UTC') return instant.toISOString().slice(0, 10);
  try {
    formatOf(timeZone);
  } catch {
    return instant.toISOString().slice(0, 10);
  }
  return wallTimeAt(instant.getTime(), timeZone).date;
}

const MINUTE_MS = 60_000;

/** A UTC minute (from its first millisecond) all of whose instants fall on one date of a zone. */
interface LocalMinute {
  from: number;
  date: string;
}

/**
 * The date of the UTC minute that holds `ms`, when its first and last millisecond have the same one (zones
 * move their clocks at whole minutes, so a day cannot start and end again within one). Null when a day
 * starts within it: an offset with seconds, as the local mean times before about 1900 have.
 */
function localMinute(ms: number, timeZone: string | undefined): LocalMinute | null {
  const from = Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  const date = localDate(new Date(from), timeZone);
  return localDate(new Date(from + MINUTE_MS - 1), timeZone) === date ? { from, date } : null;
}

/** The instants the clock can show: years 0000 to 9999, what an ISO 8601 timestamp (`YYYY-MM-DDTHH:mm:ss.sssZ`) can write. */
const MIN_MS = Date.parse('0000-01-01T00:00:00.000Z');
const MAX_MS = Date.parse('9999-12-31T23:59:59.999Z');
const RANGE_TEXT = 'the years 0000 to 9999';

/** `ms` when the clock can show it; otherwise a `ClockRangeError` with `message` (the clock is left as it was). */
function checkInRange(ms: number, message: string): number {
  if (Number.isNaN(ms)) throw new TypeError(message);
  if (ms < MIN_MS || ms > MAX_MS) throw new ClockRangeError(`${message} (it shows ${RANGE_TEXT})`);
  return ms;
}

/** A clock move or start outside the years the mock can write; thrown before the clock changes. */
export class ClockRangeError extends RangeError {
  override readonly name = 'ClockRangeError';
}

// The mock's one time-zone module. Wall time in an IANA time zone, without a dependency (Node 24 has no
// Temporal unflagged): Intl.DateTimeFormat reads an instant as the zone's wall time, one cached format a
// zone, and a wall time is turned back into an instant by trying the zone's offsets around it.
// Daylight-saving switches (REP-83: a schedule's next run "in the schedule's timezone") follow
// the "compatible" rule of Temporal and RFC 5545 §3.3.5: a wall time skipped by a switch forward runs
// that much later; one that happens twice (a switch back) runs at its first occurrence.

/** A wall time: the date and time a clock on the wall of the zone shows. */
export interface WallTime {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM`, 24-hour. */
  time: string;
}

/** What the zone's clock shows at an instant, field by field; `weekday` 1 (Monday) to 7 (Sunday), as ISO 8601. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** IANA names (`Area/Location`, `UTC`, `Etc/GMT+5`); Intl's other forms (`+05:00`) are not names of the database. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      era: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's canonical spelling when `name` is an IANA time zone the runtime knows (`america/new_york` reads as `America/New_York`); else null. */
export function ianaTimeZone(name: string): string | null {
  if (name.length > 64 || !IANA_NAME.test(name)) return null;
  try {
    return formatOf(name).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The zone's wall clock at `instantMs`. */
export function zonedParts(instantMs: number, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of formatOf(timeZone).formatToParts(instantMs)) parts[part.type] = part.value;
  return {
    year: parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday],
  };
}

/** The zone's offset from UTC at `instantMs`, in milliseconds (+08:00 is 28,800,000). */
export function offsetAt(instantMs: number, timeZone: string): number {
  const p = zonedParts(instantMs, timeZone);
  const asUtc = utcMs(p.year, p.month, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** `Date.UTC` for every year: it reads years 0 to 99 as 1900 to 1999. */
function utcMs(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.setUTCHours(hour, minute, second, 0);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The zone's wall time at `instantMs`, to the minute. */
export function wallTimeAt(instantMs: number, timeZone: string): WallTime {
  const p = zonedParts(instantMs, timeZone);
  return { date: `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall time names in a zone. Of the zone's offsets a day either side (a switch is never
 * closer to another), those that read back as the wall time are its instants: two in a switch back
 * (the first is taken), none in a switch forward (the wall time read with the offset before the
 * switch is taken: 02:30 on a New York spring-forward night is 03:30 daylight time).
 */
export function wallTimeToInstant(wall: WallTime, timeZone: string): number {
  const [year, month, day] = wall.date.split('-').map(Number);
  const [hour, minute] = wall.time.split(':').map(Number);
  const asUtc = utcMs(year, month, day, hour, minute, 0);
  const before = asUtc - offsetAt(asUtc - DAY_MS, timeZone);
  const after = asUtc - offsetAt(asUtc + DAY_MS, timeZone);
  const reads = (instant: number) => {
    const back = wallTimeAt(instant, timeZone);
    return back.date === wall.date && back.time === wall.time;
  };
  const matches = [before, after].filter(reads);
  return matches.length > 0 ? Math.min(...matches) : before;
}

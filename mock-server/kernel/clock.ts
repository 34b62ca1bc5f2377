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

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date, `YYYY-MM-DD`, at `instant` in `timeZone` (UTC when none); an unknown zone reads as UTC rather than failing every request. */
export function localDate(instant: Date, timeZone?: string): string {
  if (!timeZone || timeZone === 'UTC') return instant.toISOString().slice(0, 10);
  let format = dateFormats.get(timeZone);
  if (!format) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return instant.toISOString().slice(0, 10);
    }
    dateFormats.set(timeZone, format);
  }
  return format.format(instant);
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

// Wall time in an IANA time zone, without a dependency: Intl.DateTimeFormat reads an instant as the
// zone's wall time, and a wall time is turned back into an instant by trying the zone's offsets around it.
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
    year: Number(parts.year),
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
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
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
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const before = asUtc - offsetAt(asUtc - DAY_MS, timeZone);
  const after = asUtc - offsetAt(asUtc + DAY_MS, timeZone);
  const reads = (instant: number) => {
    const back = wallTimeAt(instant, timeZone);
    return back.date === wall.date && back.time === wall.time;
  };
  const matches = [before, after].filter(reads);
  return matches.length > 0 ? Math.min(...matches) : before;
}

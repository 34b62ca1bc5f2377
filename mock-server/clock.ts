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

  constructor(start: Date | string | number = Date.now()) {
    this.#offsetMs = new Date(start).getTime() - Date.now();
    if (Number.isNaN(this.#offsetMs)) throw new TypeError(`invalid clock start: ${String(start)}`);
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
    return this.now().toISOString();
  }

  /** Today's date, `YYYY-MM-DD`, in UTC. */
  today(): string {
    return this.iso().slice(0, 10);
  }

  advance(by: Duration): Date {
    const ms = (((by.days ?? 0) * 24 + (by.hours ?? 0)) * 60 + (by.minutes ?? 0)) * 60_000 + (by.seconds ?? 0) * 1000;
    if (!Number.isFinite(ms)) throw new TypeError('clock.advance() takes finite days, hours, minutes, seconds');
    this.#offsetMs += ms;
    this.#jumped();
    return this.now();
  }

  set(date: Date | string | number): Date {
    const target = new Date(date).getTime();
    if (Number.isNaN(target)) throw new TypeError(`invalid date: ${String(date)}`);
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

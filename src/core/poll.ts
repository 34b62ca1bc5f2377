import { pause } from './pause.js';

/** How a wait polls: what it tells on the way, when it stops, how often it asks. */
export interface PollOptions<T> {
  /** Called with the value whenever it changes, the first poll included. */
  onProgress?: (value: T) => void;
  /** Stops waiting: the promise rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** The first wait between two polls, in ms; each next wait is 1.5 times longer, up to `maxIntervalMs`. */
  intervalMs?: number;
  /** The longest wait between two polls, in ms (default 5000). */
  maxIntervalMs?: number;
}

/** What a waiter knows of the thing it polls: how to read it, when it is done, what counts as a change. */
export interface Poll<T> {
  read: (signal: AbortSignal | undefined) => Promise<T>;
  done: (value: T) => boolean;
  /** Two reads with the same state are no progress. */
  state: (value: T) => string;
  /** Names the wait in an abort's message. */
  what: string;
  defaultIntervalMs: number;
}

/** Reads until `done`, with growing waits between reads: the SDK's one way to wait for a job, an e-invoice, a batch. */
export async function pollUntil<T>(poll: Poll<T>, options: PollOptions<T> = {}): Promise<T> {
  const { onProgress, signal } = options;
  let interval = Math.max(1, options.intervalMs ?? poll.defaultIntervalMs);
  const maxInterval = Math.max(interval, options.maxIntervalMs ?? 5000);
  let seen: string | undefined;
  for (;;) {
    const value = await poll.read(signal);
    const state = poll.state(value);
    if (state !== seen) onProgress?.(value);
    seen = state;
    if (poll.done(value)) return value;
    await pause(interval, signal, poll.what);
    interval = Math.min(maxInterval, Math.round(interval * 1.5));
  }
}

import { InvalidArgumentError } from '../core/errors.js';
import { canonicalChannel, STREAM_PATHS, type StreamChannel, type StreamKind } from '../contract/platform/stream-channels.js';
import type { ReconnectOptions } from './backoff.js';

// The checks `new AcsStream()` makes before any socket exists, so a wrong option throws at the call.

/** Default reconnect backoff: 500 ms, doubling up to 30 s, never giving up. */
export const DEFAULT_RECONNECT = { initialDelayMs: 500, maxDelayMs: 30_000, maxAttempts: Infinity } as const;

/** Default dead-connection bounds: a ping after 15 s of silence, a reconnect after 30 s of it. */
export const DEFAULT_HEARTBEAT = { intervalMs: 15_000, timeoutMs: 30_000 } as const;

export function checkUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`The stream URL must be an absolute ws: or wss: URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new InvalidArgumentError(`The stream URL must use ws: or wss:, got ${url.protocol}`);
  }
  return url.toString();
}

export function checkChannels(channels: readonly string[], kind: StreamKind): StreamChannel[] {
  const carried: readonly string[] = STREAM_PATHS[kind].channels;
  if (!Array.isArray(channels) || channels.length === 0) {
    throw new InvalidArgumentError(`Give at least one channel: ${carried.join(', ')}`);
  }
  const canonical = new Set<StreamChannel>();
  for (const name of channels) {
    const channel = typeof name === 'string' ? canonicalChannel(name) : null;
    if (channel === null || !carried.includes(channel)) {
      throw new InvalidArgumentError(
        `Unknown channel ${JSON.stringify(name)} for /v1${STREAM_PATHS[kind].path}; channels: ${carried.join(', ')}`,
      );
    }
    canonical.add(channel);
  }
  return [...canonical];
}

export function checkFilters(filters: Readonly<Record<string, unknown>> | undefined, channels: readonly string[], kind: StreamKind): void {
  if (filters === undefined) return;
  if (filters === null || typeof filters !== 'object' || Array.isArray(filters)) {
    throw new InvalidArgumentError('filters maps a channel to { field: [values] }');
  }
  const subscribed = new Set(channels.map((name) => canonicalChannel(name)));
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'reportTypes' && kind === 'reports') {
      if (!Array.isArray(value) || value.length === 0)
        throw new InvalidArgumentError('filters.reportTypes takes a non-empty array of report types');
      continue;
    }
    if (!subscribed.has(canonicalChannel(key))) {
      throw new InvalidArgumentError(`filters name ${key}, which is not among the channels`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new InvalidArgumentError(`filters.${key} maps fields to arrays of values, e.g. { status: ['sent'] }`);
    }
    for (const [field, values] of Object.entries(value)) {
      if (!Array.isArray(values) || values.length === 0) {
        throw new InvalidArgumentError(`filters.${key}.${field} must be a non-empty array of values`);
      }
    }
  }
}

export function checkReconnect(options: ReconnectOptions): Required<ReconnectOptions> {
  const merged = { ...DEFAULT_RECONNECT, ...options };
  if (!(merged.initialDelayMs >= 0) || !Number.isFinite(merged.initialDelayMs))
    throw new InvalidArgumentError('reconnect.initialDelayMs must be a number >= 0');
  if (!(merged.maxDelayMs >= merged.initialDelayMs) || !Number.isFinite(merged.maxDelayMs))
    throw new InvalidArgumentError('reconnect.maxDelayMs must be a number >= initialDelayMs');
  if (!(merged.maxAttempts >= 0) || (merged.maxAttempts !== Infinity && !Number.isInteger(merged.maxAttempts))) {
    throw new InvalidArgumentError('reconnect.maxAttempts must be an integer >= 0 or Infinity');
  }
  return merged;
}

export function checkHeartbeat(options: { intervalMs?: number; timeoutMs?: number }): { intervalMs: number; timeoutMs: number } {
  const merged = { ...DEFAULT_HEARTBEAT, ...options };
  if (!(merged.intervalMs > 0) || !Number.isFinite(merged.intervalMs))
    throw new InvalidArgumentError('heartbeat.intervalMs must be a positive number');
  if (!(merged.timeoutMs > merged.intervalMs) || !Number.isFinite(merged.timeoutMs)) {
    throw new InvalidArgumentError('heartbeat.timeoutMs must be larger than heartbeat.intervalMs (a ping must have time to be answered)');
  }
  return merged;
}

import type { MockService } from '../../mock-server/index.js';
import type { StreamTransport } from '../../mock-server/events/stream.js';

/** A transport that records what the session sent, for protocol tests without any socket. */
export class RecordingTransport implements StreamTransport {
  readonly sent: Record<string, unknown>[] = [];
  closed: { code: number; reason: string } | null = null;
  terminated = false;

  send(text: string): void {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close(code: number, reason: string): void {
    this.closed = { code, reason };
  }
  terminate(): void {
    this.terminated = true;
  }

  /** Messages of one type, in order. */
  ofType(type: string): Record<string, unknown>[] {
    return this.sent.filter((m) => m.type === type);
  }
  /** `meta.eventId` of every event sent, in order. */
  eventIds(): string[] {
    return this.ofType('event').map((m) => (m.meta as { eventId: string }).eventId);
  }
}

/** Publishes `count` events on `channel` for `companyId`, each with `data.n` = its index (a deterministic burst). */
export function burst(
  mock: MockService,
  companyId: string,
  count: number,
  channel = 'customer.created',
  data: Record<string, unknown> = {},
): string[] {
  return Array.from({ length: count }, (_, n) => mock.events.publish({ event: channel, companyId, data: { ...data, n } }).id);
}

/** Waits until `check` holds (polling every few ms), failing after `timeoutMs` with `what`. Not a timing assertion. */
export async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The first emission of `name` on an emitter, as a promise. */
export function once<T = unknown>(emitter: { once(name: never, fn: never): unknown }, name: string): Promise<T> {
  const untyped = emitter as { once(name: string, fn: (value: T) => void): unknown };
  return new Promise((resolve) => untyped.once(name, resolve));
}

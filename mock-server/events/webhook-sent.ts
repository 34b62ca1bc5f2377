import { SIGNATURE_HEADER, WEBHOOK_ATTEMPT_HEADER, WEBHOOK_ID_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '../../src/webhooks/headers.js';
import { signPayload } from '../../src/webhooks/signature.js';
import type { Delivery, WebhookDeliveryAttempt } from './webhook-delivery.js';

/** An attempt without an answer within this many real milliseconds counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** One delivery as the dashboard opens it (MOCK-38): what was sent, signed how, and every attempt. */
export interface SentWebhook {
  readonly id: string;
  readonly subscriptionId: string;
  readonly companyId: string;
  readonly eventId: string;
  readonly event: string;
  /** The body, the same bytes on every attempt, parsed. */
  readonly payload: unknown;
  /** The headers of its last attempt (signature, id, timestamp, attempt), sent or, when a fault answered, not; null before the first. */
  readonly headers: Readonly<Record<string, string>> | null;
  readonly attempts: readonly WebhookDeliveryAttempt[];
  /** When the next retry is due; null when none waits. */
  readonly nextAttemptAt: string | null;
}

/** A delivery as kept: the delivery and the headers of its last attempt. */
export interface SentRecord {
  readonly delivery: Delivery;
  headers: Record<string, string> | null;
}

/** The deliveries whose attempts the journal still holds, with their bodies and last headers (at most `limit`). */
export class SentWebhooks {
  readonly #byId = new Map<string, SentRecord>();

  constructor(private readonly limit: number) {}

  note(delivery: Delivery): void {
    this.#byId.set(delivery.id, { delivery, headers: this.#byId.get(delivery.id)?.headers ?? null });
    if (this.#byId.size > this.limit) this.#byId.delete(this.#byId.keys().next().value!);
  }

  noteHeaders(id: string, headers: Record<string, string>): void {
    const kept = this.#byId.get(id);
    if (kept) kept.headers = { ...headers };
  }

  headersOf(id: string): Record<string, string> | null {
    return this.#byId.get(id)?.headers ?? null;
  }

  delivery(id: string): Delivery | undefined {
    return this.#byId.get(id)?.delivery;
  }

  /** The delivery `id` with its attempts of `journal`; undefined when it is not kept. */
  present(id: string, journal: readonly WebhookDeliveryAttempt[], waiting: Delivery | undefined): SentWebhook | undefined {
    const kept = this.#byId.get(id);
    if (!kept) return undefined;
    const { delivery, headers } = kept;
    return {
      id,
      subscriptionId: delivery.subscriptionId,
      companyId: delivery.companyId,
      eventId: delivery.eventId,
      event: delivery.event,
      payload: JSON.parse(delivery.body),
      headers,
      attempts: journal.filter((attempt) => attempt.id === id),
      nextAttemptAt: waiting ? new Date(waiting.dueAtMs).toISOString() : null,
    };
  }

  clear(): void {
    this.#byId.clear();
  }

  /** Copies of what is kept, for a snapshot of the service (MOCK-28). */
  snapshot(): SentRecord[] {
    return [...this.#byId.values()].map(({ delivery, headers }) => ({ delivery: { ...delivery }, headers }));
  }

  /** Back to a snapshot's records, each delivery of the current `generation`. */
  load(records: readonly SentRecord[], generation: number): void {
    this.#byId.clear();
    for (const { delivery, headers } of records) this.#byId.set(delivery.id, { delivery: { ...delivery, generation }, headers });
  }
}

/** An attempt's headers (spec document 1, "Webhooks"): the body's signature, the delivery id, the time and the attempt's number. */
export async function signedHeaders(
  delivery: Delivery,
  secret: string,
  attempt: number,
  sentAtMs: number,
): Promise<Record<string, string>> {
  return {
    'Content-Type': 'application/json',
    [SIGNATURE_HEADER]: await signPayload({ payload: delivery.body, secret }),
    [WEBHOOK_ID_HEADER]: delivery.id,
    [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(sentAtMs / 1000)),
    [WEBHOOK_ATTEMPT_HEADER]: String(attempt),
  };
}

/** A one-line reason without the URL's query or any header: journal lines may be printed. */
export function describeFailure(failure: unknown): string {
  if (failure instanceof Error) {
    if (failure.name === 'TimeoutError') return `no answer within ${WEBHOOK_TIMEOUT_MS} ms`;
    const cause = (failure as { cause?: { code?: unknown; message?: unknown } }).cause;
    const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
    return detail ? `${failure.message}: ${detail}` : failure.message;
  }
  return String(failure);
}

/** One signed POST to the receiver; its status. */
export async function postWebhook(
  fetch: typeof globalThis.fetch,
  url: string,
  delivery: Delivery,
  headers: Record<string, string>,
): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: delivery.body,
    // A redirect is an answer that is not 2xx: the body is never re-sent elsewhere.
    redirect: 'manual',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  await response.body?.cancel().catch(() => undefined);
  return response.status;
}

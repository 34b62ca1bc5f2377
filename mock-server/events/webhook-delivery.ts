import type { MockClock } from '../kernel/clock.js';
import { WEBHOOK_SUBSCRIPTIONS, webhookReceiversOf, type WebhookReceiverSource } from '../domain/platform/index.js';
import type { Store } from '../store/index.js';
import type { DomainEvent, DomainEventBus } from './bus.js';
import { WEBHOOK_FAULT_MAX_TIMES, WebhookFaultSchema, type WebhookFault, type WebhookFaultOptions } from './webhook-faults.js';
import { deliveryOfKept, keptDelivery, type KeptDeliveryState, type KeptWebhooks, type WebhookKeeper } from './webhook-kept.js';
import { describeFailure, postWebhook, SentWebhooks, signedHeaders, type SentRecord, type SentWebhook } from './webhook-sent.js';

export { WEBHOOK_TIMEOUT_MS, type SentWebhook } from './webhook-sent.js';
export type { KeptWebhooks, WebhookKeeper } from './webhook-kept.js';
export { WEBHOOK_FAULT_MAX_TIMES, WebhookFaultSchema, type WebhookFault, type WebhookFaultOptions } from './webhook-faults.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Waits after each failed attempt, on the mock clock: 1 min, 5 min, 30 min, 2 h, 6 h; the sixth failed
 * attempt is the last (the spec shows no retry policy; see decision HOOK-11).
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** Attempts kept in `deliveries`, newest last. */
export const WEBHOOK_JOURNAL_LIMIT = 1000;

/** `delivered`: a 2xx answer; `retry_scheduled`: failed, tried again at `nextAttemptAt`; `failed`: the last attempt failed. */
export type WebhookAttemptOutcome = 'delivered' | 'retry_scheduled' | 'failed';

/** One attempt of one delivery, as `mock.webhooks.deliveries` lists it. */
export interface WebhookDeliveryAttempt {
  /** Delivery id (`whd_...`, the `X-Webhook-Id` header): one event to one subscription, the same on every attempt. */
  readonly id: string;
  /** The subscription, or the other receiver (an alert rule whose webhook URL it is). */
  readonly subscriptionId: string;
  readonly companyId: string;
  /** The event's id (`evt_...`), `id` of the body. */
  readonly eventId: string;
  readonly event: string;
  readonly url: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** Mock-clock time the attempt was sent. */
  readonly at: string;
  /** Status of the answer; null when none came (refused connection, timeout). */
  readonly status: number | null;
  /** Why no answer came; null when one did. */
  readonly error: string | null;
  readonly outcome: WebhookAttemptOutcome;
  readonly nextAttemptAt: string | null;
}

/** A delivery waiting for its next attempt. */
export interface ScheduledWebhookRetry {
  readonly id: string;
  readonly subscriptionId: string;
  readonly eventId: string;
  readonly event: string;
  /** The number the next attempt will have. */
  readonly attempt: number;
  readonly dueAt: string;
}

export interface WebhookDeliveryOptions {
  store: Store;
  clock: MockClock;
  events: DomainEventBus;
  /** Default `globalThis.fetch`, looked up at each attempt so an msw server started later sees the deliveries. */
  fetch?: () => typeof globalThis.fetch;
  logger?: { error(message: string, error?: unknown): void };
}

/** The deliveries of a snapshot (opaque). */
export interface WebhookDeliveriesState {
  readonly journal: readonly WebhookDeliveryAttempt[];
  readonly waiting: readonly Delivery[];
  readonly faults: readonly WebhookFault[];
  readonly sent: readonly SentRecord[];
}

export interface Delivery {
  id: string;
  subscriptionId: string;
  /** Reads the receiver at each attempt. */
  source: WebhookReceiverSource;
  companyId: string;
  eventId: string;
  event: string;
  /** Serialized once, so every attempt sends (and signs) the same bytes. */
  body: string;
  attempts: number;
  dueAtMs: number;
  generation: number;
}

/**
 * Delivers domain events to the webhook subscriptions that name them (spec document 1, "Webhooks"):
 * a signed POST per event and subscription, after the write has committed and outside the request, so a
 * failing receiver never affects the API call. First attempts reach each subscription in event order,
 * one at a time; a retry waits for its turn on the mock clock (`mock.clock.advance()` or real time).
 */
export class WebhookDeliveries {
  readonly #store: Store;
  readonly #clock: MockClock;
  readonly #fetch: () => typeof globalThis.fetch;
  readonly #logger: { error(message: string, error?: unknown): void };
  readonly #journal: WebhookDeliveryAttempt[] = [];
  readonly #waiting = new Map<string, Delivery>();
  /** Per subscription, the end of its chain of attempts. */
  readonly #queues = new Map<string, Promise<void>>();
  #inFlight = 0;
  #idle: (() => void)[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by `reset()`: attempts of an older generation neither record nor retry. */
  #generation = 0;
  #faults: { remaining: number; status: number | null }[] = [];
  readonly #sent = new SentWebhooks(WEBHOOK_JOURNAL_LIMIT);
  /** Told of every delivery and attempt as they change: a data folder keeps them (MOCK-44). */
  keeper: WebhookKeeper | null = null;

  constructor(options: WebhookDeliveryOptions) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#fetch = options.fetch ?? (() => globalThis.fetch);
    this.#logger = options.logger ?? { error: (message, error) => console.error(message, error) };
    options.events.on('*', (event) => this.#onEvent(event));
    options.clock.onJump(() => this.#runDue());
  }

  /** Every attempt so far (the most recent `WEBHOOK_JOURNAL_LIMIT`), oldest first; a copy, so it holds still while read. */
  get deliveries(): readonly WebhookDeliveryAttempt[] {
    return [...this.#journal];
  }

  /** Deliveries waiting for a retry, soonest first. */
  get scheduled(): ScheduledWebhookRetry[] {
    return [...this.#waiting.values()]
      .sort((a, b) => a.dueAtMs - b.dueAtMs)
      .map((d) => ({
        id: d.id,
        subscriptionId: d.subscriptionId,
        eventId: d.eventId,
        event: d.event,
        attempt: d.attempts + 1,
        dueAt: new Date(d.dueAtMs).toISOString(),
      }));
  }

  /** Resolves once no attempt is in flight (retries waiting for the clock do not count). */
  settled(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Sends the retries due by the mock clock now, then waits until nothing is in flight. */
  flush(): Promise<void> {
    this.#runDue();
    return this.settled();
  }

  /**
   * Makes the next `times` attempts fail without reaching the receiver: answered with `status`, or
   * refused like a closed port when there is none. They are journalled and retried like any failure.
   */
  fail(options: WebhookFaultOptions = {}): WebhookFault {
    const checked = WebhookFaultSchema.safeParse(options);
    if (!checked.success) {
      const { times, status } = options;
      if (checked.error.issues.some((issue) => issue.path[0] === 'times')) {
        throw new TypeError(`mock.webhooks.fail() takes times as an integer from 1 to ${WEBHOOK_FAULT_MAX_TIMES}, got ${String(times)}`);
      }
      throw new TypeError(`mock.webhooks.fail() takes status as an integer from 300 to 599 (a failure), got ${String(status)}`);
    }
    const { times = 1, status } = checked.data;
    const fault = { remaining: times, status: status ?? null };
    this.#faults.push(fault);
    return { ...fault };
  }

  /** Webhook faults still armed, first used first. */
  get faults(): WebhookFault[] {
    return this.#faults.map((f) => ({ ...f }));
  }

  /** Disarms every webhook fault. */
  clearFaults(): void {
    this.#faults = [];
  }

  /** One delivery with its body, its last headers and its attempts (MOCK-38); undefined when no longer kept. */
  sent(id: string): SentWebhook | undefined {
    return this.#sent.present(id, this.#journal, this.#waiting.get(id));
  }

  /** Sends the delivery `id` again now, waiting or not, then waits until nothing is in flight; false when it is not kept. */
  async retryNow(id: string): Promise<boolean> {
    const delivery = this.#sent.delivery(id);
    if (!delivery) return false;
    this.#waiting.delete(id);
    this.#arm();
    this.#keep(delivery, 'queued');
    this.#enqueue(delivery);
    await this.settled();
    return true;
  }

  /** The journal, the waiting retries and the faults as they stand, for a snapshot of the service (MOCK-28). */
  snapshotState(): WebhookDeliveriesState {
    const waiting = [...this.#waiting.values()].map((d) => ({ ...d }));
    return { journal: [...this.#journal], waiting, faults: this.faults, sent: this.#sent.snapshot() };
  }

  /** Back to a snapshot's journal, retries and faults; attempts in flight finish unrecorded, as on `reset()`. */
  restoreState(state: WebhookDeliveriesState): void {
    this.reset();
    this.#journal.push(...state.journal);
    this.#sent.load(state.sent, this.#generation);
    for (const delivery of state.waiting) {
      this.#waiting.set(delivery.id, { ...delivery, generation: this.#generation });
      this.#sent.note(this.#waiting.get(delivery.id)!);
    }
    this.#faults = state.faults.map((f) => ({ ...f }));
    this.#arm();
  }

  /**
   * Puts back what a data folder kept (MOCK-44): the journal, the deliveries with their last headers, the retries waiting
   * on the clock (one due while the process was down is sent as the clock passes it) and the first attempts that had not
   * finished, sent again now (a receiver may get one twice, as webhooks allow).
   */
  takeUp(kept: KeptWebhooks): void {
    this.#journal.push(...kept.attempts.slice(-WEBHOOK_JOURNAL_LIMIT));
    const records = kept.deliveries.flatMap((k) => {
      const delivery = deliveryOfKept(this.#store, k, this.#generation);
      return delivery ? [{ delivery, headers: k.headers, state: k.state }] : [];
    });
    this.#sent.load(records.slice(-WEBHOOK_JOURNAL_LIMIT), this.#generation);
    for (const { delivery, state } of records) {
      const live = this.#sent.delivery(delivery.id) ?? delivery;
      if (state === 'waiting') this.#waiting.set(live.id, live);
      else if (state === 'queued') this.#enqueue(live);
    }
    this.#arm();
  }

  /** Forgets the journal, the waiting retries and the faults (on `mock.reset()`); attempts in flight finish unrecorded. */
  reset(): void {
    this.#faults = [];
    this.#generation++;
    this.#waiting.clear();
    this.#journal.length = 0;
    this.#sent.clear();
    this.#arm();
  }

  #onEvent(event: DomainEvent): void {
    // Runs inside the committing request: only reads and queues; the network starts after it returns.
    for (const receiver of webhookReceiversOf(this.#store, event.companyId, event.event, event.data)) {
      this.#noteAndEnqueue({
        id: this.#store.ids.next('whd'),
        subscriptionId: receiver.id,
        source: receiver.source,
        companyId: event.companyId,
        eventId: event.id,
        event: event.event,
        body: JSON.stringify(
          receiver.source.envelope?.(event) ?? {
            id: event.id,
            event: event.event,
            timestamp: event.timestamp,
            companyId: event.companyId,
            data: event.data,
          },
        ),
        attempts: 0,
        dueAtMs: 0,
        generation: this.#generation,
      });
    }
  }

  #noteAndEnqueue(delivery: Delivery): void {
    this.#sent.note(delivery);
    this.#keep(delivery, 'queued');
    this.#enqueue(delivery);
  }

  #enqueue(delivery: Delivery): void {
    this.#inFlight++;
    const previous = this.#queues.get(delivery.subscriptionId) ?? Promise.resolve();
    const next: Promise<void> = previous
      .then(() => this.#attempt(delivery))
      .catch((error: unknown) => this.#logger.error(`[acs-mock] webhook delivery ${delivery.id} broke`, error))
      .finally(() => {
        if (this.#queues.get(delivery.subscriptionId) === next) this.#queues.delete(delivery.subscriptionId);
        if (--this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
      });
    this.#queues.set(delivery.subscriptionId, next);
  }

  async #attempt(delivery: Delivery): Promise<void> {
    if (delivery.generation !== this.#generation || !this.#store.hasTable(WEBHOOK_SUBSCRIPTIONS)) return;
    // Read at each attempt: a deleted or paused subscription gets nothing more, a changed URL the next one.
    const subscription = delivery.source.find(this.#store, delivery.companyId, delivery.subscriptionId);
    const secret = subscription?.secret;
    if (!subscription?.active || secret === undefined) return void this.#keep(delivery, 'done');

    const attempt = ++delivery.attempts;
    const sentAtMs = this.#clock.nowMs();
    let status: number | null = null;
    let error: string | null = null;
    const fault = this.#takeFault();
    try {
      // Kept before a fault answers too: the dashboard shows what the attempt sent, or would have (MOCK-38).
      const headers = await signedHeaders(delivery, secret, attempt, sentAtMs);
      this.#sent.noteHeaders(delivery.id, headers);
      if (fault && fault.status === null) throw new TypeError('fetch failed (injected fault)', { cause: { code: 'ECONNREFUSED' } });
      status = fault ? fault.status : await postWebhook(this.#fetch(), subscription.url, delivery, headers);
    } catch (failure) {
      error = describeFailure(failure);
    }
    if (delivery.generation !== this.#generation) return;

    const delivered = status !== null && status >= 200 && status < 300;
    let outcome: WebhookAttemptOutcome = delivered ? 'delivered' : 'failed';
    let nextAttemptAt: string | null = null;
    if (!delivered && attempt < WEBHOOK_MAX_ATTEMPTS) {
      outcome = 'retry_scheduled';
      delivery.dueAtMs = sentAtMs + WEBHOOK_RETRY_DELAYS_MS[attempt - 1];
      nextAttemptAt = new Date(delivery.dueAtMs).toISOString();
      this.#waiting.set(delivery.id, delivery);
      this.#arm();
    }
    const record: WebhookDeliveryAttempt = Object.freeze({
      id: delivery.id,
      subscriptionId: delivery.subscriptionId,
      companyId: delivery.companyId,
      eventId: delivery.eventId,
      event: delivery.event,
      url: subscription.url,
      attempt,
      at: new Date(sentAtMs).toISOString(),
      status,
      error,
      outcome,
      nextAttemptAt,
    });
    this.#journal.push(record);
    if (this.#journal.length > WEBHOOK_JOURNAL_LIMIT) this.#journal.shift();
    this.keeper?.attempt(record);
    this.#keep(delivery, outcome === 'retry_scheduled' ? 'waiting' : 'done');
  }

  #keep(delivery: Delivery, state: KeptDeliveryState): void {
    this.keeper?.delivery(keptDelivery(this.#store, delivery, this.#sent.headersOf(delivery.id), state));
  }

  /** The first armed fault, counted as used; null when none is armed. */
  #takeFault(): { status: number | null } | null {
    const fault = this.#faults[0];
    if (!fault) return null;
    if (--fault.remaining <= 0) this.#faults.shift();
    return { status: fault.status };
  }

  /** Queues every waiting delivery whose time has come, soonest first. */
  #runDue(): void {
    const now = this.#clock.nowMs();
    const due = [...this.#waiting.values()].filter((d) => d.dueAtMs <= now).sort((a, b) => a.dueAtMs - b.dueAtMs);
    for (const delivery of due) {
      this.#waiting.delete(delivery.id);
      this.#enqueue(delivery);
    }
    this.#arm();
  }

  /** One timer for the soonest retry, so retries also fall due as the mock clock moves with real time. */
  #arm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#waiting.size === 0) return;
    let soonest = Number.POSITIVE_INFINITY;
    for (const delivery of this.#waiting.values()) soonest = Math.min(soonest, delivery.dueAtMs);
    const wait = Math.min(Math.max(soonest - this.#clock.nowMs(), 0), 2 ** 31 - 1);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#runDue();
    }, wait);
    // A waiting retry must not keep a Node process (a test run, a script) alive.
    (this.#timer as { unref?: () => void }).unref?.();
  }
}

import { webhookSourceKind, webhookSourceOf } from '../domain/platform/index.js';
import type { Store } from '../store/index.js';
import type { Delivery, WebhookDeliveryAttempt } from './webhook-delivery.js';

/**
 * Where a delivery stands, as a data folder keeps it (MOCK-44): `queued`, its next attempt not finished (sent again
 * after a restart); `waiting`, a retry due at `dueAtMs` by the mock clock; `done`, delivered, failed for good or dropped.
 */
export type KeptDeliveryState = 'queued' | 'waiting' | 'done';

/** One delivery as a data folder keeps it: plain JSON, its receiver named by kind. */
export interface KeptDelivery {
  readonly delivery: Omit<Delivery, 'source' | 'generation'> & { sourceKind: string };
  readonly headers: Record<string, string> | null;
  readonly state: KeptDeliveryState;
}

/** Told of each change of a delivery and each attempt, as they happen, so a data folder keeps them (MOCK-44). */
export interface WebhookKeeper {
  delivery(kept: KeptDelivery): void;
  attempt(attempt: WebhookDeliveryAttempt): void;
}

/** What a data folder gives back at a restart: the journal's attempts, oldest first, and the deliveries, oldest first. */
export interface KeptWebhooks {
  readonly attempts: readonly WebhookDeliveryAttempt[];
  readonly deliveries: readonly KeptDelivery[];
}

export function keptDelivery(
  store: Store,
  delivery: Delivery,
  headers: Record<string, string> | null,
  state: KeptDeliveryState,
): KeptDelivery {
  const { source, generation: _generation, ...rest } = delivery;
  return { delivery: { ...rest, sourceKind: webhookSourceKind(store, source) }, headers, state };
}

/** The delivery a data folder kept, of the current `generation`; undefined when its receiver kind is no longer registered. */
export function deliveryOfKept(store: Store, kept: KeptDelivery, generation: number): Delivery | undefined {
  const { sourceKind, ...rest } = kept.delivery;
  const source = webhookSourceOf(store, sourceKind);
  return source && { ...rest, source, generation };
}

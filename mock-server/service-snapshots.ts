import type { DomainEventBus, DomainEvent } from './events/bus.js';
import type { WebhookDeliveries, WebhookDeliveriesState } from './events/webhook-delivery.js';
import type { MockClock } from './kernel/clock.js';
import type { Faults, FaultsState } from './kernel/faults.js';
import type { IdempotencyRecords, IdempotencyState } from './kernel/idempotency.js';
import type { RateLimiter } from './kernel/rate-limit.js';
import type { Store, StoreSnapshot } from './store/index.js';

/** A snapshot's name: 1 to 64 letters, digits, `.`, `_` or `-` (safe in a URL path). */
export const SNAPSHOT_NAME = /^[A-Za-z0-9._-]{1,64}$/;
/** Named snapshots kept at most; a snapshot taken without a name is the caller's to keep. */
export const SNAPSHOT_MAX_NAMED = 50;

/** A point in time of the whole service (MOCK-28): what `mock.snapshot()` returns and `mock.restore()` takes. */
export interface MockSnapshot {
  /** Its name when it is kept under one; null when only the caller holds it. */
  readonly name: string | null;
  /** The mock clock when it was taken: a restore puts the clock back there. */
  readonly at: string;
  /** The real time it was taken. */
  readonly takenAt: string;
}

/** Everything of the service a restore puts back. */
export interface SnapshotState {
  store: StoreSnapshot;
  clockMs: number;
  faults: FaultsState;
  idempotency: IdempotencyState;
  events: readonly DomainEvent[];
  webhooks: WebhookDeliveriesState;
}

/** The service's state outside the store, each part of it with its own snapshot. */
export interface SnapshotSources {
  store: Store;
  clock: MockClock;
  faults: Faults;
  idempotency: IdempotencyRecords;
  rateLimiter: RateLimiter;
  events: DomainEventBus;
  webhooks: WebhookDeliveries;
}

// The state behind each snapshot, out of the caller's reach: a snapshot is a handle, not data to edit.
const states = new WeakMap<MockSnapshot, SnapshotState>();

/** Told of each named snapshot kept or deleted: a data folder keeps them (MOCK-44). */
export interface SnapshotKeeper {
  put(snapshot: MockSnapshot, state: SnapshotState): void;
  delete(name: string): void;
}

/** Takes, keeps and restores snapshots of one service (MOCK-28). */
export class ServiceSnapshots {
  readonly #named = new Map<string, MockSnapshot>();
  keeper: SnapshotKeeper | null = null;

  constructor(private readonly sources: SnapshotSources) {}

  /** A snapshot of now, kept under `name` when given (replacing one of that name). */
  take(name?: string): MockSnapshot {
    if (name !== undefined) checkName(name);
    if (name !== undefined && !this.#named.has(name) && this.#named.size >= SNAPSHOT_MAX_NAMED) {
      throw new RangeError(`mock.snapshot(): ${SNAPSHOT_MAX_NAMED} named snapshots are kept at most; delete one first`);
    }
    const { store, clock, faults, idempotency, events, webhooks } = this.sources;
    // A snapshot a folder keeps holds every table: those a restart has not read yet are read first (MOCK-45).
    if (name !== undefined && this.keeper) store.readAll();
    const snapshot: MockSnapshot = Object.freeze({ name: name ?? null, at: clock.iso(), takenAt: new Date().toISOString() });
    states.set(snapshot, {
      store: store.snapshot(),
      clockMs: clock.nowMs(),
      faults: faults.snapshotState(),
      idempotency: idempotency.snapshotState(),
      events: events.snapshotState(),
      webhooks: webhooks.snapshotState(),
    });
    if (name !== undefined) this.#named.set(name, snapshot);
    if (name !== undefined) this.keeper?.put(snapshot, states.get(snapshot)!);
    return snapshot;
  }

  /** The named snapshots a data folder kept, oldest first, as if taken in this process (MOCK-44). */
  takeUp(kept: readonly { snapshot: MockSnapshot; state: SnapshotState }[]): void {
    for (const { snapshot, state } of kept) {
      states.set(snapshot, state);
      this.#named.set(snapshot.name!, snapshot);
    }
  }

  /** Puts the service back where `target` (a snapshot, or a kept one's name) was; returns that snapshot. */
  restore(target: MockSnapshot | string): MockSnapshot {
    const snapshot = typeof target === 'string' ? this.get(target) : target;
    const state = snapshot && states.get(snapshot);
    if (!snapshot || !state)
      throw new RangeError(`mock.restore(): no snapshot ${typeof target === 'string' ? JSON.stringify(target) : 'like that'}`);
    const { store, clock, faults, idempotency, rateLimiter, events, webhooks } = this.sources;
    store.restore(state.store);
    idempotency.restoreState(state.idempotency);
    faults.restoreState(state.faults);
    events.restoreState(state.events);
    webhooks.restoreState(state.webhooks);
    // Rate windows count the caller's recent traffic, not the service's data: a restore empties them, as reset() does.
    rateLimiter.clear();
    // Last: the clock's listeners (webhook retries falling due, the e-invoice portal) read what is restored.
    clock.set(state.clockMs);
    return snapshot;
  }

  get(name: string): MockSnapshot | undefined {
    return this.#named.get(name);
  }

  /** The kept snapshots, oldest first. */
  list(): MockSnapshot[] {
    return [...this.#named.values()];
  }

  delete(name: string): boolean {
    const deleted = this.#named.delete(name);
    if (deleted) this.keeper?.delete(name);
    return deleted;
  }
}

function checkName(name: string): void {
  if (typeof name !== 'string' || !SNAPSHOT_NAME.test(name)) {
    throw new TypeError(`mock.snapshot(): a name is 1 to 64 letters, digits, '.', '_' or '-', not ${JSON.stringify(name)}`);
  }
}

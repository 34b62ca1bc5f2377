import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { DomainEvent } from '../events/bus.js';
import type { WebhookDeliveryAttempt, WebhookFault } from '../events/webhook-delivery.js';
import { deliveryOfKept, keptDelivery, type KeptDelivery } from '../events/webhook-kept.js';
import { faultsStateOf, type Fault } from '../kernel/faults.js';
import { idempotencyRecordOf, type IdempotencyRecord } from '../kernel/idempotency.js';
import type { MockSnapshot, SnapshotKeeper, SnapshotState } from '../service-snapshots.js';
import type { Store } from '../store/index.js';
import type { Row } from '../store/table.js';

/** A snapshot's state as plain JSON: functions (fault matchers, receiver sources) become what rebuilds them. */
interface KeptState {
  tables: [string, Row[]][];
  counters: [string, number][];
  clockMs: number;
  faults: Fault[];
  idempotency: [string, IdempotencyRecord][];
  events: DomainEvent[];
  webhooks: {
    journal: WebhookDeliveryAttempt[];
    waiting: KeptDelivery[];
    faults: WebhookFault[];
    sent: KeptDelivery[];
  };
}

/** The named snapshots of a data folder (MOCK-44): written when taken, deleted with the name, read back at a start. */
export class KeptSnapshots implements SnapshotKeeper {
  readonly #db: DatabaseSync;
  readonly #store: Store;
  readonly #put: StatementSync;
  readonly #delete: StatementSync;

  constructor(db: DatabaseSync, store: Store) {
    this.#db = db;
    this.#store = store;
    // On a name taken again the row keeps its place: the list stays in the order the names were first used, as in memory.
    this.#put = db.prepare(
      'INSERT INTO snapshots (name, meta, body) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET meta = excluded.meta, body = excluded.body',
    );
    this.#delete = db.prepare('DELETE FROM snapshots WHERE name = ?');
  }

  put(snapshot: MockSnapshot, state: SnapshotState): void {
    const store = this.#store;
    const { webhooks } = state;
    const kept: KeptState = {
      tables: [...state.store.tables],
      counters: [...state.store.counters],
      clockMs: state.clockMs,
      faults: state.faults.armed.map((a) => a.fault),
      idempotency: [...state.idempotency.entries],
      events: [...state.events],
      webhooks: {
        journal: [...webhooks.journal],
        waiting: webhooks.waiting.map((d) => keptDelivery(store, d, null, 'waiting')),
        faults: [...webhooks.faults],
        sent: webhooks.sent.map((r) => keptDelivery(store, r.delivery, r.headers, 'done')),
      },
    };
    this.#put.run(snapshot.name!, JSON.stringify(snapshot), JSON.stringify(kept));
  }

  delete(name: string): void {
    this.#delete.run(name);
  }

  /** The kept snapshots, oldest first. */
  read(): { snapshot: MockSnapshot; state: SnapshotState }[] {
    const rows = this.#db.prepare('SELECT meta, body FROM snapshots ORDER BY rowid').all() as { meta: string; body: string }[];
    return rows.map((row) => ({ snapshot: Object.freeze(JSON.parse(row.meta) as MockSnapshot), state: this.#stateOf(row.body) }));
  }

  #stateOf(body: string): SnapshotState {
    const kept = JSON.parse(body) as KeptState;
    const store = this.#store;
    const deliveries = (list: KeptDelivery[]) => list.flatMap((k) => deliveryOfKept(store, k, 0) ?? []);
    return {
      store: { tables: new Map(kept.tables), counters: new Map(kept.counters) },
      clockMs: kept.clockMs,
      faults: faultsStateOf(kept.faults),
      idempotency: {
        entries: new Map(kept.idempotency.map(([scope, r]) => [scope, idempotencyRecordOf(r)])),
      },
      events: kept.events,
      webhooks: {
        journal: kept.webhooks.journal,
        waiting: deliveries(kept.webhooks.waiting),
        faults: kept.webhooks.faults,
        sent: kept.webhooks.sent.flatMap((k) => {
          const delivery = deliveryOfKept(store, k, 0);
          return delivery ? [{ delivery, headers: k.headers }] : [];
        }),
      },
    };
  }
}

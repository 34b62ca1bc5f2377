import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { DomainEvent, DomainEventBus } from '../events/bus.js';
import type { KeptWebhooks, WebhookDeliveries } from '../events/webhook-delivery.js';
import { keptDelivery, type KeptDelivery } from '../events/webhook-kept.js';
import type { WebhookDeliveryAttempt } from '../events/webhook-delivery.js';
import { WEBHOOK_JOURNAL_LIMIT } from '../events/webhook-delivery.js';
import type { Store } from '../store/index.js';

/** The event history and the webhook deliveries as a data folder keeps them (MOCK-44). */
export class KeptTraffic {
  readonly #db: DatabaseSync;
  readonly #event: StatementSync;
  readonly #trimEvents: StatementSync;
  readonly #delivery: StatementSync;
  readonly #trimDeliveries: StatementSync;
  readonly #attempt: StatementSync;
  readonly #trimAttempts: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#event = db.prepare('INSERT OR REPLACE INTO events (sequence, body) VALUES (?, ?)');
    this.#trimEvents = db.prepare('DELETE FROM events WHERE sequence <= ?');
    this.#delivery = db.prepare(
      'INSERT INTO webhook_deliveries (id, state, body) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET state = excluded.state, body = excluded.body',
    );
    // Done deliveries older than the newest 1,000 are no longer shown; waiting and queued ones are kept whatever their age.
    this.#trimDeliveries = db.prepare(
      `DELETE FROM webhook_deliveries WHERE state = 'done' AND n <= (SELECT max(n) FROM webhook_deliveries) - ${WEBHOOK_JOURNAL_LIMIT}`,
    );
    this.#attempt = db.prepare('INSERT INTO webhook_attempts (body) VALUES (?)');
    this.#trimAttempts = db.prepare(`DELETE FROM webhook_attempts WHERE n <= last_insert_rowid() - ${WEBHOOK_JOURNAL_LIMIT}`);
  }

  /** Writes events of one commit (or published outside one); the history keeps the newest `limit`. */
  writeEvents(events: readonly DomainEvent[], limit: number): void {
    for (const event of events) this.#event.run(event.sequence, JSON.stringify(event));
    this.#trimEvents.run(events[events.length - 1].sequence - limit);
  }

  writeDelivery(kept: KeptDelivery): void {
    this.#delivery.run(kept.delivery.id, kept.state, JSON.stringify(kept));
    if (kept.state === 'done') this.#trimDeliveries.run();
  }

  writeAttempt(attempt: WebhookDeliveryAttempt): void {
    this.#attempt.run(JSON.stringify(attempt));
    this.#trimAttempts.run();
  }

  /** Replaces the kept history and deliveries with the service's own (after a reset or a restore). */
  writeAll(store: Store, events: DomainEventBus, webhooks: WebhookDeliveries): void {
    this.#db.exec('DELETE FROM events; DELETE FROM webhook_deliveries; DELETE FROM webhook_attempts;');
    const history = events.snapshotState();
    if (history.length > 0) this.writeEvents(history, events.historyLimit);
    const { journal, waiting, sent } = webhooks.snapshotState();
    for (const attempt of journal) this.writeAttempt(attempt);
    const due = new Map(waiting.map((d) => [d.id, d]));
    for (const { delivery, headers } of sent) {
      this.writeDelivery(keptDelivery(store, due.get(delivery.id) ?? delivery, headers, due.has(delivery.id) ? 'waiting' : 'done'));
      due.delete(delivery.id);
    }
    for (const delivery of due.values()) this.writeDelivery(keptDelivery(store, delivery, null, 'waiting'));
  }

  /** The event history kept, oldest first. */
  readEvents(): DomainEvent[] {
    const rows = this.#db.prepare('SELECT body FROM events ORDER BY sequence').all() as { body: string }[];
    return rows.map((row) => JSON.parse(row.body) as DomainEvent);
  }

  readWebhooks(): KeptWebhooks {
    const attempts = this.#db.prepare('SELECT body FROM webhook_attempts ORDER BY n').all() as { body: string }[];
    const deliveries = this.#db.prepare('SELECT body FROM webhook_deliveries ORDER BY n').all() as { body: string }[];
    return {
      attempts: attempts.map((row) => JSON.parse(row.body) as WebhookDeliveryAttempt),
      deliveries: deliveries.map((row) => JSON.parse(row.body) as KeptDelivery),
    };
  }
}

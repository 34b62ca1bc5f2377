import type { StatementSync } from 'node:sqlite';
import type { DomainEvent, DomainEventBus } from '../events/bus.js';
import type { WebhookDeliveries } from '../events/webhook-delivery.js';
import type { ServiceSnapshots } from '../service-snapshots.js';
import type { MockClock } from '../kernel/clock.js';
import { idempotencyRecordOf, type IdempotencyRecord, type IdempotencyRecords } from '../kernel/idempotency.js';
import type { SeedCredentials } from '../seed/credentials.js';
import type { Change, Store } from '../store/index.js';
import type { Row } from '../store/table.js';
import { openDataFolder, type DataFolder } from './folder.js';
import { KeptSnapshots } from './kept-snapshots.js';
import { KeptTraffic } from './kept-traffic.js';
import { RowWriter } from './row-writer.js';

/** The parts of a service a data folder keeps (MOCK-30). */
export interface DurableParts {
  store: Store;
  clock: MockClock;
  idempotency: IdempotencyRecords;
}

/** The parts built after the store is loaded or seeded: their state is read back when the folder starts following. */
export interface FollowedParts {
  events: DomainEventBus;
  webhooks: WebhookDeliveries;
  snapshots: ServiceSnapshots;
}

/** A service's state kept in a data folder: every commit written in one database transaction before the answer leaves (MOCK-29). */
export class DurableService {
  readonly #folder: DataFolder;
  readonly #parts: DurableParts;
  readonly #rows: RowWriter;
  readonly #traffic: KeptTraffic;
  readonly #counter: StatementSync;
  readonly #uncount: StatementSync;
  readonly #state: StatementSync;
  readonly #remember: StatementSync;
  #unsubscribe: (() => void)[] = [];
  #followed: FollowedParts | null = null;
  /** Events and delivery changes waiting for the commit that made them, or for the next microtask (MOCK-44). */
  #deferred: (() => void)[] = [];
  #flushQueued = false;
  #events: DomainEvent[] = [];
  /** The id stream's position as last written: a commit that drew no id does not write it again. */
  #idsWritten = '';

  constructor(dir: string, parts: DurableParts) {
    this.#folder = openDataFolder(dir);
    this.#parts = parts;
    const { db } = this.#folder;
    this.#rows = new RowWriter(db);
    this.#traffic = new KeptTraffic(db);
    this.#counter = db.prepare('INSERT INTO counters (key, value) VALUES (?, ?) ON CONFLICT DO UPDATE SET value = excluded.value');
    this.#uncount = db.prepare('DELETE FROM counters WHERE key = ?');
    this.#state = db.prepare('INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT DO UPDATE SET value = excluded.value');
    this.#remember = db.prepare('INSERT INTO idempotency (scope, body) VALUES (?, ?) ON CONFLICT DO UPDATE SET body = excluded.body');
  }

  /** Whether the folder held a service: then `load()` it, else seed and `saveAll()`. */
  get hasData(): boolean {
    return this.#folder.hasData;
  }

  /** The service as the folder keeps it: rows, sequences, the clock, the id stream, remembered keys; returns the seed's credentials. */
  load(): SeedCredentials {
    const { db } = this.#folder;
    const { store, clock, idempotency } = this.#parts;
    // Each table's rows are parsed when the table is first used (MOCK-45): a restart on a big folder answers at once.
    const rowsOf = db.prepare('SELECT body FROM rows WHERE company = ? AND tbl = ? ORDER BY rowid');
    const tables = (db.prepare('SELECT DISTINCT company, tbl FROM rows').all() as { company: string; tbl: string }[]).map(
      ({ company, tbl }) =>
        [company, tbl, () => (rowsOf.all(company, tbl) as { body: string }[]).map((row) => JSON.parse(row.body) as Row)] as [
          string,
          string,
          () => Row[],
        ],
    );
    const counters = (db.prepare('SELECT key, value FROM counters').all() as { key: string; value: number }[]).map(
      (c) => [c.key, Number(c.value)] as [string, number],
    );
    store.load(tables, counters);
    const state = this.#readState();
    store.ids.seek(JSON.parse(state.ids) as { refills: number; at: number });
    // The clock goes on as if it had kept running while the mock was down: its timestamps keep increasing (MOCK-30).
    clock.set(Date.now() + Number(state.clockOffsetMs));
    const entries = new Map<string, IdempotencyRecord>();
    for (const { scope, body } of db.prepare('SELECT scope, body FROM idempotency').all() as { scope: string; body: string }[]) {
      entries.set(scope, idempotencyRecordOf(JSON.parse(body) as IdempotencyRecord));
    }
    idempotency.restoreState({ entries });
    return JSON.parse(state.credentials) as SeedCredentials;
  }

  /** Writes the whole service (after a seed, a reset or a restore), replacing what the folder held. */
  saveAll(credentials?: SeedCredentials): void {
    const { db } = this.#folder;
    const { store, idempotency } = this.#parts;
    // The tables not read yet are read first: the folder is written whole from memory.
    store.readAll();
    this.#inTransaction(() => {
      db.exec('DELETE FROM rows; DELETE FROM counters; DELETE FROM idempotency;');
      for (const [key, rows] of store.snapshot().tables) {
        const [company, table] = key.split('\u0000');
        this.#rows.write(rows.map((row) => ({ company, table, id: row.id, body: JSON.stringify(row) })));
      }
      for (const [key, value] of store.counterEntries()) this.#counter.run(key, value);
      store.takeSteppedCounters();
      for (const [scope, record] of idempotency.snapshotState().entries) this.#remember.run(scope, JSON.stringify(record));
      if (credentials) this.#state.run('credentials', JSON.stringify(credentials));
      this.#deferred = [];
      this.#events = [];
      if (this.#followed) this.#traffic.writeAll(store, this.#followed.events, this.#followed.webhooks);
      this.#idsWritten = '';
      this.#saveSmallState();
      this.#saveClock();
      db.prepare("INSERT INTO meta (key, value) VALUES ('seeded', '1') ON CONFLICT DO UPDATE SET value = '1'").run();
    });
  }

  /**
   * Reads back the event history and the webhook deliveries the folder kept, then writes, from now on, every commit
   * (with the events and deliveries it made, MOCK-44), remembered key and clock jump as it happens.
   */
  follow(followed: FollowedParts): void {
    const { store, clock, idempotency } = this.#parts;
    const { events, webhooks, snapshots } = followed;
    events.load(this.#traffic.readEvents(), Number(this.#readState().eventSequence ?? 0));
    webhooks.takeUp(this.#traffic.readWebhooks());
    const kept = new KeptSnapshots(this.#folder.db, store);
    snapshots.takeUp(kept.read());
    snapshots.keeper = kept;
    this.#followed = followed;
    this.#unsubscribe.push(store.onCommit((changes) => this.#inTransaction(() => this.#writeChanges(changes))));
    this.#unsubscribe.push(clock.onJump(() => this.#inTransaction(() => this.#saveClock())));
    this.#unsubscribe.push(events.on('*', (event) => this.#defer(() => this.#events.push(event))));
    webhooks.keeper = {
      delivery: (kept) => this.#defer(() => this.#traffic.writeDelivery(kept)),
      attempt: (attempt) => this.#defer(() => this.#traffic.writeAttempt(attempt)),
    };
    this.#unsubscribe.push(() => {
      webhooks.keeper = null;
      snapshots.keeper = null;
    });
    idempotency.onRemember = (scope, record) => this.#remember.run(scope, JSON.stringify(record));
    this.#unsubscribe.push(() => {
      idempotency.onRemember = null;
    });
  }

  close(): void {
    // Once: a second close must not take the lock from another service of this process that opened the folder since.
    if (!this.#folder.db.isOpen) return;
    for (const stop of this.#unsubscribe) stop();
    this.#unsubscribe = [];
    this.#folder.close();
  }

  #writeChanges(changes: readonly Change[]): void {
    this.#rows.writeChanges(changes);
    this.#saveSmallState();
    // The bus and the deliveries heard this commit first (they subscribed before the folder): their writes land in its transaction.
    this.#runDeferred();
  }

  /** A write of an event or a delivery: with the commit under way, else in a transaction of its own at the next microtask. */
  #defer(write: () => void): void {
    this.#deferred.push(write);
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    queueMicrotask(() => {
      this.#flushQueued = false;
      if (this.#deferred.length > 0 && this.#folder.db.isOpen) this.#inTransaction(() => this.#runDeferred());
    });
  }

  #runDeferred(): void {
    const writes = this.#deferred;
    this.#deferred = [];
    for (const write of writes) write();
    if (this.#events.length === 0) return;
    const events = this.#followed!.events;
    this.#traffic.writeEvents(this.#events, events.historyLimit);
    this.#events = [];
    this.#state.run('eventSequence', String(events.lastSequence));
  }

  /** Sequences stepped and the id stream's position: small, so written with every commit that moved them. */
  #saveSmallState(): void {
    const { store } = this.#parts;
    for (const [key, value] of store.takeSteppedCounters()) {
      if (value === undefined) this.#uncount.run(key);
      else this.#counter.run(key, value);
    }
    const ids = JSON.stringify(store.ids.position());
    if (ids !== this.#idsWritten) this.#state.run('ids', ids);
    this.#idsWritten = ids;
  }

  /** The clock as an offset from real time: it changes only when the clock jumps (advance, set). */
  #saveClock(): void {
    const { clock } = this.#parts;
    this.#state.run('clockOffsetMs', String(clock.nowMs() - Date.now()));
  }

  #readState(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const { key, value } of this.#folder.db.prepare('SELECT key, value FROM state').all() as { key: string; value: string }[]) {
      out[key] = value;
    }
    return out;
  }

  #inTransaction(fn: () => void): void {
    const { db } = this.#folder;
    db.exec('BEGIN IMMEDIATE');
    try {
      fn();
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

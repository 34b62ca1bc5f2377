import type { StatementSync } from 'node:sqlite';
import type { MockClock } from '../kernel/clock.js';
import { IdempotencyRecord, type IdempotencyRecords } from '../kernel/idempotency.js';
import type { SeedCredentials } from '../seed/credentials.js';
import type { Change, Store } from '../store/index.js';
import type { Row } from '../store/table.js';
import { openDataFolder, type DataFolder } from './folder.js';

/** The parts of a service a data folder keeps (MOCK-30). */
export interface DurableParts {
  store: Store;
  clock: MockClock;
  idempotency: IdempotencyRecords;
}

/** A service's state kept in a data folder: every commit written in one database transaction before the answer leaves (MOCK-29). */
export class DurableService {
  readonly #folder: DataFolder;
  readonly #parts: DurableParts;
  readonly #upsert: StatementSync;
  readonly #remove: StatementSync;
  readonly #counter: StatementSync;
  readonly #uncount: StatementSync;
  readonly #state: StatementSync;
  readonly #remember: StatementSync;
  #unsubscribe: (() => void)[] = [];

  constructor(dir: string, parts: DurableParts) {
    this.#folder = openDataFolder(dir);
    this.#parts = parts;
    const { db } = this.#folder;
    this.#upsert = db.prepare(
      'INSERT INTO rows (company, tbl, id, body) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET body = excluded.body',
    );
    this.#remove = db.prepare('DELETE FROM rows WHERE company = ? AND tbl = ? AND id = ?');
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
    const tables = new Map<string, [string, string, Row[]]>();
    for (const row of db.prepare('SELECT company, tbl, body FROM rows ORDER BY rowid').iterate() as Iterable<Record<string, string>>) {
      const key = `${row.company}\u0000${row.tbl}`;
      let table = tables.get(key);
      if (!table) tables.set(key, (table = [row.company, row.tbl, []]));
      table[2].push(JSON.parse(row.body) as Row);
    }
    const counters = (db.prepare('SELECT key, value FROM counters').all() as { key: string; value: number }[]).map(
      (c) => [c.key, Number(c.value)] as [string, number],
    );
    store.load(tables.values(), counters);
    const state = this.#readState();
    store.ids.seek(JSON.parse(state.ids) as { refills: number; at: number });
    // The clock goes on as if it had kept running while the mock was down: its timestamps keep increasing (MOCK-30).
    clock.set(Date.now() + Number(state.clockOffsetMs));
    const entries = new Map<string, IdempotencyRecord>();
    for (const { scope, body } of db.prepare('SELECT scope, body FROM idempotency').all() as { scope: string; body: string }[]) {
      const r = JSON.parse(body) as IdempotencyRecord;
      entries.set(scope, new IdempotencyRecord(r.digest, r.status, r.body, r.requestId, r.headers, r.storedAt));
    }
    idempotency.restoreState({ entries });
    return JSON.parse(state.credentials) as SeedCredentials;
  }

  /** Writes the whole service (after a seed, a reset or a restore), replacing what the folder held. */
  saveAll(credentials?: SeedCredentials): void {
    const { db } = this.#folder;
    const { store, idempotency } = this.#parts;
    this.#inTransaction(() => {
      db.exec('DELETE FROM rows; DELETE FROM counters; DELETE FROM idempotency;');
      for (const [key, rows] of store.snapshot().tables) {
        const [company, table] = key.split('\u0000');
        for (const row of rows) this.#upsert.run(company, table, row.id, JSON.stringify(row));
      }
      for (const [key, value] of store.counterEntries()) this.#counter.run(key, value);
      store.takeSteppedCounters();
      for (const [scope, record] of idempotency.snapshotState().entries) this.#remember.run(scope, JSON.stringify(record));
      if (credentials) this.#state.run('credentials', JSON.stringify(credentials));
      this.#saveSmallState();
      db.prepare("INSERT INTO meta (key, value) VALUES ('seeded', '1') ON CONFLICT DO UPDATE SET value = '1'").run();
    });
  }

  /** From now on, every commit, remembered key and clock jump is written as it happens. */
  follow(): void {
    const { store, clock, idempotency } = this.#parts;
    this.#unsubscribe.push(store.onCommit((changes) => this.#inTransaction(() => this.#writeChanges(changes))));
    this.#unsubscribe.push(clock.onJump(() => this.#inTransaction(() => this.#saveSmallState())));
    idempotency.onRemember = (scope, record) => this.#remember.run(scope, JSON.stringify(record));
    this.#unsubscribe.push(() => {
      idempotency.onRemember = null;
    });
  }

  close(): void {
    for (const stop of this.#unsubscribe) stop();
    this.#unsubscribe = [];
    this.#folder.close();
  }

  #writeChanges(changes: readonly Change[]): void {
    for (const change of changes) {
      if (change.after) this.#upsert.run(change.companyId, change.table, change.id, JSON.stringify(change.after));
      else this.#remove.run(change.companyId, change.table, change.id);
    }
    this.#saveSmallState();
  }

  /** Sequences stepped, the id stream's position and the clock: small, so written with every commit. */
  #saveSmallState(): void {
    const { store, clock } = this.#parts;
    for (const [key, value] of store.takeSteppedCounters()) {
      if (value === undefined) this.#uncount.run(key);
      else this.#counter.run(key, value);
    }
    this.#state.run('ids', JSON.stringify(store.ids.position()));
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

import type { MockClock } from '../kernel/clock.js';
import type { WriteContext } from '../kernel/context.js';
import { IdGenerator } from './ids.js';
import { Table, type Row, type TableOptions } from './table.js';

/** One write, as the store's single write path records it. */
export interface Change {
  companyId: string;
  table: string;
  id: string;
  before: Row | null;
  after: Row | null;
  actor: string;
  requestId: string | null;
  at: string;
  /** Derived bookkeeping rather than a domain record. */
  internal: boolean;
}

export type { WriteContext };

/**
 * One write as the write path sees it while its transaction is still open: what a write observer
 * gets. An observer's own writes join that transaction, so they land, or are undone, with the write.
 */
export interface ObservedWrite {
  table: Table<Row>;
  id: string;
  before: Row | null;
  after: Row | null;
  context: WriteContext;
}

export type WriteObserver = (write: ObservedWrite) => void;

export interface StoreSnapshot {
  tables: Map<string, Row[]>;
  counters: Map<string, number>;
}

interface PendingWrite {
  table: Table<Row>;
  id: string;
  before: Row | null;
  after: Row | null;
}

/**
 * Per-company tables behind one write path. Every write is recorded; writes made inside
 * `transaction()` are undone together when it throws, so a refused request leaves nothing behind.
 * Listeners see the changes of a transaction once it commits.
 */
export class Store {
  readonly ids = new IdGenerator();
  /** Keys the binding of list cursors, so only this service's cursors page its lists. */
  readonly cursorSecret = randomHex(16);
  context: WriteContext = { actor: 'system', requestId: null };
  /**
   * Where a commit listener's failure goes. The changes are committed by then, so a listener can
   * neither undo them nor fail the request that made them (a 500 never follows a committed write).
   */
  onListenerError: (error: unknown) => void = (error) => console.error('acs-mock: a commit listener threw', error);

  readonly #definitions = new Map<string, TableOptions>();
  readonly #tables = new Map<string, Table<Row>>();
  /** The same tables by company, then name: a lookup by two strings the caller holds builds no key (a list reads dozens). */
  readonly #byCompany = new Map<string, Map<string, Table<Row>>>();
  /** Tables a data folder holds that nothing has read yet, parsed on first use; snapshots taken meanwhile get them then (MOCK-45). */
  readonly #unread = new Map<string, () => Row[]>();
  readonly #waitingSnapshots = new Set<WeakRef<StoreSnapshot>>();
  readonly #counters = new Map<string, number>();
  readonly #listeners = new Set<(changes: Change[]) => void>();
  #observers: readonly WriteObserver[] = [];
  #pending: PendingWrite[] | null = null;
  #counterLog: { key: string; previous: number | undefined }[] | null = null;
  /** Sequences stepped since the last `takeSteppedCounters()`: a durable folder writes them with the commit (MOCK-29). */
  readonly #stepped = new Set<string>();
  /** Per snapshot, the version at which each table last held exactly its rows. */
  readonly #sameAs = new WeakMap<StoreSnapshot, Map<string, number>>();
  #restores = 0;

  /** How many restores this store has had: state kept beside it (a report cache) is stale once this moves. */
  get restoreCount(): number {
    return this.#restores;
  }

  /** A company's IANA time zone (the platform module answers it from the company record); undefined reads as UTC. */
  timeZoneOf: (companyId: string) => string | undefined = () => undefined;

  constructor(readonly clock: MockClock) {}

  /** The company's local date: what "today" means for its due dates, overdue invoices and defaults. */
  today(companyId: string): string {
    return this.clock.today(this.timeZoneOf(companyId));
  }

  /** Declares a kind of record; every company gets its own table of it on first use. */
  defineTable(name: string, options: TableOptions): void {
    this.#definitions.set(name, options);
  }

  /** Whether a kind of record has been declared (modules that land later may not be). */
  hasTable(name: string): boolean {
    return this.#definitions.has(name);
  }

  /** Every declared kind of record with its options (a generic test reads them: every table writes audit rows). */
  tableDefinitions(): [name: string, options: TableOptions][] {
    return [...this.#definitions];
  }

  table<T extends Row>(companyId: string, name: string): Table<T> {
    let tables = this.#byCompany.get(companyId);
    const found = tables?.get(name);
    if (found) return found as Table<T>;
    const options = this.#definitions.get(name);
    if (!options) throw new Error(`unknown table ${name}`);
    const key = `${companyId}\u0000${name}`;
    const table = new Table<Row>(name, companyId, options, this);
    this.#tables.set(key, table);
    if (!tables) this.#byCompany.set(companyId, (tables = new Map()));
    tables.set(name, table);
    const unread = this.#unread.get(key);
    if (unread) this.#read(key, table, unread);
    return table as Table<T>;
  }

  /** Next value of a per-company sequence (journal numbers, customer numbers, ...); undone with its transaction. */
  nextNumber(companyId: string, sequence: string): number {
    const key = `${companyId}\u0000${sequence}`;
    const current = this.#counters.get(key);
    if (this.#counterLog) this.#counterLog.push({ key, previous: current });
    const next = (current ?? 0) + 1;
    this.#counters.set(key, next);
    this.#stepped.add(key);
    return next;
  }

  /** The sequences stepped since the last call, with their values now (undefined: undone to never used). */
  takeSteppedCounters(): [key: string, value: number | undefined][] {
    const out: [string, number | undefined][] = [];
    for (const key of this.#stepped) out.push([key, this.#counters.get(key)]);
    this.#stepped.clear();
    return out;
  }

  /** Every sequence and its value now, keyed `companyId NUL sequence`. */
  counterEntries(): [key: string, value: number][] {
    return [...this.#counters];
  }

  /**
   * Rows and sequences read back from a durable folder, in place of a seed (MOCK-29); nothing is recorded. A table's rows
   * may come as a function, called when the table is first used (MOCK-45): a restart on a big folder answers at once.
   */
  load(tables: Iterable<[companyId: string, name: string, rows: Row[] | (() => Row[])]>, counters: Iterable<[string, number]>): void {
    for (const [companyId, name, rows] of tables) {
      if (typeof rows === 'function') this.#unread.set(`${companyId}\u0000${name}`, rows);
      else this.table(companyId, name)._restore(rows);
    }
    this.#counters.clear();
    for (const [key, value] of counters) this.#counters.set(key, value);
    this.#stepped.clear();
  }

  /**
   * Runs `fn` as one unit: all its writes land, or (when it throws) none do. A nested call is a
   * savepoint: its failure undoes its own writes only, and the outer unit goes on (bulk calls rely on
   * it: one failing item does not fail the others). Listeners see the changes when the outermost commits.
   */
  transaction<R>(fn: () => R): R {
    const outermost = this.#pending === null;
    if (outermost) {
      this.#pending = [];
      this.#counterLog = [];
    }
    const writeMark = this.#pending!.length;
    const counterMark = this.#counterLog!.length;
    let result: R;
    try {
      result = fn();
    } catch (error) {
      this.#rollback(writeMark, counterMark);
      if (outermost) {
        this.#pending = null;
        this.#counterLog = null;
      }
      throw error;
    }
    if (outermost) {
      const writes = this.#pending!;
      this.#pending = null;
      this.#counterLog = null;
      this.#commit(writes);
    }
    return result;
  }

  /** Undoes the pending writes and sequence steps made after the marks, newest first. */
  #rollback(writeMark: number, counterMark: number): void {
    const writes = this.#pending!;
    for (let i = writes.length - 1; i >= writeMark; i--) {
      const w = writes[i];
      w.table._apply(w.id, w.after, w.before);
    }
    writes.length = writeMark;
    const log = this.#counterLog!;
    for (let i = log.length - 1; i >= counterMark; i--) {
      const { key, previous } = log[i];
      if (previous === undefined) this.#counters.delete(key);
      else this.#counters.set(key, previous);
    }
    log.length = counterMark;
  }

  /** The write path: called by `Table.insert/update/delete` only. */
  recordWrite(table: Table<Row>, id: string, before: Row | null, after: Row | null): void {
    const observed = this.#observers.length > 0 && !table.options.internal;
    // An observed write outside any transaction gets one, so the observers' writes land with it or not at all.
    if (observed && this.#pending === null) return void this.transaction(() => this.recordWrite(table, id, before, after));
    table._apply(id, before, after);
    const write = { table, id, before, after };
    if (this.#pending) this.#pending.push(write);
    else this.#commit([write]);
    if (observed) for (const observer of this.#observers) observer({ table, id, before, after, context: this.context });
  }

  /**
   * Calls `observer` with every write of a domain record (not of `internal` tables), inside the
   * write's transaction: a savepoint or transaction that is undone takes the observer's writes with
   * it. The audit trail reads every module's writes here (ARCHITECTURE.md; AUD-16). Returns the unsubscribe function.
   */
  onWrite(observer: WriteObserver): () => void {
    this.#observers = [...this.#observers, observer];
    return () => {
      this.#observers = this.#observers.filter((o) => o !== observer);
    };
  }

  /** Subscribes to committed changes; returns the unsubscribe function. */
  onCommit(listener: (changes: Change[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Reads every table not yet read (before the whole store is written somewhere). */
  readAll(): void {
    for (const key of [...this.#unread.keys()]) {
      const [companyId, name] = key.split('\u0000');
      this.table(companyId, name);
    }
  }

  /** A table's first read: its rows, also into every snapshot taken while it was unread (it had not changed since). */
  #read(key: string, table: Table<Row>, unread: () => Row[]): void {
    this.#unread.delete(key);
    table._restore(unread());
    for (const held of this.#waitingSnapshots) {
      const snapshot = held.deref();
      if (!snapshot) this.#waitingSnapshots.delete(held);
      snapshot?.tables.set(key, table._snapshot());
      if (snapshot) this.#sameAs.get(snapshot)?.set(key, table.version);
    }
    if (this.#unread.size === 0) this.#waitingSnapshots.clear();
  }

  snapshot(): StoreSnapshot {
    const tables = new Map<string, Row[]>();
    const versions = new Map<string, number>();
    for (const [key, table] of this.#tables) {
      tables.set(key, table._snapshot());
      versions.set(key, table.version);
    }
    const snapshot = { tables, counters: new Map(this.#counters) };
    this.#sameAs.set(snapshot, versions);
    if (this.#unread.size > 0) this.#waitingSnapshots.add(new WeakRef(snapshot));
    return snapshot;
  }

  /**
   * Every table and sequence as `snapshot` holds them. A table not written since it last held the snapshot's
   * rows (its version says so: every write and restore bumps it) is left as it is, so a restore costs the
   * tables a test wrote, not the whole seed (MOCK-28).
   */
  restore(snapshot: StoreSnapshot): void {
    this.#restores++;
    let versions = this.#sameAs.get(snapshot);
    if (!versions) {
      // A snapshot of another process (a data folder kept it, MOCK-44): every table it holds or this store has is rewritten.
      this.readAll();
      for (const key of snapshot.tables.keys()) {
        const [companyId, name] = key.split('\u0000');
        if (this.hasTable(name)) this.table(companyId, name);
      }
      this.#sameAs.set(snapshot, (versions = new Map()));
    }
    for (const [key, table] of this.#tables) {
      const held = versions.get(key);
      if (held === table.version) continue;
      const since = held === undefined ? null : table.changesSince(held);
      // A few writes since are undone, newest first; a table rewritten from the rows costs its every row and index.
      if (since && since.length <= UNDO_LIMIT) for (let i = since.length - 1; i >= 0; i--) undo(table, since[i]);
      else table._restore(snapshot.tables.get(key) ?? []);
      versions.set(key, table.version);
    }
    this.#counters.clear();
    for (const [key, value] of snapshot.counters) this.#counters.set(key, value);
  }

  #commit(writes: PendingWrite[]): void {
    if (this.#listeners.size === 0 || writes.length === 0) return;
    const at = this.clock.iso();
    const { actor, requestId } = this.context;
    const changes: Change[] = writes.map((w) => ({
      companyId: w.table.companyId,
      table: w.table.name,
      id: w.id,
      before: w.before,
      after: w.after,
      actor,
      requestId,
      at,
      internal: w.table.options.internal ?? false,
    }));
    for (const listener of this.#listeners) {
      try {
        listener(changes);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}

/** Writes since a snapshot that a restore undoes one by one rather than rewriting the table. */
const UNDO_LIMIT = 1000;

function undo(table: Table<Row>, change: { before: Row | null; after: Row | null }): void {
  table._apply((change.after ?? change.before)!.id, change.after, change.before);
}

function randomHex(bytes: number): string {
  const buffer = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}

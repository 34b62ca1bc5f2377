import type { Store } from './store.js';

/** Every stored row has an opaque id. Rows are replaced on write, never mutated in place. */
export interface Row {
  id: string;
}

export interface TableOptions {
  /** Id prefix of the records (`acc`, `je`, ...). */
  prefix: string;
  /** Fields with an equality index, for `byIndex`. */
  indexes?: readonly string[];
  /** Derived bookkeeping (balances, ledger lines): written through the same path but not a domain record. */
  internal?: boolean;
  /**
   * Fields a list reads that the row does not store as such, computed from the row and the service's
   * date (`YYYY-MM-DD`): an invoice's `status` reads `overdue` once its due date has passed. The list
   * engine filters, sorts and indexes these in place of the stored field.
   */
  derived?: Readonly<Record<string, (row: never, today: string) => unknown>>;
}

/** One write as the table applied it: `before` null for an insert, `after` null for a delete. */
export interface TableChange<T> {
  before: T | null;
  after: T | null;
}

/** Writes a table remembers, so ordered views catch up with a few writes instead of sorting again. */
const CHANGE_LOG_LIMIT = 8192;

/**
 * One company's records of one kind, in insertion order. Writes go through the store's write path,
 * which records the change, so rollback, reset, events and the audit trail all see them.
 */
export class Table<T extends Row> {
  /** Bumped on every write (and on a restore); ordered views record the version they reflect. */
  version = 0;
  readonly #rows = new Map<string, T>();
  readonly #indexes = new Map<string, Map<unknown, Set<string>>>();
  /** `#log[i]` took the table from version `#logBase + i` to the next; a restore empties it. */
  #log: TableChange<T>[] = [];
  #logBase = 0;

  constructor(
    readonly name: string,
    readonly companyId: string,
    readonly options: TableOptions,
    readonly store: Store,
  ) {
    for (const field of options.indexes ?? []) this.#indexes.set(field, new Map());
  }

  get size(): number {
    return this.#rows.size;
  }

  get(id: string): T | undefined {
    return this.#rows.get(id);
  }

  has(id: string): boolean {
    return this.#rows.has(id);
  }

  /** Rows in insertion order. */
  values(): IterableIterator<T> {
    return this.#rows.values();
  }

  all(): T[] {
    return [...this.#rows.values()];
  }

  find(predicate: (row: T) => boolean): T | undefined {
    for (const row of this.#rows.values()) if (predicate(row)) return row;
    return undefined;
  }

  /** Rows whose indexed `field` equals `value`, in insertion order of the index. */
  byIndex(field: string, value: unknown): T[] {
    const index = this.#indexes.get(field);
    if (!index) throw new Error(`table ${this.name} has no index on ${field}`);
    const ids = index.get(value);
    if (!ids) return [];
    const out: T[] = [];
    for (const id of ids) out.push(this.#rows.get(id)!);
    return out;
  }

  countByIndex(field: string, value: unknown): number {
    return this.#indexes.get(field)?.get(value)?.size ?? 0;
  }

  /** A new id with this table's prefix. */
  newId(): string {
    return this.store.ids.next(this.options.prefix);
  }

  insert(row: T): T {
    if (this.#rows.has(row.id)) throw new Error(`duplicate id ${row.id} in ${this.name}`);
    this.store.recordWrite(this, row.id, null, row);
    return row;
  }

  /** Replaces the row with `{ ...before, ...patch }` and returns it. */
  update(id: string, patch: Partial<T>): T {
    const before = this.#rows.get(id);
    if (!before) throw new Error(`no ${this.name} row ${id}`);
    const after = { ...before, ...patch, id } as T;
    this.store.recordWrite(this, id, before, after);
    return after;
  }

  delete(id: string): void {
    const before = this.#rows.get(id);
    if (!before) return;
    this.store.recordWrite(this, id, before, null);
  }

  /**
   * The writes since `version`, oldest first (rollbacks included, as writes that put the old row
   * back), or null when the table no longer remembers them all (long ago, or a restore since).
   */
  changesSince(version: number): readonly TableChange<T>[] | null {
    if (version < this.#logBase || version > this.version) return null;
    return version === this.version ? [] : this.#log.slice(version - this.#logBase);
  }

  /** Applies a write without recording it: used by the store's write path and its rollback only. */
  _apply(id: string, before: T | null, after: T | null): void {
    this.#write(id, before, after);
    this.#log.push({ before, after });
    if (this.#log.length > CHANGE_LOG_LIMIT) {
      const drop = CHANGE_LOG_LIMIT / 2;
      this.#log = this.#log.slice(drop);
      this.#logBase += drop;
    }
    this.version++;
  }

  #write(id: string, before: T | null, after: T | null): void {
    if (after) this.#rows.set(id, after);
    else this.#rows.delete(id);
    for (const [field, index] of this.#indexes) {
      const oldKey = before ? (before as Record<string, unknown>)[field] : undefined;
      const newKey = after ? (after as Record<string, unknown>)[field] : undefined;
      if (before && (!after || oldKey !== newKey)) {
        const set = index.get(oldKey);
        set?.delete(id);
        if (set && set.size === 0) index.delete(oldKey);
      }
      if (after && (!before || oldKey !== newKey)) {
        let set = index.get(newKey);
        if (!set) index.set(newKey, (set = new Set()));
        set.add(id);
      }
    }
  }

  /** The rows as they are now (shared references: rows are immutable). */
  _snapshot(): T[] {
    return [...this.#rows.values()];
  }

  /** Replaces every row; ordered views rebuild, since the change log starts again here. */
  _restore(rows: T[]): void {
    this.#rows.clear();
    for (const index of this.#indexes.values()) index.clear();
    for (const row of rows) this.#write(row.id, null, row);
    this.version++;
    this.#log = [];
    this.#logBase = this.version;
  }
}

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
}

/**
 * One company's records of one kind, in insertion order. Writes go through the store's write path,
 * which records the change, so rollback, reset, events and the audit trail all see them.
 */
export class Table<T extends Row> {
  /** Bumped on every write; list views cache sorted orders against it. */
  version = 0;
  readonly #rows = new Map<string, T>();
  readonly #indexes = new Map<string, Map<unknown, Set<string>>>();

  constructor(
    readonly name: string,
    readonly companyId: string,
    readonly options: TableOptions,
    private readonly store: Store,
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

  /** Applies a write without recording it: used by the store's write path and its rollback only. */
  _apply(id: string, before: T | null, after: T | null): void {
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
    this.version++;
  }

  /** The rows as they are now (shared references: rows are immutable). */
  _snapshot(): T[] {
    return [...this.#rows.values()];
  }

  _restore(rows: T[]): void {
    this.#rows.clear();
    for (const index of this.#indexes.values()) index.clear();
    for (const row of rows) this._apply(row.id, null, row);
    // Restoring to no rows applies nothing: bump anyway, or a list view cached before would live on.
    this.version++;
  }
}

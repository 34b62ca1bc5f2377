import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Change } from '../store/index.js';

/** One stored row as the `rows` table holds it. */
export interface StoredRow {
  company: string;
  table: string;
  id: string;
  body: string;
}

/** Rows a statement writes at most (4 parameters each, well under SQLite's 32,766). */
const ROWS_PER_STATEMENT = 64;

/**
 * Writes the rows of a commit with as few statements as it can: the rows of one commit in one multi-row upsert
 * (a prepared statement per row count, kept), since the per-statement cost, not the bytes, dominates a small commit (MOCK-45).
 */
export class RowWriter {
  readonly #db: DatabaseSync;
  readonly #upserts = new Map<number, StatementSync>();
  readonly #remove: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#remove = db.prepare('DELETE FROM rows WHERE company = ? AND tbl = ? AND id = ?');
  }

  /** A commit's changes: a row written twice in it is written once, as it ended. */
  writeChanges(changes: readonly Change[]): void {
    const last = new Map<string, Change>();
    for (const change of changes) last.set(`${change.companyId}\u0000${change.table}\u0000${change.id}`, change);
    const upserts: StoredRow[] = [];
    for (const change of last.values()) {
      if (change.after) upserts.push({ company: change.companyId, table: change.table, id: change.id, body: JSON.stringify(change.after) });
      else this.#remove.run(change.companyId, change.table, change.id);
    }
    this.write(upserts);
  }

  write(rows: readonly StoredRow[]): void {
    for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
      const slice = rows.slice(at, at + ROWS_PER_STATEMENT);
      const values: string[] = [];
      for (const row of slice) values.push(row.company, row.table, row.id, row.body);
      this.#upsertOf(slice.length).run(...values);
    }
  }

  #upsertOf(count: number): StatementSync {
    let statement = this.#upserts.get(count);
    if (!statement) {
      const tuples = Array.from({ length: count }, () => '(?, ?, ?, ?)').join(', ');
      statement = this.#db.prepare(
        `INSERT INTO rows (company, tbl, id, body) VALUES ${tuples} ON CONFLICT DO UPDATE SET body = excluded.body`,
      );
      this.#upserts.set(count, statement);
    }
    return statement;
  }
}

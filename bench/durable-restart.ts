// A restart on a big data folder (MOCK-29): the folder is written straight into its database from the demo's own
// rows (an API call a row would take minutes), then a new mock starts on it and answers its first request.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { createMockService } from '../mock-server/index.js';
import { atMost, authHeaders, mb, ms, report, type Figure } from './harness.js';

type Body = Record<string, unknown>;
const LINES_PER_ENTRY = 2;
const ROWS_A_STATEMENT = 100;

function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

/** Adds `count` copies of the demo's first `tbl` row, each made unique by `vary`, in one transaction. */
function copies(db: DatabaseSync, tbl: string, count: number, vary: (body: Body, n: number) => Body): void {
  const template = db.prepare('SELECT company, body FROM rows WHERE tbl = ? ORDER BY rowid LIMIT 1').get(tbl) as
    | { company: string; body: string }
    | undefined;
  if (!template) throw new Error(`the demo seed has no ${tbl}`);
  const base = JSON.parse(template.body) as Body;
  const tuples = Array.from({ length: ROWS_A_STATEMENT }, () => '(?, ?, ?, ?)').join(', ');
  const many = db.prepare(`INSERT INTO rows (company, tbl, id, body) VALUES ${tuples}`);
  const one = db.prepare('INSERT INTO rows (company, tbl, id, body) VALUES (?, ?, ?, ?)');
  db.exec('BEGIN');
  let values: string[] = [];
  for (let n = 0; n < count; n++) {
    const body = vary(structuredClone(base), n);
    values.push(template.company, tbl, body.id as string, JSON.stringify(body));
    if (values.length === 4 * ROWS_A_STATEMENT) {
      many.run(...values);
      values = [];
    }
  }
  for (let at = 0; at < values.length; at += 4) one.run(...values.slice(at, at + 4));
  db.exec('COMMIT');
}

/** A demo folder grown to `lines` journal lines (posted entries of two) and `invoices` invoices. */
function bigFolder(dir: string, lines: number, invoices: number): void {
  createMockService({ seed: 'demo', data: dir, now: '2026-11-02T09:00:00Z' }).close();
  const db = new DatabaseSync(join(dir, 'acs-mock.db'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;');
  copies(db, 'journalEntries', Math.ceil(lines / LINES_PER_ENTRY), (entry, n) => {
    const template = entry.lines as Body[];
    entry.id = `je_bench${n}`;
    entry.journalNumber = `JE-B${String(n).padStart(7, '0')}`;
    entry.reference = `BENCH-${n}`;
    entry.lines = template.slice(0, LINES_PER_ENTRY).map((line, i) => ({ ...line, id: `jel_bench${n}_${i}` }));
    return entry;
  });
  copies(db, 'invoices', invoices, (invoice, n) => {
    invoice.id = `inv_bench${n}`;
    invoice.invoiceNumber = `INV-B${String(n).padStart(7, '0')}`;
    return invoice;
  });
  db.exec('PRAGMA wal_checkpoint(TRUNCATE);');
  db.close();
}

export async function durableRestart({ lines, invoices }: { lines: number; invoices: number }): Promise<Figure[]> {
  const root = mkdtempSync(join(tmpdir(), 'acs-mock-bench-restart-'));
  const data = join(root, 'data');
  try {
    const built = performance.now();
    bigFolder(data, lines, invoices);
    const buildMs = performance.now() - built;
    const t0 = performance.now();
    const mock = createMockService({ data });
    const get = async (path: string) => {
      const started = performance.now();
      const answer = await mock.fetch(`${mock.credentials.baseUrl}${path}`, { headers: authHeaders(mock.credentials) });
      if (answer.status !== 200) throw new Error(`the restarted mock answered ${path} with ${answer.status}`);
      await answer.arrayBuffer();
      return performance.now() - started;
    };
    // Ready: the first request answered. A table is parsed when first used (MOCK-45): the first reads of the big ones follow.
    await get('/customers?limit=1');
    const readyMs = performance.now() - t0;
    const invoicesMs = await get('/invoices?limit=1');
    const trialMs = await get('/reports/trial-balance');
    mock.close();
    const scale = `${lines.toLocaleString('en-US')} journal lines, ${invoices.toLocaleString('en-US')} invoices`;
    return [
      report(`folder of ${scale}: built (straight into SQLite)`, ms(buildMs)),
      report('  its size', mb(folderBytes(data))),
      report('  restart on it until the first answer', ms(readyMs), lines >= 1_000_000 ? atMost(readyMs, 10_000, '<= 10 s') : undefined),
      report('  then the first invoice list (reads the invoices)', ms(invoicesMs)),
      report('  then the first trial balance (reads the journal)', ms(trialMs)),
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

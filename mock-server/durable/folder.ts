import type { DatabaseSync } from 'node:sqlite';
import { VERSION } from '../../src/version.js';
import { isAlive } from '../process-alive.js';

/** The layout of a data folder's database; a folder of another layout or mock version is refused (MOCK-31). */
export const DATA_FORMAT = 2;

/** A data folder held by this process: its database and its lock. */
export interface DataFolder {
  readonly db: DatabaseSync;
  /** Whether the folder held a service already (false: a new folder, to seed). */
  readonly hasData: boolean;
  close(): void;
}

// node:sqlite and node:fs are fetched at run time, never imported: the browser and workerd entries must not see them (MOCK-29).
function nodeModule<T>(name: string): T {
  const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const module = get?.(name) as T | undefined;
  if (!module)
    throw new TypeError(`createMockService: data needs Node 22.5 or later (${name}); in a browser the mock keeps its state in memory`);
  return module;
}

/** Opens (creating it if need be) the data folder `dir`: takes its lock, opens its database in WAL mode and checks who made it. */
export function openDataFolder(dir: string): DataFolder {
  const fs = nodeModule<typeof import('node:fs')>('node:fs');
  const path = nodeModule<typeof import('node:path')>('node:path');
  const { DatabaseSync } = nodeModule<typeof import('node:sqlite')>('node:sqlite');
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, 'acs-mock.lock');
  takeLock(fs, lock, dir);
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path.join(dir, 'acs-mock.db'));
    // NORMAL in WAL mode: a commit survives the process's death (kill -9) before its answer leaves; only an OS crash may lose the last ones (MOCK-45).
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
    db.exec(SCHEMA);
    const hasData = checkMeta(db, dir);
    const opened = db;
    return {
      db: opened,
      hasData,
      close() {
        if (opened.isOpen) opened.close();
        releaseLock(fs, lock);
      },
    };
  } catch (error) {
    db?.close();
    releaseLock(fs, lock);
    throw error;
  }
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rows (company TEXT NOT NULL, tbl TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, UNIQUE (company, tbl, id));
CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS idempotency (scope TEXT PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (sequence INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS webhook_deliveries (n INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, state TEXT NOT NULL, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS webhook_attempts (n INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS snapshots (name TEXT PRIMARY KEY, meta TEXT NOT NULL, body TEXT NOT NULL);
`;

/** Formats a folder of this version moves on from: format 1 lacked the event, webhook and snapshot tables, which SCHEMA adds empty (MOCK-44). */
const MIGRATES_FROM = new Set(['1']);

/** A folder made by another format or mock version is refused, naming the version that made it (MOCK-31). */
function checkMeta(db: DatabaseSync, dir: string): boolean {
  const read = (key: string) => (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  const format = read('format');
  const version = read('mockVersion');
  if (format === undefined) {
    const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    put.run('format', String(DATA_FORMAT));
    put.run('mockVersion', VERSION);
    return false;
  }
  if (MIGRATES_FROM.has(format) && version === VERSION) {
    db.prepare("UPDATE meta SET value = ? WHERE key = 'format'").run(String(DATA_FORMAT));
  } else if (format !== String(DATA_FORMAT) || version !== VERSION) {
    throw new Error(
      `the data folder ${dir} was made by acs-mock ${version ?? '(unknown)'} (format ${format}); this is acs-mock ${VERSION} (format ${DATA_FORMAT}). Use a new folder, or the version that made it.`,
    );
  }
  return read('seeded') === '1';
}

type Fs = typeof import('node:fs');

/** One process a folder: the lock file holds the holder's pid; a lock whose process is gone is taken over (MOCK-31). */
function takeLock(fs: Fs, lock: string, dir: string): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(fs.readFileSync(lock, 'utf8'), 10);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(`the data folder ${dir} is in use by another acs-mock (pid ${pid})`);
    }
    fs.rmSync(lock, { force: true });
  }
  throw new Error(`could not take the lock of the data folder ${dir}`);
}

function releaseLock(fs: Fs, lock: string): void {
  try {
    if (fs.readFileSync(lock, 'utf8') === String(process.pid)) fs.rmSync(lock, { force: true });
  } catch {
    // Already gone: nothing to release.
  }
}

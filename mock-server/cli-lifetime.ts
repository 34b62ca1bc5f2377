import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAlive } from './process-alive.js';

/** How often the CLI checks that the processes that started it are still there. */
export const PARENT_CHECK_MS = 300;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** npm and npx as a command line shows them (`npm start`, `node .../npm-cli.js run start`, `npm exec`). */
const NPM_COMMAND = /(^|[\s/\\])(npm|npx)(-cli\.js)?(\s|$)/;

/**
 * Runs `stop` once, then exits, on SIGINT, SIGTERM or SIGHUP, or when a process that started this one
 * goes away: the parent, and when npm or tsx started it, every wrapper up to npm. So `kill <pid>` of
 * `npm start`, of its tsx wrapper or of `npx acs-mock`, whatever the signal, stops the server rather than
 * leaving it an orphan on its port. Started from a shell by hand (`acs-mock &`), only signals stop it.
 */
export function stopWithParents(stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  for (const signal of SIGNALS) process.once(signal, shutdown);
  // Writing to a pipe whose reader died (the parent's) would crash the process: stop instead.
  process.stdout.on('error', shutdown);
  process.stderr.on('error', shutdown);

  const watched = watchedAncestors();
  if (watched.length === 0) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent || !watched.every(isAlive)) shutdown();
  }, PARENT_CHECK_MS);
  timer.unref();
}

/** The processes whose end ends this one: none when started by hand; the parent, and the wrappers up to npm, under npm or tsx. */
export function watchedAncestors(): number[] {
  const underNpm = process.env.npm_lifecycle_event !== undefined;
  const underTsx = process.execArgv.some((arg) => /[/\\]tsx[/\\]|^tsx$/.test(arg));
  if (!underNpm && !underTsx) return [];
  const chain = ancestors(6);
  const npmAt = chain.findIndex((a) => NPM_COMMAND.test(a.command));
  const upTo = underNpm && npmAt >= 0 ? npmAt + 1 : 1;
  return chain.length > 0 ? chain.slice(0, upTo).map((a) => a.pid) : [process.ppid];
}

/** This process's parent, grandparent, ... (at most `limit`), each with its command line. */
function ancestors(limit: number): { pid: number; command: string }[] {
  const chain: { pid: number; command: string }[] = [];
  for (let pid = process.ppid; chain.length < limit && pid > 1; ) {
    const info = processInfo(pid);
    if (!info) break;
    chain.push({ pid, command: info.command });
    pid = info.ppid;
  }
  return chain;
}

/** Parent and command line of a process: /proc on Linux, `ps` on other Unixes; null on Windows or when gone. */
function processInfo(pid: number): { ppid: number; command: string } | null {
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      return { ppid, command };
    }
    if (process.platform === 'win32') return null;
    const line = execFileSync('ps', ['-o', 'ppid=,command=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    const m = /^(\d+)\s+(.*)$/.exec(line);
    return m ? { ppid: Number(m[1]), command: m[2] } : null;
  } catch {
    return null;
  }
}

// Servers the network benchmarks measure, each in its own child process, so that neither shares the
// bench's event loop (where the SDK, fetch and autocannon run).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { MockCredentials } from '../mock-server/service.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Detached children do not get the terminal's Ctrl-C, so the bench takes them down however it ends.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) signalGroup(child, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

export interface ChildServer<Info> {
  info: Info;
  pid: number;
  /** SIGTERM to the child's whole process group, SIGKILL if it lingers. */
  stop(): Promise<void>;
}

/** Starts `command` detached (its own process group) and resolves with the JSON of its first stdout line. */
async function startChild<Info>(name: string, command: string, args: string[]): Promise<ChildServer<Info>> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before it was ready:\n${stderr}`)));
  });
  return { info: JSON.parse(line) as Info, pid: child.pid!, stop: () => stopGroup(child) };
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is already gone.
  }
}

/** `acs-mock --port 0 --json --quiet` with the demo seed; `info` is the credentials line it prints. */
export function startStandaloneMock(): Promise<ChildServer<MockCredentials>> {
  // `node --import tsx` is `tsx` on the bench's own Node binary, whatever `node` the PATH holds.
  return startChild('acs-mock', process.execPath, ['--import', 'tsx', 'mock-server/cli.ts', '--port', '0', '--json', '--quiet']);
}

/** bench/request-server.ts: the standalone mock with the request benches' data (50,000 invoices); `info` is its credentials. */
export function startRequestBenchMock(): Promise<ChildServer<MockCredentials>> {
  return startChild('request-server', process.execPath, ['--import', 'tsx', 'bench/request-server.ts']);
}

/** bench/bare-server.mjs: node:http answering `body` to every request, on the bench's own Node binary. */
export function startBareServer(body: string): Promise<ChildServer<{ url: string }>> {
  return startChild('bare-server', process.execPath, ['bench/bare-server.mjs', body]);
}

/** bench/call-server.mjs: node:http answering `routes[path]` (a JSON text) for each path, on the bench's own Node binary. */
export function startCallServer(routes: Record<string, string>): Promise<ChildServer<{ url: string }>> {
  return startChild('call-server', process.execPath, ['bench/call-server.mjs', JSON.stringify(routes)]);
}

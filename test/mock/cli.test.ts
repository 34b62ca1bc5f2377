import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { USAGE } from '../../mock-server/cli-args.js';

// Every test here waits for what a process does (its JSON line, its exit, its port closing), never for a
// time: starting tsx and the mock takes 7 s on a quiet 2-core machine and several times that on a busy
// one, so the timeout is only a backstop against a hang.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });
const BACKSTOP_MS = 120_000;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');

// `tsx mock-server/cli.ts` is what `npm start` runs: a tsx wrapper process and the CLI in its child.
// Each runs in its own process group, so that a test can always clean up all of it.
const cli = (...args: string[]) =>
  spawn(TSX, ['mock-server/cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
const npmStart = (...args: string[]) =>
  spawn('npm', ['start', '--silent', '--', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

/** Lines of stdout up to the first that `last` accepts (the banner's curl line; the one JSON line of --json). */
function linesUntil(child: ChildProcess, last: (line: string) => boolean = () => true): Promise<string[]> {
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      if (last(line)) resolve(lines);
    });
    child.once('exit', (code) => reject(new Error(`acs-mock exited with ${code}: ${stderr}`)));
  });
}

const jsonLine = async (child: ChildProcess) => JSON.parse((await linesUntil(child))[0]);

/** Runs the CLI to its end: exit code, stdout and stderr. */
async function runToEnd(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = cli(...args);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return { code: await exitOf(child), stdout, stderr };
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Gone, or a zombie waiting for its parent to read its exit status: either way, no longer running. */
function exited(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** The pids of a process group, from ps (Linux and macOS). */
const groupPids = (pgid: number): number[] =>
  execFileSync('ps', ['-A', '-o', 'pid=,pgid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([, group]) => group === pgid)
    .map(([pid]) => pid);

/** Polls `condition` until it holds (a backstop of BACKSTOP_MS against a hang). */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + BACKSTOP_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${BACKSTOP_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers = (url: string) =>
  // A closed port refuses at once; a slow answer on a busy machine is still an answer.
  fetch(url, { signal: AbortSignal.timeout(30_000) }).then(
    () => true,
    () => false,
  );

describe('acs-mock CLI', () => {
  // The parser decides every refusal (test/mock/cli-args.test.ts); this sees the CLI act on one.
  it('refuses --port 70000: exit code 2, the message and the usage on stderr, nothing on stdout', async () => {
    const { code, stdout, stderr } = await runToEnd('--port', '70000');
    expect(code).toBe(2);
    expect(stderr).toContain(`acs-mock: --port takes 0-65535, not 70000\n\n${USAGE}`);
    expect(stdout).toBe('');
  });

  it('prints the credentials as one JSON line with --json, serves them, and closes on SIGTERM', async () => {
    const child = cli('--port', '0', '--json', '--quiet', '--seed', 'empty');
    try {
      const credentials = await jsonLine(child);
      expect(credentials.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(credentials.dataBaseUrl).toBe(credentials.baseUrl.replace(/\/v1$/, ''));
      expect(credentials.authUrl).toBe(credentials.dataBaseUrl);
      expect(credentials.apiKey).toMatch(/^svc_test_sk_/);
      const verify = () =>
        fetch(`${credentials.baseUrl}/auth/verify`, {
          headers: { Authorization: `Bearer ${credentials.apiKey}`, 'X-Company-Id': credentials.companyId },
        });
      expect((await verify()).status).toBe(200);

      process.kill(-child.pid!, 'SIGTERM');
      await exitOf(child);
      await expect(verify()).rejects.toThrow();
    } finally {
      killGroup(child);
    }
  });

  it('prints the three variables the SDK reads and a curl line that works as printed', async () => {
    const child = cli('--port', '0', '--quiet');
    try {
      const banner = (await linesUntil(child, (line) => line.trimStart().startsWith('curl '))).join('\n');
      const env = Object.fromEntries([...banner.matchAll(/^ {2}(ACS_[A-Z_]+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
      expect(Object.keys(env)).toEqual(['ACS_BASE_URL', 'ACS_API_KEY', 'ACS_COMPANY_ID']);
      expect(env.ACS_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(env.ACS_API_KEY).toMatch(/^svc_test_sk_/);
      expect(banner).toContain('--seed-key');

      const curl = /^ {2}(curl .*)$/m.exec(banner)![1];
      const [, url] = /^curl -s (\S+)/.exec(curl)!;
      const headers = Object.fromEntries([...curl.matchAll(/-H '([^:]+): ([^']*)'/g)].map((m) => [m[1], m[2]]));
      expect(headers).toEqual({ Authorization: `Bearer ${env.ACS_API_KEY}`, 'X-Company-Id': env.ACS_COMPANY_ID });
      const response = await fetch(url, { headers });
      expect(response.status).toBe(200);
      expect((await response.json()).data.id).toBe(env.ACS_COMPANY_ID);

      // And through the shell, as a user pastes it, where curl is installed.
      let curlBody: string | null = null;
      try {
        curlBody = execFileSync('sh', ['-c', curl], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      } catch (error) {
        if ((error as { status?: number }).status !== 127) throw error;
      }
      if (curlBody !== null) expect(JSON.parse(curlBody).data.id).toBe(env.ACS_COMPANY_ID);
    } finally {
      killGroup(child);
    }
  });

  it('--seed-key gives the same ids and keys on every start; --api-key and --company-id fix the primary ones', async () => {
    const start = async (...args: string[]) => {
      const child = cli('--port', '0', '--json', '--quiet', ...args);
      try {
        return await jsonLine(child);
      } finally {
        killGroup(child);
      }
    };
    const strip = ({ baseUrl: _b, dataBaseUrl: _d, authUrl: _a, ...rest }: Record<string, unknown>) => rest;
    const [first, again, other] = await Promise.all([
      start('--seed-key', 'team-env'),
      start('--seed-key', 'team-env'),
      start('--seed-key', 'other'),
    ]);
    expect(strip(again)).toEqual(strip(first));
    expect(first.oauth.confidentialClient.clientSecret).toBe(again.oauth.confidentialClient.clientSecret);
    expect(other.apiKey).not.toBe(first.apiKey);
    expect(other.companyId).not.toBe(first.companyId);

    const fixed = await start('--api-key', 'svc_test_sk_local_dev_key', '--company-id', 'cmp_local', '--seed', 'empty');
    expect(fixed).toMatchObject({ apiKey: 'svc_test_sk_local_dev_key', companyId: 'cmp_local' });
  });
});

describe('stopping acs-mock', () => {
  // kill <pid> of what `npm start` started (the tsx wrapper), whatever the signal: the CLI's own process
  // goes too and the port stops answering; never an orphan serving on.
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGKILL'] as const)(
    'kill -%s of the tsx wrapper stops the server and both processes',
    async (signal) => {
      const child = cli('--port', '0', '--json', '--quiet');
      try {
        const { baseUrl } = await jsonLine(child);
        const pids = groupPids(child.pid!);
        expect(pids.length).toBeGreaterThanOrEqual(2);
        expect(await answers(baseUrl)).toBe(true);
        process.kill(child.pid!, signal);
        await until(async () => !(await answers(baseUrl)), 'closed');
        await until(() => pids.every(exited), `exited (${pids.join(', ')})`);
      } finally {
        killGroup(child);
      }
    },
  );

  it.each(['SIGTERM', 'SIGHUP'] as const)('kill -%s of `npm start` stops the server, the tsx wrapper and the CLI', async (signal) => {
    const child = npmStart('--port', '0', '--json', '--quiet');
    try {
      const { baseUrl } = await jsonLine(child);
      const pids = groupPids(child.pid!);
      expect(pids.length).toBeGreaterThanOrEqual(3);
      process.kill(child.pid!, signal);
      await until(async () => !(await answers(baseUrl)), 'closed');
      await until(() => pids.every(exited), `exited (${pids.join(', ')})`);
    } finally {
      killGroup(child);
    }
  });
});

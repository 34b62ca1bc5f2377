import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { newDataFolder } from './support.js';

// Waits for what the process does (its JSON line, its exit), never for a time; the timeout is a backstop against a hang.
vi.setConfig({ testTimeout: 300_000 });

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SEED = 29;

/** The standalone mock on a free port over `data`, in its own process group; resolves with its credentials line. */
async function standalone(data: string): Promise<{ child: ChildProcess; credentials: Record<string, string> }> {
  const child = spawn(TSX, ['mock-server/cli.ts', '--port', '0', '--json', '--quiet', '--data', data], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`acs-mock exited with ${code}: ${stderr}`)));
  });
  return { child, credentials: JSON.parse(line) };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGKILL');
  });

/** A small seeded generator (mulberry32): the same kill point on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function api(credentials: Record<string, string>) {
  const headers = {
    Authorization: `Bearer ${credentials.apiKey}`,
    'X-Company-Id': credentials.companyId,
    'Content-Type': 'application/json',
  };
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${credentials.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
}

describe('a data folder through a crash (MOCK-29)', () => {
  it('after a kill -9 at a random point, every acknowledged write is there, the trial balance balances and numbers go on', async () => {
    const data = newDataFolder();
    const random = seeded(SEED);
    const first = await standalone(data);
    const call = api(first.credentials);
    const [rent] = (await call('GET', '/accounts?accountNumber=6100')).body.data;
    const [bank] = (await call('GET', '/accounts?accountNumber=1120')).body.data;
    const acknowledged: { customers: string[]; entries: string[]; numbers: number[] } = { customers: [], entries: [], numbers: [] };
    const steps = 5 + Math.floor(random() * 20);
    for (let i = 0; i < steps; i++) {
      const customer = await call('POST', '/customers', { name: `Crash ${i}`, email: `crash${i}@x.my` });
      expect(customer.status).toBe(201);
      acknowledged.customers.push(customer.body.data.id);
      acknowledged.numbers.push(Number(String(customer.body.data.customerNumber ?? '').replace(/\D/g, '')));
      const lines = [
        { accountId: rent.id, debit: 100 + i },
        { accountId: bank.id, credit: 100 + i },
      ];
      const entry = await call('POST', '/journal-entries', { date: '2026-11-01', reference: `CRASH-${i}`, lines });
      expect(entry.status).toBe(201);
      const posted = await call('POST', `/journal-entries/${entry.body.data.id}/post`);
      expect(posted.status).toBe(200);
      acknowledged.entries.push(entry.body.data.id);
    }
    // The kill lands while writes are in flight: those are not acknowledged, so either outcome is right.
    const inFlight = [0, 1, 2].map((i) => call('POST', '/customers', { name: `Lost ${i}`, email: `lost${i}@x.my` }).catch(() => null));
    await killed(first.child);
    await Promise.all(inFlight);

    const second = await standalone(data);
    try {
      const again = api(second.credentials);
      expect(second.credentials.apiKey).toBe(first.credentials.apiKey);
      for (const id of acknowledged.customers) expect((await again('GET', `/customers/${id}`)).status).toBe(200);
      for (const id of acknowledged.entries) expect((await again('GET', `/journal-entries/${id}`)).body.data.status).toBe('posted');
      const trial = await again('GET', '/reports/trial-balance');
      expect(trial.body.data.totals.balanced).toBe(true);
      const next = await again('POST', '/customers', { name: 'After', email: 'after@x.my' });
      expect(next.status).toBe(201);
      expect(Number(String(next.body.data.customerNumber).replace(/\D/g, ''))).toBeGreaterThan(Math.max(...acknowledged.numbers));
    } finally {
      await killed(second.child);
    }
  });

  it('batch jobs killed while queued or running go on after the restart, each record written exactly once (MOCK-43)', async () => {
    const data = newDataFolder();
    const first = await standalone(data);
    const call = api(first.credentials);
    const total = async (again: typeof call) => (await again('GET', '/customers?limit=1')).body.pagination.total as number;
    const before = await total(call);
    const jobs: string[] = [];
    for (let j = 0; j < 4; j++) {
      const operations = Array.from({ length: 500 }, (_, i) => ({
        operation: 'create',
        referenceId: `K${j}-${i}`,
        data: { name: `Killed Job ${j}-${i}`, email: `killed${j}x${i}@x.my` },
      }));
      const accepted = await call('POST', '/batch/customers', { operations, options: { async: true } });
      expect(accepted.status).toBe(202);
      jobs.push(accepted.body.data.jobId);
    }
    // Killed right after the last job is accepted: the first ones are running or done, the last queued (whatever the pace).
    await killed(first.child);

    const second = await standalone(data);
    try {
      const again = api(second.credentials);
      for (const jobId of jobs) {
        let job = (await again('GET', `/batch/jobs/${jobId}`)).body.data;
        while (job.completedAt === null) job = (await again('GET', `/batch/jobs/${jobId}`)).body.data;
        expect(job).toMatchObject({ status: 'completed', progress: { processedRecords: 500, successfulRecords: 500 } });
      }
      expect(await total(again)).toBe(before + 2000);
    } finally {
      await killed(second.child);
    }
  });
});

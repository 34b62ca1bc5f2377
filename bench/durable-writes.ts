// Writes with a data folder (MOCK-29) against the same writes in memory, interleaved in one run; and the
// folder's size per journal line it holds.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { AcsClient } from '../src/index.js';
import { createMockService, type MockService } from '../mock-server/index.js';
import { atMost, interleave, report, summarize, us, type Figure } from './harness.js';

/** A demo mock and a posted journal entry of two lines: one write of a bookkeeping test. */
async function entryWriter(mock: MockService) {
  const { apiKey, companyId } = mock.credentials;
  const acs = new AcsClient({ apiKey, companyId, fetch: mock.fetch, validate: 'off', maxRetries: 0 });
  const [rent] = (await acs.accounts.list({ accountNumber: '6100' })).data;
  const [bank] = (await acs.accounts.list({ accountNumber: '1120' })).data;
  let serial = 0;
  return async () => {
    const entry = await acs.journalEntries.create({
      date: '2026-11-01',
      reference: `BENCH-${++serial}`,
      lines: [
        { accountId: rent.id, debit: 100 },
        { accountId: bank.id, credit: 100 },
      ],
    });
    await acs.journalEntries.post(entry.id);
  };
}

function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

export async function durableWrites({ runs }: { runs: number }): Promise<Figure[]> {
  const root = mkdtempSync(join(tmpdir(), 'acs-mock-bench-'));
  const data = join(root, 'data');
  const memory = createMockService({ seed: 'demo' });
  const durable = createMockService({ seed: 'demo', data });
  try {
    const bytesAtSeed = folderBytes(data);
    const samples = { memory: [] as number[], durable: [] as number[] };
    const writers = { memory: await entryWriter(memory), durable: await entryWriter(durable) };
    const timed = (name: keyof typeof samples) => async () => {
      const t0 = performance.now();
      await writers[name]();
      samples[name].push(performance.now() - t0);
    };
    const warmup = 10;
    await interleave({ memory: timed('memory'), durable: timed('durable') }, { runs, warmup });
    const median = (xs: number[]) => summarize(xs.slice(warmup)).median;
    const inMemory = median(samples.memory);
    const onDisk = median(samples.durable);
    durable.close();
    // Each write here is one entry of two lines; the folder's growth over them, checkpointed into the database file.
    const lines = 2 * samples.durable.length;
    const grown = folderBytes(data) - bytesAtSeed;
    return [
      report('a posted journal entry in memory (median)', us(inMemory)),
      report('the same with --data (median)', us(onDisk)),
      report(
        'in-memory / --data throughput',
        `${(onDisk / inMemory).toFixed(2)}x`,
        atMost(onDisk / inMemory, 2, '--data at least 50% of in-memory'),
      ),
      report('data folder per journal line (entry, lines, audit, balances)', `${Math.round(grown / lines)} B`),
    ];
  } finally {
    durable.close();
    rmSync(root, { recursive: true, force: true });
  }
}

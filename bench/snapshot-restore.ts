// Restoring a snapshot of the demo company after a test's writes (MOCK-28), against reset() in the same run:
// each run writes what a small test writes (a customer, an invoice, a sent quote), then goes back.
import { AcsClient } from '../src/index.js';
import { createMockService } from '../mock-server/index.js';
import { atMost, interleave, report, summarize, us, type Figure } from './harness.js';

/** The target: restoring the demo company in at most 5 ms in-process. */
const TARGET_MS = 5;

/** A demo mock, a client on it, and what a small test writes through it. */
async function demoTest() {
  const mock = createMockService({ seed: 'demo' });
  const { apiKey, companyId } = mock.credentials;
  const acs = new AcsClient({ apiKey, companyId, fetch: mock.fetch, validate: 'off', maxRetries: 0 });
  const [customer] = (await acs.customers.list({ limit: 1 })).data;
  let serial = 0;
  const writes = async () => {
    await acs.customers.create({ name: `Bench ${++serial} Sdn Bhd`, email: `bench${serial}@example.my` });
    const invoice = await acs.invoices.create({
      customerId: customer.id,
      items: [{ description: 'Consulting', quantity: 1, unitPrice: 100, taxCode: 'SST10' }],
    });
    await acs.invoices.send(invoice.id);
  };
  return { mock, writes };
}

export async function snapshotRestore({ runs }: { runs: number }): Promise<Figure[]> {
  // One mock each, as a test file uses one way or the other; the runs alternate, so both see the same machine.
  const restoring = await demoTest();
  const resetting = await demoTest();
  const clean = restoring.mock.snapshot('clean');
  const samples = { restore: [] as number[], reset: [] as number[] };
  const timed = (name: keyof typeof samples, test: { writes: () => Promise<void> }, undo: () => void) => async () => {
    await test.writes();
    const t0 = performance.now();
    undo();
    samples[name].push(performance.now() - t0);
  };
  const warmup = 20;
  await interleave(
    {
      restore: timed('restore', restoring, () => restoring.mock.restore(clean)),
      reset: timed('reset', resetting, () => resetting.mock.reset()),
    },
    { runs, warmup },
  );
  const median = (xs: number[]) => summarize(xs.slice(warmup)).median;
  const restore = median(samples.restore);
  const reset = median(samples.reset);
  return [
    report("mock.restore(clean) after a test's writes (median)", us(restore), atMost(restore, TARGET_MS, `${TARGET_MS} ms`)),
    report('mock.reset() after the same writes (median)', us(reset)),
    report('restore / reset', `${(restore / reset).toFixed(2)}x`),
  ];
}

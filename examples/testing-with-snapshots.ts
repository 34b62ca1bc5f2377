// A clean service for every test without building a new one: a snapshot taken once, restored before each test.
// In a vitest file: `const clean = mock.snapshot();` at the top, then `beforeEach(() => mock.restore(clean));`.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const customers = async () => (await acs.customers.list({ limit: 100 })).data.length;
  const clean = mock.snapshot('clean'); // once, after any set-up every test shares (a name is optional)
  const before = await customers();

  // One test: writes, a month passes, an idempotency key is used.
  mock.restore(clean); // beforeEach
  await acs.customers.create({ name: 'Snapshot Demo Sdn Bhd', email: 'ap@snapshot-demo.my' }, { idempotencyKey: 'test-1' });
  mock.clock.advance({ days: 30 });
  const during = await customers();

  // The next test starts where the snapshot was: its data, its clock, its idempotency keys and faults.
  mock.restore(clean); // beforeEach (or restore('clean'), or POST /__mock/snapshots/clean/restore)
  const after = await customers();
  const today = mock.today();

  console.log(`customers: ${before} before, ${during} in the test, ${after} after restore; today ${today}`);
  return { before, during, after, today, requests: mock.requests.count() }; // the request journal is not rewound
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();

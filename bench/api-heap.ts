// Heap per posted journal line through the API: create + post by the SDK over mock.fetch, as a user's
// test writes them (every write remembered by its Idempotency-Key for a day), against the same writes
// sent without a key, in one run, so the idempotency records' share shows beside the whole.
import { AcsClient, type JournalEntryLineCreate } from '../src/index.js';
import { accountsTable } from '../mock-server/domain/accounting/tables.js';
import { isControlAccount } from '../mock-server/domain/accounting/control-accounts.js';
import { createMockService } from '../mock-server/index.js';
import { canCollectGarbage, heapUsed, report, seededRandom, type Figure } from './harness.js';
import { randomEntryLines } from './ledger-volume.js';

/** Bytes of heap per posted line after `entries` entries created and posted through the SDK. */
async function heapPerLine(entries: number, withKeys: boolean): Promise<{ perLine: number; lines: number; msPerEntry: number }> {
  const mock = createMockService({ seed: 'demo' });
  const { apiKey, companyId, baseUrl } = mock.credentials;
  const accountIds = accountsTable({ store: mock.store, clock: mock.clock, companyId })
    .all()
    .filter((a) => a.isActive && !isControlAccount(a))
    .map((a) => a.id);
  // The SDK sends a key on every POST; taking it off leaves everything else of the request alike.
  const keyless: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    request.headers.delete('idempotency-key');
    return mock.fetch(request);
  };
  const acs = new AcsClient({ apiKey, companyId, baseUrl, fetch: withKeys ? mock.fetch : keyless, maxRetries: 0 });
  const random = seededRandom(2026);
  const date = mock.today();
  let lines = 0;
  const before = heapUsed();
  const started = performance.now();
  for (let i = 0; i < entries; i++) {
    const entry = randomEntryLines(random, accountIds);
    lines += entry.lines.length;
    const draft = await acs.journalEntries.create({
      date,
      reference: `API-${i}`,
      description: 'Benchmark entry',
      lines: entry.lines as JournalEntryLineCreate[],
    });
    await acs.journalEntries.post(draft.id);
  }
  const msPerEntry = (performance.now() - started) / entries;
  const perLine = (heapUsed() - before) / lines;
  return { perLine, lines, msPerEntry };
}

export async function apiHeap({ entries }: { entries: number }): Promise<Figure[]> {
  // Code compiled and caches filled on first use would count against whichever runs first.
  await heapPerLine(Math.min(entries, 300), true);
  await heapPerLine(Math.min(entries, 300), false);
  const keyed = await heapPerLine(entries, true);
  const keyless = await heapPerLine(entries, false);
  const note = canCollectGarbage() ? '' : ' (no --expose-gc: heap not collected first)';
  const n = entries.toLocaleString('en-US');
  return [
    report(
      `heap per posted line, ${n} entries through the API${note}`,
      `${Math.round(keyed.perLine)} B (${keyed.lines.toLocaleString('en-US')} lines, ${keyed.msPerEntry.toFixed(3)} ms per create + post)`,
    ),
    report('  the same writes without Idempotency-Key', `${Math.round(keyless.perLine)} B`),
    report('  idempotency records (answers kept 24 h) per posted line', `${Math.round(keyed.perLine - keyless.perLine)} B`),
  ];
}

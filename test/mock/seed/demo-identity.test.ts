import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockService } from '../../../mock-server/index.js';

// The demo built with a fixed seed key and clock is the same sandbox whichever steps make it (decisions MOCK-48, MOCK-51):
// every table's rows, every sequence, and what a user reads first, against digests taken of the seed before the move.
const NOW = '2026-11-20T09:00:00.000Z';
const SEED_KEY = 'MOCK-51 demo identity';
const DIGESTS = new URL('./demo-identity.digests.json', import.meta.url);
// `ACS_UPDATE_DEMO_DIGESTS=1 npx vitest run test/mock/seed/demo-identity.test.ts` writes them again, for a change
// meant to change the demo.
const UPDATE = process.env.ACS_UPDATE_DEMO_DIGESTS === '1';

const digest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

const READS = [
  '/accounts?limit=100',
  '/items?limit=100',
  '/inventory/locations',
  '/inventory/stock?limit=100',
  '/inventory/reports/valuation',
  '/reports/trial-balance',
  '/reports/stock-valuation',
  '/journal-entries?limit=100',
];

async function demoDigests(): Promise<Record<string, string>> {
  const mock = createMockService({ seed: 'demo', seedKey: SEED_KEY, now: NOW });
  const out: Record<string, string> = {};
  const { tables, counters } = mock.store.snapshot();
  for (const [key, rows] of [...tables].sort(([a], [b]) => a.localeCompare(b))) if (rows.length > 0) out[`table ${key}`] = digest(rows);
  out.counters = digest([...counters].sort(([a], [b]) => a.localeCompare(b)));
  for (const { id, apiKey } of mock.credentials.companies) {
    out[`export ${id}`] = digest(mock.export(id));
    for (const path of READS) {
      const res = await mock.fetch(`${mock.credentials.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${apiKey}`, 'x-company-id': id },
      });
      out[`GET ${path} ${id}`] = `${res.status} ${digest(await res.json())}`;
    }
  }
  return out;
}

describe('the demo sandbox', () => {
  // Real time stands still, so every timestamp the seed writes is the same on every run.
  beforeAll(() => void vi.useFakeTimers({ now: new Date(NOW), toFake: ['Date', 'performance'] }));
  afterAll(() => void vi.useRealTimers());

  it('built with a fixed seed key keeps every id, number, date and balance it had before its steps went through the fixture loader', async () => {
    const now = await demoDigests();
    if (UPDATE) writeFileSync(DIGESTS, `${JSON.stringify(now, null, 2)}\n`);
    expect(now).toEqual(JSON.parse(readFileSync(DIGESTS, 'utf8')));
  });
});

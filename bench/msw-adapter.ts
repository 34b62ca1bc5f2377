// What the msw adapter adds: one retrieve through msw's setupServer to a trivial handler (msw's floor),
// through mock.fetch (the mock's own work, no interception), and through setupServer to the mock's
// handlers, interleaved in one run. The adapter's cost is what the last exceeds the sum of the first two.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AcsClient } from '../src/index.js';
import { createMockService } from '../mock-server/index.js';
import { atMost, authHeaders, interleave, report, us, type Figure } from './harness.js';

const TRIVIAL_BASE = 'https://trivial.invalid/v1';

export async function mswAdapter({ runs }: { runs: number }): Promise<Figure[]> {
  const mock = createMockService({ seed: 'demo' });
  const { apiKey, companyId, baseUrl } = mock.credentials;
  const direct = new AcsClient({ apiKey, companyId, baseUrl, validate: 'off', fetch: mock.fetch });
  const accountId = (await direct.accounts.list({ limit: 1 })).data[0].id;
  // The trivial handler answers the bytes the mock answers, so the SDK does the same work on both.
  const answer = await mock.fetch(`${baseUrl}/accounts/${accountId}`, { headers: authHeaders({ apiKey, companyId }) });
  const bytes = await answer.text();
  if (answer.status !== 200) throw new Error(`the mock answered ${answer.status}: ${bytes}`);
  const trivial = http.get(
    `${TRIVIAL_BASE}/accounts/:id`,
    () => new HttpResponse(bytes, { headers: { 'Content-Type': 'application/json' } }),
  );
  // The mock's handlers first, as a test suite installs them: the trivial request walks past them too.
  const server = setupServer(...mock.handlers, trivial);
  server.listen({ onUnhandledFrame: 'error' });
  try {
    const floor = new AcsClient({ apiKey, companyId, baseUrl: TRIVIAL_BASE, validate: 'off' });
    const intercepted = new AcsClient({ apiKey, companyId, baseUrl, validate: 'off' });
    for (const client of [floor, intercepted]) {
      if ((await client.accounts.retrieve(accountId)).id !== accountId) throw new Error('a client read another account');
    }
    const t = await interleave(
      {
        floor: () => floor.accounts.retrieve(accountId),
        fetch: () => direct.accounts.retrieve(accountId),
        msw: () => intercepted.accounts.retrieve(accountId),
      },
      { runs, warmup: Math.min(200, runs) },
    );
    const expected = t.floor.median + t.fetch.median;
    return [
      report('SDK -> setupServer -> trivial handler (msw floor, median)', us(t.floor.median)),
      report('SDK -> mock.fetch (median)', us(t.fetch.median)),
      report('SDK -> setupServer -> mock handlers (median)', us(t.msw.median)),
      report(
        'setupServer + mock handlers vs floor + mock.fetch',
        `${us(t.msw.median)} vs ${us(expected)} (adapter adds ${us(t.msw.median - expected)})`,
        atMost(t.msw.median, expected, '<= floor + mock.fetch'),
      ),
    ];
  } finally {
    server.close();
  }
}

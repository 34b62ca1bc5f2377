// In-process use of the mock: the same `accounts.retrieve` through msw's interception of the global
// fetch, and through `mock.fetch` (no interception, no network).
import { setupServer } from 'msw/node';
import { AcsClient } from '../src/index.js';
import { createMockService } from '../mock-server/index.js';
import { compare, report, us, type Figure } from './harness.js';

export async function inProcess({ runs }: { runs: number }): Promise<Figure[]> {
  const mock = createMockService({ seed: 'demo' });
  const { apiKey, companyId, baseUrl } = mock.credentials;
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledFrame: 'error' });
  try {
    const intercepted = new AcsClient({ apiKey, companyId, baseUrl, validate: 'off' });
    const direct = new AcsClient({ apiKey, companyId, baseUrl, validate: 'off', fetch: mock.fetch });
    const first = await direct.accounts.list({ limit: 1 });
    const accountId = first.data[0].id;
    const [a, b] = [await intercepted.accounts.retrieve(accountId), await direct.accounts.retrieve(accountId)];
    if (a.id !== accountId || b.id !== accountId) throw new Error('the two clients read different accounts');

    const result = await compare(
      () => intercepted.accounts.retrieve(accountId),
      () => direct.accounts.retrieve(accountId),
      { runs, warmup: Math.min(200, runs) },
    );
    return [
      report('in-process accounts.retrieve via msw setupServer (median)', us(result.a.median)),
      report('in-process accounts.retrieve via mock.fetch (median)', us(result.b.median)),
      report('msw interception / mock.fetch', `${result.ratio.toFixed(2)}x`),
    ];
  } finally {
    server.close();
  }
}

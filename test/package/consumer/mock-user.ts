// A user's test file, type-checked by scripts/check-package.mjs against the packed types (strict,
// skipLibCheck false): the mock's entries, with msw and @types/node installed as a Node test suite has them.
import { AcsClient, type Account } from 'acs-sdk';
import { createMockService, type MockService } from 'acs-mock';
import { setupMockServer, startMockServer } from 'acs-mock/node';
import { setupMockWorker } from 'acs-mock/browser';

export async function main(): Promise<Account[]> {
  const mock: MockService = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const running = await startMockServer({ port: 0, seed: 'empty' });
  await running.close();
  const { server } = setupMockServer({ seed: 'empty' });
  server.listen({ onUnhandledFrame: 'error' });
  server.close();
  void setupMockWorker;
  mock.clock.advance({ days: 1 });
  return (await acs.accounts.list({ type: 'asset' })).data;
}

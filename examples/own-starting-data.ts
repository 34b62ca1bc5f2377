// Your own starting data: a fixture file (examples/fixture.json) loaded through the same rules as API calls,
// and the sandbox's state written back as a fixture (`mock.export()`, or GET /__mock/export on acs-mock).
import { readFileSync } from 'node:fs';
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const fixture = JSON.parse(readFileSync(new URL('./fixture.json', import.meta.url), 'utf8'));
  const mock = createMockService({ seed: fixture, now: '2026-11-02T09:00:00Z' }); // a bad fixture throws, naming the path
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  await acs.customers.create({ name: 'Warung Pak Din', email: 'pakdin@warung.my' });

  const exported = mock.export(mock.credentials.companyId); // save it as a file: `acs-mock --fixture <file>` starts from it
  const customers = exported.companies[0].customers?.map((customer) => customer.name) ?? [];
  console.log(`${mock.credentials.companyId}: ${customers.join(', ')}`);
  return { companyId: mock.credentials.companyId, customers };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();

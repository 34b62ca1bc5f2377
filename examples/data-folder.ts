// The mock's state kept in a folder (MOCK-29): what a first run writes is there when a second run starts on it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const root = mkdtempSync(join(tmpdir(), 'acs-mock-example-'));
  const data = join(root, 'data'); // what `npx acs-mock --data <dir>` takes
  try {
    const first = createMockService({ seed: 'empty', data });
    const acs = new AcsClient({ ...first.credentials, fetch: first.fetch });
    const customer = await acs.customers.create({ name: 'Kept Sdn Bhd', email: 'kept@example.my' });
    first.close(); // releases the folder's lock; a stopped or killed process leaves every acknowledged write behind

    const second = createMockService({ seed: 'empty', data }); // loads the folder instead of seeding
    const again = new AcsClient({ ...second.credentials, fetch: second.fetch });
    const found = await again.customers.retrieve(customer.id);
    second.close();
    console.log(`after the restart: ${found.name}, with the same key: ${second.credentials.apiKey === first.credentials.apiKey}`);
    return { name: found.name, sameKey: second.credentials.apiKey === first.credentials.apiKey };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();

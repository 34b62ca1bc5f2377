// The mock's request journal: what the code under test asked, and what each call changed, without a spy.
import { AcsClient, isAcsError } from 'acs-sdk';
import { createMockService, type JournalEntry } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo' }); // journalSize: 2000 entries by default, 0 for none
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });

  const customer = await acs.customers.create({ name: 'Journal Demo Sdn Bhd', email: 'ap@journal-demo.my' });
  await acs.customers.retrieve(customer.id);
  // In a test: expect(mock.requests.count({ method: 'POST', path: '/v1/customers' })).toBe(1)
  const posts = mock.requests.count({ method: 'POST', path: '/v1/customers' });
  const reads = mock.requests.count({ path: '/v1/customers/{id}' }); // a route template; any parameter name
  const created = mock.requests.last({ method: 'POST' });

  // An SDK error's requestId finds its entry: the request as the mock saw it, secrets masked.
  let refused: JournalEntry | undefined;
  try {
    await acs.customers.retrieve('cus_does_not_exist');
  } catch (error) {
    if (!isAcsError(error)) throw error;
    refused = mock.requests.last({ requestId: error.requestId });
  }
  console.log(`${posts} create, ${reads} read; the create changed ${created?.changes.map((c) => c.table)}`);
  mock.requests.clear(); // in a test file: beforeEach
  return {
    posts,
    reads,
    changes: created?.changes.map((c) => `${c.table} ${c.op}`),
    events: created?.events.map((e) => e.event),
    refused: refused && { status: refused.status, route: refused.route, authorization: refused.request.headers.authorization },
    afterClear: mock.requests.count(),
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();

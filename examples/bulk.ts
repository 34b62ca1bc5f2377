// Bulk writes: up to the per-call limit, each operation succeeds or fails on its own.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService();
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });

  const { processed, successful, failed, results } = await acs.bulk.customers({
    operations: [
      { operation: 'create', data: { name: 'Kedai Buku Ilmu', email: 'akaun@ilmu.my', paymentTerms: 30 } },
      { operation: 'create', data: { name: 'No email or phone' } }, // refused alone: 400 INVALID_CUSTOMER_DATA
      { operation: 'create', data: { name: 'Syarikat Maju Jaya', phone: '+60 3-2345 6789' } },
    ],
  });
  for (const result of results) {
    if (!result.success) console.log(`operation ${result.index}: ${result.error?.code} ${result.error?.message}`);
  }

  console.log(`${processed} processed, ${successful} created, ${failed} refused`);
  return { processed, successful, failed, results };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();

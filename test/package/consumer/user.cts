// A CommonJS user's file, type-checked by scripts/check-package.mjs against the `require` types (dist/*.d.cts).
import { AcsClient, AcsError, type Invoice } from 'acs-sdk';
import { createMockService } from 'acs-mock';
import { verifySignature } from 'acs-sdk/webhooks';

export async function main(): Promise<Invoice | AcsError> {
  const mock = createMockService({ seed: 'empty' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const ok: boolean = await verifySignature({ payload: '{}', signature: null, secret: 'whsec_example_secret_16' });
  void ok;
  return acs.invoices.retrieve('inv_missing').catch((error: unknown) => (error instanceof AcsError ? error : Promise.reject(error)));
}

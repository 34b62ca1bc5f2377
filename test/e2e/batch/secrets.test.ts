import { beforeEach, describe, expect, it } from 'vitest';
import type { AcsClient, BatchOperation, BatchOptions, SupplierCreateParams } from '../../../src/index.js';
import { sandbox, type Sandbox } from '../../support/sandbox.js';

// Spec document 3, "Batch operations": a refused record's `context.originalData` echoes what was sent, never a secret of it.

let box: Sandbox;
let acs: AcsClient;
beforeEach(() => {
  box = sandbox({ seed: 'demo' });
  acs = box.acs;
});

const ACCEPTED = '1111-2222-3333-4444';
const REFUSED = '9999 8888 7777 6666';
const operations: BatchOperation<SupplierCreateParams>[] = [
  {
    operation: 'create',
    referenceId: 'good',
    data: { name: 'Pembekal Baik', email: 'baik@pembekal.my', bankDetails: { accountNumber: ACCEPTED, bankName: 'Maybank' } },
  },
  {
    operation: 'create',
    referenceId: 'bad',
    data: { name: 'Pembekal Salah', email: 'not-mail', bankDetails: { accountNumber: REFUSED, bankName: 'CIMB' } },
  },
];
const digits = (text: string) => text.replace(/\D/g, '');

describe('POST /v1/batch/suppliers', () => {
  it.each<[string, BatchOptions & { async?: false }]>([
    ['continueOnError', { continueOnError: true }],
    ['validateOnly', { validateOnly: true }],
    ['rollbackOnError', { rollbackOnError: true, continueOnError: true }],
  ])('a refused supplier in a batch shows its bank account number masked (%s)', async (_, options) => {
    const result = await acs.batch.suppliers.run(operations, options);
    const refused = result.results[1]!;
    expect(refused.error).toMatchObject({
      field: 'email',
      context: { originalData: { name: 'Pembekal Salah', bankDetails: { accountNumber: '****6666', bankName: 'CIMB' } } },
    });
    const text = JSON.stringify(result);
    for (const number of [REFUSED, digits(REFUSED), ACCEPTED, digits(ACCEPTED)]) expect(text).not.toContain(number);
  });

  it('a refused supplier of an asynchronous batch shows it masked in the job results, to the read-only key as well', async () => {
    const { jobId } = await acs.batch.suppliers.run(operations, { async: true, continueOnError: true });
    await acs.batch.waitForJob(jobId, { intervalMs: 1 });
    const results = await box.readOnlyClient().batch.jobs.results(jobId);
    expect(results.results[1]!.error!.context.originalData).toMatchObject({ bankDetails: { accountNumber: '****6666' } });
    expect(results.results[0]!.data).toMatchObject({ bankDetails: { accountNumber: '****4444' } });
    const text = JSON.stringify(results) + (await acs.batch.jobs.downloadResults(jobId)).text();
    for (const number of [REFUSED, digits(REFUSED), ACCEPTED, digits(ACCEPTED)]) expect(text).not.toContain(number);
  });

  it('a credential-shaped value or secret-named field of a refused record is [REDACTED]', async () => {
    const result = await acs.batch.suppliers.run(
      [
        {
          operation: 'create',
          data: { name: 'Leaky', email: 'bad', website: 'shpat_0123456789abcdef', apiKey: 'plain-text-key' } as never,
        },
      ],
      { continueOnError: true },
    );
    expect(result.results[0]!.error!.context.originalData).toMatchObject({ website: 'shpat_[REDACTED]', apiKey: '[REDACTED]' });
    expect(JSON.stringify(result)).not.toMatch(/0123456789abcdef|plain-text-key/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BatchOptions, BatchResult } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';

// Spec document 3, "Batch operations": a model of a batch's verdicts, counts and what it stores, against random batches.

type Kind = 'valid' | 'invalid' | 'duplicate';
type Entity = 'customers' | 'items';

const { acs } = sandbox({ seed: 'demo' });
let run = 0;

/** A record of the run: valid, breaking a rule, or clashing with a record of the demo (its email, its item code). */
function record(entity: Entity, kind: Kind, key: string): Record<string, unknown> {
  if (entity === 'customers') {
    const email =
      kind === 'duplicate' ? 'batch-model-taken@model.my' : kind === 'invalid' ? 'not-an-email' : `${key.toLowerCase()}@model.my`;
    return { name: key, email };
  }
  const price = kind === 'invalid' ? -1 : 9.5;
  return { itemCode: kind === 'duplicate' ? 'MODEL-TAKEN' : key, name: key, type: 'service', pricing: { sellingPrice: price } };
}

/** What the model expects: each record's verdict (success, failure or skipped), and whether anything stays stored. */
function expected(kinds: readonly Kind[], options: BatchOptions) {
  let stopped = false;
  const verdicts = kinds.map((kind) => {
    if (stopped) return 'skipped' as const;
    if (kind === 'valid') return 'success' as const;
    if (!options.continueOnError) stopped = true;
    return 'failure' as const;
  });
  const failed = verdicts.includes('failure');
  const kept = !options.validateOnly && !(options.rollbackOnError && failed);
  return { verdicts, kept };
}

async function stored(entity: Entity, key: string): Promise<number> {
  if (entity === 'items') return (await acs.items.list({ itemCode: key })).data.length;
  return (await acs.customers.list({ search: key })).data.length;
}

describe('batch model (customers and items)', () => {
  it('counts add up, the summary matches, and the store holds exactly the successful records (none after rollback or validateOnly)', async () => {
    await acs.customers.create({ name: 'Model Taken', email: 'batch-model-taken@model.my' });
    await acs.items.create({ itemCode: 'MODEL-TAKEN', name: 'Taken', type: 'service' });
    const batch = fc.record({
      entity: fc.constantFrom<Entity>('customers', 'items'),
      kinds: fc.array(fc.constantFrom<Kind>('valid', 'valid', 'invalid', 'duplicate'), { minLength: 1, maxLength: 8 }),
      options: fc.record({ continueOnError: fc.boolean(), validateOnly: fc.boolean(), rollbackOnError: fc.boolean() }),
    });
    await fc.assert(
      fc.asyncProperty(batch, async ({ entity, kinds, options }) => {
        run += 1;
        const keys = kinds.map((_, i) => `MODEL-${run}-${i}`);
        const operations = kinds.map((kind, i) => ({
          operation: 'create' as const,
          referenceId: keys[i],
          data: record(entity, kind, keys[i]!) as never,
        }));
        const result: BatchResult =
          entity === 'items' ? await acs.batch.items.run(operations, options) : await acs.batch.customers.run(operations, options);
        const { verdicts, kept } = expected(kinds, options);
        const count = (v: string) => verdicts.filter((x) => x === v).length;
        expect(result.results.map((r) => (r.skipped ? 'skipped' : r.success ? 'success' : 'failure'))).toEqual(verdicts);
        expect(result.results.map((r) => r.referenceId)).toEqual(keys);
        expect(result).toMatchObject({
          totalRecords: kinds.length,
          processedRecords: count('success') + count('failure'),
          successfulRecords: count('success'),
          failedRecords: count('failure'),
          skippedRecords: count('skipped'),
          summary: { created: kept ? count('success') : 0, updated: 0, deleted: 0, errors: count('failure') },
        });
        result.results.forEach((r, i) => {
          if (kinds[i] === 'duplicate' && !r.skipped) expect(r.error).toMatchObject({ category: 'duplicate', code: 'DUPLICATE_RECORD' });
          if (kinds[i] === 'invalid' && !r.skipped)
            expect(r.error!.details[0]!.code).toBe(entity === 'customers' ? 'INVALID_EMAIL' : 'INVALID_AMOUNT');
          if (!kept) expect(r.data).toBeUndefined();
        });
        const held = await Promise.all(keys.map((key) => stored(entity, key)));
        expect(held).toEqual(verdicts.map((v, i) => (kept && v === 'success' && kinds[i] === 'valid' ? 1 : 0)));
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});

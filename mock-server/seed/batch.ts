import { runBatchJobNow, startBatchJob } from '../domain/batch/index.js';
import type { CompanyContext } from '../store/context.js';

/** A finished job in each demo company's history: two customers of a planned import, checked (`validateOnly`), nothing stored. */
export function seedBatchHistory(ctx: CompanyContext): void {
  const operations = [
    { operation: 'create' as const, referenceId: 'import-1', data: { name: 'Kedai Runcit Seri', email: 'seri@kedai-runcit.my' } },
    { operation: 'create' as const, referenceId: 'import-2', data: { name: 'Syarikat Import Contoh', phone: '+60321234567' } },
  ];
  const { jobId } = startBatchJob(ctx, 'customers', { operations, options: { async: true, validateOnly: true } }, '');
  runBatchJobNow(ctx, jobId);
}

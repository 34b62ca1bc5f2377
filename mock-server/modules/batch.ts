import { configureBatchRateLimit, defineBatchTables, resumeBatchJobs } from '../domain/batch/index.js';
import { rateLimitConfig } from '../kernel/rate-limit.js';
import { batchRoutes } from '../routes/batch.js';
import { seedBatchHistory } from '../seed/batch.js';
import { defineModule } from './define.js';

export const batch = defineModule({
  name: 'batch',
  tables: [defineBatchTables],
  routes: batchRoutes,
  seed: [{ stage: 'batch-history', demo: (ctx) => seedBatchHistory(ctx) }],
  // `rateLimit: 'spec'` enforces the batch rate too.
  // A job queued or running when the process stopped goes on from its last committed chunk (MOCK-43).
  resume: resumeBatchJobs,
  config: (store, options) => configureBatchRateLimit(store, rateLimitConfig(options.rateLimit).enforce),
});

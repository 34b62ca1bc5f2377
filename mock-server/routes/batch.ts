import { contract } from '../../src/contract/index.js';
import { runBatch } from '../domain/batch/index.js';
import { route, type Route } from '../store/context.js';

const { batch } = contract;

/** Batch operations (spec document 3, "Batch operations"): one route per entity of the batch table. */
export const batchRoutes: Route[] = [route(batch.batchCustomers, (ctx) => runBatch(ctx, 'customers', ctx.body))];

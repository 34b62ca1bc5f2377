import { contract } from '../../../src/contract/index.js';
import { createAdjustment, presentAdjustment } from '../inventory/index.js';
import { defineBatchEntity } from './entities.js';

const { inventory } = contract;

// Spec document 3's batch table: stock adjustments, at most 500, create (posted unless `status: draft`).
export const stockAdjustmentsBatch = defineBatchEntity({
  entity: 'stockAdjustments',
  noun: 'stock adjustment',
  operations: {
    create: { endpoint: inventory.adjustmentsCreate, run: (ctx, data) => presentAdjustment(ctx, createAdjustment(ctx, data as never)) },
  },
  irreversible: ['create'],
});

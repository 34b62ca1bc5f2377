import { contract } from '../../../src/contract/index.js';
import { createBill, presentBill, updateBill } from '../purchasing/index.js';
import { defineBatchEntity } from './entities.js';

const { purchasing } = contract;

// Spec document 3's batch table: bills, at most 100, create and update.
export const billsBatch = defineBatchEntity({
  entity: 'bills',
  noun: 'bill',
  operations: {
    create: { endpoint: purchasing.billsCreate, run: (ctx, data) => presentBill(ctx, createBill(ctx, data as never)) },
    update: { endpoint: purchasing.billsUpdate, run: (ctx, data, id) => presentBill(ctx, updateBill(ctx, id!, data as never)) },
  },
  // A bill created or moved past draft posts to the ledger (reversed by voiding, never unwritten).
  irreversible: ['create', 'update'],
});

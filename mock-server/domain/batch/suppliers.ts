import { contract } from '../../../src/contract/index.js';
import { createSupplier, deleteSupplier, presentSupplier, updateSupplier } from '../purchasing/index.js';
import { defineBatchEntity } from './entities.js';

const { purchasing } = contract;

// Spec document 3's batch table: suppliers, at most 500, create, update and delete.
export const suppliersBatch = defineBatchEntity({
  entity: 'suppliers',
  noun: 'supplier',
  operations: {
    create: { endpoint: purchasing.suppliersCreate, run: (ctx, data) => presentSupplier(createSupplier(ctx, data as never)) },
    update: { endpoint: purchasing.suppliersUpdate, run: (ctx, data, id) => presentSupplier(updateSupplier(ctx, id!, data as never)) },
    delete: { run: (ctx, _data, id) => deleteSupplier(ctx, id) },
  },
  irreversible: ['delete'],
});

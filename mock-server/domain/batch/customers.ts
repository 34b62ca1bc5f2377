import { contract } from '../../../src/contract/index.js';
import { createCustomer, deleteCustomer, presentCustomer, updateCustomer } from '../sales/index.js';
import { defineBatchEntity } from './entities.js';

const { sales } = contract;

// Spec document 3's batch table: customers, at most 500, create, update and delete.
export const customersBatch = defineBatchEntity({
  entity: 'customers',
  noun: 'customer',
  operations: {
    create: { endpoint: sales.customersCreate, run: (ctx, data) => presentCustomer(ctx, createCustomer(ctx, data as never)) },
    update: { endpoint: sales.customersUpdate, run: (ctx, data, id) => presentCustomer(ctx, updateCustomer(ctx, id!, data as never)) },
    delete: { run: (ctx, _data, id) => deleteCustomer(ctx, id) },
  },
  irreversible: ['delete'],
});

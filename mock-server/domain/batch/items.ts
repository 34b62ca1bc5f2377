import { contract } from '../../../src/contract/index.js';
import { createItem, deleteItem, presentItem, updateItem } from '../inventory/index.js';
import { defineBatchEntity } from './entities.js';

const { inventory } = contract;

// Spec document 3's batch table: items, at most 1000, create, update and delete.
export const itemsBatch = defineBatchEntity({
  entity: 'items',
  noun: 'item',
  operations: {
    create: { endpoint: inventory.itemsCreate, run: (ctx, data) => presentItem(ctx, createItem(ctx, data as never)) },
    update: { endpoint: inventory.itemsUpdate, run: (ctx, data, id) => presentItem(ctx, updateItem(ctx, id!, data as never)) },
    delete: { run: (ctx, _data, id) => deleteItem(ctx, id) },
  },
  irreversible: ['delete'],
});

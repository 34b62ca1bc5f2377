import { contract } from '../../../src/contract/index.js';
import { createAccount, presentAccount, updateAccount } from '../accounting/index.js';
import { defineBatchEntity } from './entities.js';

const { accounting } = contract;

// Spec document 3's batch table: chart of accounts, at most 200, create and update.
export const accountsBatch = defineBatchEntity({
  entity: 'accounts',
  noun: 'account',
  operations: {
    create: { endpoint: accounting.accountsCreate, run: (ctx, data) => presentAccount(ctx, createAccount(ctx, data as never)) },
    update: { endpoint: accounting.accountsUpdate, run: (ctx, data, id) => presentAccount(ctx, updateAccount(ctx, id!, data as never)) },
  },
});

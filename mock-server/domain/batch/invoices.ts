import { contract } from '../../../src/contract/index.js';
import { createInvoice, presentInvoice, updateInvoice } from '../sales/index.js';
import { defineBatchEntity } from './entities.js';

const { sales } = contract;

// Spec document 3's batch table: invoices, at most 100, create and update (drafts: sending posts, and is its own call).
export const invoicesBatch = defineBatchEntity({
  entity: 'invoices',
  noun: 'invoice',
  operations: {
    create: { endpoint: sales.invoicesCreate, run: (ctx, data) => presentInvoice(ctx, createInvoice(ctx, data as never)) },
    update: { endpoint: sales.invoicesUpdate, run: (ctx, data, id) => presentInvoice(ctx, updateInvoice(ctx, id!, data as never)) },
  },
});

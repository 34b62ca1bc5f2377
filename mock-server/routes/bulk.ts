import { BulkPaymentCreate, contract } from '../../src/contract/index.js';
import {
  createCustomer,
  createInvoice,
  presentCustomer,
  presentInvoice,
  presentPayment,
  recordPayment,
  updateCustomer,
  updateInvoice,
} from '../domain/sales/index.js';
import { runBulk } from '../domain/bulk/index.js';
import { createJournalEntry, presentJournalEntry } from '../domain/accounting/index.js';
import { createAdjustment, presentAdjustment } from '../domain/inventory/index.js';
import { route, type Route } from '../store/context.js';

const { bulk, sales, accounting, inventory } = contract;

/**
 * Bulk endpoints (spec document 1, "Bulk operations"): the domain's own create and update, one savepoint
 * per item; an item passes the single endpoint's body schema and `invalid`, a payment its own schema.
 */
export const bulkRoutes: Route[] = [
  route(bulk.bulkCustomers, (ctx) =>
    runBulk(ctx.store, ctx.body.operations, {
      noun: 'customer',
      create: { endpoint: sales.customersCreate, run: (data) => presentCustomer(ctx, createCustomer(ctx, data)) },
      update: { endpoint: sales.customersUpdate, run: (id, data) => presentCustomer(ctx, updateCustomer(ctx, id, data)) },
    }),
  ),
  route(bulk.bulkInvoices, (ctx) =>
    runBulk(ctx.store, ctx.body.operations, {
      noun: 'invoice',
      create: { endpoint: sales.invoicesCreate, run: (data) => presentInvoice(ctx, createInvoice(ctx, data)) },
      update: { endpoint: sales.invoicesUpdate, run: (id, data) => presentInvoice(ctx, updateInvoice(ctx, id, data)) },
    }),
  ),
  route(bulk.bulkPayments, (ctx) =>
    runBulk(ctx.store, ctx.body.operations, {
      noun: 'payment',
      create: { schema: BulkPaymentCreate, run: ({ invoiceId, ...payment }) => presentPayment(recordPayment(ctx, invoiceId, payment)) },
    }),
  ),
  route(bulk.bulkJournalEntries, (ctx) =>
    runBulk(ctx.store, ctx.body.operations, {
      noun: 'journal entry',
      create: { endpoint: accounting.journalEntriesCreate, run: (data) => presentJournalEntry(ctx, createJournalEntry(ctx, data)) },
    }),
  ),
  route(bulk.bulkInventoryAdjustments, (ctx) =>
    runBulk(ctx.store, ctx.body.operations, {
      noun: 'stock adjustment',
      create: { endpoint: inventory.adjustmentsCreate, run: (data) => presentAdjustment(ctx, createAdjustment(ctx, data)) },
    }),
  ),
];

import { z } from 'zod';
import { endpoint, typedAs } from '../endpoint.js';
import { JournalEntry, JournalEntryCreateParams } from '../accounting/journal-entries.js';
import { Customer, CustomerCreateParams, CustomerUpdateParams } from '../sales/customers.js';
import { Invoice, InvoiceCreateParams, InvoiceUpdateParams } from '../sales/invoices.js';
import { Payment, PaymentCreateParams } from '../sales/payments.js';
import { StockAdjustment, StockAdjustmentCreateParams } from '../inventory/adjustments.js';
import { BULK_LIMITS } from './limits.js';

export { BULK_LIMITS };

/** One operation of a bulk request; `data` is checked per item, so one bad item fails alone. */
export const bulkOperation = <D extends z.ZodType>(data: D) =>
  z.object({
    operation: z.enum(['create', 'update']),
    /** Required for `update`. */
    id: z.string().min(1).optional(),
    data,
  });

/** A bulk request: 1 to `limit` operations (over the limit: 422 `MAX_VALUE`). */
export const bulkRequest = <D extends z.ZodType>(data: D, limit: number) =>
  z.object({ operations: z.array(bulkOperation(data)).min(1).max(limit) });

export const BulkItemError = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type BulkItemError = z.infer<typeof BulkItemError>;

/** `data` of a bulk response: counts and one result per operation, by its `index` in the request. */
export const bulkResult = <T extends z.ZodType>(item: T) =>
  z.object({
    processed: z.number().int(),
    successful: z.number().int(),
    failed: z.number().int(),
    results: z.array(
      z.object({
        index: z.number().int(),
        success: z.boolean(),
        data: item.optional(),
        error: BulkItemError.optional(),
      }),
    ),
  });

export interface BulkResult<T> {
  processed: number;
  successful: number;
  failed: number;
  results: { index: number; success: boolean; data?: T; error?: BulkItemError }[];
}

/**
 * The request schema types `data` loosely (an object): the mock validates each item with the
 * resource's own create or update schema, so a bad item is reported in its result, not for the call.
 */
const ItemData = z.record(z.string(), z.unknown());

/** One operation as an SDK caller writes it: `data` typed as the resource's create or update body. */
export type BulkOperation<C, U = never> =
  | { operation: 'create'; id?: string; data: C }
  | ([U] extends [never] ? never : { operation: 'update'; id: string; data: U });

/**
 * The loose runtime schema (each item is checked by the mock on its own) with the request type a
 * caller sees: `operations` of the resource's own create and update bodies.
 */
function typedBulkRequest<C extends z.ZodType>(
  limit: number,
  create: C,
): z.ZodType<BulkRequestOutput, { operations: BulkOperation<z.input<C>>[] }>;
function typedBulkRequest<C extends z.ZodType, U extends z.ZodType>(
  limit: number,
  create: C,
  update: U,
): z.ZodType<BulkRequestOutput, { operations: BulkOperation<z.input<C>, z.input<U>>[] }>;
function typedBulkRequest(limit: number, create: z.ZodType, update?: z.ZodType): z.ZodType {
  const createOperation = z.object({ operation: z.literal('create'), id: z.string().optional(), data: create });
  const operation = update
    ? z.union([createOperation, z.object({ operation: z.literal('update'), id: z.string(), data: update })])
    : createOperation;
  return typedAs(bulkRequest(ItemData, limit), z.object({ operations: z.array(operation) }));
}
type BulkRequestOutput = z.output<ReturnType<typeof bulkRequest<typeof ItemData>>>;

/** Body of `POST /bulk/journal-entries`: journal-entry create bodies (journal entries have no update). */
export const BulkJournalEntriesParams = typedBulkRequest(BULK_LIMITS.journalEntries, JournalEntryCreateParams);
export const BulkJournalEntriesResult = bulkResult(JournalEntry);

export const bulkJournalEntries = endpoint({
  id: 'bulk.journalEntries',
  method: 'POST',
  path: '/bulk/journal-entries',
  scope: 'write:accounts',
  summary: `Create up to ${BULK_LIMITS.journalEntries} journal entries (drafts) in one call; each succeeds or fails alone`,
  description:
    'Creates up to 100 journal entries (as drafts).\n\n' +
    `Each \`data\` is a journal-entry create body (${Object.keys(JournalEntryCreateParams.shape).join(', ')}); journal entries have no update.`,
  example: `const { successful, results } = await acs.bulk.journalEntries({
  operations: rows.map((data) => ({ operation: 'create', data })),
});`,

  body: BulkJournalEntriesParams,
  response: BulkJournalEntriesResult,
});

/** Body of `POST /bulk/customers`: customer create bodies, or (`update`) the fields to change. */
export const BulkCustomersParams = typedBulkRequest(BULK_LIMITS.customers, CustomerCreateParams, CustomerUpdateParams);
export const BulkCustomersResult = bulkResult(Customer);

export const bulkCustomers = endpoint({
  id: 'bulk.customers',
  method: 'POST',
  path: '/bulk/customers',
  scope: 'write:customers',
  summary: `Create or update up to ${BULK_LIMITS.customers} customers in one call; each succeeds or fails alone`,
  description:
    'Creates or updates up to 100 customers.\n\n' +
    'Each `data` is a customer create body, or (with `operation: update` and `id`) the fields to change.',
  exampleCall: { body: { operations: [{ operation: 'create', data: { name: 'Bulk Sdn Bhd', email: 'bulk@every.my' } }] } },

  body: BulkCustomersParams,
  response: BulkCustomersResult,
});

/** Body of `POST /bulk/invoices`: invoice create bodies, or (`update`) the fields to change. */
export const BulkInvoicesParams = typedBulkRequest(BULK_LIMITS.invoices, InvoiceCreateParams, InvoiceUpdateParams);
export const BulkInvoicesResult = bulkResult(Invoice);

export const bulkInvoices = endpoint({
  id: 'bulk.invoices',
  method: 'POST',
  path: '/bulk/invoices',
  scope: 'write:invoices',
  summary: `Create or update up to ${BULK_LIMITS.invoices} invoices (drafts) in one call; each succeeds or fails alone`,
  description:
    'Creates or updates up to 50 invoices (created as drafts).\n\n' +
    'Each `data` is an invoice create body, or (with `operation: update` and `id`) the fields to change.',
  exampleCall: { body: { operations: [{ operation: 'create', data: { customerId: { fixture: 'buyer' }, items: { fixture: 'lines' } } }] } },

  body: BulkInvoicesParams,
  response: BulkInvoicesResult,
});

/** A payment of the bulk endpoint names its invoice beside the payment fields. */
export const BulkPaymentCreate = PaymentCreateParams.extend({
  /** The invoice the payment is recorded on (the single endpoint's path id); an unknown id fails the item: NOT_FOUND. */
  invoiceId: z.string().min(1),
});
export type BulkPaymentCreate = z.input<typeof BulkPaymentCreate>;

/** Body of `POST /bulk/payments`: payment bodies with their `invoiceId` (payments have no update). */
export const BulkPaymentsParams = typedBulkRequest(BULK_LIMITS.payments, BulkPaymentCreate);
export const BulkPaymentsResult = bulkResult(Payment);

export const bulkPayments = endpoint({
  id: 'bulk.payments',
  method: 'POST',
  path: '/bulk/payments',
  scope: 'write:invoices',
  summary: `Record up to ${BULK_LIMITS.payments} invoice payments in one call; each succeeds or fails alone`,
  description:
    'Records up to 100 payments, each naming its invoice.\n\n' +
    'Each `data` is a payment body with its `invoiceId`; payments have no update.',
  example: "await acs.bulk.payments({ operations: [{ operation: 'create', data: { invoiceId, amount: 100 } }] });",
  exampleCall: { body: { operations: [{ operation: 'create', data: { invoiceId: { fixture: 'sentInvoice' }, amount: 10 } }] } },

  body: BulkPaymentsParams,
  response: BulkPaymentsResult,
});

/** Body of `POST /bulk/inventory-adjustments`: stock adjustment create bodies (adjustments have no update). */
export const BulkInventoryAdjustmentsParams = typedBulkRequest(BULK_LIMITS.inventoryAdjustments, StockAdjustmentCreateParams);
export const BulkInventoryAdjustmentsResult = bulkResult(StockAdjustment);

export const bulkInventoryAdjustments = endpoint({
  id: 'bulk.inventoryAdjustments',
  method: 'POST',
  path: '/bulk/inventory-adjustments',
  scope: 'write:inventory',
  summary: `Record up to ${BULK_LIMITS.inventoryAdjustments} stock adjustments in one call; each succeeds or fails alone`,
  description:
    "Records up to 200 stock adjustments (posted unless one says `status: 'draft'`).\n\n" +
    'Each `data` is a stock adjustment create body (posted unless it says `status: draft`); adjustments have no update.',
  example:
    "await acs.bulk.inventoryAdjustments({ operations: [{ operation: 'create', data: { reason: 'found', items: [{ itemId, adjustmentQuantity: 3 }] } }] });",
  exampleCall: {
    body: {
      operations: [
        {
          operation: 'create',
          data: {
            reason: 'found',
            items: [{ itemId: { first: 'items.list', query: { type: 'inventory', tracked: true } }, adjustmentQuantity: 2 }],
          },
        },
      ],
    },
  },

  body: BulkInventoryAdjustmentsParams,
  response: BulkInventoryAdjustmentsResult,
});

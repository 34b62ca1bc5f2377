import type { BatchEntity } from '../../../src/contract/index.js';
import type { BatchEntityDefinition } from './entities.js';
import { customersBatch } from './customers.js';
import { suppliersBatch } from './suppliers.js';
import { invoicesBatch } from './invoices.js';
import { billsBatch } from './bills.js';
import { itemsBatch } from './items.js';
import { journalEntriesBatch } from './journal-entries.js';
import { stockAdjustmentsBatch } from './stock-adjustments.js';
import { paymentsBatch } from './payments.js';
import { accountsBatch } from './accounts.js';

/**
 * Every entity of the batch table, imported by name: the package is built with `sideEffects: false`,
 * so a definition registered by a bare import would be dropped from the bundle.
 */
const definitions = new Map<BatchEntity, BatchEntityDefinition>(
  [
    customersBatch,
    suppliersBatch,
    invoicesBatch,
    billsBatch,
    itemsBatch,
    journalEntriesBatch,
    stockAdjustmentsBatch,
    paymentsBatch,
    accountsBatch,
  ].map((definition) => [definition.entity, definition]),
);

/** The batch operations of an entity of the table. */
export function batchEntity(entity: BatchEntity): BatchEntityDefinition {
  const definition = definitions.get(entity);
  if (!definition) throw new Error(`no batch entity ${entity} is declared`);
  return definition;
}

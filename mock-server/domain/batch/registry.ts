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
 * so a definition registered by a bare import would be dropped from the bundle. A function, so that
 * an import cycle through entities.ts never reads a definition before its module has run.
 */
export const batchDefinitions = (): readonly BatchEntityDefinition[] => [
  customersBatch,
  suppliersBatch,
  invoicesBatch,
  billsBatch,
  itemsBatch,
  journalEntriesBatch,
  stockAdjustmentsBatch,
  paymentsBatch,
  accountsBatch,
];

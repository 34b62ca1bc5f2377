/** The batch module's domain (spec module `batch`): per-entity batches through the single-record rules, jobs and imports. */
export * from './entities.js';
export * from './record-error.js';
export * from './run-records.js';
export * from './run-batch.js';
export * from './tables.js';
export * from './job-tables.js';
export * from './jobs.js';
import './customers.js';
import './suppliers.js';
import './invoices.js';
import './bills.js';
import './items.js';
import './journal-entries.js';
import './stock-adjustments.js';
import './payments.js';
import './accounts.js';

/** The sales module's domain: what routes, event rules and the seed call (spec module `sales`). */
export * from './contacts.js';
export * from './customer-summary.js';
export * from './customers.js';
export * from './document-lines.js';
export * from './document-tables.js';
export * from './invoice-posting.js';
export * from './invoice-presenter.js';
export * from './invoices.js';
export * from './payment-void.js';
export * from './payments.js';
export * from './quotes.js';
export * from './sales-documents.js';
export * from './sales-funnel.js';
export * from './sales-order-presenter.js';
export * from './sales-orders.js';
export * from './tables.js';
export * from './tax-codes.js';

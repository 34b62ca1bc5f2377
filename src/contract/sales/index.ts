export * from './customers.js';
export * from './contacts.js';
export * from './tax-codes.js';
// The line schemas only: the field builders of document-lines.ts (quantity, text, currencyCode,
// dateOrder, documentList) are the sales files' own and stay out of the public contract.
export { Attachment, CustomerRef, DocumentLine, DocumentLineCreate, sendFields } from './document-lines.js';
export * from './sales-orders.js';
export * from './quotes.js';
export * from './invoices.js';
export * from './payments.js';
export * from './credit-notes.js';
export * from './debit-notes.js';
export * from './analytics.js';

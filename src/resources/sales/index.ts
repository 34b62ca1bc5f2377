export { Customers, CustomerContacts } from './customers.js';
export { TaxCodes } from './tax-codes.js';
export { SalesOrders } from './sales-orders.js';
export { Quotes } from './quotes.js';
export { Invoices, InvoicePayments } from './invoices.js';
export { CreditNotes, CreditNoteAllocations, CreditNoteRefunds, Refunds } from './credit-notes.js';
export { DebitNotes } from './debit-notes.js';
export { Analytics } from './analytics.js';

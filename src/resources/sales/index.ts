export { Customers, CustomerContacts } from './customers.js';
export { TaxCodes } from './tax-codes.js';
export { SalesOrders } from './sales-orders.js';
export { Quotes } from './quotes.js';
export { Invoices, InvoicePayments } from './invoices.js';
export { Analytics } from './analytics.js';

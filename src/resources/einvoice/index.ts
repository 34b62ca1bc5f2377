export { Einvoices, EinvoiceDocuments } from './einvoices.js';

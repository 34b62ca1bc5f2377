export * from './records.js';
export * from './einvoices.js';

export * from './einvoice-records.js';

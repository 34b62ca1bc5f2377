export * from './bulk.js';

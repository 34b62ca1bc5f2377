export * from './items.js';

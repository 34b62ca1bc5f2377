export * from './integrations.js';

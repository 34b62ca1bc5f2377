export { Bulk } from './bulk.js';

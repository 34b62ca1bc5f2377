export { Items } from './items.js';

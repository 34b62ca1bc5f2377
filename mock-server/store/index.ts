export { Store, type Change, type StoreSnapshot, type WriteContext, type ObservedWrite, type WriteObserver } from './store.js';
export { Table, type Row, type TableOptions } from './table.js';
export { IdGenerator } from './ids.js';
export { GLOBAL } from './global.js';

export * from './tables.js';
export * from './identities.js';
export * from './source.js';
export * from './formats.js';
export * from './create.js';
export * from './presenter.js';
export * from './qr.js';
export * from './unit-codes.js';

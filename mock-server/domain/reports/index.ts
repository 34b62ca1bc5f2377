/** The reports module's domain: what routes, event rules and the seed call (spec document 3, "Reports"). */
export * from './catalogue.js';
export * from './document.js';
export * from './errors.js';
export * from './files.js';
export * from './registry.js';
export * from './period.js';
export * from './run.js';
export * from './runtime.js';
export * from './targets.js';
export * from './trial-balance.js';
export * from './kpi-figures.js';
export * from './kpis.js';
export * from './dashboard.js';
export * from './inventory-aging.js';
export * from './inventory-reports.js';
export * from './purchasing-reports.js';

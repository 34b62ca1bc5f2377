/** The platform module's domain: what routes, event rules and the seed call (spec module `platform`). */
export * from './company.js';
export * from './company-settings.js';
export * from './lock-dates.js';
export * from './tax-period.js';
export * from './tenancy.js';
export * from './webhooks.js';

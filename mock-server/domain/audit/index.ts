/** The audit module's domain (spec module `audit`): the trail's table, the system writer and the data-management surfaces. */
export * from './tables.js';
export { setAuditTrailWriting, writeAuditRow, type AuditAction } from './writer.js';
export { queryAuditTrail, type AuditTrailFilters, type AuditTrailPaging, type AuditTrailPage } from './query.js';

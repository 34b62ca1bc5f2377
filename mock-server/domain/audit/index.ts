/** The audit module's domain (spec module `audit`): the trail's table, the system writer and the data-management surfaces. */
export * from './tables.js';
export { setAuditTrailWriting, writeAuditRow, type AuditAction } from './writer.js';
export { queryAuditTrail, type AuditTrailFilters, type AuditTrailPaging, type AuditTrailPage } from './query.js';
export { APPLETS, applets, defineAppletTables, findLiveApplet, type AppletRow } from './applets.js';
export { EINVOICE_RECORD_CODES, PLATFORM_AUDIT_CODES, TENANT_AUDIT_CODES } from './permissions.js';
export { platformScope, tenantScope, type AuditContext, type AuditScope, type AuditSurface } from './scope.js';
export { readAuditTrail, type AuditQuery } from './trail-query.js';
export { createAuditRecord, deleteAuditRecord, retrieveAuditRecord, updateAuditRecord } from './trail-write.js';

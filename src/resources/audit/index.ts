export { AuditTrail, Platform, PlatformAuditTrail } from './audit-trail.js';

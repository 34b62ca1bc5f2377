import type { MockService } from '../../../mock-server/index.js';
import { AUDIT_TRAILS, type AuditTrailRow } from '../../../mock-server/domain/audit/index.js';

/** Every row of a company's audit trail (default the primary company), oldest first. */
export const auditRows = (mock: MockService, companyId = mock.credentials.companyId): AuditTrailRow[] =>
  mock.store.table<AuditTrailRow>(companyId, AUDIT_TRAILS).all();

/** The trail's rows about one record. */
export const rowsAbout = (mock: MockService, foreignKey: string, companyId?: string): AuditTrailRow[] =>
  auditRows(mock, companyId).filter((row) => row.foreign_key === foreignKey);

/** The payload of a row's `message_json`. */
export const payloadOf = (row: AuditTrailRow): Record<string, unknown> =>
  (row.message_json as { payload: Record<string, unknown> }).payload;

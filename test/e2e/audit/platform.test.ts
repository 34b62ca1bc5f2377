import { describe, expect, it } from 'vitest';
import { auditSandbox, record, refusal } from './audit-sandbox.js';

// Spec document 3: the platform surface reads across tenants; a record outside the caller's permission is masked.
describe('the platform surface of the audit trail', () => {
  const { mock, as } = auditSandbox();
  const [tanjung, bakery] = mock.credentials.companies;

  it('reads the master trail and every tenant; a tenant outside the platform user’s companies comes back PERMISSION_DENIED', async () => {
    const owner = as('owner');
    const { bl_applet_audit_trail: own } = await owner.auditTrail.create(record({ foreign_key: 'platform-test', descr: 'tanjung' }));
    const { bl_applet_audit_trail: other } = await as('owner', { tenantCode: bakery!.id }).auditTrail.create(
      record({ foreign_key: 'platform-test', descr: 'bakery' }),
    );
    const { bl_applet_audit_trail: master } = await as('platformAdmin').platform.auditTrail.create(
      record({ foreign_key: 'platform-test', descr: 'master' }),
    );

    const admin = await as('platformAdmin').platform.auditTrail.query({ foreign_key: 'platform-test' });
    expect(admin.data.map((r) => r.bl_applet_audit_trail.descr).sort()).toEqual(['bakery', 'master', 'tanjung']);

    const reader = as('platformReader');
    expect(mock.credentials.oauth!.users[4]!.companyIds).toEqual([tanjung!.id]);
    const page = await reader.platform.auditTrail.query({ foreign_key: 'platform-test' });
    const byStatus = page.data.map((r) => r.bl_applet_audit_trail);
    const denied = byStatus.filter((r) => r.status === 'PERMISSION_DENIED');
    expect(denied).toHaveLength(1);
    expect(Object.entries(denied[0]!).filter(([key, value]) => key !== 'status' && value !== null && value !== '')).toEqual([]);
    expect(
      byStatus
        .filter((r) => r.status === 'ACTIVE')
        .map((r) => r.guid)
        .sort(),
    ).toEqual([own.guid, master.guid].sort());
    expect((await reader.platform.auditTrail.retrieve(other.guid)).bl_applet_audit_trail.status).toBe('PERMISSION_DENIED');
  });

  it('refuses a platform write to a record outside the caller’s permission, and a write of the PERMISSION_DENIED marker', async () => {
    const { bl_applet_audit_trail: other } = await as('owner', { tenantCode: bakery!.id }).auditTrail.create(record({ descr: 'bakery' }));
    const admin = as('platformAdmin');
    const { bl_applet_audit_trail: updated } = await admin.platform.auditTrail.update(record({ ...other, descr: 'by the platform' }));
    expect(updated).toMatchObject({ descr: 'by the platform', updated_by_name: mock.credentials.oauth!.users[3]!.name });
    expect(await refusal(admin.platform.auditTrail.update(record({ ...updated, status: 'PERMISSION_DENIED' })))).toMatchObject({
      status: 400,
      code: 'API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_STATUS_IS_RESPONSE_ONLY',
    });
    expect(await refusal(as('platformAdmin').platform.auditTrail.delete('00000000-0000-4000-8000-000000000000'))).toMatchObject({
      status: 404,
      code: 'CLIENT_VALIDATION_GUIDDOESNOTEXIST',
    });
  });
});

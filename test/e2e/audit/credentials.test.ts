import { describe, expect, it } from 'vitest';
import { AuthenticationError, PermissionDeniedError, InvalidRequestError } from '../../../src/index.js';
import { auditSandbox, record, refusal } from './audit-sandbox.js';

// Spec document 3, "Authentication": the data-management API serves signed-in users by permission code.
describe('credentials and permission codes of the data-management API', () => {
  const { mock, acs, as, user, client, sent } = auditSandbox();

  it('refuses an API key on /core2 with 401 saying access-key use of the audit trail is not offered', async () => {
    const error = await refusal(acs.auditTrail.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'CLIENT_AUTH_ACCESS_KEY_NOT_OFFERED' });
    expect(error.message).toContain('Access-key server-to-server use of the audit trail is not offered');
    const platform = await refusal(acs.platform.auditTrail.query({}));
    expect(platform).toMatchObject({ status: 401, code: 'CLIENT_AUTH_ACCESS_KEY_NOT_OFFERED' });
  });

  it('calls the data base URL with the user access token and the tenant code of the client', async () => {
    const owner = as('owner');
    sent.length = 0;
    await owner.auditTrail.list();
    const [request] = sent;
    expect(request!.url.href.startsWith(owner.dataBaseUrl)).toBe(true);
    expect(request!.url.pathname).toBe('/core2/tnt/dm/erp/audit-trails/backoffice-ep');
    expect(request!.headers.get('authorization')).toMatch(/^Bearer acs_at_/);
    expect(request!.headers.get('x-tenant-code')).toBe(mock.credentials.companyId);
  });

  it('mock.signIn and POST /__mock/sign-in give a token of the named user, by id, email or guid', async () => {
    const owner = user('owner');
    const created = await client({ accessToken: mock.signIn(owner.guid) }).auditTrail.create(record({ action: 'NOTED' }));
    expect(created.bl_applet_audit_trail).toMatchObject({ created_by_subject_guid: owner.guid, created_by_name: owner.name });
    expect(() => mock.signIn('nobody@example.com')).toThrow(/No sandbox user/);
  });

  it('a user without codes is refused with 403 CLIENT_AUTH_USER_NOT_AUTHORIZED on both surfaces', async () => {
    const noCodes = as('noCodes', { companyId: mock.credentials.companies[1]!.id });
    const tenant = await refusal(noCodes.auditTrail.list());
    expect(tenant).toBeInstanceOf(PermissionDeniedError);
    expect(tenant).toMatchObject({ status: 403, code: 'CLIENT_AUTH_USER_NOT_AUTHORIZED' });
    expect(await refusal(noCodes.platform.auditTrail.list())).toMatchObject({ status: 403, code: 'CLIENT_AUTH_USER_NOT_AUTHORIZED' });
  });

  it('checks the permission (and then the tenant) before it reads the body, as the business API checks scopes', async () => {
    const readOnly = as('readOnly');
    const hostile = { bl_applet_audit_trail: { guid: 'not a uuid', descr: 42 } } as never;
    expect(await refusal(readOnly.auditTrail.create(hostile))).toMatchObject({ status: 403, code: 'CLIENT_AUTH_USER_NOT_AUTHORIZED' });
    const otherTenant = as('owner', { tenantCode: 'cmp_unknown' });
    expect(await refusal(otherTenant.auditTrail.create(hostile))).toMatchObject({ status: 403, code: 'CLIENT_AUTH_USER_NOT_AUTHORIZED' });
    expect(await refusal(as('owner').auditTrail.create(hostile))).toMatchObject({ status: 422, code: 'VALIDATION_ERROR' });
  });

  it('the read-only integration reads but may not create, update or delete', async () => {
    const readOnly = as('readOnly');
    await expect(readOnly.auditTrail.list()).resolves.toBeDefined();
    expect(await refusal(readOnly.auditTrail.create(record()))).toMatchObject({ status: 403, code: 'CLIENT_AUTH_USER_NOT_AUTHORIZED' });
    const { bl_applet_audit_trail: row } = await as('owner').auditTrail.create(record());
    expect(await refusal(readOnly.auditTrail.delete(row.guid))).toMatchObject({ status: 403, code: 'CLIENT_AUTH_USER_NOT_AUTHORIZED' });
    expect(await refusal(readOnly.auditTrail.update(record({ ...row })))).toMatchObject({ status: 403 });
  });

  it('tenant codes (TNT_) do not open the platform surface, MST_ read codes do not open the tenant surface', async () => {
    expect(await refusal(as('owner').platform.auditTrail.list())).toMatchObject({ status: 403, code: 'CLIENT_AUTH_USER_NOT_AUTHORIZED' });
    expect(await refusal(as('platformReader').auditTrail.list())).toMatchObject({ status: 403, code: 'CLIENT_AUTH_USER_NOT_AUTHORIZED' });
    await expect(as('platformReader').platform.auditTrail.list()).resolves.toBeDefined();
    expect(await refusal(as('platformReader').platform.auditTrail.create(record()))).toMatchObject({ status: 403 });
  });

  it('the platform administrator passes every platform check without holding a code', async () => {
    expect(user('platformAdmin')).toMatchObject({ permissionCodes: [], platformAdmin: true });
    const admin = as('platformAdmin');
    const { bl_applet_audit_trail: row } = await admin.platform.auditTrail.create(record({ action: 'NOTED' }));
    await expect(admin.platform.auditTrail.retrieve(row.guid)).resolves.toMatchObject({ bl_applet_audit_trail: { guid: row.guid } });
    await expect(admin.platform.auditTrail.delete(row.guid)).resolves.toEqual({ guid: row.guid, deleted: true });
    // ... but holds no tenant code.
    expect(await refusal(admin.auditTrail.list())).toMatchObject({ status: 403 });
  });

  it('the tenant code must name a tenant of the user: another tenant or none at all is refused', async () => {
    const readOnly = as('readOnly', { tenantCode: mock.credentials.companies[1]!.id });
    expect(await refusal(readOnly.auditTrail.list())).toMatchObject({ status: 403, code: 'CLIENT_AUTH_USER_NOT_AUTHORIZED' });
    expect(await refusal(as('owner', { tenantCode: 'cmp_unknown' }).auditTrail.list())).toMatchObject({ status: 403 });
    const noTenant = client({ accessToken: mock.signIn(user('owner').id), companyId: undefined });
    const error = await refusal(noTenant.auditTrail.list());
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ status: 400, code: 'CLIENT_VALIDATION_TENANT_CODE_IS_NULL' });
  });

  it('the seed gives every user a login subject guid and the owner every tenant audit and e-invoice record code', () => {
    const users = mock.credentials.oauth!.users;
    for (const u of users) expect(u.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(users.map((u) => u.guid)).size).toBe(users.length);
    expect(user('owner').permissionCodes).toEqual(
      expect.arrayContaining([
        'TNT_API_DM_APPLET_AUDIT_TRAIL_OWNER',
        'TNT_API_DM_APPLET_AUDIT_TRAIL_DELETE',
        'API_TNT_DM_ERP_MY_E_INVOICE_TO_IRB_OWNER',
        'API_TNT_DM_ERP_MY_E_INVOICE_TO_IRB_UPDATE',
      ]),
    );
    expect(user('readOnly').permissionCodes).toEqual(['TNT_API_DM_APPLET_AUDIT_TRAIL_READ', 'API_TNT_DM_ERP_MY_E_INVOICE_TO_IRB_READ']);
    expect(user('platformReader').permissionCodes).toEqual(['MST_API_DM_APPLET_AUDIT_TRAIL_READ']);
    expect(user('noCodes').permissionCodes).toEqual([]);
  });
});

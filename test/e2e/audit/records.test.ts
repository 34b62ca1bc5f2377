import { describe, expect, it } from 'vitest';
import { ConflictError, InvalidRequestError, NotFoundError } from '../../../src/index.js';
import { DEMO_APPLETS } from '../../../mock-server/seed/audit.js';
import { auditSandbox, record, refusal } from './audit-sandbox.js';

const [erp, pos] = DEMO_APPLETS;
const retired = DEMO_APPLETS.find((applet) => applet.status === 'DELETED')!;
const CHECK = (name: string) => `API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_${name}`;

// Spec document 3, "Audit trail record" and "Errors": the fields' rules on both writes.
describe('audit trail records: create, update and delete', () => {
  const { mock, as, user } = auditSandbox();
  const owner = as('owner');

  it('a create defaults guid, revision and status, stamps the dates and takes the creator from the credential', async () => {
    const { bl_applet_audit_trail: row } = await owner.auditTrail.create(
      record({
        action: 'EXPORTED',
        foreign_table: 'invoices',
        foreign_key: 'inv_1',
        created_by_subject_guid: user('readOnly').guid,
        created_by_name: 'Someone else',
      }),
    );
    expect(row.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.revision).toMatch(/^[0-9a-f-]{36}$/);
    const written = Date.parse(row.created_date!);
    expect(Math.abs(written - mock.clock.nowMs())).toBeLessThan(5000);
    expect(row).toMatchObject({
      status: 'ACTIVE',
      action: 'EXPORTED',
      updated_date: row.created_date,
      created_by_subject_guid: user('owner').guid,
      updated_by_subject_guid: user('owner').guid,
      created_by_name: user('owner').name,
      updated_by_name: user('owner').name,
      descr: null,
      message_json: null,
    });
  });

  it('keeps a guid, revision and free-form objects as given, and fills applet_code from the registry', async () => {
    const guid = '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
    const revision = '1a2b3c4d-5e6f-4a1b-9c2d-3e4f5a6b7c8d';
    const { bl_applet_audit_trail: row } = await owner.auditTrail.create(
      record({ guid, revision, applet_guid: erp!.guid, property_json: { a: { b: [1, 2] } }, acl_config: { read: ['x'] }, acl_policy: {} }),
    );
    expect(row).toMatchObject({
      guid,
      revision,
      applet_guid: erp!.guid,
      applet_code: erp!.code,
      property_json: { a: { b: [1, 2] } },
      acl_config: { read: ['x'] },
      acl_policy: {},
    });
    expect(await refusal(owner.auditTrail.create(record({ guid })))).toMatchObject({
      status: 409,
      code: 'CLIENT_VALIDATION_GUID_ALREADY_EXISTS',
    });
  });

  it('refuses an applet that does not exist or is DELETED with 400 APPLET_GUID_DOES_NOT_EXISTS, writing nothing', async () => {
    const before = (await owner.auditTrail.list({ calcTotalRecords: true })).total;
    for (const applet_guid of [retired.guid, '99999999-9999-4999-8999-999999999999']) {
      const error = await refusal(owner.auditTrail.create(record({ applet_guid })));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({
        status: 400,
        code: CHECK('APPLET_GUID_DOES_NOT_EXISTS'),
        details: [{ code: CHECK('APPLET_GUID_DOES_NOT_EXISTS'), field: 'applet_guid' }],
      });
    }
    expect((await owner.auditTrail.list({ calcTotalRecords: true })).total).toBe(before);
  });

  it('PUT takes the whole record: an omitted field becomes null, the revision changes, the updater is the credential', async () => {
    const { bl_applet_audit_trail: created } = await owner.auditTrail.create(
      record({ action: 'EXPORTED', descr: 'first', applet_guid: pos!.guid }),
    );
    mock.clock.advance({ minutes: 5 });
    const admin = as('owner');
    const { bl_applet_audit_trail: updated } = await admin.auditTrail.update(
      record({
        guid: created.guid,
        revision: created.revision,
        status: 'ACTIVE',
        action: 'EXPORTED',
        created_by_subject_guid: created.created_by_subject_guid,
      }),
    );
    expect(updated).toMatchObject({ descr: null, applet_guid: null, applet_code: null, created_date: created.created_date });
    expect(Date.parse(updated.updated_date!) - Date.parse(created.created_date!)).toBeGreaterThanOrEqual(5 * 60_000);
    expect(updated.revision).not.toBe(created.revision);
    expect(updated).toMatchObject({
      created_by_subject_guid: user('owner').guid,
      created_by_name: user('owner').name,
      updated_by_name: user('owner').name,
    });
  });

  it('on update a null creator is filled from the credential and a body creator is kept when it is a login subject', async () => {
    const { bl_applet_audit_trail: row } = await owner.auditTrail.create(record());
    const other = user('readOnly');
    const { bl_applet_audit_trail: kept } = await owner.auditTrail.update(record({ ...row, created_by_subject_guid: other.guid }));
    expect(kept).toMatchObject({
      created_by_subject_guid: other.guid,
      created_by_name: other.name,
      updated_by_subject_guid: user('owner').guid,
    });
    const { bl_applet_audit_trail: filled } = await owner.auditTrail.update(record({ ...kept, created_by_subject_guid: null }));
    expect(filled.created_by_subject_guid).toBe(user('owner').guid);
  });

  it('a stale revision is refused with 409 CLIENT_VALIDATION_REVISION_MISMATCH and changes nothing', async () => {
    const { bl_applet_audit_trail: row } = await owner.auditTrail.create(record({ descr: 'v1' }));
    await owner.auditTrail.update(record({ ...row, descr: 'v2' }));
    const error = await refusal(owner.auditTrail.update(record({ ...row, descr: 'v3' })));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'CLIENT_VALIDATION_REVISION_MISMATCH' });
    expect((await owner.auditTrail.retrieve(row.guid)).bl_applet_audit_trail.descr).toBe('v2');
  });

  it('lists every failing check of a PUT, in the spec order, with 400', async () => {
    const error = await refusal(
      owner.auditTrail.update(record({ applet_guid: retired.guid, created_by_subject_guid: '99999999-9999-4999-8999-999999999999' })),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.status).toBe(400);
    expect(error.code).toBe(CHECK('GUID_IS_NULL'));
    expect(error.details.map((d) => d.code)).toEqual([
      CHECK('GUID_IS_NULL'),
      CHECK('STATUS_IS_NULL_OR_EMPTY'),
      CHECK('REVISION_IS_NULL'),
      CHECK('APPLET_GUID_DOES_NOT_EXISTS'),
      CHECK('CREATED_BY_SUBJECT_GUID_DOES_NOT_EXIST'),
    ]);
  });

  it('an empty status is refused on create; the PERMISSION_DENIED marker is never accepted on a write', async () => {
    expect(await refusal(owner.auditTrail.create(record({ status: ' ' })))).toMatchObject({
      status: 400,
      code: CHECK('STATUS_IS_NULL_OR_EMPTY'),
    });
    expect(await refusal(owner.auditTrail.create(record({ status: 'PERMISSION_DENIED' })))).toMatchObject({
      status: 400,
      code: CHECK('STATUS_IS_RESPONSE_ONLY'),
    });
    const admin = as('platformAdmin');
    expect(await refusal(admin.platform.auditTrail.create(record({ status: 'PERMISSION_DENIED' })))).toMatchObject({ status: 400 });
  });

  it('a delete makes the record DELETED and invisible; an unknown guid is 404 CLIENT_VALIDATION_GUIDDOESNOTEXIST', async () => {
    const { bl_applet_audit_trail: row } = await owner.auditTrail.create(record({ foreign_key: 'gone' }));
    await expect(owner.auditTrail.delete(row.guid)).resolves.toEqual({ guid: row.guid, deleted: true });
    for (const call of [
      owner.auditTrail.delete(row.guid),
      owner.auditTrail.retrieve(row.guid),
      owner.auditTrail.update(record({ ...row })),
    ]) {
      const error = await refusal(call);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, code: 'CLIENT_VALIDATION_GUIDDOESNOTEXIST' });
    }
    expect((await owner.auditTrail.query({ foreign_key: 'gone' })).data).toEqual([]);
    expect((await owner.auditTrail.query({ foreign_key: 'gone', status: 'DELETED' })).data).toEqual([]);
  });

  it("one tenant's records are invisible on another tenant's surface", async () => {
    const { bl_applet_audit_trail: row } = await owner.auditTrail.create(record({ foreign_key: 'tanjung-only' }));
    const bakery = as('owner', { tenantCode: mock.credentials.companies[1]!.id });
    expect(await refusal(bakery.auditTrail.retrieve(row.guid))).toMatchObject({ status: 404 });
    expect((await bakery.auditTrail.query({ foreign_key: 'tanjung-only' })).data).toEqual([]);
  });
});

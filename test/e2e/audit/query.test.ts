import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/index.js';
import { auditSandbox, record, refusal } from './audit-sandbox.js';

// Spec document 3, "Audit trail (data-management API)": query parameters, paging and the envelope.
describe('reading the audit trail: paging, filters and ranges', () => {
  const { as, sent, mock, user, acs } = auditSandbox();
  const owner = as('owner');
  const guids: string[] = [];
  const MINE = 'query-test';

  beforeAll(async () => {
    const rows = [
      {
        foreign_table: 'invoices',
        foreign_key: 'inv_1',
        action: 'CREATED',
        date_txn: '2026-03-01T09:00:00+08:00',
        created_by_name: 'x',
        id_user: 'u1',
      },
      { foreign_table: 'invoices', foreign_key: 'inv_1', action: 'UPDATED', date_txn: '2026-03-02T09:00:00+08:00', id_user: 'u2' },
      { foreign_table: 'invoices', foreign_key: 'inv_2', action: 'DELETED', date_txn: '2026-03-03T09:00:00+08:00', id_user: 'u1' },
      { foreign_table: 'customers', foreign_key: 'cus_1', action: 'CREATED', date_txn: '2026-03-04T09:00:00+08:00', id_user: 'u1' },
      { foreign_table: 'customers', foreign_key: 'cus_1', action: 'DISCARD', date_txn: null, id_user: 'U1', status: 'ARCHIVED' },
    ];
    // txn_type sets them apart from the rows the system writes for the demo seed's records.
    for (const fields of rows)
      guids.push((await owner.auditTrail.create(record({ ...fields, txn_type: MINE }))).bl_applet_audit_trail.guid);
  });

  it('lists in guid order by default, 100 a page, totalRecords 0 unless calcTotalRecords=true', async () => {
    const page = await owner.auditTrail.query({ txn_type: MINE });
    expect(page.data.map((r) => r.bl_applet_audit_trail.guid)).toEqual([...guids].sort());
    expect(page.pagination).toMatchObject({ limit: 100, hasMore: false, total: 0 });
    expect((await owner.auditTrail.query({ txn_type: MINE, calcTotalRecords: true })).total).toBe(5);
    const all = await owner.auditTrail.list();
    expect(all.data).toHaveLength(100);
    const guidsOfPage = all.data.map((r) => r.bl_applet_audit_trail.guid);
    expect(guidsOfPage).toEqual([...guidsOfPage].sort());
  });

  it('answers in the data-management envelope: data, totalRecords and pagination beside it', async () => {
    const url = `${owner.dataBaseUrl}/core2/tnt/dm/erp/audit-trails/backoffice-ep/query?limit=2&calcTotalRecords=true&txn_type=${MINE}`;
    const headers = { authorization: `Bearer ${mock.signIn(user('readOnly').id)}`, 'x-tenant-code': mock.credentials.companyId };
    const body = await (await mock.fetch(url, { headers })).json();
    expect(body).toMatchObject({ success: true, totalRecords: 5, pagination: { hasMore: true, nextOffset: 2, limit: 2, total: 5 } });
    expect(body.data[0]).toHaveProperty('bl_applet_audit_trail.guid');
  });

  it('pages by limit and offset, and for await walks every page', async () => {
    const first = await owner.auditTrail.query({ txn_type: MINE, limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.pagination).toMatchObject({ hasMore: true, nextOffset: 2 });
    sent.length = 0;
    const all: string[] = [];
    for await (const { bl_applet_audit_trail: row } of owner.auditTrail.query({ txn_type: MINE, limit: 2 })) all.push(row.guid);
    expect(all).toEqual([...guids].sort());
    expect(sent.map((r) => r.url.searchParams.get('offset'))).toEqual([null, '2', '4']);
  });

  it('orders by orderBy and order', async () => {
    const page = await owner.auditTrail.query({ txn_type: MINE, foreign_table: 'invoices', orderBy: 'date_txn', order: 'DESC' });
    expect(page.data.map((r) => r.bl_applet_audit_trail.action)).toEqual(['DELETED', 'UPDATED', 'CREATED']);
  });

  it('matches filters exactly: no fragments, names case-sensitive', async () => {
    expect((await owner.auditTrail.query({ foreign_key: 'inv_1' })).data).toHaveLength(2);
    expect((await owner.auditTrail.query({ foreign_key: 'inv' })).data).toHaveLength(0);
    expect((await owner.auditTrail.query({ id_user: 'u1', foreign_table: 'invoices' })).data).toHaveLength(2);
    const owned = await owner.auditTrail.query({ txn_type: MINE, created_by_name: 'Nurul Aisyah binti Rahman' });
    expect(owned.data).toHaveLength(5);
    expect((await owner.auditTrail.query({ created_by_name: 'nurul aisyah binti rahman' })).data).toHaveLength(0);
  });

  it('status omitted reads all but DELETED; a status reads that status alone', async () => {
    expect((await owner.auditTrail.query({ foreign_key: 'cus_1' })).data).toHaveLength(2);
    const archived = await owner.auditTrail.query({ status: 'ARCHIVED' });
    expect(archived.data.map((r) => r.bl_applet_audit_trail.action)).toEqual(['DISCARD']);
  });

  it('date ranges are inclusive and read ISO 8601 offsets as instants', async () => {
    // 2026-03-02T09:00+08:00 = 01:00Z; the bounds hit it exactly, in another offset.
    const page = await owner.auditTrail.query({
      txn_type: MINE,
      date_txn_from: '2026-03-02T01:00:00Z',
      date_txn_to: '2026-03-03T01:00:00+00:00',
    });
    expect(page.data.map((r) => r.bl_applet_audit_trail.action).sort()).toEqual(['DELETED', 'UPDATED']);
    const none = await owner.auditTrail.query({ txn_type: MINE, created_date_to: '2020-01-01T00:00:00+08:00' });
    expect(none.data).toEqual([]);
  });

  it('byAction filters a date-limited query on the client, and refuses a query without a date bound', async () => {
    const created: string[] = [];
    for await (const { bl_applet_audit_trail: row } of owner.auditTrail.byAction('CREATED', {
      txn_type: MINE,
      date_txn_from: '2026-03-01T00:00:00+08:00',
    }))
      created.push(row.foreign_key!);
    expect(created.sort()).toEqual(['cus_1', 'inv_1']);
    await expect(owner.auditTrail.byAction('CREATED', { foreign_table: 'invoices' }).next()).rejects.toThrow(/date-limited/);
  });

  it("reads the rows the service writes for the business API's writes, by the record's table and id", async () => {
    const customer = await acs.customers.create({ name: 'Audited Sdn Bhd', email: 'audited@example.my' });
    const page = await owner.auditTrail.query({ foreign_table: 'customers', foreign_key: customer.id });
    expect(page.data.map((r) => r.bl_applet_audit_trail.action)).toEqual(['CREATED']);
  });

  it('keeps date_txn as the instant sent, written in UTC', async () => {
    const { bl_applet_audit_trail: row } = await owner.auditTrail.create(record({ date_txn: '2026-03-05T08:30:00+08:00' }));
    expect(row.date_txn).toBe('2026-03-05T00:30:00.000Z');
  });

  it('refuses an unknown orderBy, a limit over 1000 and a date without offset with 422 VALIDATION_ERROR', async () => {
    expect(await refusal(owner.auditTrail.list({ limit: 1001 }))).toBeInstanceOf(ValidationError);
    expect(await refusal(owner.auditTrail.query({ orderBy: 'descr' as never }))).toMatchObject({ status: 422 });
    expect(await refusal(owner.auditTrail.query({ date_txn_from: '2026-03-01T00:00:00' }))).toMatchObject({ status: 422 });
  });
});

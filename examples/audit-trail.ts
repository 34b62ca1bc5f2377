// The audit trail of the data-management API: signed-in users with permission codes, two surfaces.
import { AcsClient, PermissionDeniedError } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ now: '2026-03-10T02:00:00Z' });
  const [owner, , readOnly, , support] = mock.credentials.oauth!.users;
  const { companyId, dataBaseUrl } = mock.credentials;

  // A signed-in user's access token (the OAuth flow of acs-sdk/oauth; mock.signIn skips the browser in tests).
  const acs = new AcsClient({ accessToken: mock.signIn(owner!.id), companyId, dataBaseUrl, fetch: mock.fetch });

  // The tenant surface: the client's company is the tenant (X-Tenant-Code), the record in its container.
  const { bl_applet_audit_trail: created } = await acs.auditTrail.create({
    bl_applet_audit_trail: {
      action: 'EXPORTED',
      txn_type: 'EXPORT',
      foreign_table: 'invoices',
      foreign_key: 'inv_123',
      date_txn: '2026-03-10T10:00:00+08:00',
    },
  });
  // PUT takes the whole record back, with the revision read.
  await acs.auditTrail.update({ bl_applet_audit_trail: { ...created, descr: 'exported to the auditor' } });

  // Query with exact filters and inclusive ISO 8601 ranges; for await walks the offset pages.
  const rows: string[] = [];
  for await (const { bl_applet_audit_trail: row } of acs.auditTrail.query({
    txn_type: 'EXPORT',
    date_txn_from: '2026-03-01T00:00:00+08:00',
  })) {
    rows.push(`${row.action} ${row.foreign_key} by ${row.updated_by_name}`);
  }
  // The service writes a row for every create, update and delete of the business API; filtering by action
  // is the client's job, over a date-limited query.
  const exported = [];
  for await (const item of acs.auditTrail.byAction('EXPORTED', { date_txn_from: '2026-03-01T00:00:00+08:00' }))
    exported.push(item.bl_applet_audit_trail.guid);

  // A read-only integration holds TNT_API_DM_APPLET_AUDIT_TRAIL_READ alone: it reads, it may not write.
  const integration = new AcsClient({ accessToken: mock.signIn(readOnly!.id), companyId, dataBaseUrl, fetch: mock.fetch });
  let refused = '';
  try {
    await integration.auditTrail.delete(created.guid);
  } catch (error) {
    if (error instanceof PermissionDeniedError) refused = error.code;
  }

  // The platform surface reads every tenant (MST_API_DM_APPLET_AUDIT_TRAIL_READ or a platform administrator).
  const platform = new AcsClient({ accessToken: mock.signIn(support!.id), dataBaseUrl, fetch: mock.fetch });
  const page = await platform.platform.auditTrail.query({ foreign_key: 'inv_123', calcTotalRecords: true });

  console.log(rows, exported, refused, page.total);
  return { rows, exported, refused, platformTotal: page.total };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();

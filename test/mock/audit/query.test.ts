import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock-server/index.js';
import { auditTrailsTable, queryAuditTrail } from '../../../mock-server/domain/audit/index.js';
import { auditRows } from './support.js';

describe('queryAuditTrail: one page of a tenant trail for the data-management routes', () => {
  const mock = createMockService({ seed: 'demo' });
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId };
  const rows = auditRows(mock);

  it('finds a record by foreign_key, ordered by guid by default', () => {
    const invoice = rows.find((r) => r.foreign_table === 'invoices' && r.action === 'UPDATED')!;
    const page = queryAuditTrail(ctx, { foreign_key: invoice.foreign_key! });
    const expected = rows
      .filter((r) => r.foreign_key === invoice.foreign_key)
      .map((r) => r.guid)
      .sort();
    expect(page.rows.map((r) => r.guid)).toEqual(expected);
    expect(page).toMatchObject({ total: expected.length, hasMore: false });
  });

  it('pages by limit and offset, in either order, over foreign_table and an inclusive date_txn range with an offset', () => {
    // The seed moves the clock while it writes its history: the trail's dates are not in row order.
    const dates = rows.map((r) => r.date_txn!).sort();
    const from = dates[0].replace('Z', '+00:00');
    const to = new Date(Date.parse(dates[dates.length - 1]) + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    const all = rows
      .filter((r) => r.foreign_table === 'accounts')
      .map((r) => r.guid)
      .sort()
      .reverse();
    const first = queryAuditTrail(ctx, { foreign_table: 'accounts', date_txn_from: from, date_txn_to: to }, { limit: 10, order: 'DESC' });
    const second = queryAuditTrail(
      ctx,
      { foreign_table: 'accounts', date_txn_from: from, date_txn_to: to },
      { limit: 10, offset: 10, order: 'DESC' },
    );
    expect([...first.rows, ...second.rows].map((r) => r.guid)).toEqual(all.slice(0, 20));
    expect(first).toMatchObject({ total: all.length, hasMore: true });
    expect(queryAuditTrail(ctx, { foreign_table: 'accounts', date_txn_to: '2000-01-01T00:00:00+08:00' }).total).toBe(0);
  });

  it('matches exactly (no fragments) and hides DELETED rows unless status asks for them', () => {
    expect(queryAuditTrail(ctx, { foreign_table: 'account' }).total).toBe(0);
    expect(queryAuditTrail(ctx, { id_user: 'system' }).total).toBe(rows.length);
    const gone = rows[0];
    mock.store.transaction(() => auditTrailsTable(ctx).update(gone.id, { status: 'DELETED' }));
    expect(queryAuditTrail(ctx, { foreign_key: gone.foreign_key! }).rows.map((r) => r.guid)).not.toContain(gone.guid);
    expect(queryAuditTrail(ctx, { foreign_key: gone.foreign_key!, status: 'DELETED' }).rows.map((r) => r.guid)).toEqual([gone.guid]);
  });
});

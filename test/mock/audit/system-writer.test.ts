import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock-server/index.js';
import { AUDIT_TRAILS, type AuditTrailRow } from '../../../mock-server/domain/audit/index.js';
import { GLOBAL, type Row } from '../../../mock-server/store/index.js';
import { runPipeline } from '../../../mock-server/domain/einvoice-records/index.js';
import { emptyTally, integrationsTable, recordSyncRun } from '../../../mock-server/domain/integrations/index.js';
import { sandbox } from '../../support/sandbox.js';
import { auditRows, payloadOf, rowsAbout } from './support.js';
import { lastTaxPeriod, purchaseReturn, revaluedUsdInvoice, supplierCredit, supplierDebitNote } from '../../support/call-fixtures.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Kinds of record that belong to no company (stored under GLOBAL): no tenant trail holds them. */
const GLOBAL_KINDS = ['companies', 'apiKeys', 'outbox', 'oauthClients', 'users', 'applets', 'reportLinks'];

describe('the system writer of the audit trail (spec document 3, "Audit trail record"; AUD-16 to AUD-18)', () => {
  it('every company table the store knows writes CREATED rows naming it, with no code of its module', async () => {
    const { mock, acs } = sandbox({ seed: 'demo' });
    // The kinds the demo seed leaves empty: a webhook, an e-invoice, and the internal e-invoice records (made when read).
    await acs.webhooks.subscribe({ url: 'https://example.com/hooks', events: ['invoice.created'] });
    const [sent] = (await acs.invoices.list({ status: 'sent', limit: 1 })).data;
    await acs.einvoices.create({ invoiceId: sent!.id, format: 'UBL21' });
    // The books' lock dates (ACC-32), which the demo leaves open, a tax period (ACC-40), and a filed tax return (ACC-35) of the last two whole months.
    await acs.company.update({ lockDate: '2020-12-31' });
    await acs.company.update({ taxPeriodMonths: 3 });
    await acs.company.update({ taxPeriodMonths: 2 });
    await acs.taxReturns.create(lastTaxPeriod(mock));
    // A currency revaluation of an open dollar invoice (ACC-37), and a rate of the exchange-rate table (ACC-41).
    await revaluedUsdInvoice(acs);
    await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-31', rate: 4.5 });
    // A purchase return of a received order (PUR-62).
    await purchaseReturn(acs);
    // A supplier's credit note and debit note (PUR-58).
    await supplierCredit(acs);
    await supplierDebitNote(acs);
    mock.store.transaction(() => runPipeline({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId }));
    // A batch and an integration's sync run.
    await acs.batch.customers.run([{ operation: 'create', data: { name: 'Audited Batch', email: 'audited@batch.my' } }]);
    const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId };
    const [store] = integrationsTable(ctx).all();
    mock.store.transaction(() =>
      recordSyncRun(ctx, store!, {
        operation: 'sync-orders',
        request: {},
        counters: {},
        processed: 0,
        tally: emptyTally(),
        startedAtMs: mock.clock.nowMs(),
      }),
    );
    // The store's webhook subscription, and an order its upstream emits as the clock moves.
    await acs.integrations.webhooks(store!.id, {
      events: ['order.created'],
      endpoint: 'https://example.com/store-hooks',
      secret: 'whsec_audited_0123456789',
    });
    mock.clock.advance({ minutes: 31 });
    await acs.integrations.createConnector({
      name: 'Audited',
      type: 'custom',
      authentication: { type: 'api_key', fields: [{ name: 'apiKey', label: 'Key', type: 'password' }] },
      endpoints: [{ name: 'orders', method: 'GET', path: '/orders', mapping: { externalId: '$.id' } }],
    });
    const created = new Set(
      auditRows(mock)
        .filter((row) => row.action === 'CREATED')
        .map((row) => row.foreign_table),
    );
    const audited = mock.store
      .tableDefinitions()
      .filter(([name, options]) => !options.internal && !GLOBAL_KINDS.includes(name))
      .map(([name]) => name);
    expect(audited.length).toBeGreaterThan(10);
    expect(audited.filter((name) => !created.has(name))).toEqual([]);
  });

  it('a kind of record declared later gets its CREATED, UPDATED and DELETED rows from the store alone', () => {
    const mock = createMockService({ seed: 'empty' });
    const { store } = mock;
    store.defineTable('widgets', { prefix: 'wdg' });
    const widgets = store.table<Row & { colour: string }>(mock.credentials.companyId, 'widgets');
    const id = widgets.newId();
    store.transaction(() => widgets.insert({ id, colour: 'red' }));
    widgets.update(id, { colour: 'blue' }); // outside any transaction: still one unit with its row
    store.transaction(() => widgets.delete(id));
    const rows = rowsAbout(mock, id);
    expect(rows.map((row) => [row.action, row.descr, row.foreign_table])).toEqual([
      ['CREATED', 'CREATED', 'widgets'],
      ['UPDATED', 'UPDATED', 'widgets'],
      ['DELETED', 'DELETED', 'widgets'],
    ]);
    expect(Object.keys(payloadOf(rows[0]))).toEqual(['new_data', 'auth_token_fields']);
    expect(payloadOf(rows[1])).toMatchObject({ old_data: { colour: 'red' }, new_data: { colour: 'blue' } });
    expect(Object.keys(payloadOf(rows[1]))).toEqual(['old_data', 'new_data', 'auth_token_fields']);
    expect(payloadOf(rows[2])).toMatchObject({ delete_data: { id, colour: 'blue' } });
    expect(Object.keys(payloadOf(rows[2]))).toEqual(['delete_data', 'auth_token_fields']);
  });

  it('fills the record fields of a system row: UUIDs, ACTIVE, mock-clock dates and the system actor for the seed', () => {
    const mock = createMockService({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
    const [row] = auditRows(mock);
    expect(row.guid).toMatch(UUID);
    expect(row.id).toBe(row.guid);
    expect(row.revision).toMatch(UUID);
    expect(row).toMatchObject({ status: 'ACTIVE', id_user: 'system', id_user_agent: null, applet_guid: null, applet_code: null });
    // The mock clock, which moves on with real time from `now`.
    expect(Date.parse(row.date_txn!) - Date.parse('2026-11-02T09:00:00Z')).toBeGreaterThanOrEqual(0);
    expect(Date.parse(row.date_txn!) - Date.parse('2026-11-02T09:00:00Z')).toBeLessThan(60_000);
    expect(row.date_txn).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row.created_date).toBe(row.date_txn);
    expect(payloadOf(row).auth_token_fields).toEqual({ kind: 'system', id: null, name: 'system' });
  });

  it('an undone savepoint leaves no row while its outer transaction keeps its own', () => {
    const mock = createMockService({ seed: 'empty' });
    const { store } = mock;
    store.defineTable('widgets', { prefix: 'wdg' });
    const widgets = store.table<Row>(mock.credentials.companyId, 'widgets');
    const [kept, undone] = [widgets.newId(), widgets.newId()];
    store.transaction(() => {
      widgets.insert({ id: kept });
      expect(() =>
        store.transaction(() => {
          widgets.insert({ id: undone });
          throw new Error('refused');
        }),
      ).toThrow('refused');
    });
    expect(rowsAbout(mock, kept)).toHaveLength(1);
    expect(rowsAbout(mock, undone)).toEqual([]);
    expect(() =>
      store.transaction(() => {
        widgets.update(kept, {});
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(rowsAbout(mock, kept)).toHaveLength(1);
  });

  it('masks secret-looking fields of the audited record at any depth, and leaves the stored record as it is', () => {
    const mock = createMockService({ seed: 'empty' });
    const { store } = mock;
    store.defineTable('suppliersLater', { prefix: 'sup' });
    const table = store.table<Row & Record<string, unknown>>(mock.credentials.companyId, 'suppliersLater');
    const id = table.newId();
    store.transaction(() =>
      table.insert({ id, name: 'Kilang', bank: { bankAccountNumber: '5140-1234-5678' }, portal: [{ password: 'hunter22' }] }),
    );
    const trail = JSON.stringify(rowsAbout(mock, id));
    expect(trail).not.toContain('5140-1234-5678');
    expect(trail).not.toContain('hunter22');
    expect(payloadOf(rowsAbout(mock, id)[0]).new_data).toMatchObject({ name: 'Kilang', bank: { bankAccountNumber: '****5678' } });
    expect(table.get(id)).toMatchObject({ bank: { bankAccountNumber: '5140-1234-5678' } });
  });

  it('internal and company-less tables write no rows', () => {
    const mock = createMockService({ seed: 'demo' });
    const tables = new Set(mock.credentials.companies.flatMap((c) => auditRows(mock, c.id).map((row) => row.foreign_table)));
    for (const [name, options] of mock.store.tableDefinitions()) {
      if (options.internal || GLOBAL_KINDS.includes(name)) expect(tables.has(name), name).toBe(false);
    }
    expect(mock.store.table<AuditTrailRow>(GLOBAL, AUDIT_TRAILS).size).toBe(0);
  });
});

// The audit trail at volume (AUD-16): the cost of the system writer on invoice send-and-pay (auditing
// on against off, in the same run), and first pages of a 200,000-row tenant trail by its indexed fields.
import { AcsClient } from '../src/index.js';
import { createMockService, type MockService } from '../mock-server/index.js';
import { queryAuditTrail, setAuditTrailWriting, auditTrailsTable, type AuditTrailRow } from '../mock-server/domain/audit/index.js';
import { createCustomer } from '../mock-server/domain/sales/customers.js';
import { createInvoice } from '../mock-server/domain/sales/invoices.js';
import { atMost, heapUsed, ms, report, time, type Figure } from './harness.js';

const LINES = [{ description: 'Teh tarik premix 1kg', quantity: 3, unitPrice: 18.9, taxCode: 'SST5' }];

/** A demo mock with `count` draft invoices and a client on it. */
function settleRig(count: number, auditing: boolean): { mock: MockService; acs: AcsClient; ids: string[] } {
  const mock = createMockService({ seed: 'demo' });
  setAuditTrailWriting(mock.store, auditing);
  const { apiKey, companyId, baseUrl } = mock.credentials;
  const ctx = { store: mock.store, clock: mock.clock, companyId, principal: { actor: 'bench' } };
  const customer = mock.store.transaction(() => createCustomer(ctx, { name: 'Bench Customer Sdn Bhd', email: 'ap@bench.my' }));
  const ids = Array.from(
    { length: count },
    () => mock.store.transaction(() => createInvoice(ctx, { customerId: customer.id, items: LINES })).id,
  );
  return { mock, acs: new AcsClient({ apiKey, companyId, baseUrl, fetch: mock.fetch }), ids };
}

/** Send-and-pay of `invoices` invoices on two mocks, auditing on and off, in alternating blocks of `block`. */
async function auditingCost(invoices: number, block: number): Promise<Figure[]> {
  const on = settleRig(invoices, true);
  const off = settleRig(invoices, false);
  const spent = { on: 0, off: 0 };
  for (let start = 0; start < invoices; start += block) {
    for (const [name, rig] of [
      ['on', on],
      ['off', off],
    ] as const) {
      const t0 = performance.now();
      for (const id of rig.ids.slice(start, start + block)) {
        const sent = await rig.acs.invoices.send(id);
        await rig.acs.invoices.payments.create(id, { amount: sent.amountDue });
      }
      spent[name] += performance.now() - t0;
    }
  }
  const rows = auditTrailsTable({ store: on.mock.store, clock: on.mock.clock, companyId: on.mock.credentials.companyId }).size;
  const ratio = spent.on / spent.off;
  const n = invoices.toLocaleString('en-US');
  return [
    report(
      `send and pay ${n} invoices, auditing off`,
      `${(spent.off / 1000).toFixed(2)} s (${(spent.off / invoices).toFixed(3)} ms per invoice)`,
    ),
    report(
      `send and pay ${n} invoices, auditing on`,
      `${(spent.on / 1000).toFixed(2)} s (${(spent.on / invoices).toFixed(3)} ms per invoice; ${rows.toLocaleString('en-US')} rows)`,
    ),
    report('cost of auditing on send-and-pay (on / off)', `${ratio.toFixed(2)}x`, atMost(ratio, 1.3, 'at most 1.3x')),
  ];
}

const TABLES = ['invoices', 'payments', 'customers', 'journalEntries', 'accounts'];
const ACTIONS = ['CREATED', 'UPDATED', 'UPDATED', 'DELETED'];

/** `count` rows over a year: 4 per record (so `count / 4` foreign keys), 20 users, 5 tables. */
function fillTrail(mock: MockService, count: number): AuditTrailRow[] {
  const { store } = mock;
  const table = auditTrailsTable({ store, clock: mock.clock, companyId: mock.credentials.companyId });
  const start = Date.parse('2026-01-01T00:00:00Z');
  const step = (365 * 86_400_000) / count;
  const rows: AuditTrailRow[] = [];
  store.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(start + Math.floor(i * step)).toISOString();
      const guid = store.ids.uuid();
      const record = Math.floor(i / 4);
      const row: AuditTrailRow = {
        id: guid,
        guid,
        applet_guid: null,
        applet_code: null,
        action: ACTIONS[i % 4],
        foreign_table: TABLES[record % TABLES.length],
        foreign_key: `rec_${record.toString(36).padStart(8, '0')}`,
        message_json: {
          payload: {
            new_data: { id: `rec_${record}`, status: 'sent', total: i % 1000 },
            auth_token_fields: { kind: 'api_key', id: 'key_bench' },
          },
        },
        descr: ACTIONS[i % 4],
        date_txn: at,
        txn_type: null,
        event_code: null,
        obj_type: null,
        id_user: `key_user${i % 20}`,
        id_device: null,
        id_user_agent: 'acs-sdk/bench',
        link_guid: null,
        module_guid: null,
        namespace: null,
        vrsn: null,
        status: 'ACTIVE',
        revision: store.ids.uuid(),
        created_date: at,
        updated_date: at,
        created_by_subject_guid: null,
        updated_by_subject_guid: null,
        created_by_name: null,
        updated_by_name: null,
        property_json: null,
        acl_config: null,
        acl_policy: null,
      };
      rows.push(table.insert(row));
    }
  });
  return rows;
}

async function trailQueries(count: number, runs: number): Promise<Figure[]> {
  const mock = createMockService({ seed: 'empty' });
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId };
  const heapBefore = heapUsed();
  const t0 = performance.now();
  fillTrail(mock, count);
  const fillMs = performance.now() - t0;
  const perRow = (heapUsed() - heapBefore) / count;
  const n = count.toLocaleString('en-US');
  const queries: [string, Parameters<typeof queryAuditTrail>[1]][] = [
    ['foreign_key', { foreign_key: `rec_${(12_345).toString(36).padStart(8, '0')}` }],
    [
      'foreign_table + date_txn range (one month)',
      { foreign_table: 'invoices', date_txn_from: '2026-03-01T00:00:00+08:00', date_txn_to: '2026-03-31T23:59:59+08:00' },
    ],
    ['id_user', { id_user: 'key_user7' }],
  ];
  const figures = [
    report(`write ${n} audit rows in one tenant`, `${(fillMs / 1000).toFixed(2)} s`),
    report('memory per audit row (row, payload, indexes)', `${Math.round(perRow)} bytes`),
  ];
  for (const [name, filters] of queries) {
    const c0 = performance.now();
    const first = queryAuditTrail(ctx, filters, { limit: 100 });
    const cold = performance.now() - c0;
    if (first.rows.length === 0) throw new Error(`the ${name} query found nothing`);
    const warm = await time(() => queryAuditTrail(ctx, filters, { limit: 100 }), { runs, warmup: 5 });
    figures.push(
      report(
        `first page (100) by ${name} among ${n}`,
        `${ms(warm.median)} median (p95 ${ms(warm.p95)}; first call ${ms(cold)}; ${first.total} match)`,
        atMost(warm.median, 5, 'median at most 5 ms'),
      ),
    );
  }
  figures.push(report('memory per audit row, with the query views kept', `${Math.round((heapUsed() - heapBefore) / count)} bytes`));
  return figures;
}

export async function auditTrail({
  invoices,
  block,
  rows,
  runs,
}: {
  invoices: number;
  block: number;
  rows: number;
  runs: number;
}): Promise<Figure[]> {
  return [...(await auditingCost(invoices, block)), ...(await trailQueries(rows, runs))];
}

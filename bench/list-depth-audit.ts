// The audit trail and suppliers at list depth (both offset-paged): rows copied from one the domain
// wrote, straight to the table, then the first page of every filter and order the endpoint takes, and
// the first page against the last (reached by offset).
import { auditTrailsTable, type AuditTrailRow } from '../mock-server/domain/audit/index.js';
import { createSupplier } from '../mock-server/domain/purchasing/suppliers.js';
import { suppliersTable, type SupplierRow } from '../mock-server/domain/purchasing/tables.js';
import { createCustomer } from '../mock-server/domain/sales/customers.js';
import { SUPPLIER_STATUSES } from '../src/contract/index.js';
import { createMockService, type MockService } from '../mock-server/index.js';
import { report, seededRandom, type Figure } from './harness.js';
import { client, type ListBody } from './list-page.js';
import { firstAndLastByOffset, firstPages, insertInBatches, type Get } from './list-depth-pages.js';

const NOW = '2026-11-20T09:00:00.000Z';
const TABLES = ['invoices', 'payments', 'customers', 'journalEntries', 'accounts'];
const ACTIONS = ['CREATED', 'UPDATED', 'UPDATED', 'DELETED'];
const TRAIL = '/core2/tnt/dm/erp/audit-trails/backoffice-ep';
const keyOf = (record: number) => `rec_${record.toString(36).padStart(8, '0')}`;

/**
 * `count` rows of one tenant's trail over the year to NOW, copied from the row the system writer made
 * for a customer: four per record, five tables, twenty users; one in ten from an import, one in fifty archived.
 */
function fillTrail(count: number): MockService {
  const mock = createMockService({ seed: 'empty', now: NOW });
  const { store } = mock;
  const ctx = { store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'bench' } };
  const customer = createCustomer(ctx, { name: 'Template Sdn Bhd', email: 'template@bench.my' });
  const table = auditTrailsTable(ctx);
  const template = table.all().find((row) => row.foreign_key === customer.id)!;
  const start = Date.parse(NOW) - 365 * 86_400_000;
  const step = (365 * 86_400_000) / count;
  insertInBatches(store, count, (i) => {
    const at = new Date(start + Math.floor(i * step)).toISOString();
    const guid = store.ids.uuid();
    const record = Math.floor(i / 4);
    const row: AuditTrailRow = {
      ...template,
      id: guid,
      guid,
      action: ACTIONS[i % 4],
      descr: ACTIONS[i % 4],
      foreign_table: TABLES[record % TABLES.length],
      foreign_key: keyOf(record),
      date_txn: at,
      txn_type: i % 10 === 0 ? 'import' : null,
      id_user: `key_user${i % 20}`,
      status: i % 50 === 0 ? 'ARCHIVED' : 'ACTIVE',
      revision: store.ids.uuid(),
      created_date: at,
      updated_date: at,
    };
    table.insert(row);
  });
  return mock;
}

/** Calls to the tenant trail as its owner signs in; `calcTotalRecords` so the page counts its matches. */
function trailClient(mock: MockService, path: string): Get {
  const { dataBaseUrl, companyId, oauth } = mock.credentials;
  const headers = { authorization: `Bearer ${mock.signIn(oauth!.users[0].id)}`, 'x-tenant-code': companyId };
  return async <T>(query: string): Promise<ListBody<T>> => {
    const response = await mock.fetch(`${dataBaseUrl}${path}?calcTotalRecords=true&${query}`, { headers });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`GET ${path}?${query} answered ${response.status}: ${JSON.stringify(body)}`);
    return body as ListBody<T>;
  };
}

const range = (field: string): [string, string][] => [
  [`${field}_from`, `${field}_from=2026-11-01T00:00:00%2B08:00`],
  [`${field}_to`, `${field}_to=2025-12-15T00:00:00%2B08:00`],
];

const TRAIL_QUERIES: [string, string][] = [
  ['foreign_table', 'foreign_table=invoices'],
  ['foreign_key', `foreign_key=${keyOf(12_345)}`],
  ['id_user', 'id_user=key_user7'],
  ['txn_type', 'txn_type=import'],
  ['status=ARCHIVED', 'status=ARCHIVED'],
  ['id_user_agent (none match)', 'id_user_agent=curl'],
  ['applet_code (none match)', 'applet_code=POS'],
  ...range('date_txn'),
  ...range('created_date'),
  ...range('updated_date'),
  [
    'foreign_table + date_txn (one month)',
    'foreign_table=payments&date_txn_from=2026-03-01T00:00:00%2B08:00&date_txn_to=2026-03-31T23:59:59%2B08:00',
  ],
  ['orderBy=date_txn DESC', 'orderBy=date_txn&order=DESC'],
  ['orderBy=created_date', 'orderBy=created_date'],
  ['orderBy=updated_date DESC', 'orderBy=updated_date&order=DESC'],
  ['orderBy=action', 'orderBy=action'],
  ['orderBy=foreign_table', 'orderBy=foreign_table'],
  ['orderBy=foreign_key', 'orderBy=foreign_key'],
  ['orderBy=id_user DESC', 'orderBy=id_user&order=DESC'],
  ['orderBy=applet_code (all null)', 'orderBy=applet_code'],
  ['orderBy=status', 'orderBy=status'],
];

/** `count` suppliers copied from one made through the domain, in every status, a tenth of them abroad. */
function fillSuppliers(count: number): MockService {
  const mock = createMockService({ seed: 'demo', now: NOW });
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'bench' } };
  const template = createSupplier(ctx, {
    name: 'Template Sdn Bhd',
    email: 'ar@template.my',
    address: { street: '1 Jalan Bench', city: 'Kuala Lumpur', country: 'MY' },
  });
  const table = suppliersTable(ctx);
  table.delete(template.id);
  const random = seededRandom(71);
  const start = Date.parse(NOW) - 3 * 365 * 86_400_000;
  insertInBatches(mock.store, count, (i) => {
    const created = new Date(start + Math.floor((i / count) * 3 * 365 * 86_400_000)).toISOString();
    const row: SupplierRow = {
      ...template,
      id: table.newId(),
      supplierNumber: `SUP-B${String(i + 1).padStart(6, '0')}`,
      name: `Supplier ${Math.floor(random() * 1e9).toString(36)} Sdn Bhd`,
      email: `ar${i}@supplier.my`,
      address: { ...template.address!, country: i % 10 === 0 ? 'SG' : 'MY' },
      status: SUPPLIER_STATUSES[Math.floor(random() * SUPPLIER_STATUSES.length)],
      currentBalance: Math.round(random() * 5_000_000) / 100,
      createdAt: created,
      updatedAt: created,
    };
    table.insert(row);
  });
  return mock;
}

const SUPPLIER_QUERIES: [string, string][] = [
  ['no filter (name:asc)', ''],
  ['status=suspended', 'status=suspended'],
  ['country=sg (any case)', 'country=sg'],
  ['status + country', 'status=active&country=SG'],
  ['sort=supplierNumber:asc', 'sort=supplierNumber:asc'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
  ['sort=updatedAt:desc', 'sort=updatedAt:desc'],
  ['sort=currentBalance:desc', 'sort=currentBalance:desc'],
  ['name[startswith]', 'name[startswith]=supplier a'],
];

export async function auditDepth({ rows, runs }: { rows: number; runs: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const n = rows.toLocaleString('en-US');

  let t0 = performance.now();
  const trail = fillTrail(rows);
  figures.push(
    report(`fill ${n} audit rows of one tenant (rows straight to the table)`, `${((performance.now() - t0) / 1000).toFixed(2)} s`),
  );
  const list = trailClient(trail, TRAIL);
  figures.push(...(await firstPages('audit trail', list, [['no filter (guid)', '']], 100, runs)));
  figures.push(...(await firstPages('audit trail query', trailClient(trail, `${TRAIL}/query`), TRAIL_QUERIES, 100, runs)));
  figures.push(...(await firstAndLastByOffset('audit trail', list, '', 100, runs)));

  t0 = performance.now();
  const suppliers = fillSuppliers(rows);
  figures.push(report(`fill ${n} suppliers (rows straight to the table)`, `${((performance.now() - t0) / 1000).toFixed(2)} s`));
  const get = client(suppliers, '/suppliers');
  figures.push(...(await firstPages('suppliers', get, SUPPLIER_QUERIES, 20, runs)));
  figures.push(...(await firstAndLastByOffset('suppliers', get, '', 20, runs)));
  return figures;
}

// Bills and purchase orders at list depth: rows copied from one made through the domain, straight to
// the table, then the first page of every declared filter and sort and the first page against the last.
import { createBill } from '../mock-server/domain/purchasing/bills.js';
import { billsTable, type BillRow, type StoredBillStatus } from '../mock-server/domain/purchasing/bill-tables.js';
import { createPurchaseOrder } from '../mock-server/domain/purchasing/purchase-orders.js';
import { createSupplier } from '../mock-server/domain/purchasing/suppliers.js';
import { purchaseOrdersTable, type PurchaseOrderRow } from '../mock-server/domain/purchasing/tables.js';
import { PURCHASE_ORDER_STATUSES } from '../src/contract/index.js';
import { createMockService, type MockService } from '../mock-server/index.js';
import { report, seededRandom, type Figure } from './harness.js';
import { client } from './list-page.js';
import { firstAndLast, firstPages, insertInBatches, type Get } from './list-depth-pages.js';

const NOW = '2026-11-20T09:00:00.000Z';
const DAY_MS = 86_400_000;
const SUPPLIERS = 200;
const BILL_STATUSES: StoredBillStatus[] = ['draft', 'open', 'partially_paid', 'paid'];

const dayOf = (start: number, days: number) => new Date(start + days * DAY_MS).toISOString().slice(0, 10);

/** A demo company with `SUPPLIERS` suppliers made through the domain, and a context acting in it. */
function purchasingService(): {
  mock: MockService;
  ctx: Parameters<typeof createBill>[0];
  suppliers: { id: string; name: string; email: string | null }[];
} {
  const mock = createMockService({ seed: 'demo', now: NOW });
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'bench' } };
  const suppliers = Array.from({ length: SUPPLIERS }, (_, i) =>
    createSupplier(ctx, { name: `Supplier ${String(i).padStart(3, '0')} Sdn Bhd`, email: `ar${i}@supplier.my` }),
  );
  return { mock, ctx, suppliers: suppliers.map((s) => ({ id: s.id, name: s.name, email: s.email })) };
}

/** `count` bills over three years, copied from one drafted through the domain, in every stored state. */
function fillBills(count: number): { mock: MockService; supplierId: string; purchaseOrderId: string } {
  const { mock, ctx, suppliers } = purchasingService();
  const template = createBill(ctx, {
    supplierId: suppliers[0].id,
    supplierInvoiceNumber: 'TEMPLATE',
    items: [{ description: 'Sundries', quantity: 1, unitPrice: 10, accountCode: '6500', taxCode: null }],
  });
  const table = billsTable(ctx);
  table.delete(template.id);
  const random = seededRandom(21);
  const start = Date.parse(NOW) - 3 * 365 * DAY_MS;
  insertInBatches(mock.store, count, (i) => {
    const supplier = suppliers[Math.floor(random() * SUPPLIERS)];
    const days = Math.floor((i / count) * 3 * 365);
    const total = Math.round(random() * 1_000_000) / 100;
    const status = BILL_STATUSES[Math.floor(random() * 4)];
    const balanceDue = status === 'paid' ? 0 : status === 'partially_paid' ? Math.round(total * 50) / 100 : total;
    const created = new Date(start + days * DAY_MS).toISOString();
    const row: BillRow = {
      ...template,
      id: table.newId(),
      billNumber: `BILL-B${String(i + 1).padStart(6, '0')}`,
      supplierInvoiceNumber: `SI-${i}`,
      supplierId: supplier.id,
      supplier,
      // One bill in fifty is for an order: the purchaseOrderId filter's rows.
      purchaseOrderId: i % 50 === 0 ? `po_bench${i % 1000}` : null,
      billDate: dayOf(start, days),
      dueDate: dayOf(start, days + 30),
      status,
      total,
      baseTotal: total,
      subtotal: total,
      balanceDue,
      baseBalanceDue: balanceDue,
      paidAmount: Math.round((total - balanceDue) * 100) / 100,
      createdAt: created,
      updatedAt: created,
    };
    table.insert(row);
  });
  return { mock, supplierId: suppliers[7].id, purchaseOrderId: 'po_bench0' };
}

/** `count` purchase orders over three years, copied from one drafted through the domain, in every state. */
function fillPurchaseOrders(count: number): { mock: MockService; supplierId: string } {
  const { mock, ctx, suppliers } = purchasingService();
  const template = createPurchaseOrder(ctx, {
    supplierId: suppliers[0].id,
    items: [{ description: 'Sundries', quantity: 1, unitPrice: 10, taxCode: null }],
  });
  const table = purchaseOrdersTable(ctx);
  table.delete(template.id);
  const random = seededRandom(22);
  const start = Date.parse(NOW) - 3 * 365 * DAY_MS;
  insertInBatches(mock.store, count, (i) => {
    const supplier = suppliers[Math.floor(random() * SUPPLIERS)];
    const days = Math.floor((i / count) * 3 * 365);
    const total = Math.round(random() * 1_000_000) / 100;
    const created = new Date(start + days * DAY_MS).toISOString();
    const row: PurchaseOrderRow = {
      ...template,
      id: table.newId(),
      poNumber: `PO-B${String(i + 1).padStart(6, '0')}`,
      supplierId: supplier.id,
      supplier,
      orderDate: dayOf(start, days),
      requiredDate: dayOf(start, days + 14),
      status: PURCHASE_ORDER_STATUSES[Math.floor(random() * PURCHASE_ORDER_STATUSES.length)],
      total,
      subtotal: total,
      createdAt: created,
      updatedAt: created,
    };
    table.insert(row);
  });
  return { mock, supplierId: suppliers[7].id };
}

const BILL_QUERIES: [string, string][] = [
  ['no filter (billDate:desc)', ''],
  ['status=draft', 'status=draft'],
  ['status=overdue (derived)', 'status=overdue'],
  ['status=paid', 'status=paid'],
  ['fromDate', 'fromDate=2026-11-01'],
  ['toDate', 'toDate=2024-01-15'],
  ['dueFromDate', 'dueFromDate=2026-12-01'],
  ['dueToDate', 'dueToDate=2024-01-15'],
  ['status + fromDate', 'status=open&fromDate=2026-06-01'],
  ['sort=dueDate:asc', 'sort=dueDate:asc'],
  ['sort=total:desc', 'sort=total:desc'],
  ['sort=balanceDue:desc', 'sort=balanceDue:desc'],
  ['sort=billNumber:asc', 'sort=billNumber:asc'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
  ['total[gte]', 'total[gte]=9900'],
];

const ORDER_QUERIES: [string, string][] = [
  ['no filter (orderDate:desc)', ''],
  ['status=cancelled', 'status=cancelled'],
  ['fromDate', 'fromDate=2026-11-01'],
  ['toDate', 'toDate=2024-01-15'],
  ['totalMin', 'totalMin=9900'],
  ['totalMax', 'totalMax=100'],
  ['status + totalMin', 'status=sent&totalMin=5000'],
  ['sort=poNumber:asc', 'sort=poNumber:asc'],
  ['sort=total:desc', 'sort=total:desc'],
  ['sort=requiredDate:asc', 'sort=requiredDate:asc'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
];

export async function purchasingDepth({ rows, runs }: { rows: number; runs: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const n = rows.toLocaleString('en-US');

  let t0 = performance.now();
  const bills = fillBills(rows);
  figures.push(report(`fill ${n} bills (rows straight to the table)`, `${((performance.now() - t0) / 1000).toFixed(2)} s`));
  const getBills: Get = client(bills.mock, '/bills');
  const billQueries: [string, string][] = [
    ...BILL_QUERIES,
    ['supplierId', `supplierId=${bills.supplierId}`],
    ['purchaseOrderId', `purchaseOrderId=${bills.purchaseOrderId}`],
  ];
  figures.push(...(await firstPages('bills', getBills, billQueries, 50, runs)));
  figures.push(...(await firstAndLast('bills', getBills, '', 50, 100, runs)));

  t0 = performance.now();
  const orders = fillPurchaseOrders(rows);
  figures.push(report(`fill ${n} purchase orders (rows straight to the table)`, `${((performance.now() - t0) / 1000).toFixed(2)} s`));
  const getOrders: Get = client(orders.mock, '/purchase-orders');
  figures.push(
    ...(await firstPages('purchase orders', getOrders, [...ORDER_QUERIES, ['supplierId', `supplierId=${orders.supplierId}`]], 50, runs)),
  );
  figures.push(...(await firstAndLast('purchase orders', getOrders, '', 50, 100, runs)));
  return figures;
}

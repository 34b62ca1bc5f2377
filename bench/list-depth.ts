// Lists over 100,000 rows of one company, through the whole in-process service: the first page against
// the last (following nextCursor at the largest limit, or by offset), for customers, invoices, journal
// entries, bills, purchase orders, items, quotes, sales orders, credit notes, refunds, debit notes, stock
// records, adjustments, transfers, the audit trail and suppliers; and the first page of every declared
// filter and sort, cold and warm.
import { createCustomer } from '../mock-server/domain/sales/customers.js';
import { customersTable, type CustomerRow } from '../mock-server/domain/sales/tables.js';
import { journalEntriesTable, type JournalEntryRow } from '../mock-server/domain/accounting/tables.js';
import { createJournalEntry } from '../mock-server/domain/accounting/journal-entries.js';
import { accountsTable } from '../mock-server/domain/accounting/tables.js';
import { isControlAccount } from '../mock-server/domain/accounting/control-accounts.js';
import { createMockService, type MockService } from '../mock-server/index.js';
import { report, seededRandom, type Figure } from './harness.js';
import { client, fillInvoices } from './list-page.js';
import { firstAndLast, firstPages, insertInBatches } from './list-depth-pages.js';
import { purchasingDepth } from './list-depth-purchasing.js';
import { itemsDepth } from './list-depth-items.js';
import { salesDepth } from './list-depth-sales.js';
import { notesDepth } from './list-depth-notes.js';
import { stockDepth } from './list-depth-stock.js';
import { auditDepth } from './list-depth-audit.js';

export { FIRST_PAGE_TARGET_MS } from './list-depth-pages.js';
const NOW = '2026-11-20T09:00:00.000Z';
const DAY_MS = 86_400_000;
const TAGS = ['wholesale', 'retail', 'vip', 'export', 'klang-valley', 'penang', 'johor', 'online'];

/** `count` customers copied from one made through the domain, in every type, status, currency and tag. */
export function fillCustomers(mock: MockService, count: number): void {
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'bench' } };
  const template = createCustomer(ctx, { name: 'Template Sdn Bhd', email: 'template@bench.my' });
  const table = customersTable(ctx);
  table.delete(template.id);
  const random = seededRandom(11);
  const start = Date.parse(NOW) - 3 * 365 * DAY_MS;
  insertInBatches(mock.store, count, (i) => {
    const created = new Date(start + Math.floor((i / count) * 3 * 365 * DAY_MS)).toISOString();
    const row: CustomerRow = {
      ...template,
      id: table.newId(),
      customerNumber: `CUST-${String(i + 1).padStart(6, '0')}`,
      name: `Customer ${Math.floor(random() * 1e9).toString(36)} Sdn Bhd`,
      email: `ap${i}@bench.my`,
      type: random() < 0.8 ? 'business' : 'individual',
      status: random() < 0.9 ? 'active' : 'inactive',
      currency: random() < 0.85 ? 'MYR' : 'SGD',
      creditLimit: Math.round(random() * 100) * 1000,
      currentBalance: Math.round(random() * 5_000_000) / 100,
      totalSales: Math.round(random() * 50_000_000) / 100,
      tags: TAGS.filter(() => random() < 0.15),
      createdAt: created,
      updatedAt: created,
    };
    table.insert(row);
  });
}

/** `count` posted-looking journal entries over a year, copied from one drafted through the domain (the list reads rows only). */
function fillJournal(mock: MockService, count: number): string {
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'bench' } };
  const [a, b, rare] = accountsTable(ctx)
    .all()
    .filter((acc) => acc.isActive && !isControlAccount(acc))
    .map((acc) => acc.id);
  const template = createJournalEntry(ctx, {
    date: '2026-01-02',
    lines: [
      { accountId: a, debit: 1 },
      { accountId: b, credit: 1 },
    ],
  });
  const table = journalEntriesTable(ctx);
  const random = seededRandom(12);
  const start = Date.parse(NOW) - 365 * DAY_MS;
  insertInBatches(mock.store, count, (i) => {
    const total = Math.round(random() * 1_000_000) / 100;
    const row: JournalEntryRow = {
      ...template,
      id: table.newId(),
      journalNumber: `JE-B${String(i + 1).padStart(6, '0')}`,
      date: new Date(start + Math.floor(random() * 365) * DAY_MS).toISOString().slice(0, 10),
      reference: `REF-${i % 5000}`,
      status: random() < 0.9 ? 'posted' : 'draft',
      totalDebit: total,
      totalCredit: total,
      // One entry in twenty credits a third account: the accountId filter's rows.
      lines: i % 20 === 0 ? template.lines.map((line, n) => (n === 1 ? { ...line, accountId: rare } : line)) : template.lines,
    };
    table.insert(row);
  });
  return rare;
}

const CUSTOMER_QUERIES: [string, string][] = [
  ['no filter (name:asc)', ''],
  ['status=inactive', 'status=inactive'],
  ['type=individual', 'type=individual'],
  ['currency=SGD', 'currency=SGD'],
  ['tags=vip', 'tags=vip'],
  ['tags=vip,export', 'tags=vip,export'],
  ['creditLimitMin', 'creditLimitMin=90000'],
  ['creditLimitMax', 'creditLimitMax=5000'],
  ['balanceMin', 'balanceMin=49000'],
  ['balanceMax', 'balanceMax=500'],
  ['createdAfter (date)', 'createdAfter=2026-10-01'],
  ['createdBefore (datetime)', 'createdBefore=2024-02-01T00:00:00%2B08:00'],
  ['type + status', 'type=individual&status=inactive'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
  ['sort=totalSales:desc', 'sort=totalSales:desc'],
  ['sort=currentBalance:desc', 'sort=currentBalance:desc'],
  ['currentBalance[gte]', 'currentBalance[gte]=49000'],
  ['name[startswith]', 'name[startswith]=customer a'],
];

const JOURNAL_QUERIES: [string, string][] = [
  ['no filter (date:asc)', ''],
  ['status=draft', 'status=draft'],
  ['dateFrom', 'dateFrom=2026-11-01'],
  ['dateTo', 'dateTo=2025-12-15'],
  ['reference', 'reference=REF-1234'],
  ['sort=totalDebit:desc', 'sort=totalDebit:desc'],
];

export async function listDepth({ rows, runs }: { rows: number; runs: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const n = rows.toLocaleString('en-US');

  const customers = createMockService({ seed: 'empty', now: NOW });
  let t0 = performance.now();
  fillCustomers(customers, rows);
  figures.push(report(`fill ${n} customers (rows straight to the table)`, `${((performance.now() - t0) / 1000).toFixed(2)} s`));
  const getCustomers = client(customers, '/customers');
  figures.push(...(await firstPages('customers', getCustomers, CUSTOMER_QUERIES, 50, runs)));
  figures.push(...(await firstAndLast('customers', getCustomers, '', 50, 100, runs)));

  const journal = createMockService({ seed: 'demo', now: NOW });
  t0 = performance.now();
  const rare = fillJournal(journal, rows);
  figures.push(report(`fill ${n} journal entries (rows straight to the table)`, `${((performance.now() - t0) / 1000).toFixed(2)} s`));
  const getJournal = client(journal, '/journal-entries');
  const journalQueries: [string, string][] = [...JOURNAL_QUERIES, ['accountId (any line)', `accountId=${rare}`]];
  figures.push(...(await firstPages('journal entries', getJournal, journalQueries, 50, runs)));
  figures.push(...(await firstAndLast('journal entries', getJournal, '', 50, 100, runs)));

  const sales = createMockService({ seed: 'demo', now: NOW });
  fillInvoices(sales, rows);
  const getInvoices = client(sales, '/invoices');
  figures.push(...(await firstAndLast('invoices', getInvoices, '', 50, 100, runs)));
  figures.push(...(await firstAndLast('invoices status=sent', getInvoices, 'status=sent', 50, 100, runs)));
  figures.push(...(await purchasingDepth({ rows, runs })));
  figures.push(...(await itemsDepth({ rows, runs })));
  figures.push(...(await salesDepth({ rows, runs })));
  figures.push(...(await notesDepth({ rows, runs })));
  figures.push(...(await stockDepth({ rows, runs })));
  figures.push(...(await auditDepth({ rows, runs })));
  return figures;
}

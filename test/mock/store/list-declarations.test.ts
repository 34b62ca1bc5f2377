// A list that declares `index` in the contract promises that its route's `where` tests each named
// parameter as declared (the engine then answers them from indexes and skips `where`). Each declaring
// list is held to it on real rows: the indexed answer equals the scan through the domain's `where`.
import { describe, expect, it } from 'vitest';
import { contract, endpoints } from '../../../src/contract/index.js';
import type { FilterClause } from '../../../mock-server/kernel/route.js';
import { expectIndexedAsScanned } from './list-declarations-support.js';
import {
  cancelInvoice,
  createInvoice,
  customerMatches,
  customersTable,
  invoiceMatches,
  invoicesTable,
  recordPayment,
  sendInvoice,
} from '../../../mock-server/domain/sales/index.js';
import { listPage } from '../../../mock-server/store/list.js';
import { salesWorld } from '../support/sales.js';
import { world } from '../support/domain.js';
import {
  createJournalEntry,
  journalEntriesTable,
  journalEntryMatches,
  postJournalEntry,
} from '../../../mock-server/domain/accounting/index.js';

// Bills, purchase orders and suppliers are held in list-declarations-purchasing.test.ts, supplier credit and debit
// notes in list-declarations-purchasing-notes.test.ts, purchase returns in list-declarations-purchasing-returns.test.ts, items in
// list-declarations-items.test.ts, stock records, adjustments and transfers in list-declarations-inventory.test.ts,
// quotes, sales orders and the notes in list-declarations-sales.test.ts.
const COVERED = [
  'bills.list',
  'creditNotes.list',
  'customers.list',
  'debitNotes.list',
  'inventory.adjustments.list',
  'inventory.stock.levels',
  'inventory.stock.list',
  'inventory.transfers.list',
  'invoices.list',
  'items.list',
  'journalEntries.list',
  'purchaseOrders.list',
  'purchaseReturns.list',
  'quotes.list',
  'refunds.list',
  'salesOrders.list',
  'supplierCreditNotes.list',
  'supplierDebitNotes.list',
  'suppliers.list',
];

it('every list that declares index is held to its declaration, here or in the files named above', () => {
  expect(
    endpoints
      .filter((e) => e.list?.index)
      .map((e) => e.id)
      .sort(),
  ).toEqual(COVERED);
});

describe('invoices.list', () => {
  const spec = contract.sales.invoicesList.list;

  /** Invoices in every state the filters tell apart: drafts, sent, part paid, paid, cancelled, overdue by the clock. */
  function invoiceWorld() {
    const w = salesWorld();
    const customers = [w.customer({ paymentTerms: 7 }), w.customer({ paymentTerms: 30 }), w.customer({ paymentTerms: 60 })];
    for (let i = 0; i < 36; i++) {
      const invoice = createInvoice(w.ctx, {
        customerId: customers[i % 3].id,
        invoiceDate: `2026-11-${String(1 + (i % 20)).padStart(2, '0')}`,
        items: [{ description: 'Work', quantity: 1 + (i % 5), unitPrice: 40 + 10 * (i % 4), taxCode: null }],
      });
      const fate = i % 6;
      if (fate === 0) continue;
      if (fate === 5) {
        cancelInvoice(w.ctx, invoice.id);
        continue;
      }
      const sent = sendInvoice(w.ctx, invoice.id);
      if (fate === 3) recordPayment(w.ctx, sent.id, { amount: 20 });
      if (fate === 4) recordPayment(w.ctx, sent.id, { amount: sent.amountDue });
    }
    w.clock.advance({ days: 20 }); // the 7-day invoices fall overdue
    return { w, customers };
  }

  it('answers each declared filter, alone and in pairs, as the domain where does', () => {
    const { w, customers } = invoiceWorld();
    const values: Record<string, unknown[]> = {
      customerId: [customers[0].id, customers[2].id, 'cus_none'],
      salesOrderId: ['so_none'],
      status: ['draft', 'sent', 'paid', 'overdue', 'cancelled'],
      paymentStatus: ['unpaid', 'partial', 'paid'],
      overdue: [true, false],
      invoiceDateFrom: ['2026-11-05', '2026-11-21'],
      invoiceDateTo: ['2026-11-05', '2026-10-01'],
      dueDateFrom: ['2026-12-01'],
      dueDateTo: ['2026-11-30'],
      totalMin: [100, 0],
      totalMax: [100, 500],
    };
    expect(Object.keys(values).sort()).toEqual(Object.keys(spec.index).sort());
    const queries: Record<string, unknown>[] = [{}];
    const names = Object.keys(values);
    for (const name of names) for (const value of values[name]) queries.push({ [name]: value });
    for (let a = 0; a < names.length; a++) {
      for (let b = a + 1; b < names.length; b++) queries.push({ [names[a]]: values[names[a]][0], [names[b]]: values[names[b]].at(-1) });
    }
    const clauses: FilterClause[][] = [[], [{ field: 'total', op: 'gte', value: '150' }]];

    let nonEmpty = 0;
    for (const query of queries) {
      for (const filters of clauses) {
        const ctx = { ...w.ctx, query: { ...query, limit: 100 }, filters };
        const where = invoiceMatches(w.ctx, query);
        const indexed = listPage(invoicesTable(w.ctx), ctx, spec, {
          where: () => {
            throw new Error('where is not called when the declaration names every filter');
          },
          defaultSort: 'invoiceDate:desc,invoiceNumber:desc',
        });
        const scanned = listPage(invoicesTable(w.ctx).all(), ctx, spec, { where, defaultSort: 'invoiceDate:desc,invoiceNumber:desc' });
        expect(
          indexed.data.map((r) => r.id),
          JSON.stringify(query),
        ).toEqual(scanned.data.map((r) => r.id));
        expect(indexed.pagination.total, JSON.stringify(query)).toBe(scanned.pagination.total);
        if (indexed.data.length) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(queries.length); // the fixture gives most filters something to find
  });
});

describe('customers.list', () => {
  it('answers each declared filter, alone and in pairs, as the domain where does', () => {
    const w = salesWorld();
    for (let i = 0; i < 30; i++) {
      w.customer({
        type: i % 3 === 0 ? 'individual' : 'business',
        status: i % 4 === 0 ? 'inactive' : 'active',
        currency: i % 5 === 0 ? 'SGD' : 'MYR',
        creditLimit: (i % 7) * 1000,
        tags: [['vip'], ['VIP', 'export'], [], ['retail', 'Export']][i % 4],
      });
      w.clock.advance({ hours: 13 });
    }
    const created = customersTable(w.ctx)
      .all()
      .map((c) => c.createdAt)
      .sort();
    const middle = created[Math.floor(created.length / 2)];
    const values: Record<string, unknown[]> = {
      status: ['active', 'inactive'],
      type: ['individual', 'business'],
      currency: ['SGD', 'MYR', 'EUR'],
      creditLimitMin: [3000, 0],
      creditLimitMax: [2000, 6000],
      balanceMin: [0, 1],
      balanceMax: [0, 100_000],
      // A date-only bound covers its whole day; a datetime bound with an offset is an instant.
      createdAfter: [middle.slice(0, 10), middle.replace('Z', '+00:00')],
      createdBefore: [middle.slice(0, 10), new Date(Date.parse(middle) + 8 * 3_600_000).toISOString().replace('Z', '+08:00')],
      // Any one tag is enough, in any case; the validated query gives the list as an array.
      tags: [['vip'], ['Export', 'retail'], ['none'], []],
    };
    const spec = contract.sales.customersList.list;
    expectIndexedAsScanned(w.ctx, customersTable(w.ctx), spec, values, (query) => customerMatches(query), {
      field: 'creditLimit',
      op: 'gte',
      value: '1000',
    });
  });
});

describe('journalEntries.list', () => {
  it('answers each declared filter, alone and in pairs, as the domain where does', () => {
    const w = world();
    const [a, b, c] = [w.account('1120'), w.account('4900'), w.account('5100')];
    for (let i = 0; i < 30; i++) {
      // Some entries name an account on two lines: the entry still counts once.
      const third =
        i % 4 === 0
          ? [
              { accountId: c, debit: 1 },
              { accountId: c, debit: 1 },
            ]
          : [];
      const entry = createJournalEntry(w.ctx, {
        date: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
        reference: i % 3 === 0 ? 'REF-A' : null,
        lines: [{ accountId: a, debit: 10 + i }, { accountId: b, credit: 10 + i + third.length }, ...third],
      });
      if (i % 2 === 0) postJournalEntry(w.ctx, entry.id);
    }
    const values: Record<string, unknown[]> = {
      dateFrom: ['2026-10-10', '2026-10-28'],
      dateTo: ['2026-10-05', '2026-09-01'],
      status: ['draft', 'posted', 'void'],
      reference: ['REF-A', 'REF-NONE'],
      accountId: [c, a, 'acc_none'],
    };
    const spec = contract.accounting.journalEntriesList.list;
    expectIndexedAsScanned(w.ctx, journalEntriesTable(w.ctx), spec, values, (query) => journalEntryMatches(query), {
      field: 'totalDebit',
      op: 'gte',
      value: '20',
    });
  });
});

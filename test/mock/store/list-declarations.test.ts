// A list that declares `index` in the contract promises that its route's `where` tests each named
// parameter as declared (the engine then answers them from indexes and skips `where`). Each declaring
// list is held to it here on real rows: the indexed answer equals the scan through the domain's `where`.
import { describe, expect, it } from 'vitest';
import { contract, endpoints } from '../../../src/contract/index.js';
import type { FilterClause } from '../../../mock-server/kernel/route.js';
import { invoicesTable } from '../../../mock-server/domain/sales/document-tables.js';
import { cancelInvoice, createInvoice, sendInvoice } from '../../../mock-server/domain/sales/invoices.js';
import { invoiceMatches } from '../../../mock-server/domain/sales/invoice-presenter.js';
import { recordPayment } from '../../../mock-server/domain/sales/payments.js';
import { listPage } from '../../../mock-server/store/list.js';
import { salesWorld } from '../support/sales.js';
import { world } from '../support/domain.js';
import { createItem, locationsTable, recordStockMovements, stockBalancesTable, stockMatches } from '../../../mock-server/domain/inventory/index.js';

const COVERED = ['inventory.stock.list', 'inventory.stock.levels', 'invoices.list'];

it('every list that declares index is held to its declaration below', () => {
  expect(endpoints.filter((e) => e.list?.index).map((e) => e.id)).toEqual(COVERED);
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
        expect(indexed.data.map((r) => r.id), JSON.stringify(query)).toEqual(scanned.data.map((r) => r.id));
        expect(indexed.pagination.total, JSON.stringify(query)).toBe(scanned.pagination.total);
        if (indexed.data.length) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(queries.length); // the fixture gives most filters something to find
  });
});

describe('inventory.stock.list and inventory.stock.levels', () => {
  it('answers itemId and locationId, alone and together, as the domain where does', () => {
    const w = world();
    const locations = locationsTable(w.ctx).all().filter((l) => l.type !== 'transit');
    const items = Array.from({ length: 6 }, (_, i) => createItem(w.ctx, { itemCode: `IDX-${i}`, name: `Indexed ${i}`, type: 'inventory', pricing: { costPrice: 2 } }));
    const source = { type: 'test', id: 'test', number: null };
    items.forEach((item, i) =>
      recordStockMovements(w.ctx, locations.slice(0, 1 + (i % 2)).map((l) => ({ date: '2026-11-01', itemId: item.id, locationId: l.id, quantity: 1 + i, type: 'adjustment' as const, source }))),
    );
    for (const spec of [contract.inventory.stockList.list, contract.inventory.stockLevels.list]) {
      expect(Object.keys(spec.index).sort()).toEqual(['itemId', 'locationId']);
      const queries: Record<string, unknown>[] = [{}, { itemId: items[1].id }, { itemId: 'itm_none' }, ...locations.map((l) => ({ locationId: l.id })), { itemId: items[1].id, locationId: locations[1].id }];
      for (const query of queries) {
        const ctx = { ...w.ctx, query: { ...query, limit: 200 }, filters: [] };
        const indexed = listPage(stockBalancesTable(w.ctx), ctx, spec, {
          where: () => {
            throw new Error('where is not called when the declaration names every filter');
          },
        });
        const scanned = listPage(stockBalancesTable(w.ctx).all(), ctx, spec, { where: stockMatches(w.ctx, query) });
        expect(indexed.data.map((r) => r.id), JSON.stringify(query)).toEqual(scanned.data.map((r) => r.id));
        expect(indexed.pagination.total, JSON.stringify(query)).toBe(scanned.pagination.total);
      }
    }
  });
});

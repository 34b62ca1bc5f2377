// Bills, purchase orders and suppliers held to their `index` declarations: the indexed answer equals a scan through the domain's `where`.
import { describe, it } from 'vitest';
import { contract } from '../../../src/contract/index.js';
import {
  approveBill,
  billMatches,
  billsTable,
  createBill,
  createPurchaseOrder,
  createSupplier,
  payBill,
  purchaseOrderMatches,
  purchaseOrdersTable,
  supplierListQuery,
  supplierMatches,
  suppliersTable,
  updateSupplier,
} from '../../../mock-server/domain/purchasing/index.js';
import { world } from '../support/domain.js';
import { expectIndexedAsScanned } from './list-declarations-support.js';

describe('bills.list', () => {
  it('answers each declared filter, alone and in pairs, as the domain where does', () => {
    const w = world();
    const suppliers = [0, 1, 2].map((i) =>
      createSupplier(w.ctx, { name: `Declared Supplier ${i}`, paymentTerms: { termsDays: [7, 30, 60][i] } }),
    );
    const bills = Array.from({ length: 30 }, (_, i) => {
      const bill = createBill(w.ctx, {
        supplierId: suppliers[i % 3].id,
        supplierInvoiceNumber: `DECL-${i}`,
        billDate: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
        items: [{ description: 'Sundries', quantity: 1 + (i % 4), unitPrice: 25 + i, accountCode: '6500', taxCode: null }],
      });
      const fate = i % 4;
      if (fate === 0) return bill;
      const open = approveBill(w.ctx, bill.id);
      if (fate === 2) return payBill(w.ctx, open.id, { amount: 10, paymentDate: '2026-11-01' });
      if (fate === 3) return payBill(w.ctx, open.id, { amount: open.balanceDue, paymentDate: '2026-11-01' });
      return open;
    });
    // Bills matched to an order: the field the filter reads, set on the rows.
    for (const bill of bills.slice(0, 6))
      billsTable(w.ctx).update(bill.id, { purchaseOrderId: bill.billNumber.endsWith('1') ? 'po_a' : 'po_b' });
    w.clock.advance({ days: 10 }); // the 7- and 30-day bills fall overdue by the clock
    const values: Record<string, unknown[]> = {
      status: ['draft', 'open', 'partially_paid', 'paid', 'overdue'],
      supplierId: [suppliers[0].id, suppliers[2].id, 'sup_none', ''],
      purchaseOrderId: ['po_a', 'po_b', 'po_none'],
      fromDate: ['2026-10-10', '2026-10-28'],
      toDate: ['2026-10-05', '2026-09-01'],
      dueFromDate: ['2026-11-15', '2026-12-01'],
      dueToDate: ['2026-11-15', '2026-10-01'],
    };
    const spec = contract.purchasing.billsList.list;
    expectIndexedAsScanned(w.ctx, billsTable(w.ctx), spec, values, (query) => billMatches(w.ctx, query), {
      field: 'total',
      op: 'gte',
      value: '40',
    });
  });
});

describe('purchaseOrders.list', () => {
  it('answers each declared filter, alone and in pairs, as the domain where does', () => {
    const w = world();
    const suppliers = [0, 1, 2].map((i) => createSupplier(w.ctx, { name: `Ordering Supplier ${i}` }));
    for (let i = 0; i < 30; i++) {
      const order = createPurchaseOrder(w.ctx, {
        supplierId: suppliers[i % 3].id,
        orderDate: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
        items: [{ description: 'Parts', quantity: 1 + (i % 5), unitPrice: 20 + 10 * (i % 4), taxCode: null }],
      });
      // The states the status filter tells apart, set on the rows.
      if (i % 3 === 1) purchaseOrdersTable(w.ctx).update(order.id, { status: i % 2 === 0 ? 'sent' : 'cancelled' });
    }
    const values: Record<string, unknown[]> = {
      status: ['draft', 'sent', 'cancelled', 'received'],
      supplierId: [suppliers[0].id, suppliers[2].id, 'sup_none', ''],
      // Paired, a from date is before the to date: the domain refuses a range the wrong way round.
      fromDate: ['2026-10-05', '2026-10-28'],
      toDate: ['2026-10-05', '2026-10-20'],
      totalMin: [100, 0],
      totalMax: [100, 500],
    };
    const spec = contract.purchasing.purchaseOrdersList.list;
    expectIndexedAsScanned(w.ctx, purchaseOrdersTable(w.ctx), spec, values, (query) => purchaseOrderMatches(query), {
      field: 'total',
      op: 'gte',
      value: '60',
    });
  });
});

describe('suppliers.list', () => {
  it('answers status and country (any case), alone and together, as the domain where does', () => {
    const w = world();
    for (let i = 0; i < 24; i++) {
      const supplier = createSupplier(w.ctx, {
        name: `Listed Supplier ${i}`,
        ...(i % 4 === 3 ? {} : { address: { city: 'Town', country: ['my', 'SG', 'Th'][i % 4] } }),
      });
      if (i % 3 === 1) updateSupplier(w.ctx, supplier.id, { status: i % 2 ? 'inactive' : 'suspended' });
    }
    const values: Record<string, unknown[]> = { status: ['active', 'inactive', 'suspended'], country: ['sg', 'MY', 'tH', 'xx', ''] };
    // The route reads the query through `supplierListQuery`; an empty country filters nothing.
    expectIndexedAsScanned(
      w.ctx,
      suppliersTable(w.ctx),
      contract.purchasing.suppliersList.list,
      values,
      (query) => supplierMatches(query),
      { field: 'name', op: 'startswith', value: 'listed' },
      undefined,
      supplierListQuery,
    );
  });
});

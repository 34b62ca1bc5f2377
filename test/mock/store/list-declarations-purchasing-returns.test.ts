// Purchase returns held to their `index` declaration: the indexed answer equals a scan through the domain's `where`.
import { describe, it } from 'vitest';
import { contract } from '../../../src/contract/index.js';
import {
  createPurchaseOrder,
  createPurchaseReturn,
  createSupplier,
  purchaseReturnMatches,
  purchaseReturnsTable,
  receivePurchaseOrder,
  sendPurchaseOrder,
  voidPurchaseReturn,
} from '../../../mock-server/domain/purchasing/index.js';
import { salesWorld } from '../support/sales.js';
import { expectIndexedAsScanned } from './list-declarations-support.js';

describe('purchaseReturns.list', () => {
  it('answers each declared filter, alone and in pairs, as the domain where does', () => {
    const w = salesWorld('empty');
    const item = w.item({ type: 'inventory', pricing: { costPrice: 4, sellingPrice: 9 }, tax: { salesTaxCode: 'NT', taxable: false } }).id;
    const suppliers = [0, 1, 2].map((i) => createSupplier(w.ctx, { name: `Returning Supplier ${i}` }));
    const orders = Array.from({ length: 9 }, (_, i) => {
      const order = createPurchaseOrder(w.ctx, {
        supplierId: suppliers[i % 3].id,
        items: [{ itemId: item, quantity: 10, unitPrice: 4, taxCode: null }],
      });
      sendPurchaseOrder(w.ctx, order.id);
      return receivePurchaseOrder(w.ctx, order.id, {});
    });
    for (const [i, order] of orders.entries()) {
      w.clock.advance({ days: 1 }); // each return dated a day after the one before
      const first = createPurchaseReturn(w.ctx, {
        purchaseOrderId: order.id,
        reason: 'Damaged in transit',
        items: [{ lineId: order.items[0].id, quantity: 1 }],
      });
      // Every third one voided, so the status filter has both states to tell apart.
      if (i % 3 === 0) voidPurchaseReturn(w.ctx, first.id, { reason: 'Supplier refused it' });
      createPurchaseReturn(w.ctx, {
        purchaseOrderId: order.id,
        reason: 'Wrong colour',
        items: [{ lineId: order.items[0].id, quantity: 2 }],
      });
    }
    const dates = purchaseReturnsTable(w.ctx)
      .all()
      .map((r) => r.date)
      .sort();
    const values: Record<string, unknown[]> = {
      status: ['posted', 'void'],
      supplierId: [suppliers[0].id, suppliers[2].id, 'sup_none'],
      purchaseOrderId: [orders[0].id, orders[4].id, 'po_none'],
      // Paired, a from date is before the to date.
      fromDate: [dates[3], dates[12]],
      toDate: [dates[3], dates[15]],
    };
    expectIndexedAsScanned(
      w.ctx,
      purchaseReturnsTable(w.ctx),
      contract.purchasing.purchaseReturnsList.list,
      values,
      (query) => purchaseReturnMatches(query),
      { field: 'reason', op: 'startswith', value: 'damaged' },
    );
  });
});

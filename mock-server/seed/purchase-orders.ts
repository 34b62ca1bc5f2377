import { createPurchaseOrder, suppliersTable } from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { clockAt } from './sales.js';

/** A demo purchase order: `daysAgo`, the supplier by name, and its lines (description-only lines are non-stock). */
export interface DemoPurchaseOrder {
  daysAgo: number;
  supplier: string;
  reference: string;
  lines: { description: string; quantity: number; unitPrice: number; taxCode?: string | null }[];
}

/** The demo companies' purchase orders (issue #12, §6): the trading company's office supplies order, still a draft. */
export const DEMO_PURCHASE_ORDERS: readonly DemoPurchaseOrder[][] = [
  [{ daysAgo: 2, supplier: 'Syarikat Alat Tulis Bestari', reference: 'OFFICE-Q4', lines: [{ description: 'A4 paper, box of 5 reams', quantity: 6, unitPrice: 58 }] }],
  [],
];

export function seedPurchaseOrders(ctx: ActingContext, orders: readonly DemoPurchaseOrder[]): void {
  const at = clockAt(ctx.clock);
  for (const order of orders) {
    const supplier = suppliersTable(ctx).all().find((s) => s.name === order.supplier);
    if (!supplier) throw new Error(`demo supplier ${order.supplier} is missing`);
    at(-order.daysAgo, () => createPurchaseOrder(ctx, { supplierId: supplier.id, reference: order.reference, items: order.lines }));
  }
}

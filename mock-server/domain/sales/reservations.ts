import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { changeCommitted, defaultLocation, itemsTable, quantity, stockLocation, type ItemRow } from '../inventory/index.js';
import { invoicesTable, salesOrdersTable, type SalesOrderRow } from './document-tables.js';

/**
 * What confirmed sales orders hold of stock (INV-28): one row per tracked order line,
 * its `quantity` the part of the line not yet on a posted invoice while the order is open. The stock
 * record's `reserved` is the sum of these rows, so "reserved = open confirmed orders" can be checked.
 */
export const SALES_RESERVATIONS = 'salesReservations';

export interface SalesReservationRow {
  id: string;
  salesOrderId: string;
  salesOrderLineId: string;
  orderNumber: string;
  itemId: string;
  locationId: string;
  /** Held now: the line's quantity less what posted invoices took, 0 once released. */
  quantity: number;
  updatedAt: string;
}

export function defineSalesReservationTable(store: Store): void {
  // Internal: a running figure of the orders and their invoices, which the audit trail records already.
  store.defineTable(SALES_RESERVATIONS, { prefix: 'rsv', indexes: ['salesOrderId'], internal: true });
}

export const salesReservationsTable = (ctx: CompanyContext): Table<SalesReservationRow> =>
  ctx.store.table<SalesReservationRow>(ctx.companyId, SALES_RESERVATIONS);

/** An item that keeps stock (an `inventory` item that tracks it); null for services, non-inventory and free-text lines. */
export function trackedItem(ctx: CompanyContext, itemId: string | null): ItemRow | null {
  const item = itemId ? itemsTable(ctx).get(itemId) : undefined;
  return item && item.type === 'inventory' && item.inventory.tracked ? item : null;
}

/** Where a sales document takes its stock: the location it names, else the company's default (decision INV-28). */
export const documentLocationId = (ctx: CompanyContext, locationId: string | null): string =>
  locationId ? stockLocation(ctx, locationId).id : defaultLocation(ctx).id;

/** An order holds stock while confirmed, shipped or delivered: delivery is a status only, invoicing relieves (INV-28). */
const HOLDS_STOCK: readonly SalesOrderRow['status'][] = ['confirmed', 'shipped', 'delivered'];

/** Each order line's quantity on posted (sent or paid) invoices of the order. */
function postedQuantities(ctx: CompanyContext, order: SalesOrderRow): Map<string, number> {
  const out = new Map<string, number>();
  for (const invoice of invoicesTable(ctx).byIndex('salesOrderId', order.id)) {
    if (invoice.status !== 'sent' && invoice.status !== 'paid') continue;
    for (const line of invoice.items) {
      if (line.salesOrderLineId) out.set(line.salesOrderLineId, quantity((out.get(line.salesOrderLineId) ?? 0) + line.quantity));
    }
  }
  return out;
}

/**
 * Brings the order's reservations to what it should hold now: called after every change of the order's
 * status or of its invoices (confirm, cancel, invoice sent, cancelled or detached), so a reservation is
 * never counted twice and never left behind. The first reservation of a line fixes its location.
 */
export function syncReservations(ctx: CompanyContext, orderId: string | null): void {
  if (!orderId) return;
  const order = salesOrdersTable(ctx).get(orderId);
  if (!order) return;
  const table = salesReservationsTable(ctx);
  const existing = new Map(table.byIndex('salesOrderId', order.id).map((row) => [row.salesOrderLineId, row]));
  const posted = HOLDS_STOCK.includes(order.status) ? postedQuantities(ctx, order) : new Map<string, number>();
  const now = ctx.clock.iso();
  for (const line of order.items) {
    const item = trackedItem(ctx, line.itemId);
    if (!item) continue;
    const held = HOLDS_STOCK.includes(order.status) ? Math.max(0, quantity(line.quantity - (posted.get(line.id) ?? 0))) : 0;
    const row = existing.get(line.id);
    if (!row && held === 0) continue;
    const current =
      row ??
      table.insert({
        id: table.newId(),
        salesOrderId: order.id,
        salesOrderLineId: line.id,
        orderNumber: order.orderNumber,
        itemId: item.id,
        locationId: documentLocationId(ctx, order.locationId),
        quantity: 0,
        updatedAt: now,
      });
    const delta = quantity(held - current.quantity);
    if (delta === 0) continue;
    changeCommitted(ctx, current.itemId, current.locationId, 'reserved', delta);
    table.update(current.id, { quantity: held, updatedAt: now });
  }
}

import { PurchaseOrderCreateParams, PurchaseOrderReceiveParams } from '../../src/contract/index.js';
import { LOCATIONS, type LocationRow } from '../domain/inventory/index.js';
import {
  cancelPurchaseOrder,
  confirmPurchaseOrder,
  createPurchaseOrder,
  PURCHASE_ORDERS,
  type PurchaseOrderRow,
  purchaseOrdersTable,
  receivePurchaseOrder,
  sendPurchaseOrder,
  SUPPLIERS,
  type SupplierRow,
} from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';
import { type AtPath, FixtureProblem } from './fixture-problem.js';
import { locationIdCoded, supplierNamed, withItemIds } from './fixture-refs.js';
import { byNumber, namesById, setFields } from './fixture-rows.js';
import { lineIdAt } from './fixture-sales-notes.js';
import type { CheckedFixtureCompany, FixtureFile } from './fixture-schema.js';

type FixtureOrder = NonNullable<FixtureFile['companies'][number]['purchaseOrders']>[number];
type FixtureReceipt = NonNullable<FixtureFile['companies'][number]['receipts']>[number];

/** The loaded orders' ids by position in `purchaseOrders`, and each order's receipts' ids in the order they came (MOCK-49). */
export interface LoadedOrders {
  orders: string[];
  receipts: string[][];
}

/**
 * The company's purchase orders (MOCK-49), each through the functions their routes call: `createPurchaseOrder`,
 * `sendPurchaseOrder` (no message in the outbox) and `confirmPurchaseOrder` as `status` says, then the company's
 * receipts through `receivePurchaseOrder` (stock in at cost, goods received not invoiced); the cancels wait for the bills
 * and returns (loadOrderCancels).
 */
export function loadPurchaseOrders(ctx: ActingContext, company: CheckedFixtureCompany, path: string, at: AtPath): LoadedOrders {
  const loaded: LoadedOrders = { orders: [], receipts: [] };
  company.purchaseOrders?.forEach((order, o) => {
    const { supplier, items, location, status, cancel: _cancel, ...fields } = order;
    let orderId = '';
    at(`${path}.purchaseOrders[${o}]`, () => {
      const locationId = locationIdCoded(ctx, location);
      const body = { ...fields, supplierId: supplierNamed(ctx, supplier).id, ...(locationId ? { locationId } : {}) };
      orderId = createPurchaseOrder(ctx, PurchaseOrderCreateParams.parse({ ...body, items: withItemIds(ctx, items) })).id;
      if (status === 'sent' || status === 'confirmed') sendPurchaseOrder(ctx, orderId, {}, { recordMessage: false });
      if (status === 'confirmed') confirmPurchaseOrder(ctx, orderId, {});
      loaded.orders[o] = orderId;
    });
    loaded.receipts.push([]);
  });
  // One list across the orders, in the order the goods came, so the stock's cost layers come in that order too.
  company.receipts?.forEach(({ purchaseOrder, location: where, items: lines, ...receipt }, r) => {
    at(`${path}.receipts[${r}]`, () => {
      const orderId = loaded.orders[purchaseOrder];
      if (orderId === undefined) throw new FixtureProblem(`purchaseOrder: no purchaseOrders[${purchaseOrder}] in this company`);
      const orderLines = purchaseOrdersTable(ctx).get(orderId)!.items;
      const locationId = locationIdCoded(ctx, where);
      const received = lines?.map(({ line, ...rest }, l) => ({ ...rest, lineId: lineIdAt(orderLines, line, l, 'purchase order') }));
      const body = { ...receipt, ...(locationId ? { locationId } : {}), ...(received ? { items: received } : {}) };
      loaded.receipts[purchaseOrder].push(receivePurchaseOrder(ctx, orderId, PurchaseOrderReceiveParams.parse(body)).receipts.at(-1)!.id);
    }, [`${path}.purchaseOrders[${purchaseOrder}]`]);
  });
  return loaded;
}

/**
 * Each order's `cancel` through `cancelPurchaseOrder`, once every bill and return is loaded (MOCK-49): a bill the API
 * matched before the cancel, and an order a return left short before it, then load as the API took them.
 */
export function loadOrderCancels(ctx: ActingContext, company: CheckedFixtureCompany, orders: LoadedOrders, path: string, at: AtPath): void {
  company.purchaseOrders?.forEach(({ cancel }, o) => {
    if (cancel) at(`${path}.purchaseOrders[${o}].cancel`, () => void cancelPurchaseOrder(ctx, orders.orders[o], cancel));
  });
}

/** The state a fixture names: confirmed when the supplier confirmed it, sent when it went out, else a draft. */
function stateOf(order: PurchaseOrderRow): FixtureOrder['status'] {
  const seen = new Set(order.statusHistory.map((entry) => entry.status));
  return seen.has('confirmed') ? 'confirmed' : seen.has('sent') ? 'sent' : 'draft';
}

/**
 * The company's purchase orders as a fixture writes them (MOCK-49), in number order, each with its cancel, and their
 * receipts (in their places among the other stock moves by `stockMoves`, MOCK-52); one of `leftOut` is left out, with
 * its bills and returns. Returns the orders, the receipts, each written order's position by id and their rows.
 */
export function purchaseOrdersOf(
  store: Store,
  companyId: string,
  leftOut: ReadonlySet<string> = new Set(),
): { purchaseOrders: FixtureOrder[]; receipts: FixtureReceipt[]; at: Map<string, number>; rows: PurchaseOrderRow[] } {
  if (!store.hasTable(PURCHASE_ORDERS)) return { purchaseOrders: [], receipts: [], at: new Map(), rows: [] };
  const suppliers = namesById<SupplierRow>(store, companyId, SUPPLIERS, (row) => row.name);
  const locations = namesById<LocationRow>(store, companyId, LOCATIONS, (row) => row.code);
  const rows = store
    .table<PurchaseOrderRow>(companyId, PURCHASE_ORDERS)
    .all()
    .filter((row) => !leftOut.has(row.id))
    .sort(byNumber((row) => row.poNumber));
  const purchaseOrders = rows.map((row) => {
    const status = stateOf(row);
    const cancelled = row.status === 'cancelled' ? row.statusHistory.findLast((entry) => entry.status === 'cancelled') : undefined;
    return {
      supplier: suppliers.get(row.supplierId)!,
      ...setFields(row, ['orderDate', 'requiredDate', 'reference', 'currency', 'exchangeRate']),
      ...(row.locationId ? { location: locations.get(row.locationId)! } : {}),
      items: row.items.map((line) => ({
        ...(line.itemCode ? { item: line.itemCode } : {}),
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        taxCode: line.taxCode,
        ...setFields(line, ['expectedDate', 'notes']),
      })),
      ...setFields(row, ['deliveryAddress', 'terms', 'notes']),
      ...(status === 'draft' ? {} : { status }),
      ...(cancelled ? { cancel: cancelled.notes ? { reason: cancelled.notes } : {} } : {}),
    } as FixtureOrder;
  });
  const at = new Map(rows.map((row, i) => [row.id, i]));
  // Every written order's receipts in one list, in receipt number order: the order the goods came in.
  const receipts = rows
    .flatMap((row) => row.receipts.map((receipt) => ({ row, receipt })))
    .sort(byNumber(({ receipt }) => receipt.receiptNumber))
    .map(({ row, receipt }) => ({
      purchaseOrder: at.get(row.id)!,
      date: receipt.date,
      location: locations.get(receipt.locationId)!,
      items: receipt.items.map((line) => ({
        line: row.items.findIndex((l) => l.id === line.lineId),
        quantity: line.quantity,
        ...setFields(line, ['lotNumber', 'expiryDate']),
      })),
      ...setFields(receipt, ['notes']),
    })) as FixtureReceipt[];
  return { purchaseOrders, receipts, at, rows };
}

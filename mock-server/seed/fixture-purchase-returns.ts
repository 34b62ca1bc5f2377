import { PurchaseReturnCreateParams } from '../../src/contract/index.js';
import { ITEMS, type ItemRow, quantity, STOCK_BALANCES, type StockBalanceRow } from '../domain/inventory/index.js';
import {
  createPurchaseReturn,
  PURCHASE_ORDERS,
  PURCHASE_RETURNS,
  type PurchaseOrderRow,
  purchaseOrdersTable,
  type PurchaseReturnRow,
  voidPurchaseReturn,
} from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';
import { type LoadedOrders, purchaseOrdersOf } from './fixture-purchase-orders.js';
import { type AtPath, FixtureProblem } from './fixture-problem.js';
import { byNumber, setFields } from './fixture-rows.js';
import { lineIdAt } from './fixture-sales-notes.js';
import type { CheckedFixtureCompany, FixtureFile } from './fixture-schema.js';

type FixtureReturn = NonNullable<FixtureFile['companies'][number]['purchaseReturns']>[number];

/**
 * The company's purchase returns (MOCK-49), after every bill, each through `createPurchaseReturn` (stock out at its
 * receipt's cost, goods received not invoiced), voided right after it through `voidPurchaseReturn` with `void`.
 */
export function loadPurchaseReturns(
  ctx: ActingContext,
  company: CheckedFixtureCompany,
  orders: LoadedOrders,
  path: string,
  at: AtPath,
): void {
  company.purchaseReturns?.forEach(({ purchaseOrder, receipt, items, void: voided, ...fields }, r) => {
    const returnPath = `${path}.purchaseReturns[${r}]`;
    let returnId = '';
    at(returnPath, () => {
      const purchaseOrderId = orders.orders[purchaseOrder];
      if (purchaseOrderId === undefined) throw new FixtureProblem(`purchaseOrder: no purchaseOrders[${purchaseOrder}] in this company`);
      const receiptId = receipt === undefined ? undefined : orders.receipts[purchaseOrder][receipt];
      if (receipt !== undefined && receiptId === undefined)
        throw new FixtureProblem(
          `receipt: purchaseOrders[${purchaseOrder}] has no receipt ${receipt} (it has ${orders.receipts[purchaseOrder]?.length ?? 0})`,
        );
      const lines = purchaseOrdersTable(ctx).get(purchaseOrderId)!.items;
      const sent = items?.map(({ line, quantity: count }, l) => ({ lineId: lineIdAt(lines, line, l, 'purchase order'), quantity: count }));
      const body = { ...fields, purchaseOrderId, ...(receiptId ? { receiptId } : {}), ...(sent ? { items: sent } : {}) };
      returnId = createPurchaseReturn(ctx, PurchaseReturnCreateParams.parse(body)).id;
    });
    if (voided) at(`${returnPath}.void`, () => void voidPurchaseReturn(ctx, returnId, voided));
  });
}

/**
 * Whether the load, which makes every return after every bill, splits the return's units between billed and not yet
 * billed as the API did (MOCK-49): it takes first what the order line has received and not billed at the end.
 */
function loadSplitsAlike(order: PurchaseOrderRow, row: PurchaseReturnRow, sentBefore: ReadonlyMap<string, number>): boolean {
  return order.items.every((line) => {
    const mine = row.items.filter((part) => part.lineId === line.id);
    if (mine.length === 0) return true;
    const sent = quantity(mine.reduce((sum, part) => sum + part.quantity, 0));
    const received = order.receipts.flatMap((r) => r.items).reduce((sum, r) => (r.lineId === line.id ? sum + r.quantity : sum), 0);
    const unbilled = Math.max(0, quantity(received - (sentBefore.get(line.id) ?? 0) - line.billedQuantity));
    const billed = quantity(mine.reduce((sum, part) => sum + part.billedQuantity, 0));
    return billed === quantity(sent - Math.min(sent, unbilled));
  });
}

/**
 * The company's purchase returns as a fixture writes them (MOCK-49), in number order, on the orders the file writes
 * (`at`: an order's position by id); a return the load would split otherwise between billed and unbilled units (one
 * made before a bill that billed what it had left unbilled), draw on other receipts (one over several receipts
 * before a later receipt) or not find its goods (lackingStock), is left out, not approximated.
 */
export function purchaseReturnsOf(
  store: Store,
  companyId: string,
  at: ReadonlyMap<string, number>,
): { purchaseReturns: FixtureReturn[]; kept: PurchaseReturnRow[] } {
  const excluded = new Set<string>();
  for (;;) {
    const written = returnsWritten(store, companyId, at, excluded);
    const lacking = lackingStock(store, companyId, at, written.kept);
    if (lacking.length === 0) return written;
    for (const id of lacking) excluded.add(id);
  }
}

/** What each item holds at each location once loaded, before its returns: now, less the receipts the file leaves out, plus the standing returns. */
function heldBeforeReturns(store: Store, companyId: string, at: ReadonlyMap<string, number>) {
  const key = (part: { itemId: string; locationId: string }) => `${part.itemId} ${part.locationId}`;
  const held = new Map<string, number>();
  const add = (part: { itemId: string; locationId: string }, count: number) =>
    held.set(key(part), quantity((held.get(key(part)) ?? 0) + count));
  for (const row of store.table<StockBalanceRow>(companyId, STOCK_BALANCES).all()) add(row, row.onHand);
  const items = store.table<ItemRow>(companyId, ITEMS);
  const tracked = (itemId: string | null) => {
    const item = itemId ? items.get(itemId) : undefined;
    return item !== undefined && item.type === 'inventory' && item.inventory.tracked;
  };
  for (const order of store.table<PurchaseOrderRow>(companyId, PURCHASE_ORDERS).all()) {
    if (at.has(order.id)) continue;
    for (const receipt of order.receipts)
      for (const line of receipt.items)
        if (tracked(line.itemId)) add({ itemId: line.itemId!, locationId: receipt.locationId }, -line.quantity);
  }
  for (const row of store.table<PurchaseReturnRow>(companyId, PURCHASE_RETURNS).all())
    if (row.status === 'posted') for (const part of row.items) add(part, part.quantity);
  return { held, key };
}

/**
 * The returns whose goods the load would not find (MOCK-49): it makes them after every sale, so a return's item at its
 * location holds then what heldBeforeReturns says less what the earlier written returns that stand took; one that
 * would take more (its goods sold after it, or after its void) is left out. Lots are not counted.
 */
function lackingStock(store: Store, companyId: string, at: ReadonlyMap<string, number>, kept: readonly PurchaseReturnRow[]): string[] {
  if (!store.hasTable(STOCK_BALANCES)) return [];
  const { held, key } = heldBeforeReturns(store, companyId, at);
  const lacking: string[] = [];
  for (const row of kept) {
    const asked = new Map<string, number>();
    for (const part of row.items) asked.set(key(part), quantity((asked.get(key(part)) ?? 0) + part.quantity));
    if ([...asked].some(([where, count]) => (held.get(where) ?? 0) < count)) {
      lacking.push(row.id);
      continue;
    }
    if (row.status === 'posted') for (const [where, count] of asked) held.set(where, quantity(held.get(where)! - count));
  }
  return lacking;
}

/** The returns written and their rows, in number order, `excluded` left out as if the load could not replay them. */
function returnsWritten(
  store: Store,
  companyId: string,
  at: ReadonlyMap<string, number>,
  excluded: ReadonlySet<string>,
): { purchaseReturns: FixtureReturn[]; kept: PurchaseReturnRow[] } {
  if (!store.hasTable(PURCHASE_RETURNS)) return { purchaseReturns: [], kept: [] };
  const kept: PurchaseReturnRow[] = [];
  const orders = store.table<PurchaseOrderRow>(companyId, PURCHASE_ORDERS);
  const sentBefore = new Map<string, Map<string, number>>();
  const lost = new Set<string>();
  const purchaseReturns = store
    .table<PurchaseReturnRow>(companyId, PURCHASE_RETURNS)
    .all()
    .sort(byNumber((row) => row.returnNumber))
    .flatMap((row) => {
      const order = orders.get(row.purchaseOrderId)!;
      const before = sentBefore.get(order.id) ?? new Map<string, number>();
      // Parts drawn on one receipt name it, so the load draws on it whatever receipts came later; parts over several
      // receipts are drawn newest first again, alike only from the order's last receipt with every earlier return kept
      // and standing (the load voids a voided one at once, giving its receipt back before the later return draws).
      const drawnOn = [...new Set(row.items.map((part) => part.receiptId))].map((id) => order.receipts.findIndex((r) => r.id === id));
      const redrawn = drawnOn.length > 1 && (Math.max(...drawnOn) !== order.receipts.length - 1 || lost.has(order.id));
      if (!at.has(order.id) || excluded.has(row.id) || redrawn || !loadSplitsAlike(order, row, before)) {
        lost.add(order.id);
        return [];
      }
      // A voided return is voided at once on load, so it leaves later returns the units it took.
      if (row.status === 'posted')
        for (const part of row.items) before.set(part.lineId, quantity((before.get(part.lineId) ?? 0) + part.quantity));
      sentBefore.set(order.id, before);
      kept.push(row);
      if (row.status === 'void') lost.add(order.id);
      const receipt = drawnOn.length === 1 ? drawnOn[0] : -1;
      return [
        {
          purchaseOrder: at.get(order.id)!,
          ...(receipt >= 0 ? { receipt } : {}),
          date: row.date,
          reason: row.reason,
          items: order.items.flatMap((line, l) => {
            const count = quantity(row.items.reduce((sum, part) => (part.lineId === line.id ? sum + part.quantity : sum), 0));
            return count > 0 ? [{ line: l, quantity: count }] : [];
          }),
          ...setFields(row, ['notes']),
          ...(row.status === 'void' ? { void: { reason: row.voidReason!, voidDate: row.voidDate! } } : {}),
        } as FixtureReturn,
      ];
    });
  return { purchaseReturns, kept };
}

/** Whether the load can cancel `order` after its returns: it is short of a line once the returns that stand are taken off. */
function cancellableAfter(order: PurchaseOrderRow, kept: readonly PurchaseReturnRow[]): boolean {
  const standing = kept.filter((row) => row.purchaseOrderId === order.id && row.status === 'posted').flatMap((row) => row.items);
  return order.items.some((line) => {
    const received = order.receipts.flatMap((r) => r.items).reduce((sum, r) => (r.lineId === line.id ? sum + r.quantity : sum), 0);
    const sent = standing.reduce((sum, part) => (part.lineId === line.id ? sum + part.quantity : sum), 0);
    return quantity(received - sent) < line.quantity;
  });
}

/**
 * The company's purchase orders and returns as a fixture writes them (MOCK-49), and each written order's position by
 * id: a cancelled order the load could not cancel (every line received again once its voided returns are voided, as
 * when the API cancelled it while a return stood and voided that return after) is left out with its bills and returns.
 */
export function purchasingOf(store: Store, companyId: string) {
  const leftOut = new Set<string>();
  for (;;) {
    const { purchaseOrders, receipts, at, rows } = purchaseOrdersOf(store, companyId, leftOut);
    const { purchaseReturns, kept } = purchaseReturnsOf(store, companyId, at);
    const stuck = rows.filter((row) => row.status === 'cancelled' && !cancellableAfter(row, kept));
    if (stuck.length === 0) return { purchaseOrders, receipts, purchaseReturns, at };
    for (const row of stuck) leftOut.add(row.id);
  }
}

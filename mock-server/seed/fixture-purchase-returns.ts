import { PurchaseReturnCreateParams } from '../../src/contract/index.js';
import { quantity } from '../domain/inventory/index.js';
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
import { type ExportLog, exportLog } from './fixture-left-out.js';

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
    }, [`${path}.purchaseOrders[${purchaseOrder}]`]);
    if (voided) at(`${returnPath}.void`, () => void voidPurchaseReturn(ctx, returnId, voided));
  });
}

/**
 * The company's purchase returns as a fixture writes them (MOCK-49), in number order, on the orders the file writes
 * (`at`: an order's position by id). Their places among the receipts, sales and bills are the file's `stockMoves`
 * (MOCK-52), so each draws on the receipts and splits between billed and unbilled units as the API did.
 */
export function purchaseReturnsOf(
  store: Store,
  companyId: string,
  at: ReadonlyMap<string, number>,
): { purchaseReturns: FixtureReturn[]; kept: PurchaseReturnRow[] } {
  if (!store.hasTable(PURCHASE_RETURNS)) return { purchaseReturns: [], kept: [] };
  const kept: PurchaseReturnRow[] = [];
  const orders = store.table<PurchaseOrderRow>(companyId, PURCHASE_ORDERS);
  const purchaseReturns = store
    .table<PurchaseReturnRow>(companyId, PURCHASE_RETURNS)
    .all()
    .sort(byNumber((row) => row.returnNumber))
    .flatMap((row) => {
      const order = orders.get(row.purchaseOrderId)!;
      if (!at.has(order.id)) return [];
      kept.push(row);
      // Parts drawn on one receipt name it; parts over several are drawn newest first again, at the return's place (MOCK-52).
      const drawnOn = [...new Set(row.items.map((part) => part.receiptId))].map((id) => order.receipts.findIndex((r) => r.id === id));
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
 * when the API cancelled it while a return stood and voided that return after) is left out with its bills and returns,
 * and named in `leftOut` (MOCK-52). The orders, receipts and returns written are noted in `log` by id.
 */
export function purchasingOf(store: Store, companyId: string, log: ExportLog = exportLog()) {
  const leftOut = new Set<string>();
  for (;;) {
    const { purchaseOrders, receipts, at, rows } = purchaseOrdersOf(store, companyId, leftOut);
    const { purchaseReturns, kept } = purchaseReturnsOf(store, companyId, at);
    const stuck = rows.filter((row) => row.status === 'cancelled' && !cancellableAfter(row, kept));
    if (stuck.length > 0) {
      for (const row of stuck) leftOut.add(row.id);
      continue;
    }
    for (const [id, o] of at) log.steps.set(id, `purchaseOrders[${o}]`);
    rows
      .flatMap((row) => row.receipts)
      .sort(byNumber((receipt) => receipt.receiptNumber))
      .forEach((receipt, r) => void log.steps.set(receipt.id, `receipts[${r}]`));
    kept.forEach((row, r) => {
      log.steps.set(row.id, `purchaseReturns[${r}]`);
      if (row.status === 'void') log.steps.set(`${row.id} void`, `purchaseReturns[${r}].void`);
    });
    const orders = store.hasTable(PURCHASE_ORDERS) ? store.table<PurchaseOrderRow>(companyId, PURCHASE_ORDERS) : undefined;
    for (const id of leftOut) log.leftOut.push({ record: orders!.get(id)!.poNumber, reason: CANCEL_LEFT_OUT });
    return { purchaseOrders, receipts, purchaseReturns, at };
  }
}

/** Why a cancelled order is left out (MOCK-52). */
const CANCEL_LEFT_OUT =
  'it was cancelled while a return stood and the return voided after, and a load cancels orders last: left out with its receipts, bills and returns';

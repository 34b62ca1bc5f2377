import { BillCreateParams } from '../../src/contract/index.js';
import { ACCOUNTS, type AccountRow } from '../domain/accounting/index.js';
import {
  approveBill,
  BILLS,
  type BillRow,
  createBill,
  PURCHASE_ORDERS,
  type PurchaseOrderRow,
  purchaseOrdersTable,
  SUPPLIERS,
  type SupplierRow,
} from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';
import { billLineOf, billNotesOf, billPaymentRowsOf, billPaymentsOf } from './fixture-bill-export.js';
import type { LeftOut } from './fixture-left-out.js';
import { ledgerClock } from './fixture-ledger-clock.js';
import { loadBillMoves, loadSupplierCreditUse } from './fixture-bill-notes.js';
import { type AtPath, FixtureProblem } from './fixture-problem.js';
import type { LoadedOrders } from './fixture-purchase-orders.js';
import { lineIdAt } from './fixture-sales-notes.js';
import { supplierNamed, withItemIds } from './fixture-refs.js';
import { byNumber, namesById, setFields } from './fixture-rows.js';
import type { CheckedFixtureCompany, FixtureFile } from './fixture-schema.js';

type FixtureCompany = FixtureFile['companies'][number];
type FixtureBillLines = NonNullable<CheckedFixtureCompany['bills']>[number]['items'];

/** A bill line as a fixture writes it; a matched one names its order line by position, a matched stock line no account (it posts to goods received not invoiced). */
function matchedLineOf(line: BillRow['items'][number], order: PurchaseOrderRow | undefined) {
  const { accountCode, ...written } = billLineOf(line);
  const orderLine = order?.items.findIndex((l) => l.id === line.purchaseOrderLineId) ?? -1;
  return { ...written, ...(line.matchedStock ? {} : { accountCode }), ...(orderLine >= 0 ? { orderLine } : {}) };
}

/** A bill's order by its position in `purchaseOrders` and each line's order line by position (MOCK-49), as ids. */
function matchedTo(ctx: ActingContext, orders: LoadedOrders, purchaseOrder: number | undefined, items: FixtureBillLines) {
  const lines = withItemIds(ctx, items);
  if (purchaseOrder === undefined) {
    const at = items.findIndex((line) => line.orderLine !== undefined);
    if (at >= 0) throw new FixtureProblem(`items[${at}].orderLine: a line bills an order line only on a bill with purchaseOrder`);
    return { items: lines };
  }
  const purchaseOrderId = orders.orders[purchaseOrder];
  if (purchaseOrderId === undefined) throw new FixtureProblem(`purchaseOrder: no purchaseOrders[${purchaseOrder}] in this company`);
  const orderLines = purchaseOrdersTable(ctx).get(purchaseOrderId)!.items;
  return {
    purchaseOrderId,
    items: lines.map(({ orderLine, ...line }, l) =>
      orderLine === undefined ? line : { ...line, purchaseOrderLineId: lineIdAt(orderLines, orderLine, l, 'purchase order') },
    ),
  };
}

/**
 * The company's bills (MOCK-40), each through `createBill` as `POST /bills` does (matched to its purchase order,
 * MOCK-49), approved through `approveBill` when its status is `open`, then its notes, payments and void (MOCK-47);
 * once every bill is loaded, the supplier credit notes' applications and refunds.
 */
export function loadBills(ctx: ActingContext, company: CheckedFixtureCompany, orders: LoadedOrders, path: string, at: AtPath): void {
  const ids = { bills: [] as string[], creditNotes: [] as string[][] };
  company.bills?.forEach((bill, i) => {
    const { supplier, purchaseOrder, items, status, payments: _p, debitNotes: _d, creditNotes: _c, void: _v, ...fields } = bill;
    const order = purchaseOrder === undefined ? [] : [`${path}.purchaseOrders[${purchaseOrder}]`];
    at(
      `${path}.bills[${i}]`,
      () => {
        const supplierId = supplierNamed(ctx, supplier).id;
        const body = { ...fields, supplierId, ...matchedTo(ctx, orders, purchaseOrder, items) };
        ids.bills[i] = createBill(ctx, BillCreateParams.parse(body)).id;
      },
      order,
    );
    // Its approval a step of its own, so a plan may approve it after later bills were made (MOCK-52).
    if (status === 'open') at(`${path}.bills[${i}].status`, () => void approveBill(ctx, ids.bills[i]));
    ids.creditNotes.push(loadBillMoves(ctx, () => ids.bills[i], bill, `${path}.bills[${i}]`, at));
  });
  loadSupplierCreditUse(ctx, company.bills ?? [], ids, path, at);
}

/**
 * The company's bills as a fixture writes them (MOCK-40, MOCK-47), in number order: those not matched to a purchase
 * order and those matched to an order the file writes (`orders`: its position by id, MOCK-49), each with its payments
 * (voided ones with `void`), its notes, and a void one's `void`.
 */
export function billsOf(
  store: Store,
  companyId: string,
  orders: ReadonlyMap<string, number>,
  leftOut: LeftOut[] = [],
): FixtureCompany['bills'] {
  if (!store.hasTable(BILLS)) return [];
  const suppliers = namesById<SupplierRow>(store, companyId, SUPPLIERS, (row) => row.name);
  const accounts = namesById<AccountRow>(store, companyId, ACCOUNTS, (row) => row.accountNumber);
  const rows = store
    .table<BillRow>(companyId, BILLS)
    .all()
    .filter((row) => row.purchaseOrderId === null || orders.has(row.purchaseOrderId))
    .sort(byNumber((row) => row.billNumber));
  const at = new Map(rows.map((row, i) => [row.id, i]));
  const clock = ledgerClock(store, companyId);
  return rows.map((row) => {
    const paidRows = billPaymentRowsOf(store, companyId, row);
    const { debitNotes, creditNotes, gaps, leftOut: notWritten } = billNotesOf(store, companyId, row, paidRows, clock, at, accounts);
    leftOut.push(...notWritten);
    const paid = billPaymentsOf(paidRows, row, accounts, gaps);
    const order =
      row.purchaseOrderId === null ? undefined : store.table<PurchaseOrderRow>(companyId, PURCHASE_ORDERS).get(row.purchaseOrderId)!;
    return {
      supplier: suppliers.get(row.supplierId)!,
      ...(order ? { purchaseOrder: orders.get(order.id)! } : {}),
      ...setFields(row, ['supplierInvoiceNumber', 'billDate', 'dueDate', 'reference', 'exchangeRate', 'notes']),
      items: row.items.map((line) => matchedLineOf(line, order)),
      status: row.status === 'draft' ? ('draft' as const) : ('open' as const),
      ...(debitNotes.length > 0 ? { debitNotes } : {}),
      ...(paid.length > 0 ? { payments: paid } : {}),
      ...(creditNotes.length > 0 ? { creditNotes } : {}),
      ...(row.status === 'void' ? { void: { reason: row.voidReason!, voidDate: row.voidDate! } } : {}),
    } as NonNullable<FixtureCompany['bills']>[number];
  });
}

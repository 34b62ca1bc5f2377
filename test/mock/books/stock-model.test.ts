import fc from 'fast-check';
import { modelRuns } from '../support/model-runs.js';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import {
  accountBalance,
  accountLedger,
  accountsTable,
  controlAccount,
  journalEntriesTable,
} from '../../../mock-server/domain/accounting/index.js';
import {
  adjustmentsTable,
  changeStockTransferStatus,
  createAdjustment,
  createStockTransfer,
  insertLocation,
  issue,
  issueAtValue,
  itemsTable,
  locationsTable,
  postAdjustment,
  stockTransfersTable,
  layersValue,
  postStockValue,
  quantity,
  receive,
  recordStockMovements,
  stockBalancesTable,
  stockMovementsTable,
  toCents,
  type CostLayer,
  type LedgerValuationMethod,
  type StockTransferRow,
  valueStock,
} from '../../../mock-server/domain/inventory/index.js';
import {
  createPurchaseOrder,
  createPurchaseReturn,
  createSupplier,
  purchaseOrdersTable,
  purchaseReturnsTable,
  receivePurchaseOrder,
  sendPurchaseOrder,
  voidPurchaseReturn,
} from '../../../mock-server/domain/purchasing/index.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';
import type { CompanyRow } from '../../../mock-server/domain/platform/index.js';
import {
  cancelInvoice,
  changeSalesOrderStatus,
  convertSalesOrderToInvoice,
  createCreditNote,
  createInvoice,
  createSalesOrder,
  creditNotesTable,
  invoicesTable,
  recordPayment,
  salesOrdersTable,
  sendInvoice,
  updateInvoice,
} from '../../../mock-server/domain/sales/index.js';
import { salesReservationsTable, saleStockIssuesTable } from '../../../mock-server/domain/sales/index.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { GLOBAL } from '../../../mock-server/store/index.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';

// The books agree after any sequence of stock receipts, adjustments (posted or drafted
// and posted later), transfers between the two stock locations (approved, shipped, received in part or
// whole, cancelled), orders, invoices (some back-dated), cancellations, amendments, credit notes and
// clock moves, with stock going below zero and back: inventory account = stock records = a replay of
// the movement log by the ledger method, to the cent, and = the valuation on every date; on hand = sum
// of movements; reserved = open confirmed orders. Goods bought on orders (some in lots) go back to the supplier in
// purchase returns, and returns are voided (PUR-62, INV-33): they leave at their receipt's cost, never below zero.

const goods = fc.array(fc.record({ item: fc.nat(2), quantity: fc.integer({ min: 1, max: 6 }).map((n) => n / 2) }), {
  minLength: 1,
  maxLength: 3,
});
const pick = fc.nat();
/** Adjustment lines: a magnitude, and for a stock count a sign; the reason decides the sign of the others. */
const adjustmentLines = fc.array(
  fc.record({
    item: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 30 }).map((n) => n / 2),
    down: fc.boolean(),
    unitCost: fc.option(
      fc.integer({ min: 0, max: 9_999 }).map((c) => c / 100),
      { nil: undefined },
    ),
    reason: fc.option(fc.constantFrom('found', 'damaged', 'stock_count', 'initial_stock') as fc.Arbitrary<AdjustmentReasonPick>, {
      nil: undefined,
      freq: 3,
    }),
  }),
  { minLength: 1, maxLength: 3 },
);
type AdjustmentReasonPick = 'found' | 'damaged' | 'stock_count' | 'initial_stock';
const op = <K extends string, R extends object>(kind: K, weight: number, fields: { [P in keyof R]: fc.Arbitrary<R[P]> }) => ({
  weight,
  arbitrary: fc.record({ kind: fc.constant(kind), ...fields } as never) as fc.Arbitrary<{ kind: K } & R>,
});

const operation = fc.oneof(
  op('receive', 6, {
    item: fc.nat(2),
    location: fc.nat(1),
    quantity: fc.integer({ min: 1, max: 80 }).map((n) => n / 2),
    unitCost: fc.integer({ min: 1, max: 9_999 }).map((c) => c / 100),
  }),
  op('invoice', 4, { goods, location: fc.nat(2), service: fc.boolean(), daysBack: fc.constantFrom(0, 0, 0, 1, 3) }),
  op('advance', 1, { days: fc.integer({ min: 1, max: 3 }) }),
  op('send', 5, { pick }),
  op('cancel', 2, { pick }),
  op('amend', 2, { pick, goods }),
  op('credit', 3, { pick, whole: fc.boolean(), share: fc.constantFrom(0.25, 0.5, 1), returnToStock: fc.constantFrom(true, true, false) }),
  op('pay', 1, { pick }),
  op('order', 3, { goods, location: fc.nat(2) }),
  op('orderStatus', 2, { pick, status: fc.constantFrom('shipped', 'delivered', 'cancelled', 'cancelled') }),
  op('convert', 3, { pick, share: fc.constantFrom(0.5, 1), send: fc.boolean() }),
  op('adjust', 4, {
    location: fc.nat(2),
    reason: fc.constantFrom('found', 'damaged', 'stock_count', 'initial_stock') as fc.Arbitrary<AdjustmentReasonPick>,
    lines: adjustmentLines,
    draft: fc.constantFrom(false, false, true),
  }),
  op('postAdjustment', 2, { pick }),
  op('purchase', 2, { goods, location: fc.nat(1), lot: fc.boolean() }),
  op('purchaseReturn', 3, { pick, share: fc.constantFrom(0.5, 1), whole: fc.boolean() }),
  op('voidReturn', 1, { pick }),
  op('transfer', 4, {
    from: fc.nat(1),
    goods: fc.array(fc.record({ item: fc.nat(2), quantity: fc.integer({ min: 1, max: 16 }).map((n) => n / 2) }), {
      minLength: 1,
      maxLength: 3,
    }),
    requestApproval: fc.constantFrom(false, false, true),
  }),
  op('transferStatus', 6, {
    pick,
    // `next`: the step the transfer is waiting for (receipts in part or, at share 1, in full); else a step named outright.
    status: fc.constantFrom(
      'next',
      'next',
      'next',
      'next',
      'approved',
      'shipped',
      'partially_received',
      'completed',
      'cancelled',
    ) as fc.Arbitrary<'next' | 'approved' | 'shipped' | 'partially_received' | 'completed' | 'cancelled'>,
    share: fc.constantFrom(0.25, 0.5, 1),
    partial: fc.boolean(),
  }),
);
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

const nth = <T>(rows: readonly T[], n: number): T | undefined => rows[n % Math.max(1, rows.length)];
const done = (_result: unknown): boolean => true;

interface Model {
  w: SalesWorld;
  customer: string;
  supplier: string;
  items: string[];
  /** The two stock locations; a third pick means "the default". */
  locations: string[];
  /** Where the last transfer step left its transfer (for the run's statistics). */
  lastTransferStatus?: string;
  /** The company lets stock go below zero (the default) or forbids it. */
  allowNegative: boolean;
}

const locationOf = (m: Model, n: number): string | null => m.locations[n] ?? null;
const linesOf = (m: Model, picked: readonly { item: number; quantity: number }[]) =>
  picked.map((g) => ({ itemId: m.items[g.item], quantity: g.quantity }));

/** Applies one operation; false when there was nothing to apply it to. */
function apply(m: Model, o: Operation): boolean {
  const { ctx } = m.w;
  const invoices = () => invoicesTable(ctx).all();
  const posted = () => invoices().filter((i) => i.status === 'sent' || i.status === 'paid');
  switch (o.kind) {
    case 'receive': {
      const source = { type: 'receipt', id: `rcv-${stockMovementsTable(ctx).size}`, number: null };
      const date = m.w.store.today(ctx.companyId);
      const movements = recordStockMovements(ctx, [
        {
          date,
          itemId: m.items[o.item],
          locationId: m.locations[o.location],
          quantity: o.quantity,
          unitCost: o.unitCost,
          type: 'adjustment',
          source,
        },
      ]);
      postStockValue(ctx, {
        date,
        reference: 'RCV',
        description: 'Goods received',
        source,
        movements,
        counterAccountId: () => controlAccount(ctx, 'opening_balance').id,
      });
      return true;
    }
    case 'invoice': {
      const service = o.service ? [{ description: 'Fitting', quantity: 1, unitPrice: 35, taxCode: null }] : [];
      const invoiceDate = addDays(m.w.store.today(ctx.companyId), -o.daysBack);
      return done(
        createInvoice(ctx, {
          customerId: m.customer,
          locationId: locationOf(m, o.location),
          invoiceDate,
          items: [...linesOf(m, o.goods), ...service],
        }),
      );
    }
    case 'advance': {
      m.w.clock.advance({ days: o.days });
      return true;
    }
    case 'send': {
      const drafts = invoices().filter((i) => i.status === 'draft');
      const invoice = nth(drafts, o.pick);
      return invoice !== undefined && done(sendInvoice(ctx, invoice.id));
    }
    case 'cancel': {
      const invoice = nth(o.pick % 4 === 0 ? invoices() : posted(), o.pick);
      return invoice !== undefined && done(cancelInvoice(ctx, invoice.id, { reason: 'Raised in error' }));
    }
    case 'amend': {
      const invoice = nth(o.pick % 3 === 0 ? invoices() : posted(), o.pick);
      return invoice !== undefined && done(updateInvoice(ctx, invoice.id, { items: linesOf(m, o.goods) }));
    }
    case 'credit': {
      const invoice = nth(posted(), o.pick);
      if (!invoice) return false;
      const items = o.whole
        ? undefined
        : invoice.items
            .slice(0, 1)
            .map((l) => ({ invoiceLineId: l.id, quantity: Math.max(0.5, Math.round(l.quantity * o.share * 2) / 2) }));
      return done(createCreditNote(ctx, invoice.id, { reason: 'Returned', items, returnToStock: o.returnToStock }));
    }
    case 'pay': {
      const invoice = nth(
        posted().filter((i) => i.amountDue > 0),
        o.pick,
      );
      return invoice !== undefined && done(recordPayment(ctx, invoice.id, { amount: invoice.amountDue }));
    }
    case 'order': {
      const order = createSalesOrder(ctx, { customerId: m.customer, locationId: locationOf(m, o.location), items: linesOf(m, o.goods) });
      return done(changeSalesOrderStatus(ctx, order.id, { status: 'confirmed' }));
    }
    case 'orderStatus': {
      const order = nth(salesOrdersTable(ctx).all(), o.pick);
      return order !== undefined && done(changeSalesOrderStatus(ctx, order.id, { status: o.status }));
    }
    case 'convert': {
      const order = nth(salesOrdersTable(ctx).all(), o.pick);
      if (!order) return false;
      const partialItems =
        o.share === 1
          ? undefined
          : order.items.map((l) => ({
              itemId: l.id,
              quantity: Math.max(0.5, Math.floor((l.quantity - l.invoicedQuantity) * o.share * 2) / 2),
            }));
      const invoice = convertSalesOrderToInvoice(ctx, order.id, { partialItems });
      if (o.send) sendInvoice(ctx, invoice.id);
      return true;
    }
    case 'adjust': {
      // Found and opening stock add, damage takes out, a count goes either way; a line may name its own reason.
      const items = o.lines.map((line) => {
        const reason = line.reason ?? o.reason;
        const down = reason === 'damaged' || (reason === 'stock_count' && line.down);
        return {
          itemId: m.items[line.item],
          adjustmentQuantity: down ? -line.quantity : line.quantity,
          ...(line.reason ? { reason: line.reason } : {}),
          ...(!down && line.unitCost !== undefined ? { unitCost: line.unitCost } : {}),
        };
      });
      return done(
        createAdjustment(ctx, {
          reason: o.reason,
          locationId: m.locations[o.location],
          items,
          ...(o.draft ? { status: 'draft' as const } : {}),
        }),
      );
    }
    case 'postAdjustment': {
      const draft = nth(
        adjustmentsTable(ctx)
          .all()
          .filter((a) => a.status === 'draft'),
        o.pick,
      );
      return draft !== undefined && done(postAdjustment(ctx, draft.id));
    }
    case 'purchase': {
      const unique = [...new Map(o.goods.map((g) => [g.item, g])).values()];
      const items = unique.map((g) => ({ itemId: m.items[g.item], quantity: g.quantity, unitPrice: 2 + g.item * 3.1, taxCode: null }));
      const order = createPurchaseOrder(ctx, { supplierId: m.supplier, items });
      sendPurchaseOrder(ctx, order.id);
      const lots = order.items.map((l, i) => ({ lineId: l.id, quantity: l.quantity, lotNumber: `LOT-${order.poNumber}-${i}` }));
      return done(receivePurchaseOrder(ctx, order.id, { locationId: m.locations[o.location], ...(o.lot ? { items: lots } : {}) }));
    }
    case 'purchaseReturn': {
      const order = nth(
        purchaseOrdersTable(ctx)
          .all()
          .filter((p) => p.receipts.length > 0),
        o.pick,
      );
      if (!order) return false;
      const items = order.items
        .filter((l) => l.receivedQuantity > 0)
        .map((l) => ({ lineId: l.id, quantity: Math.max(0.5, Math.round(l.receivedQuantity * o.share * 2) / 2) }));
      const body = { purchaseOrderId: order.id, reason: 'Faulty', ...(o.whole || items.length === 0 ? {} : { items }) };
      return done(createPurchaseReturn(ctx, body));
    }
    case 'voidReturn': {
      const row = nth(
        purchaseReturnsTable(ctx)
          .all()
          .filter((r) => r.status === 'posted'),
        o.pick,
      );
      return row !== undefined && done(voidPurchaseReturn(ctx, row.id, { reason: 'Kept' }));
    }
    case 'transfer': {
      const unique = [...new Map(o.goods.map((g) => [g.item, g])).values()];
      return done(
        createStockTransfer(ctx, {
          fromLocationId: m.locations[o.from],
          toLocationId: m.locations[1 - o.from],
          items: linesOf(m, unique),
          requestApproval: o.requestApproval,
        }),
      );
    }
    case 'transferStatus': {
      // Mostly one still under way; now and then any, for the state machine's refusals.
      const all = stockTransfersTable(ctx).all();
      const transfer = nth(o.pick % 5 === 0 ? all : all.filter((t) => t.status !== 'completed' && t.status !== 'cancelled'), o.pick);
      if (!transfer) return false;
      const receiving = transfer.status === 'shipped' || transfer.status === 'partially_received';
      const next = {
        pending_approval: 'approved',
        requested: 'shipped',
        approved: 'shipped',
        shipped: 'partially_received',
        partially_received: 'partially_received',
        completed: 'cancelled',
        cancelled: 'shipped',
      } as const;
      const status = o.status === 'next' ? (receiving && o.share === 1 ? 'completed' : next[transfer.status]) : o.status;
      const half = (n: number) => Math.max(0.5, Math.floor(n * o.share * 2) / 2);
      let items: { itemId: string; quantity: number }[] | undefined;
      if (status === 'partially_received')
        items = transfer.items
          .filter((l) => l.quantityShipped > l.quantityReceived)
          .map((l) => ({ itemId: l.itemId, quantity: half(l.quantityShipped - l.quantityReceived) }));
      else if (status === 'shipped' && o.partial)
        items = transfer.items.slice(0, 1).map((l) => ({ itemId: l.itemId, quantity: half(l.quantityRequested) }));
      m.lastTransferStatus = changeStockTransferStatus(ctx, transfer.id, { status, ...(items ? { items } : {}) }).status;
      return true;
    }
  }
}

const cents = (amount: number): number => toCents(amount);
const key = (itemId: string, locationId: string) => `${itemId}@${locationId}`;

/** The figures a refused request must leave as they were. */
function snapshot(m: Model) {
  const { ctx } = m.w;
  return {
    inventory: accountBalance(ctx, controlAccount(ctx, 'inventory')).net,
    balances: stockBalancesTable(ctx)
      .all()
      .map((b) => [b.itemId, b.locationId, b.onHand, b.reserved, b.valueCents]),
    movements: stockMovementsTable(ctx).size,
    entries: journalEntriesTable(ctx).size,
    adjustments: adjustmentsTable(ctx)
      .all()
      .map((a) => [a.id, a.status]),
    transfers: stockTransfersTable(ctx)
      .all()
      .map((t) => [t.id, t.status, t.items.map((l) => [l.quantityShipped, l.quantityReceived, l.shippedValueCents, l.receivedValueCents])]),
    reservations: salesReservationsTable(ctx)
      .all()
      .map((r) => [r.id, r.quantity]),
  };
}

function checkInvariants(m: Model, method: LedgerValuationMethod): void {
  const { ctx } = m.w;
  const balances = stockBalancesTable(ctx).all();
  const movements = stockMovementsTable(ctx)
    .all()
    .sort((a, b) => a.sequence - b.sequence);
  const transit = locationsTable(ctx)
    .all()
    .find((l) => l.type === 'transit')?.id;

  // (1) inventory account = stock records' value = the movement log replayed by the ledger method.
  const replay = new Map<string, { onHand: number; layers: CostLayer[] }>();
  const items = itemsTable(ctx);
  for (const movement of movements) {
    const k = key(movement.itemId, movement.locationId);
    const state = replay.get(k) ?? { onHand: 0, layers: [] };
    if (movement.quantity > 0) {
      // An inflow covers stock issued below zero first, revaluing it (to cost of sales, below).
      const receipt = receive(state.layers, method, movement.quantity, movement.valueCents - movement.revaluationCents);
      expect(receipt.revaluationCents, `${movement.type} ${k} revaluation`).toBe(movement.revaluationCents);
      state.layers = receipt.layers;
    } else {
      // Goods leave transit at the cost their own transfer shipped them at; a transfer ships only what is
      // held; everything else by the method, below zero at the current cost.
      const belowZero =
        m.allowNegative && movement.type !== 'transfer_out' ? { unitCost: items.get(movement.itemId)!.pricing.costPrice } : undefined;
      const taken =
        movement.locationId === transit || movement.type === 'purchase_return'
          ? issueAtValue(state.layers, method, -movement.quantity, -movement.valueCents)!
          : issue(state.layers, method, -movement.quantity, belowZero)!;
      expect(taken, `${movement.type} ${k}`).not.toBeNull();
      expect(taken.valueCents, `${movement.type} ${k}`).toBe(-movement.valueCents);
      state.layers = taken.layers;
    }
    state.onHand = quantity(state.onHand + movement.quantity);
    const returned = movement.type === 'purchase_return' && movement.quantity < 0;
    if (movement.type === 'transfer_out' || returned || movement.locationId === transit || !m.allowNegative)
      expect(state.onHand, `${movement.type} ${k}`).toBeGreaterThanOrEqual(0);
    replay.set(k, state);
  }
  const recorded = balances.reduce((sum, b) => sum + b.valueCents, 0);
  const replayed = [...replay.values()].reduce((sum, s) => sum + layersValue(s.layers), 0);
  expect(cents(accountBalance(ctx, controlAccount(ctx, 'inventory')).net)).toBe(recorded);
  expect(replayed).toBe(recorded);

  // (2) on hand per item and location = sum of its movements; (3) reserved = open confirmed orders' unreleased quantities.
  const reserved = new Map<string, number>();
  const defaultLocation = m.locations[0];
  for (const order of salesOrdersTable(ctx).all()) {
    if (!['confirmed', 'shipped', 'delivered'].includes(order.status)) continue;
    for (const line of order.items) {
      const sold = invoicesTable(ctx)
        .byIndex('salesOrderId', order.id)
        .filter((i) => i.status === 'sent' || i.status === 'paid')
        .flatMap((i) => i.items.filter((l) => l.salesOrderLineId === line.id))
        .reduce((sum, l) => quantity(sum + l.quantity), 0);
      const k = key(line.itemId!, order.locationId ?? defaultLocation);
      reserved.set(k, quantity((reserved.get(k) ?? 0) + Math.max(0, line.quantity - sold)));
    }
  }
  for (const balance of balances) {
    const k = key(balance.itemId, balance.locationId);
    expect(balance.onHand, k).toBe(replay.get(k)?.onHand ?? 0);
    if (!m.allowNegative) expect(balance.onHand, k).toBeGreaterThanOrEqual(0);
    expect(balance.reserved, k).toBe(reserved.get(k) ?? 0);
  }

  // (5) transfers: the transit location holds what shipped transfers have not delivered, at the cost they
  // shipped it at; a finished (completed or cancelled) transfer leaves nothing in transit; the cost moves
  // with the goods: every transfer's movements net to nothing, in quantity and in value but for what an
  // arrival revalued of a shortfall it covered.
  const transfers = stockTransfersTable(ctx).all();
  const live = (t: StockTransferRow) => t.status === 'shipped' || t.status === 'partially_received';
  for (const transfer of transfers) {
    const own = movements.filter((mv) => mv.source.type === 'stock_transfer' && mv.source.id === transfer.id);
    expect(
      own.reduce((sum, mv) => sum + mv.valueCents - mv.revaluationCents, 0),
      transfer.transferNumber,
    ).toBe(0);
    expect(quantity(own.reduce((sum, mv) => sum + mv.quantity, 0)), transfer.transferNumber).toBe(0);
    if (transfer.shipping.shippedAt === null) expect(own, transfer.transferNumber).toEqual([]);
    for (const line of transfer.items) {
      const inTransit = own.filter((mv) => mv.locationId === transit && mv.itemId === line.itemId);
      const held = {
        quantity: quantity(inTransit.reduce((sum, mv) => sum + mv.quantity, 0)),
        valueCents: inTransit.reduce((sum, mv) => sum + mv.valueCents, 0),
      };
      const expected = live(transfer)
        ? { quantity: quantity(line.quantityShipped - line.quantityReceived), valueCents: line.shippedValueCents - line.receivedValueCents }
        : { quantity: 0, valueCents: 0 };
      expect(held, `${transfer.transferNumber} ${line.itemCode} in transit`).toEqual(expected);
      expect(line.receivedValueCents).toBeLessThanOrEqual(line.shippedValueCents);
      if (transfer.status === 'completed') {
        expect(line.quantityReceived).toBe(line.quantityShipped);
        expect(line.receivedValueCents).toBe(line.shippedValueCents);
      }
    }
  }
  for (const balance of balances.filter((b) => b.locationId === transit)) {
    const lines = transfers.filter(live).flatMap((t) => t.items.filter((l) => l.itemId === balance.itemId));
    expect(balance.onHand, 'in transit').toBe(quantity(lines.reduce((sum, l) => sum + l.quantityShipped - l.quantityReceived, 0)));
    expect(balance.valueCents, 'in transit at cost').toBe(lines.reduce((sum, l) => sum + l.shippedValueCents - l.receivedValueCents, 0));
  }

  // Goods come back at the cost they left with: never more, and all of it once every unit is back.
  for (const sold of saleStockIssuesTable(ctx).all()) {
    expect(sold.returnedQuantity).toBeLessThanOrEqual(sold.quantity);
    expect(sold.returnedCents).toBeLessThanOrEqual(sold.valueCents);
    if (sold.returnedQuantity === sold.quantity) expect(sold.returnedCents).toBe(sold.valueCents);
  }

  // (4) every entry balances, and gross margin = revenue - cost of sales adds up from the documents.
  for (const entry of journalEntriesTable(ctx).all()) {
    expect(money.toFixed(money.sum(entry.lines.map((l) => l.debit))), entry.journalNumber).toBe(
      money.toFixed(money.sum(entry.lines.map((l) => l.credit))),
    );
  }
  // Cost of sales = what sales took less what returns brought back, plus every revaluation of a shortfall.
  const cogs = cents(accountBalance(ctx, controlAccount(ctx, 'cogs')).net);
  const sales = (mv: (typeof movements)[number]) => mv.type === 'sale' || mv.type === 'sale_return';
  const soldCost =
    0 -
    movements.filter(sales).reduce((sum, mv) => sum + mv.valueCents, 0) -
    movements.filter((mv) => !sales(mv)).reduce((sum, mv) => sum + mv.revaluationCents, 0);
  // A purchase return posts what stock gave up beyond what goods received not invoiced takes back to cost of sales (PUR-61).
  const returnedCost = purchaseReturnsTable(ctx)
    .all()
    .filter((r) => r.status === 'posted')
    .flatMap((r) => r.items)
    .reduce((sum, l) => sum + l.valueCents - l.grniCents, 0);
  const costOfSales = soldCost + returnedCost;
  expect(cogs).toBe(costOfSales);
  const income = accountsTable(ctx)
    .all()
    .filter((a) => a.type === 'revenue');
  const revenue = money.sum(income.map((a) => accountBalance(ctx, a).net));
  const postedInvoices = invoicesTable(ctx)
    .all()
    .filter((i) => i.status === 'sent' || i.status === 'paid');
  const documents = money.sum(postedInvoices.map((i) => i.subtotal)).minus(
    money.sum(
      creditNotesTable(ctx)
        .all()
        .map((n) => n.subtotal),
    ),
  );
  expect(money.toFixed(revenue)).toBe(money.toFixed(documents));
  expect(money.toFixed(revenue.minus(money.parse(cogs).dividedBy(100)))).toBe(
    money.toFixed(documents.minus(money.parse(costOfSales).dividedBy(100))),
  );

  // (6) the valuation by the ledger method = the inventory account on every date with a movement, a
  // back-dated sale's included (negative quantities and values too).
  const inventory = controlAccount(ctx, 'inventory').id;
  for (const date of new Set(movements.map((mv) => mv.date))) {
    const valued = valueStock(ctx, { asOfDate: date, method }).reduce((sum, v) => sum + v.valueCents, 0);
    expect({ date, valued }).toEqual({ date, valued: cents(accountLedger(ctx, inventory, { dateTo: date }).closingBalance) });
  }
}

/**
 * Found by this model: three transfers of one item in transit at once, the last shipped dearest and
 * received first. FIFO took the quantity from the oldest (cheapest) transit layer and put the whole
 * shortfall on the next layer, which could not hold it, so the goods left transit at the cheap cost:
 * TRF-3 shipped at 3.00 arrived at 0.01 and 2.99 stayed in transit (fixed in costing's `issueAtValue`).
 */
const lines = (item: number, quantity: number) => [{ item, quantity, down: true, unitCost: undefined, reason: undefined }];
const THREE_IN_TRANSIT: Operation[] = [
  { kind: 'adjust', location: 0, reason: 'damaged', lines: lines(0, 6), draft: false },
  ...[0.01, 0.01, 3].map((unitCost) => ({ kind: 'receive' as const, item: 0, location: 0, quantity: 1, unitCost })),
  ...[0, 1, 2].map(() => ({ kind: 'transfer' as const, from: 0, goods: [{ item: 0, quantity: 1 }], requestApproval: false })),
  ...[0, 1, 2].map((pick) => ({ kind: 'transferStatus' as const, pick, status: 'shipped' as const, share: 1 as const, partial: false })),
  { kind: 'transferStatus', pick: 2, status: 'completed', share: 1, partial: false },
];

const { numRuns: STOCK_MODEL_RUNS, seed: STOCK_MODEL_SEED } = modelRuns(150);

/** Counts of a run: what was applied, what was refused and why, how often stock went below zero and back. */
function runModel(method: LedgerValuationMethod, allowNegative: boolean, runs = STOCK_MODEL_RUNS): void {
  const applied: Record<string, number> = {};
  const refused: Record<string, number> = {};
  const refusedFor: Record<string, number> = {};
  fc.assert(
    fc.property(fc.array(operation, { minLength: 10, maxLength: 60, size: 'max' }), (ops) => {
      const w = salesWorld('empty');
      w.store.transaction(() =>
        w.store
          .table<CompanyRow>(GLOBAL, 'companies')
          .update(w.ctx.companyId, { inventoryValuationMethod: method, allowNegativeStock: allowNegative }),
      );
      const shop = w.store.transaction(() =>
        insertLocation(w.ctx, { code: 'SHOP', name: 'Shop', type: 'store', address: null, isDefault: false }),
      );
      const stocked = (costPrice: number) =>
        w.item({ type: 'inventory', pricing: { costPrice, sellingPrice: 25 }, tax: { salesTaxCode: 'NT', taxable: false } }).id;
      const model: Model = {
        w,
        customer: w.customer().id,
        supplier: w.store.transaction(() => createSupplier(w.ctx, { name: 'Stock Supplier' }).id),
        items: [stocked(5), stocked(12.34), stocked(0.77)],
        locations: [
          w.store
            .table<{ id: string; isDefault: boolean }>(w.ctx.companyId, 'locations')
            .all()
            .find((l) => l.isDefault)!.id,
          shop.id,
        ],
        allowNegative,
      };
      // Some stock to start from, so most sales go through from stock and the rest go below zero (or are refused).
      for (const [item, quantity] of [
        [0, 6],
        [1, 4],
        [2, 10],
      ])
        for (const location of [0, 1]) apply(model, { kind: 'receive', item, location, quantity, unitCost: 3 + item });
      for (const o of ops) {
        const before = snapshot(model);
        try {
          if (!apply(model, o)) continue;
        } catch (error) {
          // Refusals (not enough stock, a paid invoice cancelled, a cancelled order moved, ...) are part of the model; none is a 500.
          if (!(error instanceof ServiceError) || error.status >= 500) throw error;
          expect(snapshot(model)).toEqual(before);
          refused[o.kind] = (refused[o.kind] ?? 0) + 1;
          refusedFor[`${o.kind} ${error.code}`] = (refusedFor[`${o.kind} ${error.code}`] ?? 0) + 1;
          continue;
        }
        applied[o.kind] = (applied[o.kind] ?? 0) + 1;
        if (o.kind === 'transferStatus')
          applied[`transfer -> ${model.lastTransferStatus}`] = (applied[`transfer -> ${model.lastTransferStatus}`] ?? 0) + 1;
        // A transfer moves cost between locations of one inventory account: no entry, unless an arrival revalued a shortfall.
        const arrivals = stockMovementsTable(w.ctx).all().slice(before.movements);
        const revalued = arrivals.some((mv) => mv.revaluationCents !== 0);
        if (o.kind === 'transfer' || o.kind === 'transferStatus')
          expect(journalEntriesTable(w.ctx).size).toBe(before.entries + (revalued ? 1 : 0));
        if (revalued) applied.revalued = (applied.revalued ?? 0) + 1;
        if (
          stockBalancesTable(w.ctx)
            .all()
            .some((b) => b.onHand < 0)
        )
          applied['below zero'] = (applied['below zero'] ?? 0) + 1;
        checkInvariants(model, method);
      }
    }),
    { numRuns: runs, seed: STOCK_MODEL_SEED, examples: [[THREE_IN_TRANSIT]] },
  );
  if (process.env.MODEL_STATS) console.log(method, allowNegative, { applied, refusedFor });
  // A shorter run (negative stock forbidden) checks only its refusals; the full runs check every step was reached.
  if (runs < STOCK_MODEL_RUNS) return void checkRefusals(allowNegative, refusedFor, applied);
  for (const step of ['approved', 'shipped', 'partially_received', 'completed', 'cancelled'])
    expect(applied[`transfer -> ${step}`] ?? 0, step).toBeGreaterThan(3);
  const kinds = [
    'receive',
    'invoice',
    'send',
    'cancel',
    'amend',
    'credit',
    'order',
    'orderStatus',
    'convert',
    'adjust',
    'postAdjustment',
    'purchase',
    'purchaseReturn',
    'voidReturn',
    'transfer',
    'transferStatus',
    'advance',
  ];
  for (const kind of kinds) expect(applied[kind] ?? 0, kind).toBeGreaterThan(3);
  checkRefusals(allowNegative, refusedFor, applied);
}

/**
 * Transferring beyond stock was tried and refused; selling and adjusting beyond it went below zero and
 * came back through revaluing receipts, or, where the company forbids it, were refused.
 */
function checkRefusals(allowNegative: boolean, refusedFor: Record<string, number>, applied: Record<string, number>): void {
  expect(refusedFor['transfer INSUFFICIENT_STOCK'] ?? 0).toBeGreaterThan(3);
  if (allowNegative) {
    expect(applied['below zero'] ?? 0).toBeGreaterThan(3);
    expect(applied.revalued ?? 0).toBeGreaterThan(3);
  } else {
    for (const kind of ['send', 'adjust']) expect(refusedFor[`${kind} INSUFFICIENT_STOCK`] ?? 0, kind).toBeGreaterThan(3);
  }
}

describe('stock, ledger and sales agree (INV-14, model-based)', () => {
  it('in a FIFO company, stock going below zero and back: inventory account = stock value = the log replayed = the valuation on every date, on hand = movements, reserved = open orders, margins add up', () => {
    runModel('fifo', true);
  }, 120_000);

  it('in a weighted-average company, below zero and back: the same invariants to the cent', () => {
    runModel('average', true);
  }, 120_000);

  it('in a company that forbids negative stock: never below zero on any date, the same invariants', () => {
    runModel('fifo', false, Math.ceil(STOCK_MODEL_RUNS / 2));
  }, 120_000);
});

import { beforeEach, describe, expect, it } from 'vitest';
import { accountLedger, controlAccount, journalEntriesTable } from '../../../mock-server/domain/accounting/index.js';
import {
  changeStockTransferStatus,
  createAdjustment,
  createStockTransfer,
  findStockBalance,
  insertLocation,
  locationsTable,
  presentStockRecord,
  setAllowNegativeStock,
  stockBalancesTable,
  stockMatches,
  stockMovementsReport,
  stockValuationReport,
} from '../../../mock-server/domain/inventory/index.js';
import { cancelInvoice, createInvoice, sendInvoice } from '../../../mock-server/domain/sales/index.js';
import { addDays, companyToday } from '../../../mock-server/domain/shared/calendar.js';
import type { CompanyRow } from '../../../mock-server/domain/platform/index.js';
import { GLOBAL } from '../../../mock-server/store/index.js';
import { refusal } from '../support/domain.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';

// Spec document 2, alert `negative_stock` ("currentStock < 0") and the `negative` stock filter: stock may
// go below zero. An issue beyond stock is valued at the current cost; the receipt that covers it posts
// the difference to cost of sales in its own entry (IAS 2 ¶34), so inventory = valuation on every date.

let w: SalesWorld;
let today: string;
let warehouse: string;
let customer: string;

beforeEach(() => {
  w = salesWorld('empty');
  today = companyToday(w.ctx);
  warehouse = locationsTable(w.ctx)
    .all()
    .find((l) => l.isDefault)!.id;
  customer = w.customer().id;
});

const newItem = (costPrice = 10) =>
  w.item({ type: 'inventory', pricing: { costPrice, sellingPrice: 25 }, tax: { salesTaxCode: 'NT', taxable: false } }).id;
const sell = (itemId: string, quantity: number, fields: { invoiceDate?: string; locationId?: string } = {}) =>
  sendInvoice(w.ctx, createInvoice(w.ctx, { customerId: customer, items: [{ itemId, quantity }], ...fields }).id);
const receive = (itemId: string, quantity: number, unitCost: number, fields: { date?: string; locationId?: string } = {}) =>
  createAdjustment(w.ctx, {
    reason: 'found',
    locationId: fields.locationId ?? warehouse,
    ...(fields.date ? { date: fields.date } : {}),
    items: [{ itemId, adjustmentQuantity: quantity, unitCost }],
  });

/** An entry's lines on the inventory and cost of sales accounts, as [account, debit, credit]. */
function stockLines(journalEntryId: string | null): [string, number, number][] {
  const names = new Map([
    [controlAccount(w.ctx, 'inventory').id, 'inventory'],
    [controlAccount(w.ctx, 'cogs').id, 'cogs'],
    [controlAccount(w.ctx, 'inventory_adjustment').id, 'adjustments'],
  ]);
  const entry = journalEntriesTable(w.ctx).get(journalEntryId!)!;
  return entry.lines.filter((l) => names.has(l.accountId)).map((l) => [names.get(l.accountId)!, l.debit, l.credit]);
}
const stock = (itemId: string, locationId = warehouse) => {
  const row = findStockBalance(w.ctx, itemId, locationId)!;
  return { onHand: row.onHand, value: presentStockRecord(w.ctx, row).stockValue };
};
const valuedOn = (asOfDate: string, itemId: string) => {
  const row = stockValuationReport(w.ctx, { asOfDate }).items.find((r) => r.itemId === itemId);
  return { quantity: row?.quantity ?? 0, totalValue: row?.totalValue ?? 0 };
};
/** The inventory account on a date equals the valuation by the company's method (every item). */
const booksAgreeOn = (date: string) =>
  expect({ date, value: stockValuationReport(w.ctx, { asOfDate: date }).summary.totalValue }).toEqual({
    date,
    value: accountLedger(w.ctx, controlAccount(w.ctx, 'inventory').id, { dateTo: date }).closingBalance,
  });

describe('stock below zero (the default)', () => {
  it('an invoice for an item not yet received takes its stock below zero and a later receipt revalues the shortfall', () => {
    const item = newItem(10);
    const sold = sell(item, 4, { invoiceDate: addDays(today, -3) });
    // Nothing held: the 4 leave at the item's cost price, 10.00.
    expect(stockLines(sold.journalEntryId)).toEqual([
      ['inventory', 0, 40],
      ['cogs', 40, 0],
    ]);
    expect(stock(item)).toEqual({ onHand: -4, value: -40 });

    // 10 arrive at 12.00: 4 cover the shortfall, whose true cost is 48.00, so cost of sales takes 8.00 more.
    const receipt = receive(item, 10, 12);
    expect(stockLines(receipt.journalEntryId)).toEqual([
      ['inventory', 112, 0],
      ['adjustments', 0, 120],
      ['cogs', 8, 0],
    ]);
    expect(stock(item)).toEqual({ onHand: 6, value: 72 });
    expect(valuedOn(addDays(today, -3), item)).toEqual({ quantity: -4, totalValue: -40 });
    expect(valuedOn(today, item)).toEqual({ quantity: 6, totalValue: 72 });
    for (const date of [addDays(today, -3), addDays(today, -1), today]) booksAgreeOn(date);
  });

  it('a weighted-average company issues below zero at the pool’s average, and a receipt revalues at its own cost', () => {
    w.store.transaction(() =>
      w.store.table<CompanyRow>(GLOBAL, 'companies').update(w.ctx.companyId, { inventoryValuationMethod: 'average' }),
    );
    const item = newItem(10);
    receive(item, 2, 11);
    sell(item, 5);
    expect(stock(item)).toEqual({ onHand: -3, value: -33 });
    const receipt = receive(item, 3, 13);
    expect(stockLines(receipt.journalEntryId)).toEqual([
      ['inventory', 33, 0],
      ['adjustments', 0, 39],
      ['cogs', 6, 0],
    ]);
    expect(stock(item)).toEqual({ onHand: 0, value: 0 });
  });

  it('the negative filter, the valuation and the movements report show stock below zero', () => {
    const item = newItem(10);
    const other = newItem(5);
    receive(other, 1, 5);
    sell(item, 2);
    const negative = stockBalancesTable(w.ctx)
      .all()
      .filter(stockMatches(w.ctx, { negative: true }));
    expect(negative.map((row) => row.itemId)).toEqual([item]);
    expect(stockValuationReport(w.ctx, { asOfDate: today }).items.map((r) => [r.itemId, r.quantity, r.totalValue])).toEqual(
      expect.arrayContaining([[item, -2, -20]]),
    );
    const report = stockMovementsReport(w.ctx, { itemId: item, dateFrom: today, dateTo: today });
    expect(report.items[0]).toMatchObject({
      opening: { quantity: 0, value: 0 },
      out: { quantity: 2, value: 20 },
      closing: { quantity: -2, value: -20 },
    });
  });

  it('a sale dated before the stock it uses arrived is a negative issue on its own date, and the books agree on every date', () => {
    const item = newItem(10);
    receive(item, 10, 12);
    // Recorded after the receipt, so costed at it (12.00), but dated two days before it arrived.
    sell(item, 4, { invoiceDate: addDays(today, -2) });
    expect(valuedOn(addDays(today, -2), item)).toEqual({ quantity: -4, totalValue: -48 });
    expect(valuedOn(today, item)).toEqual({ quantity: 6, totalValue: 72 });
    for (const date of [addDays(today, -2), addDays(today, -1), today]) booksAgreeOn(date);
  });

  it('goods a transfer brings where stock is below zero revalue the shortfall in an entry of the transfer’s', () => {
    const item = newItem(10);
    const shop = w.store.transaction(() =>
      insertLocation(w.ctx, { code: 'SHOP', name: 'Shop', type: 'store', address: null, isDefault: false }),
    ).id;
    receive(item, 10, 12);
    sell(item, 4, { locationId: shop });
    expect(stock(item, shop)).toEqual({ onHand: -4, value: -40 });
    const transfer = createStockTransfer(w.ctx, { fromLocationId: warehouse, toLocationId: shop, items: [{ itemId: item, quantity: 4 }] });
    changeStockTransferStatus(w.ctx, transfer.id, { status: 'shipped' });
    const before = journalEntriesTable(w.ctx).size;
    changeStockTransferStatus(w.ctx, transfer.id, { status: 'completed' });
    const entry = journalEntriesTable(w.ctx).all().at(-1)!;
    expect(journalEntriesTable(w.ctx).size).toBe(before + 1);
    expect(entry.source).toEqual({ type: 'stock_transfer', id: transfer.id });
    expect(stockLines(entry.id)).toEqual([
      ['inventory', 0, 8],
      ['cogs', 8, 0],
    ]);
    expect(stock(item, shop)).toEqual({ onHand: 0, value: 0 });
    booksAgreeOn(today);
  });

  it('cancelling an invoice whose goods come back where stock is below zero posts the revaluation beside the reversal', () => {
    const item = newItem(10);
    receive(item, 2, 10);
    receive(item, 2, 15);
    const first = sell(item, 2); // FIFO: 2 x 10.00
    sell(item, 4); // 2 x 15.00, then 2 below zero at the newest cost, 15.00
    expect(stock(item)).toEqual({ onHand: -2, value: -30 });
    cancelInvoice(w.ctx, first.id, { reason: 'Raised in error' });
    // The 2 back at 10.00 cover a shortfall issued at 15.00: cost of sales gives back 10.00.
    const revaluation = journalEntriesTable(w.ctx).all().at(-1)!;
    expect(revaluation.source).toEqual({ type: 'invoice', id: first.id });
    expect(stockLines(revaluation.id)).toEqual([
      ['inventory', 10, 0],
      ['cogs', 0, 10],
    ]);
    expect(stock(item)).toEqual({ onHand: 0, value: 0 });
    booksAgreeOn(today);
  });
});

describe('where the company forbids negative stock (allowNegativeStock false)', () => {
  beforeEach(() => setAllowNegativeStock(w.ctx, false));

  it('a sale beyond stock is 422 INSUFFICIENT_STOCK naming the line, and the invoice stays a draft', () => {
    const item = newItem(10);
    receive(item, 3, 10);
    const draft = createInvoice(w.ctx, { customerId: customer, items: [{ itemId: item, quantity: 4 }] });
    const error = refusal(() => sendInvoice(w.ctx, draft.id));
    expect(error).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_STOCK',
      details: [{ field: 'items.0.quantity', itemId: item, onHand: 3, requested: 4 }],
    });
    expect(stock(item)).toEqual({ onHand: 3, value: 30 });
  });

  it('a back-dated sale that would leave its own date short is refused naming the date, though stock is held today', () => {
    const item = newItem(10);
    receive(item, 10, 12);
    const draft = createInvoice(w.ctx, { customerId: customer, invoiceDate: addDays(today, -2), items: [{ itemId: item, quantity: 4 }] });
    const error = refusal(() => sendInvoice(w.ctx, draft.id));
    expect(error).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_STOCK',
      details: [{ field: 'items.0.quantity', onHand: 0, requested: 4, date: addDays(today, -2) }],
    });
    expect(sell(item, 4).status).toBe('sent');
  });

  it('a receipt back-dated before a sale makes that sale’s date covered', () => {
    const item = newItem(10);
    receive(item, 5, 12, { date: addDays(today, -3) });
    expect(sell(item, 5, { invoiceDate: addDays(today, -1) }).status).toBe('sent');
    expect(refusal(() => sell(item, 1, { invoiceDate: addDays(today, -2) })).code).toBe('INSUFFICIENT_STOCK');
  });
});

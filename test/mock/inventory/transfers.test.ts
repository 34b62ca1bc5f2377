import { beforeEach, describe, expect, it } from 'vitest';
import { accountBalance, controlAccount } from '../../../mock-server/domain/accounting/index.js';
import {
  changeStockTransferStatus,
  createItem,
  createStockTransfer,
  findStockBalance,
  locationsTable,
  movementsOfItem,
  presentStockTransfer,
  recordStockMovements,
  stockTransfersTable,
  transitLocation,
  type StockTransferInput,
} from '../../../mock-server/domain/inventory/index.js';
import { companyToday } from '../../../mock-server/domain/shared/calendar.js';
import { refusal, world, type World } from '../support/domain.js';

let w: World;
let warehouse: string;
let showroom: string;
let transit: string;
let lamp: string;

const at = (code: string) => locationsTable(w.ctx).byIndex('code', code)[0].id;
const onHand = (locationId: string, itemId = lamp) => findStockBalance(w.ctx, itemId, locationId)?.onHand ?? 0;
const valueAt = (locationId: string, itemId = lamp) => findStockBalance(w.ctx, itemId, locationId)?.valueCents ?? 0;
const inventoryNet = () => accountBalance(w.ctx, controlAccount(w.ctx, 'inventory')).net;
const journalCount = () => w.store.table(w.ctx.companyId, 'journalEntries').size;

/** `count` lamps into the warehouse at `unitCost`: one FIFO layer per receipt (the trading company values by FIFO). */
function receiveLamps(count: number, unitCost: number): void {
  recordStockMovements(w.ctx, [
    {
      date: companyToday(w.ctx),
      itemId: lamp,
      locationId: warehouse,
      quantity: count,
      unitCost,
      type: 'adjustment',
      source: { type: 'test', id: 'test', number: null },
    },
  ]);
}

const request = (quantity: number, extra: Partial<StockTransferInput> = {}) =>
  createStockTransfer(w.ctx, { fromLocationId: warehouse, toLocationId: showroom, items: [{ itemId: lamp, quantity }], ...extra });
const move = (
  id: string,
  status: 'approved' | 'shipped' | 'partially_received' | 'completed' | 'cancelled',
  items?: { itemId: string; quantity: number }[],
) => changeStockTransferStatus(w.ctx, id, { status, ...(items ? { items } : {}) });

/** Everything a refused call could have touched. */
const snapshot = () => ({
  transfers: stockTransfersTable(w.ctx).size,
  movements: movementsOfItem(w.ctx, lamp).length,
  warehouse: onHand(warehouse),
  transit: onHand(transit),
  showroom: onHand(showroom),
  journal: journalCount(),
});

beforeEach(() => {
  w = world();
  warehouse = at('WH-SJ');
  showroom = at('SR-PJ');
  transit = transitLocation(w.ctx).id;
  lamp = createItem(w.ctx, { itemCode: 'LMP-01', name: 'Desk lamp', type: 'inventory', pricing: { costPrice: 30 } } as never).id;
  receiveLamps(10, 30);
  receiveLamps(10, 33.33);
});

describe('a stock transfer', () => {
  it('moves nothing until shipped, then leaves the source for transit at its FIFO cost', () => {
    const transfer = request(12);
    // The demo company has two transfers of its own (seed/transfers.ts).
    expect(transfer).toMatchObject({ status: 'requested', transferNumber: 'TRF-000003' });
    expect(onHand(warehouse)).toBe(20);
    // Before shipping the line shows what shipping now would move: 10 x 30.00 + 2 x 33.33.
    expect(presentStockTransfer(w.ctx, transfer).totalValue).toBe(366.66);

    const shipped = move(transfer.id, 'shipped');
    expect(shipped.status).toBe('shipped');
    expect([onHand(warehouse), onHand(transit), onHand(showroom)]).toEqual([8, 12, 0]);
    expect(valueAt(transit)).toBe(36666);
    expect(valueAt(warehouse)).toBe(26664);
    expect(shipped.items[0]).toMatchObject({ quantityShipped: 12, shippedValueCents: 36666 });
    expect(presentStockTransfer(w.ctx, shipped).items[0]).toMatchObject({ unitCost: 30.555, totalCost: 366.66 });
  });

  it('receives in part at a pro-rata share of the value shipped, then the rest at what is left, to the cent', () => {
    const transfer = request(12);
    move(transfer.id, 'shipped');
    const part = move(transfer.id, 'partially_received', [{ itemId: lamp, quantity: 5 }]);
    expect(part.status).toBe('partially_received');
    expect([onHand(transit), onHand(showroom)]).toEqual([7, 5]);
    // 36,666 cents x 5 / 12 = 15,277.5, rounded half up.
    expect(valueAt(showroom)).toBe(15278);

    const done = move(transfer.id, 'completed');
    expect(done.status).toBe('completed');
    expect(done.shipping.actualDelivery).toBe(companyToday(w.ctx));
    expect([onHand(warehouse), onHand(transit), onHand(showroom)]).toEqual([8, 0, 12]);
    expect(valueAt(showroom)).toBe(36666);
    expect(valueAt(transit)).toBe(0);
  });

  it('writes no journal entry: the inventory account holds the same before, in transit and after', () => {
    const before = { net: inventoryNet(), journal: journalCount() };
    const transfer = request(12);
    move(transfer.id, 'shipped');
    expect({ net: inventoryNet(), journal: journalCount() }).toEqual(before);
    move(transfer.id, 'completed');
    expect({ net: inventoryNet(), journal: journalCount() }).toEqual(before);
  });

  it('keeps each transfer’s own cost when two of one item are in transit at once', () => {
    const cheap = request(10);
    move(cheap.id, 'shipped'); // the 30.00 layer
    const dear = request(10);
    move(dear.id, 'shipped'); // the 33.33 layer
    expect(valueAt(transit)).toBe(30000 + 33330);

    // The dearer one arrives first: FIFO on transit would hand it the 30.00 layer; it carries its own.
    move(dear.id, 'partially_received', [{ itemId: lamp, quantity: 4 }]);
    expect(valueAt(showroom)).toBe(13332);
    move(dear.id, 'completed');
    expect(valueAt(showroom)).toBe(33330);
    move(cheap.id, 'completed');
    expect(valueAt(showroom)).toBe(63330);
    expect(valueAt(transit)).toBe(0);
    expect(onHand(transit)).toBe(0);
  });

  it('records one transfer_out and one transfer_in per line and step, each pair carrying the same value', () => {
    const transfer = request(6);
    move(transfer.id, 'shipped');
    move(transfer.id, 'completed');
    const moves = movementsOfItem(w.ctx, lamp).filter((m) => m.source.id === transfer.id);
    expect(moves.map((m) => [m.type, m.locationId, m.quantity, m.valueCents])).toEqual([
      ['transfer_out', warehouse, -6, -18000],
      ['transfer_in', transit, 6, 18000],
      ['transfer_out', transit, -6, -18000],
      ['transfer_in', showroom, 6, 18000],
    ]);
    expect(moves.every((m) => m.source.number === transfer.transferNumber && m.source.type === 'stock_transfer')).toBe(true);
  });

  it('ships part of a line when items say so; the rest is never sent', () => {
    const transfer = request(8);
    const shipped = move(transfer.id, 'shipped', [{ itemId: lamp, quantity: 3 }]);
    expect(shipped.items[0]).toMatchObject({ quantityRequested: 8, quantityShipped: 3 });
    expect(onHand(warehouse)).toBe(17);
    expect(move(transfer.id, 'completed').items[0]).toMatchObject({ quantityReceived: 3 });
    expect(onHand(showroom)).toBe(3);
  });

  it('a receipt that brings in the last units completes the transfer', () => {
    const transfer = request(4);
    move(transfer.id, 'shipped');
    expect(move(transfer.id, 'partially_received', [{ itemId: lamp, quantity: 4 }]).status).toBe('completed');
  });
});

describe('approvals', () => {
  it('a transfer created with requestApproval waits for one approval step before it ships', () => {
    const transfer = request(2, { requestApproval: true });
    expect(transfer.status).toBe('pending_approval');
    const error = refusal(() => move(transfer.id, 'shipped'));
    expect(error.code).toBe('BUSINESS_RULE_VIOLATION');
    expect(error.message).toBe('a transfer awaiting approval cannot be shipped; approve it first');
    const approved = changeStockTransferStatus(w.ctx, transfer.id, { status: 'approved', notes: 'Showroom display' });
    expect(approved.status).toBe('approved');
    expect(approved.approvals).toEqual([{ step: 1, approvedBy: 'usr_aisyah', approvedAt: approved.updatedAt, notes: 'Showroom display' }]);
    expect(move(transfer.id, 'shipped').status).toBe('shipped');
  });

  it('a transfer without requestApproval cannot be approved', () => {
    expect(refusal(() => move(request(2).id, 'approved')).code).toBe('BUSINESS_RULE_VIOLATION');
  });
});

describe('cancelling', () => {
  it('before shipping moves nothing and shows no value', () => {
    const transfer = request(5);
    const cancelled = move(transfer.id, 'cancelled');
    expect(cancelled.status).toBe('cancelled');
    expect(onHand(warehouse)).toBe(20);
    expect(presentStockTransfer(w.ctx, cancelled).totalValue).toBe(0);
  });

  it('after a partial receipt brings what is in transit back to the source at the cost it carries', () => {
    const transfer = request(12);
    move(transfer.id, 'shipped');
    move(transfer.id, 'partially_received', [{ itemId: lamp, quantity: 5 }]);
    const cancelled = move(transfer.id, 'cancelled');
    expect(cancelled.status).toBe('cancelled');
    expect([onHand(warehouse), onHand(transit), onHand(showroom)]).toEqual([15, 0, 5]);
    expect(valueAt(warehouse) + valueAt(showroom)).toBe(30000 + 33330);
    expect(refusal(() => move(transfer.id, 'completed')).code).toBe('BUSINESS_RULE_VIOLATION');
  });

  it('a completed transfer cannot be cancelled', () => {
    const transfer = request(1);
    move(transfer.id, 'shipped');
    move(transfer.id, 'completed');
    expect(refusal(() => move(transfer.id, 'cancelled')).message).toBe('a completed transfer cannot be cancelled');
  });
});

describe('refusals change nothing', () => {
  const cases: [string, () => unknown, number, string][] = [
    [
      'the same location at both ends',
      () => createStockTransfer(w.ctx, { fromLocationId: warehouse, toLocationId: warehouse, items: [{ itemId: lamp, quantity: 1 }] }),
      422,
      'VALIDATION_ERROR',
    ],
    [
      'an unknown location',
      () => createStockTransfer(w.ctx, { fromLocationId: warehouse, toLocationId: 'loc_nowhere', items: [{ itemId: lamp, quantity: 1 }] }),
      404,
      'LOCATION_NOT_FOUND',
    ],
    [
      'the transit location',
      () => createStockTransfer(w.ctx, { fromLocationId: warehouse, toLocationId: transit, items: [{ itemId: lamp, quantity: 1 }] }),
      422,
      'BUSINESS_RULE_VIOLATION',
    ],
    ['more than the source has', () => request(21), 422, 'INSUFFICIENT_STOCK'],
    ['a zero quantity', () => request(0), 422, 'VALIDATION_ERROR'],
    [
      'an item named twice',
      () =>
        createStockTransfer(w.ctx, {
          fromLocationId: warehouse,
          toLocationId: showroom,
          items: [
            { itemId: lamp, quantity: 1 },
            { itemId: lamp, quantity: 1 },
          ],
        }),
      422,
      'VALIDATION_ERROR',
    ],
  ];
  for (const [what, call, status, code] of cases) {
    it(`${what}: ${status} ${code}`, () => {
      const before = snapshot();
      const error = refusal(call);
      expect([error.status, error.code]).toEqual([status, code]);
      expect(snapshot()).toEqual(before);
    });
  }

  it('a service item has no stock to transfer', () => {
    const service = createItem(w.ctx, { itemCode: 'SVC-X', name: 'Assembly', type: 'service' } as never).id;
    const before = stockTransfersTable(w.ctx).size;
    const error = refusal(() =>
      createStockTransfer(w.ctx, { fromLocationId: warehouse, toLocationId: showroom, items: [{ itemId: service, quantity: 1 }] }),
    );
    expect(error.code).toBe('BUSINESS_RULE_VIOLATION');
    expect(stockTransfersTable(w.ctx).size).toBe(before);
  });

  it('an inactive location', () => {
    locationsTable(w.ctx).update(showroom, { isActive: false });
    expect(refusal(() => request(1)).message).toBe('stock cannot move at an inactive location');
  });

  it('shipping more than is left at the source by then: 422 INSUFFICIENT_STOCK, nothing shipped', () => {
    const first = request(15);
    const second = request(15);
    move(first.id, 'shipped');
    const before = snapshot();
    const error = refusal(() => move(second.id, 'shipped'));
    expect(error.code).toBe('INSUFFICIENT_STOCK');
    expect(snapshot()).toEqual(before);
    expect(stockTransfersTable(w.ctx).get(second.id)!.status).toBe('requested');
  });

  it('receiving more than is in transit, or an item the transfer lacks', () => {
    const transfer = request(4);
    move(transfer.id, 'shipped');
    const before = snapshot();
    const over = refusal(() => move(transfer.id, 'partially_received', [{ itemId: lamp, quantity: 5 }]));
    expect(over.details).toEqual([expect.objectContaining({ field: 'items.0.quantity', code: 'MAX_VALUE', constraint: { max: 4 } })]);
    const other = refusal(() => move(transfer.id, 'partially_received', [{ itemId: 'itm_other', quantity: 1 }]));
    expect(other.details[0]).toMatchObject({ field: 'items.0.itemId', code: 'INVALID_CHOICE' });
    const missing = refusal(() => move(transfer.id, 'partially_received'));
    expect(missing.details[0]).toMatchObject({ field: 'items', code: 'REQUIRED_FIELD' });
    expect(snapshot()).toEqual(before);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import {
  alertsTable,
  changeAlertStatus,
  createAlertRule,
  findItemByCode,
  findStockBalance,
  lotBalancesOf,
  locationsTable,
  lotsOnHand,
  recordStockMovements,
  setAllowNegativeStock,
  updateAlertRule,
  type AlertRow,
  type NewStockMovement,
  type StockLot,
  type StockMovementRow,
} from '../../../mock-server/domain/inventory/index.js';
import { defineOutboxTable, readOutbox } from '../../../mock-server/domain/shared/outbox.js';
import { addDays, companyToday } from '../../../mock-server/domain/shared/calendar.js';
import type { AlertRuleCreateParams } from '../../../src/contract/index.js';
import { refusal, world, type World } from '../support/domain.js';

let w: World;
/** Alerts of the demo's rules and those a test's rule raises when made (stock already past it): tests read the ones movements raise. */
let earlier: Set<string>;
beforeEach(() => {
  w = world();
  defineOutboxTable(w.store);
  earlier = new Set(
    alertsTable(w.ctx)
      .all()
      .map((row) => row.id),
  );
});

const location = (code: string) =>
  locationsTable(w.ctx)
    .all()
    .find((l) => l.code === code)!.id;
const item = (code: string) => findItemByCode(w.ctx, code)!;
const source = { type: 'test', id: 'test', number: 'TEST-1' };

/** Moves `quantity` (signed) of an item at a location (default the warehouse) through the one movement log. */
function move(code: string, quantity: number, options: { at?: string; lot?: StockLot } = {}): StockMovementRow[] {
  const movement: NewStockMovement = {
    date: companyToday(w.ctx),
    itemId: item(code).id,
    locationId: options.at ?? location('WH-SJ'),
    quantity,
    type: 'adjustment',
    source,
    unitCost: 10,
    lot: options.lot ?? null,
  };
  return recordStockMovements(w.ctx, [movement]);
}

const onHand = (code: string, at = location('WH-SJ')) => findStockBalance(w.ctx, item(code).id, at)?.onHand ?? 0;
/**
 * Sets an item's stock at a location (default the warehouse) to `quantity` through the log, whatever the
 * demo's documents left there; the alerts that raises or resolves are not the test's.
 */
function given(code: string, quantity: number, at = location('WH-SJ')): void {
  const difference = quantity - onHand(code, at);
  if (difference !== 0) move(code, difference, { at });
  for (const row of alertsTable(w.ctx).all()) earlier.add(row.id);
}

const alerts = (filter: Partial<AlertRow> = {}): AlertRow[] =>
  alertsTable(w.ctx)
    .all()
    .filter((row) => !earlier.has(row.id))
    .filter((row) => Object.entries(filter).every(([key, value]) => row[key as keyof AlertRow] === value));
const summary = (rows: AlertRow[]) => rows.map((row) => [row.type, row.itemCode, row.currentStock, row.threshold, row.status]);
function rule(input: Partial<AlertRuleCreateParams> & Pick<AlertRuleCreateParams, 'type'>) {
  const created = createAlertRule(w.ctx, { name: 'Test rule', ...input });
  for (const row of alertsTable(w.ctx).all()) earlier.add(row.id);
  return created;
}
/** Alert emails of the alerts `alerts()` reads. */
const alertEmails = () => {
  const ids = new Set(alerts().map((row) => row.id));
  return readOutbox(w.store).filter((message) => message.kind === 'inventory_alert' && ids.has(message.documentId));
};

// Item levels: CHR-100 minimum 10, reorder point 15, maximum 200; CHR-200 5, 8, 60; DSK-160 3, 5, no maximum.
// Each test first sets the stock it starts from (the demo's sales, transfers and adjustments move it).
describe("the items' own levels", () => {
  it('a movement that crosses a level raises one alert; staying below raises none', () => {
    given('CHR-100', 40);
    move('CHR-100', -20);
    expect(alerts()).toEqual([]);
    move('CHR-100', -6);
    expect(summary(alerts())).toEqual([['reorder_point', 'CHR-100', 14, 15, 'active']]);
    move('CHR-100', -4);
    move('CHR-100', -1);
    move('CHR-100', -2);
    expect(summary(alerts())).toEqual([
      ['reorder_point', 'CHR-100', 14, 15, 'active'],
      ['low_stock', 'CHR-100', 10, 10, 'active'],
    ]);
    expect(alerts({ type: 'low_stock' })[0]).toMatchObject({
      ruleId: null,
      locationId: location('WH-SJ'),
      message: 'CHR-100 (Ergonomic mesh office chair) at Subang Jaya warehouse: 10 on hand, at or below its minimum stock of 10',
    });
  });

  it('out_of_stock fires when the last unit leaves, and an item with no maximum never overstocks', () => {
    given('DSK-160', 3);
    move('DSK-160', -3);
    expect(summary(alerts()).map(([type]) => type)).toEqual(['out_of_stock']);
    move('DSK-160', 500);
    expect(alerts({ type: 'overstock' })).toEqual([]);
  });

  it('overstock fires at or above maximumStock', () => {
    given('CHR-100', 40);
    move('CHR-100', 159);
    expect(alerts()).toEqual([]);
    move('CHR-100', 1);
    expect(summary(alerts())).toEqual([['overstock', 'CHR-100', 200, 200, 'active']]);
  });

  it('stock moving back past the level resolves the open alert by the system', () => {
    given('CHR-100', 40);
    move('CHR-100', -31);
    move('CHR-100', 2);
    expect(summary(alerts())).toEqual([
      ['low_stock', 'CHR-100', 9, 10, 'resolved'],
      ['reorder_point', 'CHR-100', 9, 15, 'active'],
    ]);
    expect(alerts({ type: 'low_stock' })[0]).toMatchObject({ resolvedBy: 'system', resolvedAt: expect.any(String) });
  });

  it('levels do not watch the transit location: a transfer received leaves it empty, which is no shortage', () => {
    const transit = locationsTable(w.ctx)
      .all()
      .find((l) => l.type === 'transit')!.id;
    given('CHR-100', 0, transit);
    move('CHR-100', 4, { at: transit });
    move('CHR-100', -4, { at: transit });
    expect(alerts()).toEqual([]);
    expect(
      alertsTable(w.ctx)
        .all()
        .filter((row) => row.locationId === transit),
    ).toEqual([]);
  });

  it('a refused movement leaves no alert behind', () => {
    setAllowNegativeStock(w.ctx, false);
    const wh = location('WH-SJ');
    given('CHR-100', 40);
    given('CHR-200', 10);
    const moves: NewStockMovement[] = [
      { date: companyToday(w.ctx), itemId: item('CHR-100').id, locationId: wh, quantity: -35, type: 'adjustment', source },
      { date: companyToday(w.ctx), itemId: item('CHR-200').id, locationId: wh, quantity: -11, type: 'adjustment', source },
    ];
    expect(refusal(() => recordStockMovements(w.ctx, moves)).code).toBe('INSUFFICIENT_STOCK');
    expect(alerts()).toEqual([]);
  });
});

describe('alert rules', () => {
  it("a rule's threshold replaces the item's level of its type, only where its conditions hold", () => {
    given('CHR-100', 40);
    given('CHR-100', 6, location('SR-PJ'));
    const created = rule({ type: 'reorder_point', conditions: { locations: [location('WH-SJ')], threshold: 30 } });
    move('CHR-100', -10);
    move('CHR-100', -5);
    // The showroom holds 6: 16, then 8 crosses the item's own reorder point of 15, which the warehouse rule leaves alone.
    move('CHR-100', 10, { at: location('SR-PJ') });
    move('CHR-100', -8, { at: location('SR-PJ') });
    expect(summary(alerts({ ruleId: created.id }))).toEqual([['reorder_point', 'CHR-100', 30, 30, 'active']]);
    expect(alerts({ ruleId: created.id })[0].ruleName).toBe('Test rule');
    expect(alerts({ type: 'reorder_point', ruleId: null }).map((row) => [row.locationId, row.threshold])).toEqual([
      [location('SR-PJ'), 15],
    ]);
  });

  it('a rule for some categories ignores items of others', () => {
    given('CHR-200', 10);
    given('DSK-120', 10);
    const seating = item('CHR-100').categoryId!;
    const created = rule({ type: 'reorder_point', conditions: { categories: [seating], threshold: 5 } });
    move('CHR-200', -5);
    move('DSK-120', -8);
    expect(alerts({ ruleId: created.id }).map((row) => row.itemCode)).toEqual(['CHR-200']);
  });

  it("emails the rule's list through the outbox, one message per alert", () => {
    given('CHR-200', 10);
    const created = rule({ type: 'out_of_stock', notifications: { email: ['stock@example.my', 'boss@example.my'] } });
    move('CHR-200', -10);
    const [alert] = alerts({ ruleId: created.id });
    expect(alertEmails()).toEqual([
      expect.objectContaining({
        documentId: alert.id,
        to: ['stock@example.my', 'boss@example.my'],
        subject: 'Stock alert (out_of_stock): CHR-200',
        message: alert.message,
      }),
    ]);
  });

  it("frequency 'immediate' alerts on every crossing", () => {
    given('CHR-100', 40);
    rule({ type: 'low_stock', notifications: { email: ['stock@example.my'], frequency: 'immediate' } });
    move('CHR-100', -30);
    move('CHR-100', 5);
    move('CHR-100', -5);
    expect(alerts({ type: 'low_stock' })).toHaveLength(2);
    expect(alertEmails()).toHaveLength(2);
  });

  it("frequency 'daily' bounds repeats per item and location: within a day the last alert opens again, silently", () => {
    given('CHR-100', 40);
    const created = rule({ type: 'low_stock', notifications: { email: ['stock@example.my'], frequency: 'daily' } });
    move('CHR-100', -30);
    move('CHR-100', 5);
    expect(alerts({ ruleId: created.id })[0].status).toBe('resolved');
    w.clock.advance({ hours: 23 });
    move('CHR-100', -5);
    expect(summary(alerts({ ruleId: created.id }))).toEqual([['low_stock', 'CHR-100', 10, 10, 'active']]);
    expect(alertEmails()).toHaveLength(1);
    move('CHR-100', 5);
    w.clock.advance({ hours: 2 });
    move('CHR-100', -5);
    expect(alerts({ ruleId: created.id })).toHaveLength(2);
    expect(alertEmails()).toHaveLength(2);
  });

  it('negative_stock fires when stock goes below zero, once while it stays there, and resolves when a receipt brings it back', () => {
    given('CHR-200', 10);
    const created = rule({ type: 'negative_stock' });
    move('CHR-200', -10);
    expect(alerts({ type: 'negative_stock' })).toEqual([]);
    move('CHR-200', -1);
    move('CHR-200', -2);
    expect(summary(alerts({ ruleId: created.id }))).toEqual([['negative_stock', 'CHR-200', -1, 0, 'active']]);
    move('CHR-200', 3);
    expect(alerts({ ruleId: created.id })[0].status).toBe('resolved');
  });

  it('an item’s own negative_stock level fires without a rule', () => {
    given('CHR-200', 1);
    move('CHR-200', -2);
    expect(alerts({ type: 'negative_stock' }).map((a) => [a.ruleId, a.itemId, a.status])).toEqual([[null, item('CHR-200').id, 'active']]);
  });

  it('where the company forbids negative stock, a movement below zero is refused and nothing fires', () => {
    setAllowNegativeStock(w.ctx, false);
    given('CHR-200', 10);
    rule({ type: 'negative_stock' });
    expect(refusal(() => move('CHR-200', -11)).code).toBe('INSUFFICIENT_STOCK');
    expect(alerts({ type: 'negative_stock' })).toEqual([]);
  });

  it('an inactive rule raises nothing, and the item levels take its place again', () => {
    given('CHR-100', 40);
    const created = rule({ type: 'low_stock', conditions: { threshold: 35 } });
    updateAlertRule(w.ctx, created.id, { active: false });
    move('CHR-100', -6);
    expect(alerts({ type: 'low_stock' })).toEqual([]);
    move('CHR-100', -30);
    expect(alerts({ type: 'low_stock' }).map((row) => row.ruleId)).toEqual([null]);
  });

  it('refuses unknown locations and categories, a threshold on out_of_stock and part days of expiry', () => {
    expect(refusal(() => rule({ type: 'low_stock', conditions: { locations: ['loc_nope'] } }))).toMatchObject({
      status: 404,
      code: 'LOCATION_NOT_FOUND',
    });
    expect(refusal(() => rule({ type: 'low_stock', conditions: { categories: ['cat_nope'] } })).details[0]).toMatchObject({
      field: 'conditions.categories.0',
      code: 'INVALID_CHOICE',
    });
    expect(refusal(() => rule({ type: 'out_of_stock', conditions: { threshold: 3 } })).details[0]).toMatchObject({
      field: 'conditions.threshold',
    });
    expect(refusal(() => rule({ type: 'expiry_warning', conditions: { threshold: 1.5 } })).details[0]).toMatchObject({
      field: 'conditions.threshold',
      code: 'INVALID_FORMAT',
    });
  });
});

describe('a new rule', () => {
  it('alerts at once for the stock records already past its level, and a movement while past raises nothing more', () => {
    given('CHR-100', 40);
    given('CHR-200', 10);
    given('CHR-100', 6, location('SR-PJ'));
    given('CHR-200', 2, location('SR-PJ'));
    const created = createAlertRule(w.ctx, {
      name: 'Chairs',
      type: 'low_stock',
      conditions: { categories: [item('CHR-100').categoryId!], threshold: 12 },
    });
    const raised = alertsTable(w.ctx).byIndex('ruleId', created.id);
    expect(raised.map((row) => [row.itemCode, row.currentStock])).toEqual([
      ['CHR-200', 10],
      ['CHR-100', 6],
      ['CHR-200', 2],
    ]);
    move('CHR-200', -1);
    expect(alertsTable(w.ctx).byIndex('ruleId', created.id)).toHaveLength(3);
  });
});

describe('alert status', () => {
  it('an active alert is acknowledged, then resolved; a resolved one moves no more', () => {
    given('CHR-200', 10);
    move('CHR-200', -10);
    const [alert] = alerts({ type: 'out_of_stock' });
    expect(changeAlertStatus(w.ctx, alert.id, { status: 'acknowledged', notes: 'PO raised' })).toMatchObject({
      status: 'acknowledged',
      acknowledgedBy: 'usr_aisyah',
      notes: 'PO raised',
    });
    expect(changeAlertStatus(w.ctx, alert.id, { status: 'resolved' })).toMatchObject({
      status: 'resolved',
      resolvedBy: 'usr_aisyah',
      notes: 'PO raised',
    });
    expect(refusal(() => changeAlertStatus(w.ctx, alert.id, { status: 'acknowledged' }))).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
    });
  });
});

describe('lots and expiry', () => {
  const lot = (lotNumber: string, inDays: number | null): StockLot => ({
    lotNumber,
    expiryDate: inDays === null ? null : addDays(companyToday(w.ctx), inDays),
  });

  it('lot balances are replayed from the log: outflows take the soonest expiry first, unexpiring stock last', () => {
    given('PAP-A4', 80);
    move('PAP-A4', 10, { lot: lot('L-LATE', 90) });
    move('PAP-A4', 10, { lot: lot('L-SOON', 20) });
    move('PAP-A4', 5, { lot: lot('L-NONE', null) });
    move('PAP-A4', -12);
    // The 80 reams set first carry no lot: they go after every dated lot.
    expect(lotsOnHand(w.ctx, item('PAP-A4').id, location('WH-SJ'))).toEqual([
      { lotNumber: 'L-LATE', expiryDate: addDays(companyToday(w.ctx), 90), quantity: 8 },
      { lotNumber: 'L-NONE', expiryDate: null, quantity: 5 },
    ]);
    expect(lotBalancesOf([])).toEqual([]);
  });

  it('expiry_warning fires N days ahead as the mock clock advances, once per lot, and resolves when the lot is used up', () => {
    given('PAP-A4', 80);
    const created = rule({ type: 'expiry_warning', conditions: { threshold: 14 }, notifications: { email: ['qa@example.my'] } });
    move('PAP-A4', 10, { lot: lot('L-0425', 20) });
    expect(alerts({ ruleId: created.id })).toEqual([]);
    w.clock.advance({ days: 5 });
    expect(alerts({ ruleId: created.id })).toEqual([]);
    w.clock.advance({ days: 1 });
    const [warning] = alerts({ ruleId: created.id });
    expect(warning).toMatchObject({
      type: 'expiry_warning',
      threshold: 14,
      currentStock: 90,
      lot: { lotNumber: 'L-0425', quantity: 10 },
      message: `PAP-A4 (A4 copier paper 80 gsm, box of 5 reams) at Subang Jaya warehouse: lot L-0425 expires on ${warning.lot!.expiryDate} (in 14 days), 10 of it on hand`,
    });
    expect(alertEmails().map((message) => message.documentId)).toEqual([warning.id]);
    w.clock.advance({ days: 1 });
    expect(alerts({ ruleId: created.id })).toHaveLength(1);
    move('PAP-A4', -10);
    expect(alerts({ ruleId: created.id })).toEqual([expect.objectContaining({ status: 'resolved', resolvedBy: 'system' })]);
  });

  it('a lot received already inside the window warns at once; the default window is 30 days', () => {
    given('PAP-A4', 80);
    const created = rule({ type: 'expiry_warning' });
    move('PAP-A4', 5, { lot: lot('L-31', 31) });
    move('PAP-A4', 5, { lot: lot('L-30', 30) });
    expect(alerts({ ruleId: created.id }).map((row) => [row.lot!.lotNumber, row.threshold])).toEqual([['L-30', 30]]);
  });
});

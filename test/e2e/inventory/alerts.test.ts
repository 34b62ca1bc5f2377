import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { findItemByCode, findStockBalance, locationsTable, recordStockMovements } from '../../../mock-server/domain/inventory/index.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';
import { BusinessRuleError, NotFoundError, ValidationError, type InventoryAlert } from '../../../src/index.js';
import type { StockUpdatedData } from '../../../src/stream/index.js';
import { constructEvent, verifySignature, type WebhookEvent } from '../../../src/webhooks/index.js';
import { RecordingTransport } from '../../stream/helpers.js';
import { TestReceiver } from '../../webhooks/receiver.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
const { companyId } = mock.credentials;
const ctx = () => ({ store: mock.store, clock: mock.clock, companyId });
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await TestReceiver.start();
});
afterAll(() => receiver.close());
beforeEach(() => {
  mock.reset();
  receiver.clear();
});
afterEach(async () => {
  await mock.webhooks.settled();
});

const location = (code: string) =>
  locationsTable(ctx())
    .all()
    .find((l) => l.code === code)!.id;
const itemId = (code: string) => findItemByCode(ctx(), code)!.id;

/** A movement of the log, as a document of another slice (sale, adjustment) would record it. */
function move(code: string, quantity: number, lot: { lotNumber: string; expiryDate: string } | null = null) {
  recordStockMovements(ctx(), [
    {
      date: mock.today(),
      itemId: itemId(code),
      locationId: location('WH-SJ'),
      quantity,
      type: 'adjustment',
      source: { type: 'test', id: 'test', number: 'T-1' },
      unitCost: 12,
      lot,
    },
  ]);
}

const onHand = (code: string, at = location('WH-SJ')) => findStockBalance(ctx(), itemId(code), at)?.onHand ?? 0;
/** Sets an item's warehouse stock to `quantity`, whatever the demo's documents left there. */
function given(code: string, quantity: number) {
  const difference = quantity - onHand(code);
  if (difference !== 0) move(code, difference);
}

const all = async (query: Parameters<typeof acs.inventory.alerts.list>[0] = {}) => {
  const found: InventoryAlert[] = [];
  for await (const alert of acs.inventory.alerts.list({ limit: 2, ...query })) found.push(alert);
  return found;
};

describe('acs.inventory.alerts', () => {
  it('creates a rule, showing a generated webhook secret once, and lists rules without it', async () => {
    const rule = await acs.inventory.alerts.createRule({
      name: 'Chairs running low',
      type: 'low_stock',
      conditions: { threshold: 20, locations: [location('WH-SJ')] },
      notifications: { email: ['stock@example.my'], webhook: `${receiver.url}/alerts`, frequency: 'daily' },
    });
    expect(rule).toMatchObject({
      name: 'Chairs running low',
      type: 'low_stock',
      conditions: { categories: [], locations: [location('WH-SJ')], threshold: 20 },
      notifications: {
        email: ['stock@example.my'],
        webhook: `${receiver.url}/alerts`,
        frequency: 'daily',
        secret: expect.stringMatching(/^whsec_/),
      },
      active: true,
    });
    const listed = await acs.inventory.alerts.listRules();
    // The demo's own rule first: the showroom running low.
    expect(listed.data.map((r) => r.name)).toEqual(['Showroom running low', 'Chairs running low']);
    expect(listed.data[1].notifications).not.toHaveProperty('secret');
    expect((await acs.inventory.alerts.listRules({ type: 'out_of_stock' })).data).toEqual([]);
    const paused = await acs.inventory.alerts.updateRule(rule.id, { active: false, notifications: { frequency: 'weekly' } });
    expect(paused).toMatchObject({ active: false, notifications: { frequency: 'weekly', email: ['stock@example.my'] } });
  });

  it('refuses a bad rule with the spec envelope and changes nothing', async () => {
    const bad = await failureOf(
      acs.inventory.alerts.createRule({
        name: 'x',
        type: 'low_stock',
        notifications: { webhook: 'http://example.com/hook', email: ['not-an-email'] },
      }),
    );
    expect(bad).toBeInstanceOf(ValidationError);
    expect((bad as ValidationError).details.map((d) => d.field).sort()).toEqual(['notifications.email.0', 'notifications.webhook']);
    expect(
      await failureOf(acs.inventory.alerts.createRule({ name: 'x', type: 'low_stock', conditions: { locations: ['loc_nope'] } })),
    ).toBeInstanceOf(NotFoundError);
    expect((await acs.inventory.alerts.listRules()).data.map((r) => r.name)).toEqual(['Showroom running low']);
  });

  it('lists raised alerts newest first with for-await paging and filters, and acknowledges and resolves them', async () => {
    // The demo's rule, made after its stock is in, alerts for the showroom records already low; the newest first.
    const demo = await all();
    const showroom = demo.filter((a) => a.ruleName === 'Showroom running low');
    expect(showroom.map((a) => [a.itemCode, a.location.name, a.currentStock])).toEqual(
      ['DSK-120', 'CHR-200', 'CHR-100'].map((code) => [code, 'Petaling Jaya showroom', onHand(code, location('SR-PJ'))]),
    );
    expect(demo.every((a) => a.location.name !== 'Goods in transit')).toBe(true);
    // The demo's purchase receipts (PUR-52) restocked the warehouse's paper, pens and executive chairs: those alerts are resolved.
    const resolved = demo.filter((a) => a.status !== 'active');
    expect(resolved.every((a) => a.status === 'resolved' && a.location.name === 'Subang Jaya warehouse')).toBe(true);
    expect(new Set(resolved.map((a) => a.itemCode))).toEqual(new Set(['CHR-200', 'PEN-BLU', 'PAP-A4']));
    given('CHR-100', 40);
    given('CHR-200', 10);
    const before = new Set((await all()).map((a) => a.id));
    const fresh = (found: InventoryAlert[]) => found.filter((a) => !before.has(a.id));
    move('CHR-100', -31);
    move('CHR-200', -10);
    const alerts = fresh(await all({ locationId: location('WH-SJ') }));
    expect(alerts.map((a) => [a.type, a.itemCode])).toEqual([
      ['out_of_stock', 'CHR-200'],
      ['reorder_point', 'CHR-200'],
      ['low_stock', 'CHR-200'],
      ['reorder_point', 'CHR-100'],
      ['low_stock', 'CHR-100'],
    ]);
    expect(alerts[0]).toMatchObject({
      status: 'active',
      ruleId: null,
      location: { id: location('WH-SJ'), name: 'Subang Jaya warehouse' },
      currentStock: 0,
    });
    expect((await all({ type: 'low_stock', itemId: itemId('CHR-100') })).map((a) => [a.location.name, a.currentStock])).toEqual([
      ['Subang Jaya warehouse', 9],
      ...showroom.filter((a) => a.itemCode === 'CHR-100').map((a) => [a.location.name, a.currentStock]),
    ]);
    expect(await all({ dateFrom: addDays(mock.today(), 1) })).toEqual([]);
    expect(fresh(await all({ dateFrom: mock.today(), dateTo: mock.today(), type: 'out_of_stock' }))).toHaveLength(1);

    const acked = await acs.inventory.alerts.updateStatus(alerts[0].id, { status: 'acknowledged', notes: 'PO-0042 raised' });
    expect(acked).toMatchObject({ status: 'acknowledged', notes: 'PO-0042 raised', acknowledgedAt: expect.any(String) });
    await acs.inventory.alerts.updateStatus(alerts[0].id, { status: 'resolved' });
    expect(await failureOf(acs.inventory.alerts.updateStatus(alerts[0].id, { status: 'resolved' }))).toBeInstanceOf(BusinessRuleError);
    expect(fresh(await all({ status: 'resolved' })).map((a) => a.id)).toEqual([alerts[0].id]);
  });

  it("posts each alert of a rule to its webhook URL, signed with the rule's secret, and emails its list", async () => {
    given('DSK-160', 3);
    const rule = await acs.inventory.alerts.createRule({
      name: 'Desks out',
      type: 'out_of_stock',
      notifications: { email: ['desks@example.my'], webhook: `${receiver.url}/rule-hook` },
    });
    move('DSK-160', -3);
    await mock.webhooks.settled();

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.path).toBe('/rule-hook');
    const secret = rule.notifications.secret!;
    const signature = request.headers['x-signature'] as string;
    expect(await verifySignature({ payload: request.body, signature, secret })).toBe(true);
    expect(await verifySignature({ payload: request.body, signature, secret: 'whsec_someone_else_000000000' })).toBe(false);
    const event = await constructEvent({ payload: request.body, signature, secret });
    expect(event.event).toBe('inventory.out_of_stock');
    if (event.event === 'inventory.out_of_stock')
      expect(event.data).toMatchObject({ ruleId: rule.id, itemCode: 'DSK-160', currentStock: 0 });
    expect(mock.webhooks.deliveries[0]).toMatchObject({ subscriptionId: rule.id, outcome: 'delivered' });
    expect(mock.outbox.filter((m) => m.kind === 'inventory_alert').map((m) => m.to)).toEqual([['desks@example.my']]);
  });

  it('warns of a lot expiring within the rule’s days as the mock clock advances', async () => {
    given('PAP-A4', 80);
    const rule = await acs.inventory.alerts.createRule({ name: 'Paper expiry', type: 'expiry_warning', conditions: { threshold: 10 } });
    move('PAP-A4', 20, { lotNumber: 'LOT-77', expiryDate: addDays(mock.today(), 12) });
    expect(await all({ ruleId: rule.id })).toEqual([]);
    mock.clock.advance({ days: 2 });
    const [warning] = await all({ ruleId: rule.id });
    expect(warning).toMatchObject({ type: 'expiry_warning', threshold: 10, lot: { lotNumber: 'LOT-77', quantity: 20 } });
  });
});

describe('stock events', () => {
  it('delivers stock.updated and inventory.low_stock to webhook subscriptions, typed', async () => {
    given('CHR-200', 10);
    const hook = await acs.webhooks.subscribe({
      url: `${receiver.url}/stock`,
      events: ['stock.updated', 'inventory.low_stock'],
      secret: 'whsec_stock_events_00000000001',
    });
    move('CHR-200', -5);
    await mock.webhooks.settled();
    const events = receiver.received.map((r) => JSON.parse(r.body.toString('utf8')) as WebhookEvent);
    expect(events.map((e) => e.event)).toEqual(['stock.updated', 'inventory.low_stock']);
    const [updated, low] = events;
    if (updated.event === 'stock.updated') {
      expectTypeOf(updated.data).toEqualTypeOf<StockUpdatedData>();
      expect(updated.data).toEqual({
        itemId: itemId('CHR-200'),
        itemCode: 'CHR-200',
        itemName: 'Executive leather chair',
        locationId: location('WH-SJ'),
        location: { id: location('WH-SJ'), name: 'Subang Jaya warehouse' },
        currentStock: 5,
        availableStock: 5,
        reservedStock: 0,
        onOrderStock: 0,
        averageCost: expect.any(Number),
        stockValue: expect.any(Number),
        lastMovement: { date: mock.today(), type: 'adjustment', quantity: -5, reference: 'T-1' },
        binLocation: findStockBalance(ctx(), itemId('CHR-200'), location('WH-SJ'))!.binLocation,
        updatedAt: expect.any(String),
      });
    }
    if (low.event === 'inventory.low_stock') expectTypeOf(low.data).toEqualTypeOf<InventoryAlert>();
    expect(low.data).toMatchObject({ type: 'low_stock', itemCode: 'CHR-200', currentStock: 5, threshold: 5 });
    expect(mock.webhooks.deliveries.every((d) => d.subscriptionId === hook.id)).toBe(true);
  });

  it("reaches the stream's stock.changes channel (stock.updated) with the stock record", () => {
    given('CHR-100', 40);
    const transport = new RecordingTransport();
    const session = mock.stream.open('events', transport);
    session.receive(JSON.stringify({ type: 'auth', token: mock.credentials.apiKey, companyId }));
    session.receive(JSON.stringify({ type: 'subscribe', channels: ['stock.changes'] }));
    move('CHR-100', 4);
    const [event] = transport.ofType('event');
    expect(event).toMatchObject({
      channel: 'stock.updated',
      data: { itemId: itemId('CHR-100'), currentStock: 44, lastMovement: { quantity: 4 } },
    });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MockClock } from '../../mock-server/kernel/clock.js';
import { DomainEventBus, onFieldChange, onUpdate, tableRule, type DomainEvent } from '../../mock-server/events/bus.js';
import { Store } from '../../mock-server/store/index.js';

interface Order {
  id: string;
  status: string;
}

function setup() {
  const clock = new MockClock('2026-11-02T09:00:00Z');
  const store = new Store(clock);
  store.defineTable('orders', { prefix: 'ord' });
  store.defineTable('orderTotals', { prefix: 'tot', internal: true });
  const bus = new DomainEventBus(store, clock, [
    { table: 'orders', event: 'order.created' },
    { table: 'orders', event: 'order.updated', when: onUpdate },
    tableRule<Order>({
      table: 'orders',
      event: 'order.shipped',
      when: onFieldChange('status', ['shipped']),
      present: (c) => ({ shipped: c.after!.id }),
    }),
    { table: 'orderTotals', event: 'never' },
  ]);
  const orders = store.table<Order>('cmp_1', 'orders');
  const seen: DomainEvent[] = [];
  bus.on('*', (e) => seen.push(e));
  return { store, bus, orders, seen };
}

describe('the domain event bus', () => {
  it('publishes an event per matching committed change, with the record as data', () => {
    const { orders, seen } = setup();
    orders.insert({ id: 'ord_1', status: 'draft' });
    orders.update('ord_1', { status: 'shipped' });
    expect(seen.map((e) => e.event)).toEqual(['order.created', 'order.updated', 'order.shipped']);
    expect(seen[0]).toMatchObject({
      companyId: 'cmp_1',
      data: { id: 'ord_1', status: 'draft' },
      timestamp: expect.stringMatching(/^2026-11-02T09:00/),
    });
    expect(seen[2].data).toEqual({ shipped: 'ord_1' });
    expect(seen.map((e) => e.sequence)).toEqual([1, 2, 3]);
  });

  it('publishes nothing for a transaction that was rolled back', () => {
    const { store, orders, seen } = setup();
    expect(() =>
      store.transaction(() => {
        orders.insert({ id: 'ord_1', status: 'draft' });
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(seen).toEqual([]);
    expect(orders.size).toBe(0);
  });

  it('publishes a transaction’s events only once it commits, in write order', () => {
    const { store, orders, seen } = setup();
    store.transaction(() => {
      orders.insert({ id: 'ord_1', status: 'draft' });
      orders.insert({ id: 'ord_2', status: 'draft' });
      expect(seen).toEqual([]);
    });
    expect(seen.map((e) => (e.data as Order).id)).toEqual(['ord_1', 'ord_2']);
  });

  it('ignores internal tables', () => {
    const { store, seen } = setup();
    store.table<{ id: string }>('cmp_1', 'orderTotals').insert({ id: 'tot_1' });
    expect(seen).toEqual([]);
  });

  it('keeps history for resuming and a failing listener does not break the write', () => {
    const { bus, orders } = setup();
    bus.on('order.created', () => {
      throw new Error('listener bug');
    });
    const errors = console.error;
    console.error = () => {};
    try {
      orders.insert({ id: 'ord_1', status: 'draft' });
      orders.insert({ id: 'ord_2', status: 'draft' });
    } finally {
      console.error = errors;
    }
    expect(orders.size).toBe(2);
    expect(bus.since(1).map((e) => (e.data as Order).id)).toEqual(['ord_2']);
    bus.clear();
    expect(bus.history).toEqual([]);
  });
});

describe('the event rules', () => {
  it('read typed changes (tableRule, TableChange): no file of mock-server/events casts a row through unknown', () => {
    const root = new URL('../../mock-server/events/', import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    const casting = files.filter((name) => readFileSync(new URL(name, root), 'utf8').includes('as unknown as'));
    expect(casting).toEqual([]);
  });
});

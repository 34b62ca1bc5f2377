import { describe, expect, it } from 'vitest';
import { issue, receive, type CostLayer, type ValuationMethod } from '../../../mock-server/domain/inventory/costing.js';

/** Receipts of 10 @ 1.00, 10 @ 1.30 and 10 @ 1.50, in cents. */
function stocked(method: ValuationMethod): CostLayer[] {
  let layers: CostLayer[] = [];
  for (const [count, cents] of [[10, 1000], [10, 1300], [10, 1500]]) layers = receive(layers, method, count, cents);
  return layers;
}

describe('costing an issue of stock', () => {
  it('FIFO takes the oldest receipts first: 15 units cost 10 x 1.00 + 5 x 1.30 = 16.50', () => {
    const taken = issue(stocked('fifo'), 'fifo', 15)!;
    expect(taken.valueCents).toBe(1650);
    expect(taken.layers).toEqual([{ quantity: 5, valueCents: 650 }, { quantity: 10, valueCents: 1500 }]);
  });

  it('LIFO takes the newest first: 15 units cost 10 x 1.50 + 5 x 1.30 = 21.50', () => {
    const taken = issue(stocked('lifo'), 'lifo', 15)!;
    expect(taken.valueCents).toBe(2150);
    expect(taken.layers).toEqual([{ quantity: 10, valueCents: 1000 }, { quantity: 5, valueCents: 650 }]);
  });

  it('average pools the receipts: 38.00 / 30 units, 7 units cost 8.87 and the last unit takes what is left', () => {
    const pool = stocked('average');
    expect(pool).toEqual([{ quantity: 30, valueCents: 3800 }]);
    const first = issue(pool, 'average', 7)!;
    expect(first.valueCents).toBe(887); // 3800 x 7 / 30 = 886.67, half up
    const rest = issue(first.layers, 'average', 23)!;
    expect(rest.valueCents).toBe(3800 - 887);
    expect(rest.layers).toEqual([]);
  });

  it('refuses to take more than is on hand', () => {
    expect(issue(stocked('fifo'), 'fifo', 31)).toBeNull();
  });
});

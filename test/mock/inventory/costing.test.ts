import { describe, expect, it } from 'vitest';
import { issue, receive, type CostLayer, type ValuationMethod } from '../../../mock-server/domain/inventory/index.js';

/** Receipts of 10 @ 1.00, 10 @ 1.30 and 10 @ 1.50, in cents. */
function stocked(method: ValuationMethod): CostLayer[] {
  let layers: CostLayer[] = [];
  for (const [count, cents] of [
    [10, 1000],
    [10, 1300],
    [10, 1500],
  ])
    layers = receive(layers, method, count, cents).layers;
  return layers;
}

describe('costing an issue of stock', () => {
  it('FIFO takes the oldest receipts first: 15 units cost 10 x 1.00 + 5 x 1.30 = 16.50', () => {
    const taken = issue(stocked('fifo'), 'fifo', 15)!;
    expect(taken.valueCents).toBe(1650);
    expect(taken.layers).toEqual([
      { quantity: 5, valueCents: 650 },
      { quantity: 10, valueCents: 1500 },
    ]);
  });

  it('LIFO takes the newest first: 15 units cost 10 x 1.50 + 5 x 1.30 = 21.50', () => {
    const taken = issue(stocked('lifo'), 'lifo', 15)!;
    expect(taken.valueCents).toBe(2150);
    expect(taken.layers).toEqual([
      { quantity: 10, valueCents: 1000 },
      { quantity: 5, valueCents: 650 },
    ]);
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

  it('without leave to go below zero, refuses to take more than is on hand', () => {
    expect(issue(stocked('fifo'), 'fifo', 31)).toBeNull();
  });
});

describe('costing stock issued below zero', () => {
  const belowZero = { unitCost: 2 };

  it('FIFO takes every layer, then the shortfall at the newest layer’s cost: 32 units = 38.00 + 2 x 1.50', () => {
    const taken = issue(stocked('fifo'), 'fifo', 32, belowZero)!;
    expect(taken).toEqual({ valueCents: 3800 + 300, layers: [{ quantity: -2, valueCents: -300 }] });
  });

  it('average takes the pool, then the shortfall at the pool’s average: 31 units = 38.00 + 1.27', () => {
    const taken = issue(stocked('average'), 'average', 31, belowZero)!;
    expect(taken).toEqual({ valueCents: 3800 + 127, layers: [{ quantity: -1, valueCents: -127 }] });
  });

  it('with nothing held the shortfall is at the item’s cost price; more issued below zero keeps its cost', () => {
    const first = issue([], 'fifo', 3, belowZero)!;
    expect(first).toEqual({ valueCents: 600, layers: [{ quantity: -3, valueCents: -600 }] });
    const second = issue(first.layers, 'fifo', 1, { unitCost: 9 })!;
    expect(second).toEqual({ valueCents: 200, layers: [{ quantity: -4, valueCents: -800 }] });
  });

  it('standard cost issues the shortfall at the cost price whatever the layers hold', () => {
    expect(issue([{ quantity: 1, valueCents: 500 }], 'standard', 3, belowZero)!.valueCents).toBe(500 + 400);
  });

  it('a receipt covers the shortfall first and revalues it: 4 issued at 1.00 covered at 1.20 revalues -0.80, 6 @ 1.20 stay', () => {
    for (const method of ['fifo', 'average', 'lifo'] as const) {
      const short = [{ quantity: -4, valueCents: -400 }];
      expect(receive(short, method, 10, 1200), method).toEqual({ layers: [{ quantity: 6, valueCents: 720 }], revaluationCents: -80 });
    }
  });

  it('a receipt smaller than the shortfall covers its share and leaves the rest owed at the cost it was issued at', () => {
    expect(receive([{ quantity: -4, valueCents: -400 }], 'fifo', 3, 270)).toEqual({
      layers: [{ quantity: -1, valueCents: -100 }],
      revaluationCents: 30,
    });
  });
});

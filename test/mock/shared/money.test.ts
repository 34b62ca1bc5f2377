import { describe, expect, it } from 'vitest';
import * as money from '../../../mock-server/domain/shared/money.js';

describe('money', () => {
  it('adds 0.10 and 0.20 to exactly 0.30, where floating point does not', () => {
    expect(0.1 + 0.2 === 0.3).toBe(false);
    expect(money.equals(money.add(0.1, 0.2), 0.3)).toBe(true);
    expect(money.toNumber(money.sum([0.1, 0.2]))).toBe(0.3);
  });

  it('sums a thousand cents to exactly ten', () => {
    expect(money.toFixed(money.sum(Array.from({ length: 1000 }, () => 0.01)))).toBe('10.00');
  });

  it('rounds half-up (away from zero) at two places', () => {
    expect(money.toFixed(money.round('2.345'))).toBe('2.35');
    expect(money.toFixed(money.round('2.344'))).toBe('2.34');
    expect(money.toFixed(money.round('-2.345'))).toBe('-2.35');
    expect(money.toNumber('1.005')).toBe(1.01);
  });

  it('compares exactly', () => {
    expect(money.compare('100.01', 100)).toBe(1);
    expect(money.compare(99.99, '100')).toBe(-1);
    expect(money.compare('100.00', 100)).toBe(0);
  });

  it('tells amounts in cents from amounts with more places', () => {
    expect(money.isCents(12.34)).toBe(true);
    expect(money.isCents('12.3')).toBe(true);
    expect(money.isCents(12.345)).toBe(false);
    expect(money.isCents(Number.NaN)).toBe(false);
    expect(money.isCents(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('never writes a negative zero', () => {
    expect(Object.is(money.toNumber(money.subtract(0, '0.001')), 0)).toBe(true);
  });

  it('converts integer cents both ways exactly, the one place that does (decision MOCK-25)', () => {
    expect(money.toCents('0.105')).toBe(11);
    expect(money.toCents(-12.345)).toBe(-1235);
    expect(money.fromCents(1234)).toBe(12.34);
    expect(Object.is(money.fromCents(-0), 0)).toBe(true);
    expect(money.ofCents(99_999_999_999_999n).toFixed(2)).toBe('999999999999.99');
    expect(money.ofCents(-5).toNumber()).toBe(-0.05);
    for (let cents = -100_000; cents <= 100_000; cents += 7) expect(money.fromCents(cents)).toBe(Number(money.ofCents(cents).toFixed(2)));
  });
});

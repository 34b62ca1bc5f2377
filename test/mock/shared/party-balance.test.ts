import { describe, expect, it } from 'vitest';
import { balanceMove } from '../../../mock-server/domain/shared/party-balance.js';

describe('a party’s running balance (customers and suppliers, decisions SALES-40, PUR-53)', () => {
  it('moves by exact decimals, rounded to cents, and moves updatedAt with it', () => {
    const now = '2026-11-02T09:00:00.000Z';
    expect(balanceMove({ currentBalance: 0.1 }, 0.2, now)).toEqual({ currentBalance: 0.3, updatedAt: now });
    expect(balanceMove({ currentBalance: 100 }, '-99.99', now)).toEqual({ currentBalance: 0.01, updatedAt: now });
    expect(Object.is(balanceMove({ currentBalance: 5 }, -5, now).currentBalance, 0)).toBe(true);
  });

  it('refuses a delta that is not in cents', () => {
    expect(() => balanceMove({ currentBalance: 0 }, 0.005, '2026-11-02T09:00:00.000Z')).toThrow(TypeError);
    expect(() => balanceMove({ currentBalance: 0 }, Number.NaN, '2026-11-02T09:00:00.000Z')).toThrow(TypeError);
  });
});

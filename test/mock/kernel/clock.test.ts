import { describe, expect, it } from 'vitest';
import { ClockRangeError, MockClock } from '../../../mock-server/kernel/clock.js';

describe('the mock clock', () => {
  it('advances and sets, every timestamp an ISO 8601 UTC datetime', () => {
    const clock = new MockClock('2026-11-02T09:00:00Z');
    expect(clock.advance({ days: 1, hours: 2 }).toISOString()).toMatch(/^2026-11-03T11:00:00/);
    expect(clock.set('2027-01-01T00:00:00Z').toISOString()).toMatch(/^2027-01-01T00:00:00/);
    expect(clock.today()).toBe('2027-01-01');
  });

  it('refuses a move past the years it can write and stays where it was', () => {
    const clock = new MockClock('2026-11-02T09:00:00Z');
    expect(() => clock.advance({ days: 1e9 })).toThrow(ClockRangeError);
    expect(() => clock.advance({ days: -1e9 })).toThrow(ClockRangeError);
    expect(() => clock.set('+010000-01-01T00:00:00Z')).toThrow(ClockRangeError);
    expect(() => new MockClock(8.64e15)).toThrow(ClockRangeError);
    expect(clock.iso()).toMatch(/^2026-11-02T09:00/);
  });
});

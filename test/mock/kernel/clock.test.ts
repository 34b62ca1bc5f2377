import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

describe("the clock's today and timestamps", () => {
  // Real time stands still, so the clock shows exactly the instant it was set to.
  beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => void vi.useRealTimers());

  it('turns a company day at its local midnight, to the millisecond, however often it is asked', () => {
    const clock = new MockClock('2026-11-20T15:59:59.998Z'); // 23:59:59.998 in Kuala Lumpur
    const days = () => Array.from({ length: 3 }, () => clock.today('Asia/Kuala_Lumpur'));
    clock.set('2026-11-20T15:59:59.999Z');
    expect(days()).toEqual(['2026-11-20', '2026-11-20', '2026-11-20']);
    clock.set('2026-11-20T16:00:00.000Z');
    expect(days()).toEqual(['2026-11-21', '2026-11-21', '2026-11-21']);
    expect(clock.today()).toBe('2026-11-20');
    clock.set('2026-11-20T15:59:59.999Z');
    expect(clock.today('Asia/Kuala_Lumpur')).toBe('2026-11-20');
  });

  it('turns a day that starts within a minute of UTC (a local mean time with seconds) at its own instant', () => {
    const clock = new MockClock('1900-01-01T17:04:34.999Z'); // Kuala Lumpur then kept +6:55:25
    expect(clock.today('Asia/Kuala_Lumpur')).toBe('1900-01-01');
    clock.set('1900-01-01T17:04:35.000Z');
    expect(clock.today('Asia/Kuala_Lumpur')).toBe('1900-01-02');
  });

  it('writes the instant it shows after every jump', () => {
    const clock = new MockClock('2026-11-20T09:00:00.000Z');
    clock.set('2026-11-20T09:00:00.000Z');
    const first = clock.iso();
    clock.advance({ seconds: 1 });
    expect([first.slice(0, 19), clock.iso().slice(0, 19)]).toEqual(['2026-11-20T09:00:00', '2026-11-20T09:00:01']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ianaTimeZone, offsetAt, wallTimeAt, wallTimeToInstant } from '../../../mock-server/domain/reports/index.js';

const iso = (ms: number) => new Date(ms).toISOString();
const at = (date: string, time: string, zone: string) => iso(wallTimeToInstant({ date, time }, zone));

describe('wall time in a time zone', () => {
  it('reads an IANA name in its canonical spelling and refuses what is none', () => {
    expect(ianaTimeZone('America/New_York')).toBe('America/New_York');
    expect(ianaTimeZone('america/new_york')).toBe('America/New_York');
    expect(ianaTimeZone('UTC')).toBe('UTC');
    expect(ianaTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    for (const bad of ['Mars/Olympus_Mons', '+05:00', '', 'Asia/', '../etc/passwd', 'Europe/London\n', 'x'.repeat(65)])
      expect(ianaTimeZone(bad), bad).toBeNull();
  });

  it('turns a wall time into its instant in a zone without daylight saving (Asia/Kuala_Lumpur, +08:00)', () => {
    expect(at('2026-11-01', '08:00', 'Asia/Kuala_Lumpur')).toBe('2026-11-01T00:00:00.000Z');
    expect(at('2026-07-01', '00:30', 'Asia/Kuala_Lumpur')).toBe('2026-06-30T16:30:00.000Z');
    expect(offsetAt(Date.parse('2026-03-08T12:00:00Z'), 'Asia/Kuala_Lumpur')).toBe(8 * 3_600_000);
  });

  it('follows New York across its switches: standard time, then daylight time', () => {
    expect(at('2026-03-07', '08:00', 'America/New_York')).toBe('2026-03-07T13:00:00.000Z');
    expect(at('2026-03-09', '08:00', 'America/New_York')).toBe('2026-03-09T12:00:00.000Z');
    expect(at('2026-11-02', '08:00', 'America/New_York')).toBe('2026-11-02T13:00:00.000Z');
  });

  it('runs a wall time skipped by the spring-forward switch that much later (02:30 -> 03:30 daylight time)', () => {
    // 8 March 2026: New York clocks jump from 02:00 EST to 03:00 EDT.
    expect(at('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(wallTimeAt(Date.parse('2026-03-08T07:30:00Z'), 'America/New_York')).toEqual({ date: '2026-03-08', time: '03:30' });
    // 29 March 2026: London jumps from 01:00 GMT to 02:00 BST.
    expect(at('2026-03-29', '01:15', 'Europe/London')).toBe('2026-03-29T01:15:00.000Z');
    expect(wallTimeAt(Date.parse('2026-03-29T01:15:00Z'), 'Europe/London')).toEqual({ date: '2026-03-29', time: '02:15' });
  });

  it('runs a wall time that happens twice at the fall-back switch at its first occurrence', () => {
    // 1 November 2026: New York's 01:30 happens in EDT (05:30Z) and again in EST (06:30Z).
    expect(at('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    // 25 October 2026: London's 01:30 happens in BST (00:30Z) and again in GMT (01:30Z).
    expect(at('2026-10-25', '01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-10-25', '02:30', 'Europe/London')).toBe('2026-10-25T02:30:00.000Z');
  });

  it('reads back every instant it gives as the wall time asked for, outside the skipped hour', () => {
    const zones = ['America/New_York', 'Europe/London', 'Asia/Kuala_Lumpur', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Pacific/Chatham'];
    const wall = fc.record({
      day: fc.integer({ min: 0, max: 3 * 366 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      zone: fc.constantFrom(...zones),
    });
    fc.assert(
      fc.property(wall, ({ day, hour, minute, zone }) => {
        const date = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
        const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
        const instant = wallTimeToInstant({ date, time }, zone);
        const back = wallTimeAt(instant, zone);
        // A skipped wall time comes back later on the same day, by the gap (at most an hour).
        const asked = Date.UTC(2025, 0, 1) + day * 86_400_000 + (hour * 60 + minute) * 60_000;
        const [y, m, d] = back.date.split('-').map(Number);
        const [h, mi] = back.time.split(':').map(Number);
        const shown = Date.UTC(y, m - 1, d, h, mi);
        expect(shown - asked).toBeGreaterThanOrEqual(0);
        expect(shown - asked).toBeLessThanOrEqual(3_600_000);
        // The instant is the earliest that shows it: a minute earlier shows another wall time.
        expect(wallTimeAt(instant - 60_000, zone)).not.toEqual(back);
      }),
      { numRuns: 300, seed: 13 },
    );
  });
});

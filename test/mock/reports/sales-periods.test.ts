import { describe, expect, it } from 'vitest';
import { periodOf } from '../../../mock-server/domain/reports/sales/sales-periods.js';

// A unit test of a pure helper: the period a date falls in, as the sales reports group by it.
describe("the sales reports' periods", () => {
  it('numbers weeks by ISO 8601 and ends a month on its last day', () => {
    // ISO 8601: the week of 1 January 2027 (a Friday) is 2026's 53rd; 4 January 2027 starts 2027-W01.
    expect(periodOf('2027-01-01', 'week')).toEqual({ period: '2026-W53', fromDate: '2026-12-28', toDate: '2027-01-03' });
    expect(periodOf('2027-01-04', 'week').period).toBe('2027-W01');
    expect(periodOf('2024-02-10', 'month')).toEqual({ period: '2024-02', fromDate: '2024-02-01', toDate: '2024-02-29' });
  });
});

import { findAccountByNumber } from '../domain/accounting/index.js';
import { createBudget, fiscalYearMonths, fiscalYearStartOf } from '../domain/reports/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { addDays, companyToday } from '../domain/shared/calendar.js';

/** A demo budget: monthly amounts by account number, the same each month the demo books trade in. */
export interface DemoBudget {
  name: string;
  monthly: Record<string, number>;
}

/** How far back the demo journal goes (seed/accounting.ts: 120 days). */
const TRADING_DAYS = 120;

/** One active budget for the current fiscal year of each demo company (REP-77). */
export const DEMO_BUDGETS: readonly DemoBudget[] = [
  {
    name: 'Operating budget',
    monthly: { '4100': 8_000, '4200': 800, '5100': 4_500, '6100': 4_500, '6200': 9_000, '6300': 650, '6400': 340, '6600': 500, '6700': 15 },
  },
  {
    name: 'Bakery budget',
    monthly: { '4100': 3_500, '5100': 1_200, '6100': 2_800, '6200': 1_500, '6300': 300, '6600': 450 },
  },
];

export function seedBudget(ctx: ActingContext, demo: DemoBudget | undefined): void {
  if (!demo) return;
  const today = companyToday(ctx);
  const fiscalYear = Number(fiscalYearStartOf(ctx, today).slice(0, 4));
  // The demo books start about four months back: no budget before them, so the report reads as a trading year.
  const trading = fiscalYearMonths(ctx, fiscalYear).filter((month) => month >= addDays(today, -TRADING_DAYS).slice(0, 7));
  const lines = Object.entries(demo.monthly).flatMap(([number, amount]) => {
    const account = findAccountByNumber(ctx, number);
    return account ? trading.map((period) => ({ accountId: account.id, period, amount })) : [];
  });
  createBudget(ctx, { name: demo.name, fiscalYear, status: 'active', lines });
}

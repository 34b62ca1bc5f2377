import type { SupplierRatingCreateParams } from '../../src/contract/index.js';
import { rateSupplier, suppliersTable } from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { addDays, companyToday } from '../domain/shared/calendar.js';
import { clockAt } from './sales.js';

/** A demo rating of a supplier over the `days` before `daysAgo` (a quarter's review). */
export interface DemoSupplierRating {
  supplier: string;
  daysAgo: number;
  days: number;
  scores: Pick<SupplierRatingCreateParams, 'quality' | 'delivery' | 'price' | 'communication' | 'comments'>;
}

/** The demo companies' supplier reviews (PUR-52): quarterly ratings, so performance and its report show averages at once. */
export const DEMO_SUPPLIER_RATINGS: readonly DemoSupplierRating[][] = [
  [
    {
      supplier: 'Kilang Perabot Muar Sdn Bhd',
      daysAgo: 95,
      days: 90,
      scores: { quality: 4, delivery: 5, price: 4, communication: 5, comments: 'Consistent finish; always on the promised day' },
    },
    { supplier: 'Kilang Perabot Muar Sdn Bhd', daysAgo: 5, days: 90, scores: { quality: 5, delivery: 4, price: 4, communication: 4 } },
    {
      supplier: 'Syarikat Alat Tulis Bestari',
      daysAgo: 5,
      days: 90,
      scores: { quality: 3, delivery: 4, price: 5, communication: 3, comments: 'Good prices; two boxes arrived damaged' },
    },
    {
      supplier: 'Shenzhen Ergo Seating Co., Ltd.',
      daysAgo: 5,
      days: 90,
      scores: { quality: 4, delivery: 2, price: 5, communication: 3, comments: 'Sea freight slipped two weeks' },
    },
  ],
  [{ supplier: 'FFM Flour Mills Berhad', daysAgo: 10, days: 90, scores: { quality: 5, delivery: 5, price: 3, communication: 4 } }],
];

export function seedSupplierRatings(ctx: ActingContext, ratings: readonly DemoSupplierRating[]): void {
  const at = clockAt(ctx.clock);
  for (const rating of ratings) {
    const supplier = suppliersTable(ctx)
      .all()
      .find((s) => s.name === rating.supplier);
    if (!supplier) throw new Error(`demo supplier ${rating.supplier} is missing`);
    at(-rating.daysAgo, () => {
      const periodTo = addDays(companyToday(ctx), -1);
      rateSupplier(ctx, supplier.id, { periodFrom: addDays(periodTo, 1 - rating.days), periodTo, ...rating.scores });
    });
  }
}

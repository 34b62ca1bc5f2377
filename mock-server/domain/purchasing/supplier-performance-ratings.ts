import type { z } from 'zod';
import type {
  SupplierQualityRatings,
  SupplierQualityRatingsParams,
  SupplierRating,
  SupplierRatingAverages,
  SupplierRatingCreateParams,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { businessRule, conflict, notFound, validationError, type ValidationIssue } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import { retrieveSupplier } from './suppliers.js';
import {
  purchaseOrdersTable,
  supplierRatingsTable,
  type PurchaseOrderRow,
  type PurchaseReceiptRow,
  type SupplierRatingRow,
} from './tables.js';

/** The four criteria a rating scores, each 1 (poor) to 5 (excellent) (decision PUR-24). */
export const RATING_CRITERIA = ['quality', 'delivery', 'price', 'communication'] as const;

/** Both ends optional and inclusive; null: open. */
export interface Period {
  from: string | null;
  to: string | null;
}

export const periodOf = (query: { fromDate?: string; toDate?: string }): Period => ({
  from: query.fromDate ?? null,
  to: query.toDate ?? null,
});
export const withinPeriod = (date: string, period: Period): boolean =>
  (period.from === null || date >= period.from) && (period.to === null || date <= period.to);

/** The mean of some numbers, two decimals; null of none. */
export function meanOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return money.toNumber(money.sum(values).dividedBy(values.length));
}

/** A receipt of the company's purchase orders, with its order; undefined for an unknown id. */
export function findReceipt(ctx: CompanyContext, receiptId: string): { order: PurchaseOrderRow; receipt: PurchaseReceiptRow } | undefined {
  for (const order of purchaseOrdersTable(ctx).values()) {
    const receipt = order.receipts.find((r) => r.id === receiptId);
    if (receipt) return { order, receipt };
  }
  return undefined;
}

/** A rating names one receipt, or a whole period (both ends), and scores at least one criterion. */
function checkRatingForm(input: SupplierRatingCreateParams): void {
  const issues: ValidationIssue[] = [];
  if (RATING_CRITERIA.every((criterion) => input[criterion] === undefined)) {
    issues.push({
      field: 'quality',
      code: 'REQUIRED_FIELD',
      message: 'score at least one of quality, delivery, price and communication (1 to 5)',
    });
  }
  const period = input.periodFrom !== undefined || input.periodTo !== undefined;
  if (input.receiptId !== undefined && period) {
    issues.push({
      field: 'periodFrom',
      code: 'INVALID_CHOICE',
      message: 'a rating is of one receipt or of a period, not both',
      value: input.periodFrom ?? input.periodTo,
    });
  } else if (input.receiptId === undefined) {
    if (input.periodFrom === undefined)
      issues.push({ field: 'periodFrom', code: 'REQUIRED_FIELD', message: 'give receiptId, or periodFrom and periodTo' });
    if (input.periodTo === undefined)
      issues.push({ field: 'periodTo', code: 'REQUIRED_FIELD', message: 'give receiptId, or periodFrom and periodTo' });
  }
  if (issues.length > 0) throw validationError(issues);
}

/** The receipt a rating names: one of this supplier's, not rated before. */
function ratedReceipt(
  ctx: CompanyContext,
  supplierId: string,
  receiptId: string,
): { order: PurchaseOrderRow; receipt: PurchaseReceiptRow } {
  const found = findReceipt(ctx, receiptId);
  if (!found) throw notFound('purchase receipt', receiptId, 'NOT_FOUND', 'receiptId');
  if (found.order.supplierId !== supplierId) {
    throw businessRule(`receipt ${found.receipt.receiptNumber} came from another supplier: rate it on ${found.order.supplier.name}`, {
      field: 'receiptId',
      receiptId,
      supplierId: found.order.supplierId,
    });
  }
  const earlier = supplierRatingsTable(ctx).byIndex('receiptId', receiptId)[0];
  if (earlier) throw conflict('supplier rating', 'receiptId', receiptId, earlier.id);
  return found;
}

/** `POST /suppliers/{id}/rate-performance` (PUR-24): a rating of one receipt (once) or of a period. */
export function rateSupplier(ctx: ActingContext, supplierId: string, input: SupplierRatingCreateParams): SupplierRatingRow {
  return ctx.store.transaction(() => {
    const supplier = retrieveSupplier(ctx, supplierId);
    checkRatingForm(input);
    const rated = input.receiptId === undefined ? null : ratedReceipt(ctx, supplier.id, input.receiptId);
    const scores = Object.fromEntries(RATING_CRITERIA.map((criterion) => [criterion, input[criterion] ?? null])) as Record<
      (typeof RATING_CRITERIA)[number],
      number | null
    >;
    const table = supplierRatingsTable(ctx);
    return table.insert({
      id: table.newId(),
      supplierId: supplier.id,
      receiptId: rated?.receipt.id ?? null,
      purchaseOrderId: rated?.order.id ?? null,
      periodFrom: input.periodFrom ?? null,
      periodTo: input.periodTo ?? null,
      date: companyToday(ctx),
      ...scores,
      overall: meanOf(Object.values(scores).filter((s): s is number => s !== null))!,
      comments: input.comments?.trim() || null,
      ratedBy: actorOf(ctx),
      createdAt: ctx.clock.iso(),
    });
  });
}

export const presentSupplierRating = (row: SupplierRatingRow): SupplierRating => ({ ...row });

/** A supplier's ratings dated in the period, newest first. */
export function ratingsOf(ctx: CompanyContext, supplierId: string, period: Period): SupplierRatingRow[] {
  return supplierRatingsTable(ctx)
    .byIndex('supplierId', supplierId)
    .filter((r) => withinPeriod(r.date, period))
    .sort((a, b) =>
      a.date === b.date ? b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id) : b.date.localeCompare(a.date),
    );
}

/** Per criterion, the mean over the ratings that scored it. */
export function ratingAverages(ratings: readonly SupplierRatingRow[]): SupplierRatingAverages {
  const averageOf = (pick: (r: SupplierRatingRow) => number | null) => meanOf(ratings.map(pick).filter((s): s is number => s !== null));
  return {
    count: ratings.length,
    quality: averageOf((r) => r.quality),
    delivery: averageOf((r) => r.delivery),
    price: averageOf((r) => r.price),
    communication: averageOf((r) => r.communication),
    overall: averageOf((r) => r.overall),
  };
}

/** `GET /suppliers/{id}/quality-ratings`: the averages of every rating of the period, and the newest `limit` ratings. */
export function supplierQualityRatings(
  ctx: CompanyContext,
  supplierId: string,
  query: z.output<typeof SupplierQualityRatingsParams>,
): SupplierQualityRatings {
  const supplier = retrieveSupplier(ctx, supplierId);
  const period = periodOf(query);
  const ratings = ratingsOf(ctx, supplier.id, period);
  return {
    supplierId: supplier.id,
    supplierName: supplier.name,
    periodFrom: period.from,
    periodTo: period.to,
    averages: ratingAverages(ratings),
    ratings: ratings.slice(0, query.limit ?? 50).map(presentSupplierRating),
  };
}

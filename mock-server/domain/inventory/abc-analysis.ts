import type { z } from 'zod';
import type { AbcAnalysisParams, AbcAnalysisReport } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import * as money from '../shared/money.js';
import { fromCents, quantity, unitCostOf } from './costing.js';
import { reportItems, reportPeriod } from './inventory-reports.js';
import { retrieveLocation } from './locations.js';
import { stockMovementsTable } from './movements.js';

/** Query of `GET /inventory/reports/abc-analysis` as the contract has checked it. */
export type AbcQuery = z.output<typeof AbcAnalysisParams>;

type AbcClass = 'A' | 'B' | 'C';

/** Class boundaries by cumulative share of usage value: A up to 80 %, B the next 15 %, C the last 5 % (decision INV-21). */
export const ABC_BOUNDARIES = { A: 80, B: 95 } as const;

/** `part / whole` as a percent, two decimals; 0 of nothing. */
const percentOf = (part: number, whole: number): number =>
  whole === 0 ? 0 : money.toNumber(money.parse(part).times(100).dividedBy(whole));

/**
 * An item's class from the share of value ranked above it: the item that crosses a boundary belongs to
 * the class it starts in, so the top item is always A however large its share.
 */
function classOf(beforeCents: number, totalCents: number): AbcClass {
  if (totalCents > 0 && beforeCents * 100 < ABC_BOUNDARIES.A * totalCents) return 'A';
  if (totalCents > 0 && beforeCents * 100 < ABC_BOUNDARIES.B * totalCents) return 'B';
  return 'C';
}

/**
 * `GET /inventory/reports/abc-analysis`: items ranked by the cost of what sales took in the period
 * (sale movements less sale returns, at the cost the ledger posted), classed A/B/C by cumulative value.
 * Items without usage in the period are not classed.
 */
export function abcAnalysis(ctx: CompanyContext, query: AbcQuery): AbcAnalysisReport {
  const [periodFrom, periodTo] = reportPeriod(ctx, query.periodFrom, query.periodTo, 365, ['periodFrom', 'periodTo']);
  if (query.locationId !== undefined) retrieveLocation(ctx, query.locationId);
  const items = reportItems(ctx, { categoryId: query.categoryId });
  const table = stockMovementsTable(ctx);

  const usage = new Map<string, { quantity: number; valueCents: number }>();
  for (const move of query.locationId === undefined ? table.all() : table.byIndex('locationId', query.locationId)) {
    if ((move.type !== 'sale' && move.type !== 'sale_return') || move.date < periodFrom || move.date > periodTo || !items.has(move.itemId))
      continue;
    const row = usage.get(move.itemId) ?? { quantity: 0, valueCents: 0 };
    usage.set(move.itemId, { quantity: row.quantity - move.quantity, valueCents: row.valueCents - move.valueCents });
  }
  const ranked = [...usage]
    .map(([itemId, used]) => ({ item: items.get(itemId)!, quantity: quantity(used.quantity), valueCents: used.valueCents }))
    .filter((row) => row.quantity > 0)
    .sort((a, b) => b.valueCents - a.valueCents || (a.item.itemCode < b.item.itemCode ? -1 : 1));

  const totalCents = ranked.reduce((sum, row) => sum + row.valueCents, 0);
  const classes = { A: { count: 0, cents: 0 }, B: { count: 0, cents: 0 }, C: { count: 0, cents: 0 } };
  let cumulative = 0;
  const rows = ranked.map((row): AbcAnalysisReport['items'][number] => {
    const classification = classOf(cumulative, totalCents);
    cumulative += row.valueCents;
    classes[classification].count++;
    classes[classification].cents += row.valueCents;
    return {
      itemId: row.item.id,
      itemCode: row.item.itemCode,
      itemName: row.item.name,
      classification,
      annualUsage: row.quantity,
      unitCost: unitCostOf(row.valueCents, row.quantity),
      annualValue: fromCents(row.valueCents),
      cumulativePercentage: percentOf(cumulative, totalCents),
    };
  });
  const summary = (key: AbcClass) => ({
    itemCount: classes[key].count,
    percentage: percentOf(classes[key].count, ranked.length),
    valuePercentage: percentOf(classes[key].cents, totalCents),
    totalValue: fromCents(classes[key].cents),
  });
  return {
    reportName: 'ABC Analysis',
    periodFrom,
    periodTo,
    classification: { A: summary('A'), B: summary('B'), C: summary('C') },
    items: rows,
  };
}

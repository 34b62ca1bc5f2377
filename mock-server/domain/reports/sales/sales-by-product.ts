import type { ProductSales, SalesByProductReport } from '../../../../src/contract/index.js';
import { contract } from '../../../../src/contract/index.js';
import {
  categoryAndDescendants,
  ITEM_CATEGORIES,
  itemCategoriesTable,
  ITEMS,
  itemsTable,
  STOCK_MOVEMENTS,
  stockMovementsTable,
} from '../../inventory/index.js';
import { companyCurrency } from '../../platform/index.js';
import * as money from '../../shared/money.js';
import { rangePeriod } from '../core/document.js';
import { invalidParameters } from '../core/errors.js';
import { defineReport, type ReportContext } from '../core/registry.js';
import { percentOf, SALES_FACT_TABLES, salesDocumentsBetween, salesRange, type SaleDocument } from './sales-facts.js';

interface ProductSum {
  quantity: money.Amount;
  revenue: money.Amount;
  cost: money.Amount;
}

/**
 * The cost of the goods the counted documents moved, per item: what their sale movements took from stock
 * less what their returns put back (INV-28: at the cost the goods left with). An invoice's movements
 * count whatever their date (an amendment returns and issues again under the invoice), a cancelled one's
 * split at its reversal; a credit note's returns count at the credit note.
 */
function costOfSales(ctx: ReportContext, docs: readonly SaleDocument[]): Map<string, money.Amount> {
  // A cancelled invoice's movements before its reversal count with its sale, the goods it put back with its cancellation (REP-96).
  const counted = new Map<string, SaleDocument[]>();
  for (const doc of docs) {
    if (doc.kind === 'debit_note') continue;
    const key = `${doc.kind === 'cancellation' ? 'invoice' : doc.kind}:${doc.id}`;
    counted.set(key, [...(counted.get(key) ?? []), doc]);
  }
  const countsFor = (doc: SaleDocument, date: string) =>
    doc.reversedOn === undefined || (doc.kind === 'cancellation' ? date >= doc.reversedOn : date < doc.reversedOn);
  const costs = new Map<string, money.Amount>();
  const movements = stockMovementsTable(ctx).all();
  ctx.budget.spend(movements.length);
  for (const movement of movements) {
    if (movement.type !== 'sale' && movement.type !== 'sale_return') continue;
    const owners = counted.get(`${movement.source.type}:${movement.source.id}`);
    if (!owners?.some((doc) => countsFor(doc, movement.date))) continue;
    costs.set(movement.itemId, (costs.get(movement.itemId) ?? money.ZERO).minus(money.ofCents(movement.valueCents)));
  }
  return costs;
}

/** Each item's quantity, revenue before tax and cost of sales from `from` to `to` (lines without an item are left out). */
export function salesPerItem(ctx: ReportContext, from: string, to: string): Map<string, ProductSum> {
  const docs = salesDocumentsBetween(ctx, from, to);
  const sums = new Map<string, ProductSum>();
  const sumOf = (itemId: string) => {
    const sum = sums.get(itemId) ?? { quantity: money.ZERO, revenue: money.ZERO, cost: money.ZERO };
    sums.set(itemId, sum);
    return sum;
  };
  for (const line of docs.flatMap((doc) => doc.lines)) {
    if (line.itemId === null) continue;
    const sum = sumOf(line.itemId);
    sum.quantity = sum.quantity.plus(line.quantity);
    sum.revenue = sum.revenue.plus(line.revenue);
  }
  for (const [itemId, cost] of costOfSales(ctx, docs)) sumOf(itemId).cost = cost;
  return sums;
}

/** An item's row, by revenue: margin = revenue - cost. */
export function productRow(ctx: ReportContext, itemId: string, sum: ProductSum): ProductSales {
  const item = itemsTable(ctx).get(itemId);
  const margin = sum.revenue.minus(sum.cost);
  return {
    itemId,
    itemCode: item?.itemCode ?? null,
    itemName: item?.name ?? itemId,
    categoryId: item?.categoryId ?? null,
    quantity: sum.quantity.toNumber(),
    revenue: money.toNumber(sum.revenue),
    cost: money.toNumber(sum.cost),
    margin: money.toNumber(margin),
    marginPercent: percentOf(margin, sum.revenue),
  };
}

/** Items by revenue, highest first, then by name. */
export const byRevenue = (a: ProductSales, b: ProductSales): number => b.revenue - a.revenue || a.itemName.localeCompare(b.itemName);

/** `GET /v1/reports/sales-by-product` (spec document 3, "Reports"; ours, decision REP-44). */
export function salesByProduct(
  ctx: ReportContext,
  query: { fromDate?: string; toDate?: string; categoryId?: string },
): SalesByProductReport {
  const { from, to } = salesRange(ctx, query);
  if (query.categoryId !== undefined && !itemCategoriesTable(ctx).get(query.categoryId))
    throw invalidParameters('categoryId', 'no item category with this id', query.categoryId);
  const categories = query.categoryId === undefined ? null : categoryAndDescendants(ctx, query.categoryId);
  const products = [...salesPerItem(ctx, from, to)]
    .map(([itemId, sum]) => productRow(ctx, itemId, sum))
    .filter((row) => categories === null || (row.categoryId !== null && categories.has(row.categoryId)))
    .sort(byRevenue);
  const revenue = money.sum(products.map((p) => p.revenue));
  const cost = money.sum(products.map((p) => p.cost));
  return {
    reportType: 'sales-by-product',
    fromDate: from,
    toDate: to,
    categoryId: query.categoryId ?? null,
    currency: companyCurrency(ctx),
    products,
    totals: {
      revenue: money.toNumber(revenue),
      cost: money.toNumber(cost),
      margin: money.toNumber(revenue.minus(cost)),
      marginPercent: percentOf(revenue.minus(cost), revenue),
    },
    generatedAt: ctx.clock.iso(),
    generatedBy: ctx.generatedBy,
  };
}

export const salesByProductReport = defineReport({
  type: 'sales-by-product',
  endpoint: contract.reports.reportsSalesByProduct,
  reads: [...SALES_FACT_TABLES, ITEMS, ITEM_CATEGORIES, STOCK_MOVEMENTS],
  compute: salesByProduct,
  filename: (report) => `sales-by-product-${report.fromDate}-to-${report.toDate}`,
  layout: (report) => ({
    title: 'Sales by product',
    period: rangePeriod(report.fromDate, report.toDate),
    notes: ['Revenue before tax, less credited lines; cost is the cost of the goods issued from stock less returns.'],
    tables: [
      {
        name: 'Sales by product',
        columns: [
          { key: 'itemCode', label: 'Code', kind: 'text' },
          { key: 'itemName', label: 'Item', kind: 'text' },
          { key: 'quantity', label: 'Quantity', kind: 'number' },
          { key: 'revenue', label: 'Revenue', kind: 'money' },
          { key: 'cost', label: 'Cost', kind: 'money' },
          { key: 'margin', label: 'Margin', kind: 'money' },
          { key: 'marginPercent', label: 'Margin %', kind: 'percent' },
        ],
        rows: report.products,
        totals: { itemCode: '', itemName: 'Total', quantity: null, ...report.totals },
      },
    ],
  }),
});

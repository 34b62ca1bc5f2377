import type { StockAgingReport } from '../../../../src/contract/index.js';
import {
  fromCents,
  issue,
  ledgerValuationMethod,
  quantity,
  reportItems,
  retrieveLocation,
  stockMovementsTable,
  valueStock,
  type CostLayer,
  type StockMovementRow,
} from '../../inventory/index.js';
import { companyCurrency } from '../../platform/index.js';
import { companyToday, daysBetween } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import type { ReportContext } from '../core/registry.js';

// `GET /v1/reports/stock-aging` (spec document 3, "Reports": not shown; ours, decision REP-50):
// stock on hand by days since the receipt it came in by. Quantities come from replaying the movement
// log first in, first out (costing's `issue`); values are the stock valuation's, shared out by quantity,
// so the bands add up to the valuation and to the inventory account.

/** The age bands, in days since receipt. */
export const STOCK_AGING_BANDS = [
  { periodName: '0-30 days', fromDays: 0, toDays: 30 },
  { periodName: '31-60 days', fromDays: 31, toDays: 60 },
  { periodName: '61-90 days', fromDays: 61, toDays: 90 },
  { periodName: '91-180 days', fromDays: 91, toDays: 180 },
  { periodName: 'Over 180 days', fromDays: 181, toDays: null },
] as const;

const bandOf = (age: number): number => STOCK_AGING_BANDS.findIndex((band) => band.toDays === null || age <= band.toDays);

/** Stock still held from one receipt: its date and quantity. */
interface Receipt {
  date: string;
  quantity: number;
}

/**
 * The receipts an item's stock at one location is still held from, oldest first: each inflow is a
 * receipt (a transfer's arrival too), each outflow takes the oldest first. More taken than held empties it.
 */
export function heldReceipts(moves: readonly StockMovementRow[]): Receipt[] {
  let layers: CostLayer[] = [];
  let dates: string[] = [];
  const ordered = [...moves].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.sequence - b.sequence));
  for (const move of ordered) {
    if (move.quantity > 0) {
      layers.push({ quantity: move.quantity, valueCents: 0 });
      dates.push(move.date);
      continue;
    }
    // FIFO keeps the newest layers: what is left is a suffix of the receipts, so their dates are too.
    const taken = issue(layers, 'fifo', -move.quantity);
    layers = taken ? taken.layers : [];
    dates = dates.slice(dates.length - layers.length);
  }
  return layers.map((layer, index) => ({ date: dates[index], quantity: layer.quantity }));
}

/** The receipts cut down, oldest first, to the quantity the valuation holds (a shortfall the log recorded). */
function trimmedTo(receipts: Receipt[], held: number): Receipt[] {
  let excess = quantity(receipts.reduce((sum, r) => sum + r.quantity, 0) - Math.max(0, held));
  const out: Receipt[] = [];
  for (const receipt of receipts) {
    const cut = Math.min(excess, receipt.quantity);
    excess = quantity(excess - cut);
    if (receipt.quantity - cut > 0) out.push({ date: receipt.date, quantity: quantity(receipt.quantity - cut) });
  }
  return out;
}

interface ItemAge {
  quantity: number;
  valueCents: number;
  oldest: string | null;
  ageDaysTimesQuantity: number;
  bands: { quantity: number; valueCents: number }[];
}

const newItemAge = (): ItemAge => ({
  quantity: 0,
  valueCents: 0,
  oldest: null,
  ageDaysTimesQuantity: 0,
  bands: STOCK_AGING_BANDS.map(() => ({ quantity: 0, valueCents: 0 })),
});

/** Adds one item-location's held stock to its item's ages: the value shared by quantity, the cents left to the newest receipt. */
function addHeld(into: ItemAge, receipts: Receipt[], held: { quantity: number; valueCents: number }, asOfDate: string): void {
  into.quantity += held.quantity;
  into.valueCents += held.valueCents;
  if (receipts.length === 0) {
    // Nothing to age (stock below zero): it sits in the newest band.
    into.bands[0].quantity += held.quantity;
    into.bands[0].valueCents += held.valueCents;
    return;
  }
  let leftCents = held.valueCents;
  receipts.forEach((receipt, index) => {
    const cents = index === receipts.length - 1 ? leftCents : Math.round((held.valueCents * receipt.quantity) / held.quantity);
    leftCents -= cents;
    const age = Math.max(0, daysBetween(receipt.date, asOfDate));
    const band = into.bands[bandOf(age)];
    band.quantity += receipt.quantity;
    band.valueCents += cents;
    into.ageDaysTimesQuantity += age * receipt.quantity;
    if (into.oldest === null || receipt.date < into.oldest) into.oldest = receipt.date;
  });
}

const percentOf = (part: number, whole: number): number =>
  whole === 0 ? 0 : money.toNumber(money.parse(part).times(100).dividedBy(whole));
const averageAge = (age: ItemAge): number | null =>
  age.quantity > 0 ? money.parse(age.ageDaysTimesQuantity).dividedBy(age.quantity).toDecimalPlaces(1).toNumber() : null;

/** `GET /v1/reports/stock-aging`: tracked items held on `asOfDate`, by age band. */
export function stockAging(ctx: ReportContext, params: { asOfDate?: string; locationId?: string; categoryId?: string }): StockAgingReport {
  const asOfDate = params.asOfDate ?? companyToday(ctx);
  if (params.locationId !== undefined) retrieveLocation(ctx, params.locationId);
  const items = reportItems(ctx, { categoryId: params.categoryId });
  const table = stockMovementsTable(ctx);
  const rows = params.locationId === undefined ? table.all() : table.byIndex('locationId', params.locationId);
  ctx.budget.spend(rows.length);
  const byPlace = new Map<string, StockMovementRow[]>();
  for (const row of rows) {
    if (row.date > asOfDate || !items.has(row.itemId)) continue;
    const key = `${row.itemId}|${row.locationId}`;
    byPlace.get(key)?.push(row) ?? byPlace.set(key, [row]);
  }
  const ages = new Map<string, ItemAge>();
  for (const held of valueStock(ctx, {
    asOfDate,
    method: ledgerValuationMethod(ctx),
    locationId: params.locationId,
    itemIds: new Set(items.keys()),
  })) {
    if (held.quantity === 0 && held.valueCents === 0) continue;
    const age = ages.get(held.itemId) ?? newItemAge();
    ages.set(held.itemId, age);
    addHeld(age, trimmedTo(heldReceipts(byPlace.get(`${held.itemId}|${held.locationId}`) ?? []), held.quantity), held, asOfDate);
  }
  const listed = [...ages]
    .map(([itemId, age]) => ({ item: items.get(itemId)!, age }))
    .sort((a, b) => (a.item.itemCode < b.item.itemCode ? -1 : 1));
  const total = newItemAge();
  for (const { age } of listed) {
    total.quantity += age.quantity;
    total.valueCents += age.valueCents;
    total.ageDaysTimesQuantity += age.ageDaysTimesQuantity;
    age.bands.forEach((band, index) => {
      total.bands[index].quantity += band.quantity;
      total.bands[index].valueCents += band.valueCents;
    });
  }
  return {
    reportType: 'stock-aging',
    reportName: 'Stock Aging',
    asOfDate,
    currency: companyCurrency(ctx),
    locationId: params.locationId ?? null,
    agingPeriods: STOCK_AGING_BANDS.map((band, index) => ({
      ...band,
      quantity: quantity(total.bands[index].quantity),
      value: fromCents(total.bands[index].valueCents),
      percentage: percentOf(total.bands[index].valueCents, total.valueCents),
    })),
    summary: {
      totalItems: listed.length,
      totalQuantity: quantity(total.quantity),
      totalValue: fromCents(total.valueCents),
      averageAgeDays: averageAge(total),
    },
    items: listed.map(({ item, age }) => ({
      itemId: item.id,
      itemCode: item.itemCode,
      itemName: item.name,
      quantity: quantity(age.quantity),
      value: fromCents(age.valueCents),
      oldestReceiptDate: age.oldest,
      averageAgeDays: averageAge(age),
      periods: age.bands.map((band) => ({ quantity: quantity(band.quantity), value: fromCents(band.valueCents) })),
    })),
    generatedAt: ctx.clock.iso(),
    generatedBy: ctx.generatedBy,
  };
}

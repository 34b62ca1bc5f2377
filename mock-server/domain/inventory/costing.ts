import * as money from '../shared/money.js';

/**
 * How stock is costed (INV-19, INV-16): pure arithmetic over cost layers
 * in whole cents, so the ledger's perpetual figures and the valuation report's replay are one
 * computation and agree to the cent. Quantities may be fractional (kg, m); values never are.
 */

/** The methods of the valuation report (spec document 2, "Inventory reports"). */
export type ValuationMethod = 'fifo' | 'lifo' | 'average' | 'standard';
/** The methods a ledger can run on (MFRS 102 allows FIFO and weighted average, not LIFO). */
export type LedgerValuationMethod = 'fifo' | 'average';

/** Stock still on hand from one receipt (FIFO, LIFO) or the whole pool (average): quantity and value in cents. */
export interface CostLayer {
  quantity: number;
  valueCents: number;
}

/** Quantities to six decimals, so sums of fractional quantities do not drift. */
export const quantity = (value: number): number => Math.round(value * 1e6) / 1e6;

// Cents to and from amounts: money.ts converts them, for costing and everything that reads its layers.
export { fromCents, toCents } from '../shared/money.js';

/** The value of `count` units at `unitCost`, in cents: one rounding per receipt. */
export const receiptCents = (count: number, unitCost: number): number => money.toCents(money.parse(unitCost).times(count));

/** Unit cost for display, four decimals: a value over a quantity, never negative (an outflow carries a negative value). */
export const unitCostOf = (valueCents: number, count: number): number =>
  count === 0 ? 0 : money.parse(Math.abs(valueCents)).dividedBy(100).dividedBy(Math.abs(count)).toDecimalPlaces(4).toNumber();

/** Layers after a receipt, and what settling a shortfall revalued (cents, signed as the inventory account moves). */
export interface Receipt {
  layers: CostLayer[];
  revaluationCents: number;
}

/**
 * A receipt: FIFO and LIFO keep each receipt apart, average pools them. Stock below zero is one
 * negative layer at the cost it was issued at; a receipt first covers it, and the difference between
 * the receipt's cost of the units covered and the value issued for them is a revaluation (IAS 2 ¶34:
 * the cost of goods sold takes the true cost once it is known; Odoo's approach).
 */
export function receive(layers: readonly CostLayer[], method: ValuationMethod, count: number, valueCents: number): Receipt {
  const owed = shortfallOf(layers);
  if (!owed) {
    if (method === 'average' && layers.length > 0) {
      const pool = layers[0];
      return { layers: [{ quantity: quantity(pool.quantity + count), valueCents: pool.valueCents + valueCents }], revaluationCents: 0 };
    }
    return { layers: [...layers, { quantity: count, valueCents }], revaluationCents: 0 };
  }
  const covered = Math.min(count, -owed.quantity);
  // What the covered units were issued at, and what this receipt says they cost.
  const issuedCents = layerShare({ quantity: -owed.quantity, valueCents: -owed.valueCents }, covered);
  const costCents = layerShare({ quantity: count, valueCents }, covered);
  const revaluationCents = issuedCents - costCents;
  const stillOwed = quantity(owed.quantity + covered);
  if (stillOwed < 0) return { layers: [{ quantity: stillOwed, valueCents: owed.valueCents + issuedCents }], revaluationCents };
  const left = quantity(count - covered);
  return { layers: left > 0 ? [{ quantity: left, valueCents: valueCents - costCents }] : [], revaluationCents };
}

/** The negative layer of stock below zero; it is then the only layer. */
const shortfallOf = (layers: readonly CostLayer[]): CostLayer | null => (layers.length > 0 && layers[0].quantity < 0 ? layers[0] : null);

/**
 * The value of `count` units of a layer: its share rounded to the cent, or all of it when `count`
 * empties the layer, so a layer taken in parts adds up to its value. The one rule for every part of a
 * cost (an issue, a transfer's receipt, a sale's return).
 */
export const layerShare = (layer: CostLayer, count: number): number =>
  quantity(layer.quantity - count) <= 0 ? layer.valueCents : Math.round((layer.valueCents * count) / layer.quantity);

/** What an issue took and what is left. */
export interface Issue {
  valueCents: number;
  layers: CostLayer[];
}

/** How an issue beyond the layers is costed: at the current cost, else at `unitCost` (the item's cost price). */
export interface BelowZero {
  unitCost: number;
}

/**
 * Takes `count` units: FIFO from the oldest layer, LIFO from the newest, average from the pool. A part
 * of a layer takes its share of the value rounded to the cent; the last unit of a layer takes what is
 * left, so nothing is lost to rounding. With `belowZero`, units beyond what the layers hold leave at
 * the current cost (see `currentCostCents`) and stay owed as one negative layer, which the next receipt
 * settles; without it such an issue is null.
 */
export function issue(layers: readonly CostLayer[], method: ValuationMethod, count: number, belowZero?: BelowZero): Issue | null {
  const onHand = layersQuantity(layers);
  if (count > onHand + 1e-9) {
    if (!belowZero) return null;
    const held = Math.max(0, onHand);
    const short = quantity(count - held);
    const shortCents = currentCostCents(layers, method, short, belowZero.unitCost);
    const taken = held > 0 ? takeLayers(layers, method, held) : { valueCents: 0, layers: [...layers] };
    const owed = shortfallOf(taken.layers) ?? { quantity: 0, valueCents: 0 };
    return {
      valueCents: taken.valueCents + shortCents,
      layers: [{ quantity: quantity(owed.quantity - short), valueCents: owed.valueCents - shortCents }],
    };
  }
  return takeLayers(layers, method, count);
}

/**
 * The value of `count` units issued below zero, in cents: at the unit cost of the newest layer (FIFO,
 * LIFO: the last receipt still held), of the pool (average) or of the shortfall already owed; with
 * nothing held, or by standard cost, at `unitCost`.
 */
function currentCostCents(layers: readonly CostLayer[], method: ValuationMethod, count: number, unitCost: number): number {
  const basis = method === 'standard' ? undefined : layers[layers.length - 1];
  return basis && basis.quantity !== 0 ? Math.abs(Math.round((basis.valueCents * count) / basis.quantity)) : receiptCents(count, unitCost);
}

function takeLayers(layers: readonly CostLayer[], method: ValuationMethod, count: number): Issue {
  const remaining = method === 'lifo' ? [...layers].reverse() : [...layers];
  let wanted = count;
  let valueCents = 0;
  const kept: CostLayer[] = [];
  for (const layer of remaining) {
    if (wanted <= 0) {
      kept.push(layer);
      continue;
    }
    const take = Math.min(wanted, layer.quantity);
    const left = quantity(layer.quantity - take);
    const part = layerShare(layer, take);
    valueCents += part;
    wanted = quantity(wanted - take);
    if (left > 0) kept.push({ quantity: left, valueCents: layer.valueCents - part });
  }
  return { valueCents, layers: method === 'lifo' ? kept.reverse() : kept };
}

/**
 * Takes `count` units whose value is already known (goods a transfer carries out of transit, INV-27):
 * the quantity leaves as `issue` takes it and exactly `valueCents` leaves with it; the difference
 * stays with the layers left: a surplus on the first, a shortfall taken from them in order, none below
 * zero (several transfers of one item in transit at different costs: the first layer alone may hold
 * less than the shortfall). Without layers enough to hold the difference, the method's value leaves.
 */
export function issueAtValue(layers: readonly CostLayer[], method: ValuationMethod, count: number, valueCents: number): Issue | null {
  const taken = issue(layers, method, count);
  if (!taken) return null;
  let rest = taken.valueCents - valueCents;
  if (rest === 0 || taken.layers.length === 0 || layersValue(taken.layers) + rest < 0) return taken;
  const kept = taken.layers.map((layer, index) => {
    const change = rest > 0 ? (index === 0 ? rest : 0) : Math.max(rest, -layer.valueCents);
    rest -= change;
    return change === 0 ? layer : { quantity: layer.quantity, valueCents: layer.valueCents + change };
  });
  return { valueCents, layers: kept };
}

export const layersQuantity = (layers: readonly CostLayer[]): number =>
  quantity(layers.reduce((total, layer) => total + layer.quantity, 0));
export const layersValue = (layers: readonly CostLayer[]): number => layers.reduce((total, layer) => total + layer.valueCents, 0);

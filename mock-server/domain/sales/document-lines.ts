import { MAX_AMOUNT } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { accountsTable } from '../accounting/index.js';
import { ServiceError, validationError, type ValidationIssue } from '../../kernel/errors.js';
import { type ItemRow, retrieveItem } from '../inventory/index.js';
import * as money from '../shared/money.js';
import type { DocumentTotals, StoredDocumentLine } from './document-tables.js';
import { notTaxableCode, resolveTaxCode } from '../shared/tax-codes.js';

/** One line as a caller (an API body, the seed, a bulk item) writes it (spec document 2, the `items` of the create payloads). */
export interface LineInput {
  itemId?: string | null;
  description?: string | null;
  quantity: number;
  unitPrice?: number | null;
  discountPercent?: number | null;
  /** `undefined`: the item's sales tax code; `null`: no tax (the line names the company's not-taxable code). */
  taxCode?: string | null;
}

export interface LineAmounts {
  discountAmount: number;
  lineTotal: number;
  taxAmount: number;
}

/**
 * The relations of spec document 2, "Document line", in exact decimals, each amount rounded half-up
 * to cents on its own line: discountAmount = quantity x unitPrice x discountPercent / 100; lineTotal =
 * quantity x unitPrice - discountAmount; taxAmount = lineTotal x taxRate / 100.
 */
export function lineAmounts(line: { quantity: number; unitPrice: number; discountPercent: number; taxRate: number }): LineAmounts {
  const gross = money.parse(line.quantity).times(line.unitPrice);
  const discount = money.round(gross.times(line.discountPercent).dividedBy(100));
  const lineTotal = money.round(gross.minus(discount));
  const tax = money.round(lineTotal.times(line.taxRate).dividedBy(100));
  return { discountAmount: money.toNumber(discount), lineTotal: money.toNumber(lineTotal), taxAmount: money.toNumber(tax) };
}

/**
 * subtotal = sum of lineTotal; totalDiscount and totalTax the sums of the lines'; total = subtotal +
 * totalTax + shippingCost. A total above the contract's `MAX_AMOUNT` (also at `exchangeRate`) is a 422
 * VALIDATION_ERROR `MAX_VALUE` on `total`; every line amount is below the total, so this bounds them too.
 * The bound holds in the document's and in the company's currency: every amount and balance built from
 * documents stays exact to the cent as a JSON number (below 2^53 cents).
 */
export function documentTotals(
  lines: readonly Pick<StoredDocumentLine, 'lineTotal' | 'discountAmount' | 'taxAmount'>[],
  shippingCost: money.AmountInput = 0,
  exchangeRate = 1,
): DocumentTotals {
  const subtotal = money.sum(lines.map((l) => l.lineTotal));
  const totalTax = money.sum(lines.map((l) => l.taxAmount));
  const total = subtotal.plus(totalTax).plus(shippingCost);
  const base = total.times(exchangeRate);
  if (money.compare(total, MAX_AMOUNT) > 0 || money.compare(base, MAX_AMOUNT) > 0) {
    const shown = exchangeRate === 1 ? money.toFixed(total) : `${money.toFixed(total)} (${money.toFixed(base)} in the company's currency)`;
    throw validationError([
      {
        field: 'total',
        code: 'MAX_VALUE',
        message: `the document's total ${shown} is above the largest the service takes, ${money.toFixed(MAX_AMOUNT)}`,
        value: money.toFixed(total),
        constraint: { max: MAX_AMOUNT },
      },
    ]);
  }
  return {
    subtotal: money.toNumber(subtotal),
    totalDiscount: money.toNumber(money.sum(lines.map((l) => l.discountAmount))),
    totalTax: money.toNumber(totalTax),
    shippingCost: money.toNumber(shippingCost),
    total: money.toNumber(total),
  };
}

/** The amounts of a line, and its quantity, as parts taken of it carry them. */
type LinePortion = Pick<StoredDocumentLine, 'quantity' | 'discountAmount' | 'lineTotal' | 'taxAmount'>;

/** What is left of a line after the parts already taken of it (quantity and amounts). */
export function lineLeft(line: LinePortion, taken: readonly LinePortion[]): LinePortion {
  const left = (field: 'discountAmount' | 'lineTotal' | 'taxAmount') =>
    money.toNumber(money.subtract(line[field], money.sum(taken.map((t) => t[field]))));
  return {
    quantity: taken.reduce((quantity, t) => addQuantities(quantity, -t.quantity), line.quantity),
    discountAmount: left('discountAmount'),
    lineTotal: left('lineTotal'),
    taxAmount: left('taxAmount'),
  };
}

/**
 * A part of a priced line (an invoice of part of an order line, a credit note of part of an invoice
 * line), given the parts already taken of it: the part that completes the line takes what is left of
 * its amounts, so the parts add up to the line to the cent; another part is priced by its quantity,
 * never above what is left (SALES-67).
 */
export function linePart<L extends LinePortion & Pick<StoredDocumentLine, 'unitPrice' | 'discountPercent' | 'taxRate'>>(
  line: L,
  taken: readonly LinePortion[],
  quantity: number,
): L {
  const left = lineLeft(line, taken);
  if (money.equals(quantity, left.quantity)) return { ...line, ...left };
  const part = lineAmounts({ ...line, quantity });
  const capped = (field: keyof LineAmounts) => Math.max(0, Math.min(part[field], left[field]));
  return { ...line, quantity, discountAmount: capped('discountAmount'), lineTotal: capped('lineTotal'), taxAmount: capped('taxAmount') };
}

/** Exact sum of two quantities (up to four decimals, so never through money's cents rounding). */
export const addQuantities = (a: number, b: number): number => money.parse(a).plus(b).toNumber();

/** An amount of a document's currency in the company's currency, at the document's rate, half-up to cents. */
export const toBase = (amount: money.AmountInput, exchangeRate: number): number => money.toNumber(money.parse(amount).times(exchangeRate));

/** The company's sales account (seeded with role `sales`), the default income account of a line. */
export const defaultIncomeAccountId = (ctx: CompanyContext): string | null =>
  accountsTable(ctx).byIndex('systemRole', 'sales')[0]?.id ?? null;

const decimals = (value: number): number => money.parse(value).decimalPlaces();

/** Which side of a trade a document is: a sale defaults to the item's selling price and sales tax code, a purchase to its cost price and purchase tax code. */
export type TradeSide = 'sale' | 'purchase';

/**
 * The item a line names and its description (its own, else the item's name), for every kind of line
 * (documents, requisitions, RFQs): an unknown or inactive item, or no description, is an issue on `at(field)`.
 */
export function lineItem(
  ctx: CompanyContext,
  input: { itemId?: string | null; description?: string | null },
  at: (name: string) => string,
  issues: ValidationIssue[],
): { item: ItemRow | null; description: string } {
  let item: ItemRow | null = null;
  if (input.itemId) {
    try {
      item = retrieveItem(ctx, input.itemId);
    } catch (error) {
      if (!(error instanceof ServiceError) || error.status !== 404) throw error;
      issues.push({ field: at('itemId'), code: 'INVALID_CHOICE', message: `No item with id ${input.itemId}`, value: input.itemId });
    }
    if (item && !item.isActive) {
      issues.push({ field: at('itemId'), code: 'INVALID_CHOICE', message: `item ${item.itemCode} is inactive`, value: input.itemId });
    }
  }
  const description = input.description?.trim() || item?.name || '';
  if (!description)
    issues.push({ field: at('description'), code: 'REQUIRED_FIELD', message: 'a line without an item needs a description' });
  return { item, description };
}

/**
 * A line's tax code and rate. An explicit null means "no tax"; an omitted code falls back to the
 * item's: its sales code when it is taxable, its purchase code on a purchase. A line without tax still names a code, the not-taxable one: document 3
 * wants a tax code per line. An unknown code is one more issue of the line, not a throw.
 */
function lineTax(
  ctx: CompanyContext,
  input: LineInput,
  item: ItemRow | null,
  side: TradeSide,
  field: string,
  issues: ValidationIssue[],
): { taxCode: string; taxRate: number } {
  const itemTaxCode = side === 'sale' ? item?.tax.salesTaxCode : item?.tax.purchaseTaxCode;
  // `taxable` says whether the item's sales are taxed; its purchase code applies whatever it says (PUR-55).
  const itemApplies = item !== null && (side === 'purchase' || item.tax.taxable !== false);
  const chosen = input.taxCode !== undefined ? input.taxCode : itemApplies ? (itemTaxCode ?? null) : null;
  const taxCode = chosen || notTaxableCode(ctx).code;
  if (!chosen) return { taxCode, taxRate: 0 };
  try {
    return { taxCode, taxRate: resolveTaxCode(ctx, chosen, field).rate };
  } catch (error) {
    if (!(error instanceof ServiceError) || error.code !== 'VALIDATION_ERROR') throw error;
    issues.push(...((error.details ?? []) as ValidationIssue[]));
    return { taxCode, taxRate: 0 };
  }
}

/**
 * Prices the lines of a document: the item (when named) gives the default description, unit price,
 * tax code and income account; the tax code gives the rate. Every problem of every line is reported
 * at once as a 422 VALIDATION_ERROR on `items.<index>.<field>`; nothing is written.
 */
export function priceLines(
  ctx: CompanyContext,
  inputs: readonly LineInput[],
  field = 'items',
  side: TradeSide = 'sale',
): StoredDocumentLine[] {
  if (inputs.length === 0) {
    throw validationError([{ field, code: 'REQUIRED_FIELD', message: 'a document needs at least one line', value: [] }]);
  }
  const issues: ValidationIssue[] = [];
  const salesAccountId = defaultIncomeAccountId(ctx);
  const lines = inputs.map((input, index) => {
    const at = (name: string) => `${field}.${index}.${name}`;
    const { quantity } = input;
    if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0) {
      issues.push({
        field: at('quantity'),
        code: 'MIN_VALUE',
        message: 'quantity must be above zero',
        value: quantity,
        constraint: { min: 0, inclusive: false },
      });
    } else if (decimals(quantity) > 4) {
      issues.push({ field: at('quantity'), code: 'INVALID_FORMAT', message: 'quantity has at most four decimal places', value: quantity });
    }

    const { item, description } = lineItem(ctx, input, at, issues);

    const unitPrice = input.unitPrice ?? (side === 'sale' ? item?.pricing.sellingPrice : item?.pricing.costPrice);
    if (unitPrice === undefined || unitPrice === null) {
      issues.push({ field: at('unitPrice'), code: 'REQUIRED_FIELD', message: 'a line without an item needs a unitPrice' });
    } else if (!money.isCents(unitPrice) || unitPrice < 0) {
      issues.push({
        field: at('unitPrice'),
        code: unitPrice < 0 ? 'MIN_VALUE' : 'INVALID_FORMAT',
        message: 'unitPrice is an amount of at least 0 with at most two decimals',
        value: unitPrice,
      });
    }

    const discountPercent = input.discountPercent ?? 0;
    if (!(discountPercent >= 0 && discountPercent <= 100)) {
      issues.push({
        field: at('discountPercent'),
        code: discountPercent < 0 ? 'MIN_VALUE' : 'MAX_VALUE',
        message: 'discountPercent is between 0 and 100',
        value: discountPercent,
        constraint: { min: 0, max: 100 },
      });
    }

    const { taxCode, taxRate } = lineTax(ctx, input, item, side, at('taxCode'), issues);

    const priced = { quantity, unitPrice: unitPrice ?? 0, discountPercent, taxRate };
    return {
      id: ctx.store.ids.next('ln'),
      itemId: item?.id ?? null,
      itemCode: item?.itemCode ?? null,
      description,
      quantity,
      unitPrice: priced.unitPrice,
      discountPercent,
      ...(issues.length === 0 ? lineAmounts(priced) : { discountAmount: 0, lineTotal: 0, taxAmount: 0 }),
      taxCode,
      taxRate,
      incomeAccountId: item?.accounting?.incomeAccountId || salesAccountId,
    } satisfies StoredDocumentLine;
  });
  if (issues.length > 0) throw validationError(issues);
  return lines;
}

/** The fields every document line shows on the wire (spec document 2, "Document line"). */
export function presentLine(line: StoredDocumentLine) {
  return {
    id: line.id,
    itemId: line.itemId,
    itemCode: line.itemCode,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    discountPercent: line.discountPercent,
    discountAmount: line.discountAmount,
    lineTotal: line.lineTotal,
    taxCode: line.taxCode,
    taxRate: line.taxRate,
    taxAmount: line.taxAmount,
  };
}

/** The totals of a priced document as the wire shows them (the contract's `documentAmounts`). */
export const presentTotals = (row: DocumentTotals): DocumentTotals => ({
  subtotal: row.subtotal,
  totalDiscount: row.totalDiscount,
  totalTax: row.totalTax,
  shippingCost: row.shippingCost,
  total: row.total,
});

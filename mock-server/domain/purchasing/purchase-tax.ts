import type { CompanyContext } from '../../store/context.js';
import * as money from '../shared/money.js';
import { isPurchaseTaxRecoverable } from '../shared/tax-codes.js';
import { toBase } from '../sales/index.js';
import type { BillRow, PricedPurchaseLine } from './bill-tables.js';

// Tax on purchases (PUR-55): only tax the company recovers from the authority goes to tax recoverable;
// the rest (all of Malaysian SST, a single-stage tax) is part of what the goods or the expense cost (IAS 2.11).

/** What one unit of an order line costs the company in the order's currency: its price, with its tax unless recoverable. */
export function landedUnitPrice(ctx: CompanyContext, line: Pick<PricedPurchaseLine, 'unitPrice' | 'taxCode' | 'taxRate'>): money.Amount {
  const price = money.parse(line.unitPrice);
  if (!(line.taxRate > 0) || isPurchaseTaxRecoverable(ctx, line.taxCode)) return price;
  return price.times(100 + line.taxRate).dividedBy(100);
}

/** A bill line's tax in the company's currency, and whether it goes to tax recoverable or stays with the line's cost. */
export interface BillLineTax {
  base: number;
  recoverable: boolean;
}

export const billLineTaxes = (ctx: CompanyContext, bill: BillRow): BillLineTax[] =>
  bill.items.map((line) => ({
    base: toBase(line.taxAmount, bill.exchangeRate),
    recoverable: line.taxAmount !== 0 && isPurchaseTaxRecoverable(ctx, line.taxCode),
  }));

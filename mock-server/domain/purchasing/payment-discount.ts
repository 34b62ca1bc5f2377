import { validationError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import * as money from '../shared/money.js';
import { addDays } from '../shared/calendar.js';
import { isPurchaseTaxRecoverable } from '../shared/tax-codes.js';
import type { BillRow } from './bill-tables.js';

// The early-payment discount on a bill (PUR-40) and the tax it carries (PUR-57).

/**
 * The early-payment discount a payment on `paymentDate` may take (PUR-40): the supplier's
 * `discountPercent` of the total, when nothing has been paid yet and the date is within `discountDays`
 * of the bill date; else 0.
 */
export function discountOffered(bill: BillRow, paymentDate: string): number {
  const { discountDays, discountPercent } = bill.paymentTerms;
  // A bill a supplier's note corrected settles at its balance (PUR-58): the terms' discount was on the bill as issued.
  const corrected = bill.creditedAmount > 0 || bill.debitedAmount > 0;
  if (!(discountPercent > 0 && discountDays > 0) || bill.paidAmount > 0 || bill.discountTaken > 0 || corrected) return 0;
  if (paymentDate > addDays(bill.billDate, discountDays)) return 0;
  return money.toNumber(money.round(money.parse(bill.total).times(discountPercent).dividedBy(100)));
}

/**
 * The discount a payment takes: paying exactly the total less the discount in the window settles the
 * bill with it (decision PUR-40); any other amount is an ordinary payment, at most the balance due.
 */
export function discountTaken(bill: BillRow, amount: number, paymentDate: string): number {
  const discount = discountOffered(bill, paymentDate);
  if (discount > 0 && money.equals(amount, money.subtract(bill.balanceDue, discount))) return discount;
  if (money.compare(amount, bill.balanceDue) > 0) {
    const hint =
      discount > 0
        ? `; paid by ${addDays(bill.billDate, bill.paymentTerms.discountDays)}, ${money.toFixed(money.subtract(bill.balanceDue, discount))} settles it`
        : '';
    throw validationError([
      {
        field: 'amount',
        code: 'MAX_VALUE',
        message: `${bill.billNumber} has ${money.toFixed(bill.balanceDue)} due; a payment cannot be more${hint}`,
        value: amount,
        constraint: { max: bill.balanceDue },
      },
    ]);
  }
  return 0;
}

/**
 * The part of a discount that is recoverable tax, in the bill's currency (PUR-57): a recoverable code's
 * tax follows the discount, in the share that tax has of the bill's total, so tax recoverable keeps only
 * the tax actually paid. Tax that is not recoverable was part of the cost, never on tax recoverable, so
 * its share stays in the discount received.
 */
export function discountRecoverableTax(ctx: CompanyContext, bill: BillRow, discount: number): number {
  if (!(discount > 0) || !(bill.total > 0)) return 0;
  const recoverable = money.sum(bill.items.filter((line) => isPurchaseTaxRecoverable(ctx, line.taxCode)).map((line) => line.taxAmount));
  // A bill whose recoverable tax nets to nothing or less (credit lines) leaves the whole discount as discount received.
  if (!recoverable.isPositive()) return 0;
  return money.toNumber(money.parse(discount).times(recoverable).dividedBy(bill.total));
}

import type { CompanyContext } from '../../store/context.js';
import * as money from '../shared/money.js';
import { billsTable, type BillRow, type StoredBillStatus } from './bill-tables.js';

/** The status an approved bill's amounts give it: `paid` with nothing due, `partially_paid` once anything settled part of it. */
export const settledBillStatus = (balanceDue: money.AmountInput, settled: money.AmountInput): StoredBillStatus =>
  money.compare(balanceDue, 0) <= 0 ? 'paid' : money.compare(settled, 0) > 0 ? 'partially_paid' : 'open';

/** What a supplier's credit or debit note moves on a bill (PUR-58): credit applied, charges added, and the payable's base. */
export interface BillAdjustment {
  credited?: number;
  debited?: number;
  /** What accounts payable holds for the bill moves by this (company currency). */
  baseDelta: number;
}

/**
 * A bill after supplier credit is applied to it or a debit note adds to it: balanceDue = total +
 * debitedAmount - paidAmount - discountTaken - creditedAmount, `baseBalanceDue` moved by `baseDelta`, and the
 * status the amounts give it (credit settles it as a payment does; a paid bill charged again is due again).
 */
export function adjustBill(ctx: CompanyContext, bill: BillRow, change: BillAdjustment): BillRow {
  const credited = change.credited ?? 0;
  const debited = change.debited ?? 0;
  const creditedAmount = money.toNumber(money.add(bill.creditedAmount, credited));
  const balanceDue = money.toNumber(money.parse(bill.balanceDue).plus(debited).minus(credited));
  return billsTable(ctx).update(bill.id, {
    creditedAmount,
    debitedAmount: money.toNumber(money.add(bill.debitedAmount, debited)),
    balanceDue,
    baseBalanceDue: money.toNumber(money.add(bill.baseBalanceDue, change.baseDelta)),
    status: settledBillStatus(balanceDue, money.add(money.add(bill.paidAmount, bill.discountTaken), creditedAmount)),
    updatedAt: ctx.clock.iso(),
  });
}

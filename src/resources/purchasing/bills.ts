import {
  billsApprove,
  billsCreate,
  billsList,
  billsListPayments,
  billsPay,
  billsRetrieve,
  billsUpdate,
  billsVoid,
  billsVoidPayment,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Supplier bills and their payments (spec document 2, "Bill"): `acs.bills`. */
export class Bills extends Resource {
  /**
   * Lists bills, newest first; filters `status` (`overdue` by the clock), `supplierId`, `fromDate`/`toDate` (bill date), `dueFromDate`/`dueToDate`.
   *
   * @example
   * for await (const bill of acs.bills.list({ status: 'overdue' })) console.log(bill.billNumber, bill.balanceDue);
   */
  list = this.method(billsList);

  /**
   * Enters a supplier's invoice as a draft. With `purchaseOrderId` it is matched to the order (without
   * `items`, it bills everything received and not yet billed). A supplier invoice number entered before
   * rejects with `INVALID_SUPPLIER_INVOICE` (409).
   *
   * @example
   * const bill = await acs.bills.create({ supplierId, supplierInvoiceNumber: 'INV-8812', items: [{ description: 'Courier', quantity: 1, unitPrice: 45, accountCode: '5200' }] });
   */
  create = this.method(billsCreate);

  /** One bill with its lines, payments and attachments. `NotFoundError` (`BILL_NOT_FOUND`) for an unknown id. */
  retrieve = this.method(billsRetrieve);

  /** Changes a draft; `items` replaces every line, `attachments` adds files. */
  update = this.method(billsUpdate);

  /**
   * Approves a draft: one entry posts Dr goods received not invoiced / expenses / tax recoverable, Cr
   * accounts payable, and the supplier's balance grows. A bill for an order is refused beyond what was
   * received, or at a price more than 5% from the order's.
   */
  approve = this.method(billsApprove);

  /**
   * Pays an approved bill in part or in full (Dr accounts payable / Cr bank) and answers the bill.
   * Paying the total less the supplier's early-payment discount within its `discountDays` settles it.
   * A paid bill rejects with `BILL_ALREADY_PAID`.
   *
   * @example
   * const paid = await acs.bills.pay(bill.id, { amount: 500, reference: 'IBG 7781' });
   */
  pay = this.method(billsPay);

  /** A bill's payments, oldest first, voided ones included (each bill also carries them as `payments`). */
  listPayments = this.method(billsListPayments);

  /**
   * Voids a payment: its entry is reversed and the bill and the supplier's balance are restored.
   *
   * @example
   * await acs.bills.voidPayment(bill.id, bill.payments[0].id, { reason: 'Paid twice' });
   */
  voidPayment = this.method(billsVoidPayment);

  /**
   * Voids an approved bill with nothing paid (decision PUR-54): its entry is reversed on `voidDate` (default
   * the bill date, or the day after the lock date when that is closed), the purchase order's billed
   * quantities and the supplier's balance go back, and the bill is `void`. A bill with payments rejects
   * with `BusinessRuleError` until they are voided; a date inside the lock with `PERIOD_LOCKED`.
   *
   * @example
   * const voided = await acs.bills.void(bill.id, { reason: 'Entered against the wrong supplier' });
   */
  void = this.method(billsVoid);
}

import { expect } from 'vitest';
import { accountBalance, accountsTable, controlAccount, journalEntriesTable } from '../../../mock-server/domain/accounting/index.js';
import { stockBalancesTable, toCents } from '../../../mock-server/domain/inventory/index.js';
import {
  billPaymentsTable,
  billsTable,
  purchaseOrdersTable,
  purchaseReturnsTable,
  spendAnalysis,
  supplierCreditNotesTable,
  supplierDebitNotesTable,
  suppliersTable,
  type BillRow,
  type PurchaseOrderRow,
} from '../../../mock-server/domain/purchasing/index.js';
import { previewTaxReturn } from '../../../mock-server/domain/reports/index.js';
import { toBase } from '../../../mock-server/domain/sales/index.js';
import type { ActingContext } from '../../../mock-server/domain/shared/actor.js';
import * as money from '../../../mock-server/domain/shared/money.js';

// The payables books' invariants for the purchasing model test (PUR-10, PUR-55, PUR-56, PUR-57, ACC-39).

/** A VAT-like code whose tax on purchases the company recovers, beside the seed's SST codes, which it cannot. */
export const RECOVERABLE = 'GST6';

const posted = (bill: BillRow) => bill.status !== 'draft' && bill.status !== 'void';

/**
 * Recoverable tax paid, in company cents: each approved bill's recoverable tax at its rate, less, for each
 * posted payment that took a discount, the discount's share of that tax (discount x recoverable tax / total).
 */
function recoverableTaxPaidCents(ctx: ActingContext): number {
  const bills = billsTable(ctx).all().filter(posted);
  const recoverableTax = (bill: BillRow) => money.sum(bill.items.filter((l) => l.taxCode === RECOVERABLE).map((l) => l.taxAmount));
  const charged = bills.flatMap((b) =>
    b.items.filter((l) => l.taxCode === RECOVERABLE).map((l) => toCents(toBase(l.taxAmount, b.exchangeRate))),
  );
  const discounted = billPaymentsTable(ctx)
    .all()
    .filter((p) => p.status === 'posted' && p.discountAmount > 0)
    .map((p) => {
      const bill = billsTable(ctx).get(p.billId)!;
      const share = money.round(money.parse(p.discountAmount).times(recoverableTax(bill)).dividedBy(bill.total));
      return toCents(toBase(share, bill.exchangeRate));
    });
  // Supplier credit notes take back the recoverable tax of what they credit; debit notes add theirs (PUR-58).
  const noted = (notes: { exchangeRate: number; items: { taxCode: string; taxAmount: number }[] }[]) =>
    notes.flatMap((n) => n.items.filter((l) => l.taxCode === RECOVERABLE).map((l) => toCents(toBase(l.taxAmount, n.exchangeRate))));
  const total = (values: number[]) => values.reduce((sum, c) => sum + c, 0);
  return (
    total(charged) -
    total(discounted) -
    total(noted(supplierCreditNotesTable(ctx).all())) +
    total(noted(supplierDebitNotesTable(ctx).all()))
  );
}

/** The net debit, in cents, an entry posts to a control account. */
function entryNetCents(ctx: ActingContext, journalEntryId: string, role: Parameters<typeof controlAccount>[1]): number {
  const accountId = controlAccount(ctx, role).id;
  const lines = journalEntriesTable(ctx)
    .get(journalEntryId)!
    .lines.filter((l) => l.accountId === accountId);
  return toCents(money.sum(lines.map((l) => money.subtract(l.debit, l.credit))));
}

/**
 * (6) A matched bill's exchange difference is exactly the value its lines cleared from goods received not
 * invoiced restated from the order's rate to the bill's, so none at the order's rate; (7) its purchase price
 * variance is the billed less the ordered cost (price, with the tax that is not recoverable) at the bill's
 * rate, to a cent for each rounding its figures went through, never the rate's part (PUR-56).
 */
function checkBillDifferences(ctx: ActingContext): void {
  for (const bill of billsTable(ctx).all().filter(posted)) {
    const order = bill.purchaseOrderId ? purchaseOrdersTable(ctx).get(bill.purchaseOrderId)! : null;
    const matched = bill.items.filter((l) => l.matchedStock);
    if (!order || matched.length === 0) continue;
    const restated = (cents: number) =>
      toCents(money.parse(cents).dividedBy(100).times(bill.exchangeRate).dividedBy(order.exchangeRate)) - cents;
    const exchange = matched.reduce((sum, l) => sum + restated(l.clearedValueCents), 0);
    expect(entryNetCents(ctx, bill.journalEntryId!, 'exchange_gain_loss'), `${bill.billNumber} exchange difference`).toBe(exchange);
    if (bill.exchangeRate === order.exchangeRate) expect(exchange, bill.billNumber).toBe(0);
    const landed = (taxCode: string, taxRate: number) => (taxCode === RECOVERABLE ? 1 : 1 + taxRate / 100);
    const priceDifference = money.sum(
      matched.map((l) => {
        const ordered = order.items.find((o) => o.id === l.purchaseOrderLineId)!;
        const billed = money.add(l.lineTotal, l.taxCode === RECOVERABLE ? 0 : l.taxAmount);
        const atOrder = money.parse(ordered.unitPrice).times(l.quantity).times(landed(ordered.taxCode, ordered.taxRate));
        return billed.minus(atOrder).times(bill.exchangeRate);
      }),
    );
    const returns = purchaseReturnsTable(ctx).byIndex('purchaseOrderId', order.id).length;
    const roundings = 2 * bill.items.length + 2 * matched.length + order.receipts.length + order.billIds.length + 2 * returns + 1;
    const variance = entryNetCents(ctx, bill.journalEntryId!, 'purchase_price_variance');
    expect(Math.abs(variance - priceDifference.times(100).toNumber()), `${bill.billNumber} price variance`).toBeLessThanOrEqual(roundings);
  }
}

/**
 * (8) Returns (PUR-61, INV-33): no receipt line gives back more than it brought in, nor more value; a line billed
 * beyond what it now holds received is one whose billed goods went back, awaiting the supplier's credit, and holds a
 * debit on goods received not invoiced; any other line a credit.
 */
function checkReturns(ctx: ActingContext, order: PurchaseOrderRow): void {
  const returned = purchaseReturnsTable(ctx)
    .byIndex('purchaseOrderId', order.id)
    .filter((r) => r.status === 'posted')
    .flatMap((r) => r.items);
  for (const receipt of order.receipts)
    for (const line of receipt.items) {
      const back = returned.filter((r) => r.receiptId === receipt.id && r.lineId === line.lineId);
      expect(back.reduce((sum, r) => sum + r.quantity, 0)).toBeLessThanOrEqual(line.quantity + 1e-9);
      expect(back.reduce((sum, r) => sum + r.valueCents, 0)).toBeLessThanOrEqual(line.valueCents);
    }
  for (const line of order.items) {
    const awaiting = line.billedQuantity - line.receivedQuantity;
    const billedBack = returned.filter((r) => r.lineId === line.id).reduce((sum, r) => sum + r.billedQuantity, 0);
    if (awaiting > 1e-9) {
      expect(awaiting, order.poNumber).toBeLessThanOrEqual(billedBack + 1e-9);
      expect(line.receivedValueCents).toBeLessThan(0);
    } else expect(line.receivedValueCents).toBeGreaterThanOrEqual(0);
  }
}

/** Every invariant of the payables books, after any step of the model. */
export function checkInvariants(ctx: ActingContext): void {
  const cents = (role: Parameters<typeof controlAccount>[1]) => toCents(accountBalance(ctx, controlAccount(ctx, role)).net);
  // (1) payables control = supplier balances = open balances due less unapplied supplier credit, company currency.
  const payables = cents('accounts_payable');
  expect(
    suppliersTable(ctx)
      .all()
      .reduce((sum, s) => sum + toCents(s.currentBalance), 0),
    'supplier balances',
  ).toBe(payables);
  const credit = supplierCreditNotesTable(ctx).all();
  expect(
    billsTable(ctx)
      .all()
      .reduce((sum, b) => sum + toCents(b.baseBalanceDue), 0) - credit.reduce((sum, n) => sum + toCents(n.baseRemainingCredit), 0),
    'open balances due less supplier credit',
  ).toBe(payables);
  for (const note of credit) {
    expect(money.toFixed(money.add(money.add(note.amountApplied, note.amountRefunded), note.remainingCredit)), note.creditNoteNumber).toBe(
      money.toFixed(note.total),
    );
    expect(note.remainingCredit > 0 || note.baseRemainingCredit === 0, note.creditNoteNumber).toBe(true);
  }
  // (2) goods received not invoiced = value received less value billed of matched lines.
  const unbilled = purchaseOrdersTable(ctx)
    .all()
    .flatMap((p) => p.items)
    .reduce((sum, l) => sum + l.receivedValueCents, 0);
  expect(cents('goods_received_not_invoiced'), 'goods received not invoiced').toBe(unbilled);
  // (3) inventory control = the stock records' value.
  expect(cents('inventory'), 'inventory').toBe(
    stockBalancesTable(ctx)
      .all()
      .reduce((sum, b) => sum + b.valueCents, 0),
  );
  // (4) tax recoverable = the recoverable codes' tax on approved bills less the tax share of discounts taken (PUR-57): the tax actually paid.
  expect(cents('tax_recoverable'), 'tax recoverable').toBe(recoverableTaxPaidCents(ctx));
  // (8) A tax return over the whole books nets tax recoverable against tax payable to the cent (ACC-39).
  const whole = previewTaxReturn(ctx, { periodFrom: '1900-01-01', periodTo: '2999-12-31' });
  expect(toCents(whole.inputTax), 'input tax of the books').toBe(cents('tax_recoverable'));
  expect(toCents(whole.taxPayableMovement), 'output tax of the books').toBe(cents('tax_payable'));
  expect(toCents(whole.totalTax), 'net tax of the books').toBe(cents('tax_payable') - cents('tax_recoverable'));
  // (5) every entry balances; every bill's amounts add up and its status follows them.
  for (const entry of journalEntriesTable(ctx).all()) {
    expect(money.toFixed(money.sum(entry.lines.map((l) => l.debit))), entry.journalNumber).toBe(
      money.toFixed(money.sum(entry.lines.map((l) => l.credit))),
    );
  }
  for (const bill of billsTable(ctx).all()) {
    if (bill.status === 'void') {
      expect([bill.balanceDue, bill.baseBalanceDue, bill.paidAmount], bill.billNumber).toEqual([0, 0, 0]);
      continue;
    }
    const settled = money.add(money.add(bill.paidAmount, bill.discountTaken), bill.creditedAmount);
    expect(money.toFixed(money.add(bill.total, bill.debitedAmount).minus(settled)), bill.billNumber).toBe(money.toFixed(bill.balanceDue));
    expect(bill.balanceDue).toBeGreaterThanOrEqual(0);
    if (bill.status === 'paid') expect(bill.baseBalanceDue, bill.billNumber).toBe(0);
    if (bill.status === 'draft') expect(bill.baseBalanceDue).toBe(0);
  }
  for (const order of purchaseOrdersTable(ctx).all()) checkReturns(ctx, order);
  checkBillDifferences(ctx);
  // (9) The spend over the whole books on the expense account of the direct lines and the notes' charges is that
  // account's balance: bills, voids and notes counted as their entries count them (PUR-60).
  const spend = spendAnalysis(ctx, { fromDate: '1900-01-01', toDate: '2999-12-31' });
  const expense = accountsTable(ctx).byIndex('accountNumber', '6500')[0]!;
  expect(toCents(spend.byAccount.find((a) => a.key === '6500')?.amount ?? 0), 'spend on 6500').toBe(
    toCents(accountBalance(ctx, expense).net),
  );
}

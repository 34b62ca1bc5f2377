import { businessRule, validationError, type ValidationIssue } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { controlAccount, postLedgerEntry, type JournalLineInput } from '../accounting/index.js';
import { fromCents, quantity } from '../inventory/index.js';
import { toBase } from '../sales/index.js';
import * as money from '../shared/money.js';
import { balanceMove } from '../shared/party-balance.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { retrievePurchaseOrder } from './purchase-orders.js';
import { retrieveSupplier } from './suppliers.js';
import { purchaseOrdersTable, suppliersTable, type PurchaseOrderLineRow, type PurchaseOrderRow } from './tables.js';
import { BILL_MOVES } from './bill-status.js';
import { unbilledOf } from './bill-lines.js';
import { retrieveBill } from './bills.js';
import { billsTable, type BillLineRow, type BillRow } from './bill-tables.js';
import { billLineTaxes, type BillLineTax } from './purchase-tax.js';
import { matchedLineDifferences } from './bill-variance.js';

/**
 * How far a billed unit price may stray from the order's before approval is refused (three-way match,
 * decision PUR-37): 5% either way. Within it, the difference posts to purchase
 * price variance, at the bill's rate (PUR-56).
 */
export const PRICE_TOLERANCE_PERCENT = 5;

/**
 * Each line's share of the bill's subtotal in the company's currency: the bill's base total less its
 * lines' base tax; the last line takes the rounding, so the entry adds up to baseTotal.
 */
function lineBases(bill: BillRow, taxes: readonly BillLineTax[]): number[] {
  const baseSubtotal = money.subtract(bill.baseTotal, money.sum(taxes.map((tax) => tax.base)));
  const bases = bill.items.map((line) => toBase(line.lineTotal, bill.exchangeRate));
  if (bases.length > 0) bases[bases.length - 1] = money.toNumber(baseSubtotal.minus(money.sum(bases.slice(0, -1))));
  return bases;
}

/** Each line's cost in the company's currency: its base share, with its tax unless that is recoverable (PUR-55). */
const costsOf = (bill: BillRow, taxes: readonly BillLineTax[]): money.Amount[] =>
  lineBases(bill, taxes).map((base, index) => (taxes[index].recoverable ? money.parse(base) : money.add(base, taxes[index].base)));

/**
 * What each line of a bill (or of a note shaped as one: its lines, its base total, the bill's rate) costs as its
 * entry posts it, company currency: the amount its account, or goods received not invoiced and the variances of a
 * matched stock line, are debited by (the spend analysis reads it: decision PUR-60).
 */
export const billLineCosts = (ctx: CompanyContext, bill: BillRow): money.Amount[] => costsOf(bill, billLineTaxes(ctx, bill));

/**
 * The three-way match of a bill against its order (PUR-37): each order line may be billed up to
 * what was received and not yet billed (422 MAX_VALUE beyond it), at a price within the tolerance of the
 * order's (422 BUSINESS_RULE_VIOLATION beyond it). A matched stock line clears the goods received not
 * invoiced its quantity holds, in proportion to the order line's unbilled receipts. Returns the order's
 * lines as billing leaves them and the cents each bill line cleared.
 */
function matchToOrder(bill: BillRow, order: PurchaseOrderRow): { orderLines: PurchaseOrderLineRow[]; cleared: number[] } {
  const orderLines = order.items.map((line) => ({ ...line }));
  const issues: ValidationIssue[] = [];
  const cleared = bill.items.map((line, index) => {
    const orderLine = line.purchaseOrderLineId ? orderLines.find((l) => l.id === line.purchaseOrderLineId) : undefined;
    if (!orderLine) return 0;
    const left = unbilledOf(orderLine);
    if (line.quantity > left) {
      issues.push({
        field: `items.${index}.quantity`,
        code: 'MAX_VALUE',
        message: `only ${left} of ${orderLine.description} on ${order.poNumber} is received and not yet billed`,
        value: line.quantity,
        constraint: { max: left },
      });
      return 0;
    }
    checkPriceTolerance(bill, index, line, orderLine, order);
    const value = line.matchedStock
      ? line.quantity === left
        ? orderLine.receivedValueCents
        : Math.round((orderLine.receivedValueCents * line.quantity) / left)
      : 0;
    orderLine.billedQuantity = quantity(orderLine.billedQuantity + line.quantity);
    orderLine.receivedValueCents -= value;
    return value;
  });
  if (issues.length > 0) throw validationError(issues);
  return { orderLines, cleared };
}

function checkPriceTolerance(
  bill: BillRow,
  index: number,
  line: BillLineRow,
  orderLine: PurchaseOrderLineRow,
  order: PurchaseOrderRow,
): void {
  const allowed = money.parse(orderLine.unitPrice).times(PRICE_TOLERANCE_PERCENT).dividedBy(100);
  if (money.parse(line.unitPrice).minus(orderLine.unitPrice).abs().lte(allowed)) return;
  throw businessRule(
    `a billed price may differ from the order's by at most ${PRICE_TOLERANCE_PERCENT}%: line ${index + 1} bills ${money.toFixed(line.unitPrice)}, ${order.poNumber} ordered at ${money.toFixed(orderLine.unitPrice)}`,
    {
      billId: bill.id,
      field: `items.${index}.unitPrice`,
      unitPrice: line.unitPrice,
      orderedUnitPrice: orderLine.unitPrice,
      tolerancePercent: PRICE_TOLERANCE_PERCENT,
      purchaseOrderId: order.id,
    },
  );
}

/** Adds an amount to an account's net debit (a negative amount is a credit). */
const addTo = (nets: Map<string, money.Amount>, accountId: string, amount: money.AmountInput) =>
  nets.set(accountId, (nets.get(accountId) ?? money.ZERO).plus(amount));

/**
 * The approval's lines (PUR-38): Dr goods received not invoiced for matched stock lines at the
 * value received, Dr (or Cr) the exchange difference for that value restated at the bill's rate and
 * purchase price variance for the rest of what is billed (PUR-56), Dr the line's expense or asset account
 * for the others, Cr accounts payable for the total. A line's tax goes to tax recoverable only where its
 * code is recoverable; otherwise it is part of the line's cost (PUR-55), as the receipt already valued the
 * goods with it. `receivedRate` is the order's, at which its receipts valued the goods. A supplier's credit
 * note posts these lines reversed for what it credits, a debit note as they are for its charges (PUR-58).
 */
export function approvalLines(ctx: ActingContext, bill: BillRow, cleared: number[], receivedRate: number): JournalLineInput[] {
  const taxes = billLineTaxes(ctx, bill);
  const costs = costsOf(bill, taxes);
  const nets = new Map<string, money.Amount>();
  bill.items.forEach((line, index) => {
    const tax = taxes[index];
    if (tax.recoverable) addTo(nets, controlAccount(ctx, 'tax_recoverable').id, tax.base);
    const cost = costs[index];
    if (!line.matchedStock) {
      addTo(nets, line.accountId, cost);
      return;
    }
    const value = fromCents(cleared[index]);
    const differences = matchedLineDifferences(cost, value, { received: receivedRate, billed: bill.exchangeRate });
    addTo(nets, line.accountId, value);
    addTo(nets, controlAccount(ctx, 'exchange_gain_loss').id, differences.exchangeDifference);
    addTo(nets, controlAccount(ctx, 'purchase_price_variance').id, differences.priceVariance);
  });
  const lines: JournalLineInput[] = [];
  for (const [accountId, net] of nets) {
    if (net.isZero()) continue;
    lines.push(net.isPositive() ? { accountId, debit: money.toNumber(net) } : { accountId, credit: money.toNumber(net.negated()) });
  }
  lines.push({
    accountId: controlAccount(ctx, 'accounts_payable').id,
    credit: bill.baseTotal,
    description: `${bill.supplier.name} invoice ${bill.supplierInvoiceNumber}`,
  });
  return lines;
}

/**
 * `POST /bills/{id}/approve`: matches a bill for an order three ways, posts one balanced entry on the
 * bill date, moves the bill to `open` (overdue by the clock once past due), adds its total to the
 * supplier's balance, and records the billed quantities and the bill on the order.
 */
export function approveBill(ctx: ActingContext, billId: string): BillRow {
  return ctx.store.transaction(() => {
    const bill = retrieveBill(ctx, billId);
    BILL_MOVES.assert('approve', bill.status, { billId: bill.id, billNumber: bill.billNumber });
    if (!(bill.total > 0)) throw businessRule('a bill with nothing to pay cannot be approved', { billId: bill.id, total: bill.total });
    const order = bill.purchaseOrderId ? retrievePurchaseOrder(ctx, bill.purchaseOrderId) : null;
    const match = order ? matchToOrder(bill, order) : { orderLines: [], cleared: bill.items.map(() => 0) };
    const entry = postLedgerEntry(ctx, {
      date: bill.billDate,
      reference: bill.billNumber,
      description: `Bill ${bill.billNumber}: ${bill.supplier.name} invoice ${bill.supplierInvoiceNumber}`,
      lines: approvalLines(ctx, bill, match.cleared, order?.exchangeRate ?? bill.exchangeRate),
      source: { type: 'bill', id: bill.id },
    });
    if (order) {
      const billIds = order.billIds.includes(bill.id) ? order.billIds : [...order.billIds, bill.id];
      purchaseOrdersTable(ctx).update(order.id, { items: match.orderLines, billIds, updatedAt: ctx.clock.iso() });
    }
    const supplier = retrieveSupplier(ctx, bill.supplierId);
    const now = ctx.clock.iso();
    suppliersTable(ctx).update(supplier.id, balanceMove(supplier, bill.baseTotal, now));
    return billsTable(ctx).update(bill.id, {
      status: 'open',
      baseBalanceDue: bill.baseTotal,
      items: bill.items.map((line, index) => ({ ...line, clearedValueCents: match.cleared[index] })),
      journalEntryId: entry.id,
      approvedBy: actorOf(ctx),
      approvedAt: now,
      updatedAt: now,
    });
  });
}

/** Company-currency cents of goods received not invoiced the bill cleared (0 for a draft). */
export const billClearedCents = (bill: BillRow): number => bill.items.reduce((sum, line) => sum + line.clearedValueCents, 0);

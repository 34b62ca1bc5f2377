import fc from 'fast-check';
import { modelRuns } from '../support/model-runs.js';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import { journalEntriesTable } from '../../../mock-server/domain/accounting/index.js';
import {
  approveBill,
  billPaymentsTable,
  billsTable,
  createBill,
  createPurchaseOrder,
  createPurchaseReturn,
  createSupplier,
  discountOffered,
  payBill,
  purchaseOrdersTable,
  purchaseReturnsTable,
  receivePurchaseOrder,
  sendPurchaseOrder,
  supplierCreditNotesTable,
  suppliersTable,
  unbilledOf,
  voidBill,
  voidBillPayment,
  voidPurchaseReturn,
  type BillRow,
} from '../../../mock-server/domain/purchasing/index.js';
import { createTaxCode } from '../../../mock-server/domain/sales/index.js';
import { companyToday } from '../../../mock-server/domain/shared/calendar.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';
import { checkInvariants, RECOVERABLE } from './purchasing-invariants.js';
import { applyNote } from './purchasing-model-notes.js';

// The payables books agree after any sequence of orders (sent, received in parts), bills
// (matched to orders at prices around the order's, or direct expense bills; in the company's currency or
// in dollars), approvals, payments (part, full, with the early-payment discount, at another rate) and
// voids of payments and of approved bills (PUR-54), returns of received goods, billed or not, and their voids (PUR-61,
// PUR-62), under SST, a recoverable code or none (PUR-55): payables control = supplier
// balances = open balances due; goods received not invoiced = received less billed value of matched lines; inventory control =
// stock value; tax recoverable = recoverable tax on approved bills less the tax share of discounts taken (PUR-57);
// a matched bill's exchange difference is its received value restated at the bill's rate and its purchase price
// variance only the price difference (PUR-56); returns of received goods, billed or not, give back no more than came in
// and leave a billed line a debit awaiting the supplier's credit (PUR-61); every entry balances. Supplier credit and
// debit notes (PUR-58) join them: payables = open bills less unapplied supplier credit; and the spend analysis of the
// whole books on the direct lines' expense account is its balance (PUR-60). The invariants are in purchasing-invariants.ts.

const pick = fc.nat();
const share = fc.constantFrom(0.25, 0.5, 1, 1, 1.5);
const op = <K extends string, R extends object>(kind: K, weight: number, fields: { [P in keyof R]: fc.Arbitrary<R[P]> }) => ({
  weight,
  arbitrary: fc.record({ kind: fc.constant(kind), ...fields } as never) as fc.Arbitrary<{ kind: K } & R>,
});

const operation = fc.oneof(
  op('order', 4, {
    supplier: fc.nat(2),
    goods: fc.array(fc.record({ item: fc.nat(2), quantity: fc.integer({ min: 1, max: 12 }) }), { minLength: 1, maxLength: 3 }),
    service: fc.boolean(),
    send: fc.constantFrom(true, true, false),
  }),
  op('send', 1, { pick }),
  op('receive', 5, { pick, share }),
  op('matchedBill', 5, { pick, share, price: fc.constantFrom(1, 1, 0.97, 1.04, 1.08), rate: fc.constantFrom(undefined, 4.4, 4.6) }),
  op('directBill', 2, {
    supplier: fc.nat(2),
    amount: fc.integer({ min: 1, max: 90_000 }).map((c) => c / 100),
    taxCode: fc.constantFrom(null, 'SVC8', RECOVERABLE),
  }),
  op('approve', 6, { pick }),
  op('pay', 6, {
    pick,
    how: fc.constantFrom('part', 'full', 'discounted', 'over') as fc.Arbitrary<'part' | 'full' | 'discounted' | 'over'>,
    rate: fc.constantFrom(undefined, undefined, 4.3, 4.7),
  }),
  op('void', 2, { pick }),
  op('voidBill', 2, { pick }),
  // Returns of received goods, billed or not, from one receipt or the order's (PUR-61, PUR-62), and their voids.
  op('return', 3, { pick, share, whole: fc.boolean(), byReceipt: fc.boolean() }),
  op('voidReturn', 1, { pick }),
  // Supplier credit notes (whole bills or parts of lines), their credit applied or refunded, and debit notes (PUR-58).
  op('creditNote', 4, { pick, share: fc.constantFrom(0.25, 0.5, 1, 2), whole: fc.constantFrom(true, true, false) }),
  op('applyCredit', 5, { pick, bill: pick, share: fc.constantFrom(0.5, 1, 2) }),
  op('refundCredit', 2, { pick, share: fc.constantFrom(0.5, 1) }),
  op('debitNote', 2, {
    pick,
    amount: fc.integer({ min: 1, max: 20_000 }).map((c) => c / 100),
    taxCode: fc.constantFrom(null, 'SVC8', RECOVERABLE),
  }),
  op('wait', 1, { days: fc.integer({ min: 1, max: 12 }) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

interface Model {
  w: SalesWorld;
  suppliers: string[];
  items: string[];
  serial: number;
}

const nth = <T>(rows: readonly T[], n: number): T | undefined => rows[n % Math.max(1, rows.length)];
const openBills = (m: Model) =>
  billsTable(m.w.ctx)
    .all()
    .filter((b) => b.status === 'open' || b.status === 'partially_paid');

/** What a payment of kind `how` pays of the bill. */
function amountFor(bill: BillRow, how: 'part' | 'full' | 'discounted' | 'over', today: string): number {
  if (how === 'part') return Math.max(0.01, money.toNumber(money.round(money.parse(bill.balanceDue).dividedBy(3))));
  if (how === 'over') return money.toNumber(money.add(bill.balanceDue, 0.01));
  if (how === 'discounted') return money.toNumber(money.subtract(bill.balanceDue, discountOffered(bill, today)));
  return bill.balanceDue;
}

/** Applies one operation; false when there was nothing to apply it to. */
function apply(m: Model, o: Operation): boolean {
  const { ctx } = m.w;
  const orders = () => purchaseOrdersTable(ctx).all();
  switch (o.kind) {
    case 'order': {
      const supplierId = m.suppliers[o.supplier];
      const foreign = o.supplier === 2;
      const items = o.goods.map((g) => ({
        itemId: m.items[g.item],
        quantity: g.quantity,
        unitPrice: 3 + g.item * 2.37,
        // SST (a cost of the goods), a recoverable code, or none (PUR-55).
        taxCode: ([null, 'SST10', RECOVERABLE] as const)[g.item],
      }));
      if (o.service) items.push({ description: 'Installation', quantity: 1, unitPrice: 45.5, taxCode: null } as never);
      const order = createPurchaseOrder(ctx, { supplierId, items, ...(foreign ? { exchangeRate: 4.5 } : {}) });
      if (o.send) sendPurchaseOrder(ctx, order.id);
      return true;
    }
    case 'send': {
      const order = nth(
        orders().filter((p) => p.status === 'draft'),
        o.pick,
      );
      if (order === undefined) return false;
      sendPurchaseOrder(ctx, order.id);
      return true;
    }
    case 'receive': {
      const order = nth(
        orders().filter((p) => p.status !== 'draft'),
        o.pick,
      );
      if (!order) return false;
      const items = order.items
        .filter((l) => l.quantity > l.receivedQuantity)
        .map((l) => ({ lineId: l.id, quantity: Math.max(1, Math.round((l.quantity - l.receivedQuantity) * o.share)) }));
      receivePurchaseOrder(ctx, order.id, items.length > 0 ? { items } : {});
      return true;
    }
    case 'matchedBill': {
      const order = nth(
        orders().filter((p) => p.items.some((l) => l.receivedQuantity > 0)),
        o.pick,
      );
      if (!order) return false;
      const items = order.items
        .filter((l) => l.receivedQuantity > 0)
        .map((l) => ({
          purchaseOrderLineId: l.id,
          quantity: Math.max(1, Math.round(Math.max(unbilledOf(l), 1) * o.share)),
          unitPrice: money.toNumber(money.round(money.parse(l.unitPrice).times(o.price))),
          ...(l.itemId ? {} : { accountCode: '6500' }),
        }));
      createBill(ctx, {
        supplierId: order.supplierId,
        supplierInvoiceNumber: `INV-${++m.serial}`,
        purchaseOrderId: order.id,
        items,
        ...(order.currency !== 'MYR' && o.rate ? { exchangeRate: o.rate } : {}),
      });
      return true;
    }
    case 'directBill': {
      const foreign = o.supplier === 2;
      createBill(ctx, {
        supplierId: m.suppliers[o.supplier],
        supplierInvoiceNumber: `INV-${++m.serial}`,
        items: [{ description: 'Courier and sundries', quantity: 1, unitPrice: o.amount, accountCode: '6500', taxCode: o.taxCode }],
        ...(foreign ? { exchangeRate: 4.5 } : {}),
      });
      return true;
    }
    case 'approve': {
      const bill = nth(
        billsTable(ctx)
          .all()
          .filter((b) => b.status === 'draft'),
        o.pick,
      );
      if (bill === undefined) return false;
      approveBill(ctx, bill.id);
      return true;
    }
    case 'pay': {
      const bill = nth(openBills(m), o.pick);
      if (!bill) return false;
      const foreign = bill.currency !== 'MYR';
      payBill(ctx, bill.id, { amount: amountFor(bill, o.how, companyToday(ctx)), ...(foreign && o.rate ? { exchangeRate: o.rate } : {}) });
      return true;
    }
    case 'void': {
      const payment = nth(
        billPaymentsTable(ctx)
          .all()
          .filter((p) => p.status === 'posted'),
        o.pick,
      );
      if (payment === undefined) return false;
      voidBillPayment(ctx, payment.billId, payment.id, { reason: 'model void' });
      return true;
    }
    case 'voidBill': {
      // Any approved bill: one with payments, or void already, is refused and changes nothing.
      const bill = nth(
        billsTable(ctx)
          .all()
          .filter((b) => b.status !== 'draft'),
        o.pick,
      );
      if (bill === undefined) return false;
      voidBill(ctx, bill.id, { reason: 'model void' });
      return true;
    }
    case 'return': {
      const order = nth(
        orders().filter((p) => p.receipts.length > 0),
        o.pick,
      );
      if (!order) return false;
      const receipt = o.byReceipt ? nth(order.receipts, o.pick) : undefined;
      const items = order.items
        .filter((l) => l.itemId && l.receivedQuantity > 0)
        .map((l) => ({ lineId: l.id, quantity: Math.max(1, Math.round(l.receivedQuantity * o.share * 0.5)) }));
      createPurchaseReturn(ctx, {
        purchaseOrderId: order.id,
        reason: 'model return',
        ...(receipt ? { receiptId: receipt.id } : {}),
        ...(o.whole || items.length === 0 ? {} : { items }),
      });
      return true;
    }
    case 'voidReturn': {
      const row = nth(
        purchaseReturnsTable(ctx)
          .all()
          .filter((r) => r.status === 'posted'),
        o.pick,
      );
      if (!row) return false;
      voidPurchaseReturn(ctx, row.id, { reason: 'model void' });
      return true;
    }
    case 'wait':
      m.w.clock.advance({ days: o.days });
      return true;
    default:
      return applyNote(m.w.ctx, o, openBills(m));
  }
}

/** The figures a refused request must leave as they were. */
function snapshot(m: Model) {
  const { ctx } = m.w;
  return {
    entries: journalEntriesTable(ctx).size,
    bills: billsTable(ctx)
      .all()
      .map((b) => [b.id, b.status, b.balanceDue, b.baseBalanceDue]),
    payments: billPaymentsTable(ctx)
      .all()
      .map((p) => [p.id, p.status]),
    orders: purchaseOrdersTable(ctx)
      .all()
      .map((p) => [p.status, p.billIds.length, p.items.map((l) => [l.receivedQuantity, l.billedQuantity, l.receivedValueCents])]),
    suppliers: suppliersTable(ctx)
      .all()
      .map((s) => s.currentBalance),
    returns: purchaseReturnsTable(ctx)
      .all()
      .map((r) => [r.id, r.status]),
    credits: supplierCreditNotesTable(ctx)
      .all()
      .map((n) => [n.id, n.remainingCredit, n.baseRemainingCredit]),
  };
}

// Enough runs for each of the many operations (and the rarer outcomes: billed returns, credit applied) to happen.
const PURCHASING_MODEL_RUNS = modelRuns(400);

describe('payables, goods received and stock agree (PUR-10, model-based)', () => {
  it('payables control = supplier balances = open bills, GRNI = received less billed, inventory = stock value, every entry balances', () => {
    const applied: Record<string, number> = {};
    const refusedFor: Record<string, number> = {};
    fc.assert(
      fc.property(fc.array(operation, { minLength: 10, maxLength: 50, size: 'max' }), (ops) => {
        const w = salesWorld('empty');
        createTaxCode(w.ctx, {
          code: RECOVERABLE,
          name: 'GST 6%',
          rate: 6,
          myinvoisTaxType: '06',
          peppolCategory: 'S',
          purchaseTaxRecoverable: true,
        });
        const suppliers = w.store.transaction(() => [
          createSupplier(w.ctx, { name: 'Local Factory', paymentTerms: { termsDays: 30, discountDays: 10, discountPercent: 2 } }).id,
          createSupplier(w.ctx, { name: 'Local Stationer', paymentTerms: { termsDays: 14 } }).id,
          createSupplier(w.ctx, {
            name: 'Overseas Maker',
            currency: 'USD',
            paymentTerms: { termsDays: 45, discountDays: 5, discountPercent: 1.5 },
          }).id,
        ]);
        const stocked = (costPrice: number) =>
          w.item({ type: 'inventory', pricing: { costPrice, sellingPrice: 25 }, tax: { salesTaxCode: 'NT', taxable: false } }).id;
        const model: Model = { w, suppliers, items: [stocked(3), stocked(5.37), stocked(7.74)], serial: 0 };
        for (const o of ops) {
          const before = snapshot(model);
          try {
            if (!apply(model, o)) continue;
          } catch (error) {
            // Refusals (over-billing, a price beyond tolerance, an overpayment, a paid bill paid again) change nothing; none is a 500.
            if (!(error instanceof ServiceError) || error.status >= 500) throw error;
            expect(snapshot(model)).toEqual(before);
            refusedFor[`${o.kind} ${error.code}`] = (refusedFor[`${o.kind} ${error.code}`] ?? 0) + 1;
            continue;
          }
          applied[o.kind] = (applied[o.kind] ?? 0) + 1;
          checkInvariants(model.w.ctx);
        }
        const payments = billPaymentsTable(w.ctx).all();
        applied.discounted = (applied.discounted ?? 0) + payments.filter((p) => p.discountAmount > 0).length;
        applied.exchangeDifference =
          (applied.exchangeDifference ?? 0) +
          payments.filter((p) => p.exchangeRate !== billsTable(w.ctx).get(p.billId)!.exchangeRate).length;
        const bills = billsTable(w.ctx).all();
        applied.discountedRecoverableTax =
          (applied.discountedRecoverableTax ?? 0) +
          payments.filter((p) => p.discountAmount > 0 && bills.find((b) => b.id === p.billId)!.items.some((l) => l.taxCode === RECOVERABLE))
            .length;
        // Goods returned after they were billed (PUR-61).
        applied.billedReturn =
          (applied.billedReturn ?? 0) +
          purchaseReturnsTable(w.ctx)
            .all()
            .filter((r) => r.items.some((l) => l.billedQuantity > 0)).length;
        // A matched bill at another rate than its order's (PUR-56).
        applied.billedAtAnotherRate =
          (applied.billedAtAnotherRate ?? 0) +
          bills.filter(
            (b) =>
              b.status !== 'draft' &&
              b.items.some((l) => l.matchedStock) &&
              b.exchangeRate !== purchaseOrdersTable(w.ctx).get(b.purchaseOrderId!)!.exchangeRate,
          ).length;
      }),
      PURCHASING_MODEL_RUNS,
    );
    if (process.env.MODEL_STATS) console.log({ applied, refusedFor });
    for (const kind of [
      'order',
      'receive',
      'matchedBill',
      'directBill',
      'approve',
      'pay',
      'void',
      'voidBill',
      'return',
      'voidReturn',
      'billedReturn',
      'discounted',
      'exchangeDifference',
      'discountedRecoverableTax',
      'billedAtAnotherRate',
      'creditNote',
      'applyCredit',
      'refundCredit',
      'debitNote',
    ])
      expect(applied[kind] ?? 0, kind).toBeGreaterThan(3);
    // Over-billing, prices beyond the tolerance and overpayments were tried and refused.
    for (const refusal of [
      'approve VALIDATION_ERROR',
      'approve BUSINESS_RULE_VIOLATION',
      'pay VALIDATION_ERROR',
      'voidBill BUSINESS_RULE_VIOLATION',
      'creditNote BUSINESS_RULE_VIOLATION',
    ])
      expect(refusedFor[refusal] ?? 0, refusal).toBeGreaterThan(3);
  }, 180_000);
});

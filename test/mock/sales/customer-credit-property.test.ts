import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import { createInvoice, sendInvoice } from '../../../mock-server/domain/sales/invoices.js';
import { recordPayment } from '../../../mock-server/domain/sales/payments.js';
import { createCreditNote } from '../../../mock-server/domain/sales/credit-notes.js';
import { createDebitNote } from '../../../mock-server/domain/sales/debit-notes.js';
import { allocateCredit, refundCredit } from '../../../mock-server/domain/sales/customer-credit.js';
import { invoicesTable } from '../../../mock-server/domain/sales/document-tables.js';
import { creditNotesTable } from '../../../mock-server/domain/sales/note-tables.js';
import { customersTable } from '../../../mock-server/domain/sales/tables.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { receivableBooks, salesWorld, type SalesWorld } from '../support/sales.js';

const line = fc.record({
  description: fc.constant('Goods'),
  quantity: fc.integer({ min: 1, max: 12 }).map((n) => n / 2),
  unitPrice: fc.integer({ min: 1, max: 300_00 }).map((cents) => cents / 100),
  discountPercent: fc.constantFrom(0, 12.5, 33.3333),
  taxCode: fc.constantFrom('SST10', 'SVC8', null),
});

const share = fc.constantFrom(0.1, 0.333, 0.5, 1);
const operation = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('invoice' as const), customer: fc.nat(1), rate: fc.constantFrom(1, 4.4444, 0.2173), lines: fc.array(line, { minLength: 1, maxLength: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), share }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('credit' as const), pick: fc.nat(), whole: fc.boolean(), share }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('allocate' as const), pick: fc.nat(), to: fc.nat(), share }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('debit' as const), pick: fc.nat(), lines: fc.array(line, { minLength: 1, maxLength: 2 }) }) },
);
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

const part = (amount: number, fraction: number) => Math.max(0.01, money.toNumber(money.parse(amount).times(fraction)));

/** The sums that must agree after every step, in the company's currency, to the cent. */
function books(w: SalesWorld) {
  const { receivable, trialDebit, trialCredit } = receivableBooks(w);
  const invoices = invoicesTable(w.ctx).all().filter((i) => i.status === 'sent' || i.status === 'paid');
  const credit = creditNotesTable(w.ctx).all().filter((n) => n.status === 'open');
  return {
    receivable,
    customers: money.toFixed(money.sum(customersTable(w.ctx).all().map((c) => c.currentBalance))),
    dueLessCredit: money.toFixed(money.sum(invoices.map((i) => i.baseAmountDue)).minus(money.sum(credit.map((n) => n.baseRemainingCredit)))),
    trialDebit,
    trialCredit,
  };
}

function apply(w: SalesWorld, op: Operation, customers: string[], made: string[]): void {
  const invoiceOf = (pick: number) => made[pick % made.length];
  const notes = () => creditNotesTable(w.ctx).all().filter((n) => n.status === 'open');
  if (op.kind === 'invoice') {
    const invoice = createInvoice(w.ctx, { customerId: customers[op.customer], currency: op.rate === 1 ? 'MYR' : 'USD', exchangeRate: op.rate, items: op.lines });
    made.push(sendInvoice(w.ctx, invoice.id).id);
  } else if (op.kind === 'pay') {
    const invoice = invoicesTable(w.ctx).get(invoiceOf(op.pick))!;
    recordPayment(w.ctx, invoice.id, { amount: op.share === 1 ? invoice.amountDue : part(invoice.amountDue, op.share) });
  } else if (op.kind === 'credit') {
    const invoice = invoicesTable(w.ctx).get(invoiceOf(op.pick))!;
    const items = op.whole ? undefined : invoice.items.slice(0, 1).map((l) => ({ invoiceLineId: l.id, quantity: Math.max(0.5, Math.round(l.quantity * op.share * 2) / 2) }));
    createCreditNote(w.ctx, invoice.id, { reason: 'Returned', items });
  } else if (op.kind === 'allocate') {
    const note = notes()[op.pick % Math.max(1, notes().length)];
    if (!note) return;
    const invoice = invoicesTable(w.ctx).get(invoiceOf(op.to))!;
    const most = money.toNumber(money.parse(note.remainingCredit).clamp(0, invoice.amountDue));
    allocateCredit(w.ctx, note.id, { invoiceId: invoice.id, amount: op.share === 1 ? most : part(most, op.share) });
  } else if (op.kind === 'refund') {
    const note = notes()[op.pick % Math.max(1, notes().length)];
    if (!note) return;
    refundCredit(w.ctx, note.id, { amount: op.share === 1 ? note.remainingCredit : part(note.remainingCredit, op.share) });
  } else {
    createDebitNote(w.ctx, invoiceOf(op.pick), { reason: 'Extra', items: op.lines });
  }
}

describe('customer credit keeps the books in agreement (issue #9 property)', () => {
  it('after any sequence of invoices, payments, credit notes, allocations, refunds and debit notes, at any rate', () => {
    const applied: Record<string, number> = {};
    fc.assert(
      fc.property(fc.array(operation, { minLength: 5, maxLength: 25, size: 'max' }), (ops) => {
        const w = salesWorld('empty');
        const customers = [w.customer().id, w.customer({ currency: 'USD' }).id];
        const made: string[] = [];
        for (const op of ops) {
          if (op.kind !== 'invoice' && made.length === 0) continue;
          const before = books(w);
          try {
            apply(w, op, customers, made);
          } catch (error) {
            // Refusals (over-credit, nothing due, other rates) are part of the game; a refusal changes nothing.
            if (!(error instanceof ServiceError) || error.status >= 500) throw error;
            expect(books(w)).toEqual(before);
            continue;
          }
          applied[op.kind] = (applied[op.kind] ?? 0) + 1;
          const after = books(w);
          expect(after.customers).toBe(after.receivable);
          expect(after.dueLessCredit).toBe(after.receivable);
          expect(after.trialDebit).toBe(after.trialCredit);
          for (const invoice of invoicesTable(w.ctx).all()) {
            if (invoice.amountDue === 0) expect(invoice.baseAmountDue, invoice.invoiceNumber).toBe(0);
            const credited = money.sum(creditNotesTable(w.ctx).byIndex('invoiceId', invoice.id).map((n) => n.total));
            expect(money.compare(credited, invoice.total), invoice.invoiceNumber).toBeLessThanOrEqual(0);
          }
          for (const note of creditNotesTable(w.ctx).all()) if (note.remainingCredit === 0) expect(note.baseRemainingCredit, note.creditNoteNumber).toBe(0);
        }
      }),
      { numRuns: 60 },
    );
    for (const kind of ['invoice', 'pay', 'credit', 'allocate', 'refund', 'debit']) expect(applied[kind], kind).toBeGreaterThan(10);
  });
});

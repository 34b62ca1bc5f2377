import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import { journalEntriesTable } from '../../../mock-server/domain/accounting/tables.js';
import { accountBalance } from '../../../mock-server/domain/accounting/index.js';
import { controlAccount } from '../../../mock-server/domain/accounting/control-accounts.js';
import { cancelInvoice, createInvoice, sendInvoice } from '../../../mock-server/domain/sales/invoices.js';
import { recordPayment } from '../../../mock-server/domain/sales/payments.js';
import { voidPayment } from '../../../mock-server/domain/sales/payment-void.js';
import { invoicesTable, paymentsTable } from '../../../mock-server/domain/sales/document-tables.js';
import { customersTable } from '../../../mock-server/domain/sales/tables.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';

// Issue #9, "Currency and time" and "Corrections": foreign-currency invoices, payments at their own
// rates and voids keep receivables, customer balances and open base amounts in agreement, to the cent.

const rate = fc.integer({ min: 5_000, max: 60_000 }).map((n) => n / 10_000);
const line = fc.record({
  description: fc.constant('Goods'),
  quantity: fc.integer({ min: 1, max: 12 }).map((n) => n / 4),
  unitPrice: fc.integer({ min: 1, max: 500_00 }).map((cents) => cents / 100),
  taxCode: fc.constantFrom('SST10', 'SVC8', null),
});
const operation = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('invoice' as const), customer: fc.nat(1), rate, lines: fc.array(line, { minLength: 1, maxLength: 4 }), shippingCost: fc.constantFrom(0, 12.35) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('send' as const), pick: fc.nat() }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), share: fc.constantFrom(0.2, 0.5, 1, 1), rate: fc.option(rate) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

/** Receivables, the customers' balances and the open invoices' base amounts due, and whether every entry balances. */
function books(w: SalesWorld) {
  const unbalanced = journalEntriesTable(w.ctx)
    .all()
    .filter((entry) => !money.equals(money.sum(entry.lines.map((l) => l.debit)), money.sum(entry.lines.map((l) => l.credit))));
  return {
    receivable: money.toFixed(accountBalance(w.ctx, controlAccount(w.ctx, 'accounts_receivable')).net),
    customers: money.toFixed(money.sum(customersTable(w.ctx).all().map((c) => c.currentBalance))),
    openBase: money.toFixed(money.sum(invoicesTable(w.ctx).all().filter((i) => i.status === 'sent' || i.status === 'paid').map((i) => i.baseAmountDue))),
    settledLeftovers: invoicesTable(w.ctx).all().filter((i) => i.status === 'paid' && i.baseAmountDue !== 0).length,
    unbalanced: unbalanced.length,
  };
}

describe('foreign-currency payments and voids (issue #9 property)', () => {
  it('after any sequence: receivables = customer balances = open base amounts due, paid invoices leave nothing, every entry balances', () => {
    const applied: Record<string, number> = {};
    fc.assert(
      fc.property(fc.array(operation, { minLength: 5, maxLength: 30, size: 'max' }), (ops) => {
        const w = salesWorld('empty');
        const customers = [w.customer({ currency: 'USD' }), w.customer({ currency: 'SGD' })];
        const made: string[] = [];
        for (const op of ops) {
          const target = made.length && 'pick' in op ? made[op.pick % made.length] : undefined;
          const before = books(w);
          try {
            if (op.kind === 'invoice') {
              made.push(createInvoice(w.ctx, { customerId: customers[op.customer].id, exchangeRate: op.rate, items: op.lines, shippingCost: op.shippingCost }).id);
            } else if (!target) {
              continue;
            } else if (op.kind === 'send') {
              sendInvoice(w.ctx, target);
            } else if (op.kind === 'pay') {
              const due = invoicesTable(w.ctx).get(target)!.amountDue;
              recordPayment(w.ctx, target, { amount: Math.round(due * op.share * 100) / 100, exchangeRate: op.rate ?? undefined });
            } else if (op.kind === 'void') {
              const posted = paymentsTable(w.ctx).all().filter((p) => p.status === 'posted');
              if (!posted.length) continue;
              const payment = posted[op.pick % posted.length];
              voidPayment(w.ctx, payment.invoiceId, payment.id, { reason: 'Property run' });
            } else {
              cancelInvoice(w.ctx, target);
            }
          } catch (error) {
            if (!(error instanceof ServiceError) || error.status >= 500) throw error;
            expect(books(w)).toEqual(before);
            continue;
          }
          applied[op.kind] = (applied[op.kind] ?? 0) + 1;
          const now = books(w);
          expect(now.customers).toBe(now.receivable);
          expect(now.openBase).toBe(now.receivable);
          expect(now.settledLeftovers).toBe(0);
          expect(now.unbalanced).toBe(0);
        }
      }),
      { numRuns: 50 },
    );
    for (const kind of ['invoice', 'send', 'pay', 'void', 'cancel']) expect(applied[kind], kind).toBeGreaterThan(5);
  }, 60_000);
});

import fc from 'fast-check';
import { modelRuns } from '../support/model-runs.js';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import { balancesAsOf, controlAccount, journalEntriesTable, type SystemRole } from '../../../mock-server/domain/accounting/index.js';
import {
  approveBill,
  billPaymentsTable,
  billsTable,
  createBill,
  createSupplier,
  payBill,
} from '../../../mock-server/domain/purchasing/index.js';
import { createCurrencyRevaluation, currencyRevaluationsTable } from '../../../mock-server/domain/reports/index.js';
import {
  createCreditNote,
  createInvoice,
  creditNotesTable,
  invoicesTable,
  paymentsTable,
  recordPayment,
  refundsTable,
  sendInvoice,
} from '../../../mock-server/domain/sales/index.js';
import { addDays, companyToday } from '../../../mock-server/domain/shared/calendar.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';

// ACC-37, ACC-38: after a currency revaluation of random open documents (USD and CNY invoices, credit notes and
// bills, a USD bank fed by payments and paying bills), the control accounts at the run's date equal their
// documents at the run's rates and the USD bank its dollars at the rate; the next day, after the reversal, every
// one is back at the documents' historical amounts; each entry balances and a refused run changes nothing.

const pick = fc.nat();
const share = fc.constantFrom(0.25, 0.5, 1);
const usdRate = fc.constantFrom(4.1, 4.4, 4.5, 4.75);
const cnyRate = fc.constantFrom(0.58, 0.62, 0.65);
const op = <K extends string, R extends object>(kind: K, weight: number, fields: { [P in keyof R]: fc.Arbitrary<R[P]> }) => ({
  weight,
  arbitrary: fc.record({ kind: fc.constant(kind), ...fields } as never) as fc.Arbitrary<{ kind: K } & R>,
});

const operation = fc.oneof(
  op('invoice', 5, {
    usd: fc.boolean(),
    rate: fc.oneof(usdRate, cnyRate),
    amount: fc.integer({ min: 1, max: 500_00 }).map((c) => c / 100),
    taxed: fc.boolean(),
  }),
  op('pay', 4, { pick, share, ownRate: fc.constantFrom(null, 4.3, 4.6) }),
  op('credit', 2, { pick }),
  op('bill', 4, { rate: usdRate, amount: fc.integer({ min: 1, max: 800_00 }).map((c) => c / 100) }),
  op('payBill', 3, { pick, share, fromUsdBank: fc.boolean() }),
  op('revalue', 3, { usd: usdRate, cny: cnyRate, withCny: fc.constantFrom(true, true, false) }),
  op('wait', 2, { days: fc.integer({ min: 1, max: 20 }) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

interface Model {
  w: SalesWorld;
  usdCustomer: string;
  cnyCustomer: string;
  supplier: string;
  usdBank: string;
  serial: number;
}

const nth = <T>(rows: readonly T[], n: number): T | undefined => rows[n % Math.max(1, rows.length)];
const part = (amount: number, fraction: number) =>
  fraction === 1 ? amount : Math.max(0.01, money.toNumber(money.round(money.parse(amount).times(fraction))));
const at = (amount: number, rate: number) => money.round(money.parse(amount).times(rate));

/** Debit-normal balance of an account on a date, as the ledger has it. */
function ledgerOn(w: SalesWorld, accountId: string, date: string): string {
  const sums = balancesAsOf(w.ctx, date).get(accountId);
  return money.toFixed(sums ? sums.debit.minus(sums.credit) : money.ZERO);
}
const roleOn = (w: SalesWorld, role: SystemRole, date: string) => ledgerOn(w, controlAccount(w.ctx, role).id, date);

/**
 * The subledgers in the company's currency: receivables (open invoices less unused credit), payables (open bills,
 * as a debit-normal negative) and the USD bank's dollars; at `rates` a foreign document counts at its open amount
 * restated, without them at what the documents carry.
 */
function subledgers(m: Model, rates?: Record<string, number>) {
  const { ctx } = m.w;
  const value = (currency: string, open: number, base: number) =>
    currency !== 'MYR' && rates && open !== 0 ? at(open, rates[currency]!) : money.parse(base);
  const receivables = money
    .sum(
      invoicesTable(ctx)
        .all()
        .filter((i) => i.status === 'sent')
        .map((i) => value(i.currency, i.amountDue, i.baseAmountDue)),
    )
    .minus(
      money.sum(
        creditNotesTable(ctx)
          .all()
          .map((n) => value(n.currency, n.remainingCredit, n.baseRemainingCredit)),
      ),
    );
  const payables = money.sum(
    billsTable(ctx)
      .all()
      .filter((b) => b.status === 'open' || b.status === 'partially_paid')
      .map((b) => value(b.currency, b.balanceDue, b.baseBalanceDue)),
  );
  const posted = <T extends { accountId: string; status?: string; amount: number }>(rows: readonly T[]) =>
    money.sum(rows.filter((r) => r.accountId === m.usdBank && (r.status ?? 'posted') === 'posted').map((r) => r.amount));
  const dollars = posted(paymentsTable(ctx).all())
    .minus(posted(refundsTable(ctx).all()))
    .minus(posted(billPaymentsTable(ctx).all()));
  return { receivables: money.toFixed(receivables), payables: money.toFixed(payables.negated()), dollars };
}

/** Applies one operation; false when there was nothing to apply it to. */
function apply(m: Model, o: Operation): boolean {
  const { ctx } = m.w;
  const today = companyToday(ctx);
  const open = () =>
    invoicesTable(ctx)
      .all()
      .filter((i) => i.status === 'sent' && i.amountDue > 0);
  const openBills = () =>
    billsTable(ctx)
      .all()
      .filter((b) => b.status === 'open' || b.status === 'partially_paid');
  switch (o.kind) {
    case 'invoice': {
      const rate = o.usd ? (o.rate > 1 ? o.rate : 4.4) : o.rate < 1 ? o.rate : 0.62;
      const invoice = createInvoice(ctx, {
        customerId: o.usd ? m.usdCustomer : m.cnyCustomer,
        currency: o.usd ? 'USD' : 'CNY',
        exchangeRate: rate,
        items: [{ description: 'Goods', quantity: 1, unitPrice: o.amount, taxCode: o.taxed ? 'SVC8' : null }],
      });
      sendInvoice(ctx, invoice.id);
      return true;
    }
    case 'pay': {
      const invoice = nth(open(), o.pick);
      if (!invoice) return false;
      const usd = invoice.currency === 'USD';
      recordPayment(ctx, invoice.id, {
        amount: part(invoice.amountDue, o.share),
        ...(o.ownRate !== null && usd ? { exchangeRate: o.ownRate } : {}),
        ...(usd ? { accountId: m.usdBank } : {}),
      });
      return true;
    }
    case 'credit': {
      const invoice = nth(
        invoicesTable(ctx)
          .all()
          .filter((i) => i.status === 'sent' || i.status === 'paid'),
        o.pick,
      );
      return invoice !== undefined && createCreditNote(ctx, invoice.id, { reason: 'Returned' }) !== undefined;
    }
    case 'bill': {
      const bill = createBill(ctx, {
        supplierId: m.supplier,
        supplierInvoiceNumber: `SZ-${++m.serial}`,
        exchangeRate: o.rate,
        items: [{ description: 'Samples', quantity: 1, unitPrice: o.amount, accountCode: '6500' }],
      });
      approveBill(ctx, bill.id);
      return true;
    }
    case 'payBill': {
      const bill = nth(openBills(), o.pick);
      if (!bill) return false;
      payBill(ctx, bill.id, { amount: part(bill.balanceDue, o.share), ...(o.fromUsdBank ? { accountId: m.usdBank } : {}) });
      return true;
    }
    case 'revalue':
      return checkRevaluation(m, today, { USD: o.usd, ...(o.withCny ? { CNY: o.cny } : {}) });
    case 'wait':
      m.w.clock.advance({ days: o.days });
      return true;
  }
}

/** How many lines of each kind the runs restated, so the property is known to reach them all. */
const restatedKinds: Record<string, number> = {};

/** A run today at `rates`: the books at the date at those rates, the next day at the documents' own. */
function checkRevaluation(m: Model, date: string, rates: Record<string, number>): boolean {
  const { w } = m;
  const historical = subledgers(m);
  const run = createCurrencyRevaluation(w.ctx, { date, rates });
  const restated = subledgers(m, rates);
  for (const line of run.lines) restatedKinds[line.kind] = (restatedKinds[line.kind] ?? 0) + 1;
  expect(roleOn(w, 'accounts_receivable', date)).toBe(restated.receivables);
  expect(roleOn(w, 'accounts_payable', date)).toBe(restated.payables);
  expect(ledgerOn(w, m.usdBank, date)).toBe(money.toFixed(at(money.toNumber(restated.dollars), rates.USD!)));
  const next = addDays(date, 1);
  expect(roleOn(w, 'accounts_receivable', next)).toBe(historical.receivables);
  expect(roleOn(w, 'accounts_payable', next)).toBe(historical.payables);
  expect(roleOn(w, 'unrealised_exchange_gain_loss', next)).toBe('0.00');
  expect(money.toFixed(money.sum(run.lines.map((l) => l.gainLoss)))).toBe(money.toFixed(run.totals.gainLoss));
  return true;
}

/** What a refused step must leave as it was. */
const snapshot = (m: Model) => ({
  ...subledgers(m),
  dollars: money.toFixed(subledgers(m).dollars),
  entries: journalEntriesTable(m.w.ctx).size,
  runs: currencyRevaluationsTable(m.w.ctx).size,
});

describe('a currency revaluation on random open documents (ACC-37, ACC-38, model-based)', () => {
  it('restates the control accounts and the USD bank at the date to their documents at the rates, and the reversal returns them to historical', () => {
    const applied: Record<string, number> = {};
    const refused: Record<string, number> = {};
    fc.assert(
      fc.property(fc.array(operation, { minLength: 8, maxLength: 30, size: 'max' }), (ops) => {
        const w = salesWorld('empty');
        const model: Model = {
          w,
          usdCustomer: w.customer({ currency: 'USD' }).id,
          cnyCustomer: w.customer({ currency: 'CNY' }).id,
          supplier: createSupplier(w.ctx, { name: 'Overseas Maker', currency: 'USD', paymentTerms: { termsDays: 45 } }).id,
          usdBank: w.account('1125'),
          serial: 0,
        };
        for (const o of ops) {
          const before = snapshot(model);
          try {
            if (!apply(model, o)) continue;
          } catch (error) {
            // Nothing foreign held, a second run today, a CNY balance without its rate, a payment beyond the bank: refused, never a 500.
            if (!(error instanceof ServiceError) || error.status >= 500) throw error;
            expect(snapshot(model)).toEqual(before);
            refused[o.kind] = (refused[o.kind] ?? 0) + 1;
            continue;
          }
          applied[o.kind] = (applied[o.kind] ?? 0) + 1;
          for (const entry of journalEntriesTable(w.ctx).all()) {
            expect(money.toFixed(money.sum(entry.lines.map((l) => l.debit))), entry.journalNumber).toBe(
              money.toFixed(money.sum(entry.lines.map((l) => l.credit))),
            );
          }
        }
      }),
      modelRuns(150),
    );
    for (const kind of ['invoice', 'pay', 'credit', 'bill', 'payBill', 'revalue', 'wait'])
      expect(applied[kind] ?? 0, kind).toBeGreaterThan(5);
    expect(refused.revalue ?? 0).toBeGreaterThan(0);
    for (const kind of ['invoice', 'credit_note', 'bill', 'account']) expect(restatedKinds[kind] ?? 0, kind).toBeGreaterThan(5);
  }, 120_000);
});

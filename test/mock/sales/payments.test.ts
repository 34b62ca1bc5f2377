import { describe, expect, it } from 'vitest';
import { journalEntriesTable } from '../../../mock-server/domain/accounting/index.js';
import {
  cancelInvoice,
  createInvoice,
  invoicePayments,
  presentPayment,
  recordPayment,
  retrieveInvoice,
  sendInvoice,
} from '../../../mock-server/domain/sales/index.js';
import { refusal } from '../support/domain.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';

/** A sent invoice of 270.00 (250 + 20 tax) dated 2026-11-10, for a customer of its own. */
function sentInvoice(w: SalesWorld, extra: Record<string, unknown> = {}) {
  const customer = w.customer();
  const draft = createInvoice(w.ctx, {
    customerId: customer.id,
    invoiceDate: '2026-11-10',
    items: [
      { description: 'Desk lamp', quantity: 2, unitPrice: 100, taxCode: 'SST10' },
      { description: 'Assembly', quantity: 1, unitPrice: 50, taxCode: null },
    ],
    ...extra,
  });
  return { customer, invoice: sendInvoice(w.ctx, draft.id) };
}

describe('recording a payment', () => {
  it('a part payment posts debit bank, credit receivables and leaves the invoice partly paid', () => {
    const w = salesWorld();
    const { customer, invoice } = sentInvoice(w);
    const bankBefore = w.net('bank');
    const arBefore = w.net('accounts_receivable');

    const payment = recordPayment(w.ctx, invoice.id, { amount: 100.5, paymentDate: '2026-11-15', reference: 'IBG 1001' });

    expect(payment).toMatchObject({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      customerId: customer.id,
      amount: 100.5,
      paymentMethod: 'bank_transfer',
      accountId: w.account('1120'),
      createdBy: 'usr_aisyah',
    });
    expect(payment.paymentNumber).toMatch(/^PAY-\d{6}$/);
    const entry = journalEntriesTable(w.ctx).get(payment.journalEntryId)!;
    expect(entry).toMatchObject({
      date: '2026-11-15',
      status: 'posted',
      reference: payment.paymentNumber,
      source: { type: 'payment', id: payment.id },
    });
    expect(entry.lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [w.account('1120'), 100.5, 0],
      [w.account('1130'), 0, 100.5],
    ]);
    expect(w.net('bank')).toBeCloseTo(bankBefore + 100.5, 2);
    expect(w.net('accounts_receivable')).toBeCloseTo(arBefore - 100.5, 2);
    expect(retrieveInvoice(w.ctx, invoice.id)).toMatchObject({
      status: 'sent',
      amountPaid: 100.5,
      amountDue: 169.5,
      paymentStatus: 'partial',
      lastPaymentDate: '2026-11-15',
    });
    expect(w.reload(customer.id).currentBalance).toBe(169.5);
  });

  it('the payment of what is left makes the invoice paid', () => {
    const w = salesWorld();
    const { customer, invoice } = sentInvoice(w);
    recordPayment(w.ctx, invoice.id, { amount: 0.1, paymentDate: '2026-11-18' });
    recordPayment(w.ctx, invoice.id, { amount: 0.2, paymentDate: '2026-11-12' });
    recordPayment(w.ctx, invoice.id, { amount: 269.7 });
    expect(retrieveInvoice(w.ctx, invoice.id)).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      amountPaid: 270,
      amountDue: 0,
      baseAmountDue: 0,
      lastPaymentDate: '2026-11-20',
    });
    expect(w.reload(customer.id).currentBalance).toBe(0);
    expect(
      invoicePayments(w.ctx, invoice.id)
        .map(presentPayment)
        .map((p) => p.amount),
    ).toEqual([0.1, 0.2, 269.7]);
  });

  it('a cash payment goes to the cash account; another asset account can be named', () => {
    const w = salesWorld();
    const { invoice } = sentInvoice(w);
    expect(recordPayment(w.ctx, invoice.id, { amount: 10, paymentMethod: 'cash' }).accountId).toBe(w.account('1110'));
    expect(recordPayment(w.ctx, invoice.id, { amount: 10, accountId: w.account('1150') }).accountId).toBe(w.account('1150'));
  });

  // Each refusal leaves the invoice, the customer, the ledger and the payment numbers as they were.
  const refusals: [string, (w: SalesWorld, invoiceId: string) => unknown, { code: string; detail?: Record<string, unknown> }][] = [
    [
      'more than is due is MAX_VALUE on amount',
      (w, id) => recordPayment(w.ctx, id, { amount: 270.01 }),
      { code: 'VALIDATION_ERROR', detail: { field: 'amount', code: 'MAX_VALUE', constraint: { max: 270 } } },
    ],
    [
      'zero is MIN_VALUE on amount',
      (w, id) => recordPayment(w.ctx, id, { amount: 0 }),
      { code: 'VALIDATION_ERROR', detail: { field: 'amount', code: 'MIN_VALUE' } },
    ],
    [
      'a negative amount is MIN_VALUE',
      (w, id) => recordPayment(w.ctx, id, { amount: -5 }),
      { code: 'VALIDATION_ERROR', detail: { field: 'amount', code: 'MIN_VALUE' } },
    ],
    [
      'fractions of a cent are INVALID_FORMAT',
      (w, id) => recordPayment(w.ctx, id, { amount: 1.005 }),
      { code: 'VALIDATION_ERROR', detail: { field: 'amount', code: 'INVALID_FORMAT' } },
    ],
    [
      'a date before the invoice is DATE_CONSTRAINT',
      (w, id) => recordPayment(w.ctx, id, { amount: 5, paymentDate: '2026-11-09' }),
      { code: 'VALIDATION_ERROR', detail: { field: 'paymentDate', code: 'DATE_CONSTRAINT' } },
    ],
    [
      'a revenue account is no place for money',
      (w, id) => recordPayment(w.ctx, id, { amount: 5, accountId: w.account('4100') }),
      { code: 'VALIDATION_ERROR', detail: { field: 'accountId', code: 'INVALID_CHOICE' } },
    ],
    [
      'nor is accounts receivable',
      (w, id) => recordPayment(w.ctx, id, { amount: 5, accountId: w.account('1130') }),
      { code: 'VALIDATION_ERROR', detail: { field: 'accountId', code: 'INVALID_CHOICE' } },
    ],
    ['an unknown invoice is 404', (w) => recordPayment(w.ctx, 'inv_missing', { amount: 5 }), { code: 'NOT_FOUND' }],
  ];
  for (const [name, pay, expected] of refusals) {
    it(`refused: ${name}, changing nothing`, () => {
      const w = salesWorld();
      const { customer, invoice } = sentInvoice(w);
      const entries = w.journalCount();
      const ar = w.net('accounts_receivable');
      const error = refusal(() => pay(w, invoice.id));
      expect(error.code).toBe(expected.code);
      if (expected.detail) expect(error.details[0]).toMatchObject(expected.detail);
      expect(retrieveInvoice(w.ctx, invoice.id)).toEqual(invoice);
      expect(w.reload(customer.id).currentBalance).toBe(270);
      expect(w.journalCount()).toBe(entries);
      expect(w.net('accounts_receivable')).toBe(ar);
      expect(recordPayment(w.ctx, invoice.id, { amount: 1 }).paymentNumber).toMatch(/^PAY-\d{6}$/);
    });
  }

  it('a draft, a cancelled and a paid invoice take no payment', () => {
    const w = salesWorld();
    const draft = createInvoice(w.ctx, { customerId: w.customer().id, items: [{ description: 'x', quantity: 1, unitPrice: 10 }] });
    expect(refusal(() => recordPayment(w.ctx, draft.id, { amount: 1 })).message).toBe(
      'a draft invoice cannot take a payment; send it first',
    );
    cancelInvoice(w.ctx, draft.id);
    expect(refusal(() => recordPayment(w.ctx, draft.id, { amount: 1 })).message).toBe('a cancelled invoice cannot take a payment');
    const { invoice } = sentInvoice(w);
    recordPayment(w.ctx, invoice.id, { amount: 270 });
    expect(refusal(() => recordPayment(w.ctx, invoice.id, { amount: 1 })).message).toBe('the invoice is already paid');
  });

  it('in another currency, the settling payment clears exactly what receivables hold for the invoice', () => {
    const w = salesWorld();
    const customer = w.customer({ currency: 'USD' });
    const arBefore = w.net('accounts_receivable');
    const draft = createInvoice(w.ctx, {
      customerId: customer.id,
      exchangeRate: 4.4321,
      items: [{ description: 'Licence', quantity: 3, unitPrice: 10.01, taxCode: null }],
    });
    const invoice = sendInvoice(w.ctx, draft.id); // 30.03 x 4.4321 = 133.095963 -> 133.10
    const payments = [10.01, 10.01, 10.01].map((amount) => recordPayment(w.ctx, invoice.id, { amount }));
    const base = (id: string) => journalEntriesTable(w.ctx).get(id)!.totalDebit;
    expect(invoice.baseTotal).toBe(133.1);
    // 10.01 x 4.4321 = 44.365321 -> 44.37 twice; the last one takes the 44.36 that is left, not another 44.37.
    expect(payments.map((p) => base(p.journalEntryId))).toEqual([44.37, 44.37, 44.36]);
    expect(w.net('accounts_receivable')).toBe(arBefore);
    expect(w.reload(customer.id).currentBalance).toBe(0);
  });

  it('in a currency worth less than the company one, a part payment that rounds up never leaves an invoice that cannot be settled', () => {
    const w = salesWorld();
    const customer = w.customer({ currency: 'JPY' });
    const arBefore = w.net('accounts_receivable');
    const draft = createInvoice(w.ctx, {
      customerId: customer.id,
      exchangeRate: 0.03,
      items: [{ description: 'Tea set', quantity: 1, unitPrice: 1000, taxCode: null }],
    });
    const invoice = sendInvoice(w.ctx, draft.id); // 1000 x 0.03 = 30.00
    // 999.84 x 0.03 = 29.9952 -> 30.00 would take all that receivables hold, with 0.16 still due.
    const part = recordPayment(w.ctx, invoice.id, { amount: 999.84 });
    expect(journalEntriesTable(w.ctx).get(part.journalEntryId)!.totalDebit).toBe(29.99);
    expect(retrieveInvoice(w.ctx, invoice.id)).toMatchObject({ amountDue: 0.16, baseAmountDue: 0.01 });
    const last = recordPayment(w.ctx, invoice.id, { amount: 0.16 });
    expect(journalEntriesTable(w.ctx).get(last.journalEntryId)!.totalDebit).toBe(0.01);
    expect(retrieveInvoice(w.ctx, invoice.id)).toMatchObject({ status: 'paid', amountDue: 0, baseAmountDue: 0 });
    expect(w.net('accounts_receivable')).toBe(arBefore);
    expect(w.reload(customer.id).currentBalance).toBe(0);
  });
});

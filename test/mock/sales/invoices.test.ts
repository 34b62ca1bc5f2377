import { describe, expect, it } from 'vitest';
import { journalEntriesTable } from '../../../mock-server/domain/accounting/index.js';
import {
  cancelInvoice,
  createInvoice,
  INVOICE_MOVES,
  invoiceMatches,
  invoicesTable,
  presentInvoice,
  recordPayment,
  retrieveInvoice,
  sendInvoice,
  updateCustomer,
  updateInvoice,
} from '../../../mock-server/domain/sales/index.js';
import { readOutbox } from '../../../mock-server/domain/shared/outbox.js';
import { START, refusal } from '../support/domain.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';

const TODAY = START.slice(0, 10);

/** A draft for 2 x 100 (SST10) and 1 x 50 without tax: subtotal 250, tax 20, total 270. */
function draftInvoice(w: SalesWorld, customerId = w.customer().id, extra: Record<string, unknown> = {}) {
  return createInvoice(w.ctx, {
    customerId,
    items: [
      { description: 'Desk lamp', quantity: 2, unitPrice: 100, taxCode: 'SST10' },
      { description: 'Assembly', quantity: 1, unitPrice: 50, taxCode: null },
    ],
    ...extra,
  });
}

const entryOf = (w: SalesWorld, id: string | null) => journalEntriesTable(w.ctx).get(id!)!;

describe('creating an invoice', () => {
  it('creates a draft with the next number, its totals and the customer, and posts nothing', () => {
    const w = salesWorld();
    const customer = w.customer({ paymentTerms: 14 });
    const entries = w.journalCount();
    const invoice = draftInvoice(w, customer.id);
    const next = draftInvoice(w, customer.id);

    expect(invoice).toMatchObject({
      status: 'draft',
      invoiceDate: TODAY,
      dueDate: '2026-12-04',
      subtotal: 250,
      totalTax: 20,
      total: 270,
      amountPaid: 0,
      amountDue: 270,
      paymentStatus: 'unpaid',
      customer: { id: customer.id, name: customer.name, email: customer.email },
      currency: 'MYR',
      exchangeRate: 1,
      journalEntryId: null,
      createdBy: 'usr_aisyah',
    });
    expect(invoice.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(Number(next.invoiceNumber.slice(4))).toBe(Number(invoice.invoiceNumber.slice(4)) + 1);
    expect(w.journalCount()).toBe(entries);
    expect(w.reload(customer.id).currentBalance).toBe(0);
  });

  it('an unknown customer is 404 CUSTOMER_NOT_FOUND and a blocked one a business rule', () => {
    const w = salesWorld();
    expect(refusal(() => draftInvoice(w, 'cus_unknown'))).toMatchObject({ status: 404, code: 'CUSTOMER_NOT_FOUND' });
    const blocked = w.customer();
    updateCustomer(w.ctx, blocked.id, { status: 'blocked' });
    expect(refusal(() => draftInvoice(w, blocked.id))).toMatchObject({
      status: 422,
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'a blocked customer cannot be sold to',
    });
  });

  it('a due date before the invoice date is a DATE_CONSTRAINT, and uses no invoice number', () => {
    const w = salesWorld();
    const customer = w.customer();
    const before = draftInvoice(w, customer.id);
    const error = refusal(() => draftInvoice(w, customer.id, { invoiceDate: '2026-11-10', dueDate: '2026-11-01' }));
    expect(error.details[0]).toMatchObject({ field: 'dueDate', code: 'DATE_CONSTRAINT' });
    expect(Number(draftInvoice(w, customer.id).invoiceNumber.slice(4))).toBe(Number(before.invoiceNumber.slice(4)) + 1);
  });

  it('an invoice in another currency needs its exchange rate', () => {
    const w = salesWorld();
    const error = refusal(() => draftInvoice(w, w.customer().id, { currency: 'USD' }));
    expect(error.details[0]).toMatchObject({ field: 'exchangeRate', code: 'REQUIRED_FIELD' });
  });
});

describe('sending an invoice', () => {
  it('posts debit receivables, credit income per account and tax payable, and raises the customer balance', () => {
    const w = salesWorld();
    const customer = w.customer();
    const service = w.item({ pricing: { sellingPrice: 80 }, accounting: { incomeAccountId: w.account('4200') } });
    const invoice = createInvoice(w.ctx, {
      customerId: customer.id,
      invoiceDate: '2026-11-18',
      items: [
        { description: 'Desk lamp', quantity: 2, unitPrice: 100, taxCode: 'SST10' },
        { itemId: service.id, quantity: 1, taxCode: 'SVC8' },
      ],
    });
    const arBefore = w.net('accounts_receivable');

    const sent = sendInvoice(w.ctx, invoice.id);

    expect(sent).toMatchObject({ status: 'sent', baseTotal: 306.4, baseAmountDue: 306.4, sentAt: expect.any(String) });
    const entry = entryOf(w, sent.journalEntryId);
    expect(entry).toMatchObject({
      status: 'posted',
      date: '2026-11-18',
      reference: invoice.invoiceNumber,
      source: { type: 'invoice', id: invoice.id },
      totalDebit: 306.4,
      totalCredit: 306.4,
    });
    expect(entry.lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [w.account('1130'), 306.4, 0],
      [w.account('4100'), 0, 200],
      [w.account('4200'), 0, 80],
      [w.account('2120'), 0, 26.4],
    ]);
    expect(w.net('accounts_receivable')).toBeCloseTo(arBefore + 306.4, 2);
    expect(w.reload(customer.id)).toMatchObject({ currentBalance: 306.4, totalSales: 306.4, lastSaleDate: '2026-11-18' });
  });

  it('records the message in the outbox, to the customer by default', () => {
    const w = salesWorld();
    const customer = w.customer({ email: 'ap@harmoni.my' });
    const invoice = draftInvoice(w, customer.id);
    sendInvoice(w.ctx, invoice.id, { cc: ['boss@harmoni.my'], attachPDF: false });
    const message = readOutbox(w.store).find((m) => m.documentId === invoice.id);
    expect(message).toMatchObject({
      kind: 'invoice',
      to: ['ap@harmoni.my'],
      cc: ['boss@harmoni.my'],
      attachPDF: false,
      subject: `Invoice ${invoice.invoiceNumber}`,
    });
  });

  it('sending again records another message without posting again', () => {
    const w = salesWorld();
    const invoice = draftInvoice(w);
    const first = sendInvoice(w.ctx, invoice.id);
    const entries = w.journalCount();
    const again = sendInvoice(w.ctx, invoice.id, { to: ['other@example.my'], sendReminders: true });
    expect(again).toMatchObject({ journalEntryId: first.journalEntryId, sendReminders: true });
    expect(w.journalCount()).toBe(entries);
    expect(
      readOutbox(w.store)
        .filter((m) => m.documentId === invoice.id)
        .map((m) => m.to),
    ).toEqual([[expect.any(String)], ['other@example.my']]);
  });

  it('a customer without an email: a copy (`cc`) without a `to` is refused and posts nothing', () => {
    const w = salesWorld();
    const customer = w.customer({ email: null, phone: '+60 12-345 6789' });
    const invoice = draftInvoice(w, customer.id);
    const entries = w.journalCount();
    expect(refusal(() => sendInvoice(w.ctx, invoice.id, { cc: ['boss@example.my'] })).details[0]).toMatchObject({
      field: 'to',
      code: 'REQUIRED_FIELD',
    });
    expect(retrieveInvoice(w.ctx, invoice.id).status).toBe('draft');
    expect(w.journalCount()).toBe(entries);
    expect(w.reload(customer.id).currentBalance).toBe(0);
  });

  it('over a non-zero credit limit it is 422 INSUFFICIENT_FUNDS with the spec details, and changes nothing', () => {
    const w = salesWorld();
    const customer = w.customer({ creditLimit: 500 });
    sendInvoice(w.ctx, draftInvoice(w, customer.id).id); // balance 270
    const second = draftInvoice(w, customer.id);
    const entries = w.journalCount();
    const outbox = readOutbox(w.store).length;

    const error = refusal(() => sendInvoice(w.ctx, second.id));

    expect(error).toMatchObject({ status: 422, code: 'INSUFFICIENT_FUNDS' });
    expect(error.details).toEqual([
      { customerId: customer.id, currentBalance: 270, creditLimit: 500, availableCredit: 230, requestedAmount: 270 },
    ]);
    expect(retrieveInvoice(w.ctx, second.id).status).toBe('draft');
    expect(w.journalCount()).toBe(entries);
    expect(readOutbox(w.store)).toHaveLength(outbox);
    expect(w.reload(customer.id).currentBalance).toBe(270);
  });

  it('reaching the credit limit exactly is allowed; a zero limit means no limit', () => {
    const w = salesWorld();
    const exact = w.customer({ creditLimit: 540 });
    sendInvoice(w.ctx, draftInvoice(w, exact.id).id);
    expect(sendInvoice(w.ctx, draftInvoice(w, exact.id).id).status).toBe('sent');
    const unlimited = w.customer({ creditLimit: 0 });
    for (let i = 0; i < 3; i++) sendInvoice(w.ctx, draftInvoice(w, unlimited.id).id);
    expect(w.reload(unlimited.id).currentBalance).toBe(810);
  });

  it('a cancelled invoice cannot be sent', () => {
    const w = salesWorld();
    const invoice = draftInvoice(w);
    cancelInvoice(w.ctx, invoice.id);
    expect(refusal(() => sendInvoice(w.ctx, invoice.id))).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'a cancelled invoice cannot be sent',
    });
  });

  it('an invoice in another currency posts in the company currency at its rate', () => {
    const w = salesWorld();
    const customer = w.customer({ currency: 'USD' });
    const invoice = createInvoice(w.ctx, {
      customerId: customer.id,
      exchangeRate: 4.4321,
      items: [{ description: 'Licence', quantity: 3, unitPrice: 33.33, taxCode: 'SST10' }],
    });
    expect(invoice).toMatchObject({ currency: 'USD', total: 109.99 });
    const sent = sendInvoice(w.ctx, invoice.id);
    // 99.99 x 4.4321 = 443.165679 -> 443.17; 10.00 x 4.4321 = 44.321 -> 44.32
    expect(sent.baseTotal).toBe(487.49);
    expect(entryOf(w, sent.journalEntryId).totalDebit).toBe(487.49);
    expect(w.reload(customer.id).currentBalance).toBe(487.49);
  });
});

describe('the clock makes a sent invoice overdue', () => {
  it('past its due date with an amount due: status overdue and overdueBy days; paid ones never', () => {
    const w = salesWorld();
    const open = sendInvoice(w.ctx, draftInvoice(w, w.customer({ paymentTerms: 7 }).id).id);
    const paid = sendInvoice(w.ctx, draftInvoice(w, w.customer({ paymentTerms: 7 }).id).id);
    recordPayment(w.ctx, paid.id, { amount: 270 });
    const draft = draftInvoice(w, w.customer({ paymentTerms: 7 }).id);

    expect(presentInvoice(w.ctx, retrieveInvoice(w.ctx, open.id))).toMatchObject({ status: 'sent', overdueBy: 0 });
    w.clock.advance({ days: 7 });
    expect(presentInvoice(w.ctx, retrieveInvoice(w.ctx, open.id))).toMatchObject({ status: 'sent', overdueBy: 0 });
    w.clock.advance({ days: 3 });
    expect(presentInvoice(w.ctx, retrieveInvoice(w.ctx, open.id))).toMatchObject({ status: 'overdue', overdueBy: 3 });
    expect(presentInvoice(w.ctx, retrieveInvoice(w.ctx, paid.id))).toMatchObject({ status: 'paid', overdueBy: 0 });
    expect(presentInvoice(w.ctx, retrieveInvoice(w.ctx, draft.id))).toMatchObject({ status: 'draft', overdueBy: 0 });

    const mine = new Set([open.id, paid.id, draft.id]);
    const matching = (filters: Parameters<typeof invoiceMatches>[1]) =>
      invoicesTable(w.ctx)
        .all()
        .filter((row) => mine.has(row.id) && invoiceMatches(w.ctx, filters)(row))
        .map((row) => row.id);
    expect(matching({ overdue: true })).toEqual([open.id]);
    expect(matching({ status: 'overdue' })).toEqual([open.id]);
    expect(matching({ status: 'sent' })).toEqual([]);
    expect(matching({ overdue: false })).toEqual([paid.id, draft.id]);
  });
});

describe('updating an invoice', () => {
  it('a draft takes new lines, dates and notes', () => {
    const w = salesWorld();
    const invoice = draftInvoice(w);
    const changed = updateInvoice(w.ctx, invoice.id, {
      notes: 'Thank you',
      items: [{ description: 'Chair', quantity: 1, unitPrice: 99.9, taxCode: 'SST5' }],
    });
    expect(changed).toMatchObject({ notes: 'Thank you', subtotal: 99.9, totalTax: 5, total: 104.9, amountDue: 104.9, status: 'draft' });
  });

  it('a sent invoice without payments is re-posted: old entry reversed, new entry, balance moved by the difference', () => {
    const w = salesWorld();
    const customer = w.customer();
    const sent = sendInvoice(w.ctx, draftInvoice(w, customer.id).id);
    const arBefore = w.net('accounts_receivable');

    const changed = updateInvoice(w.ctx, sent.id, { items: [{ description: 'Desk lamp', quantity: 3, unitPrice: 100, taxCode: 'SST10' }] });

    expect(changed).toMatchObject({ status: 'sent', total: 330, amountDue: 330, baseTotal: 330, baseAmountDue: 330 });
    expect(changed.journalEntryId).not.toBe(sent.journalEntryId);
    expect(entryOf(w, sent.journalEntryId)).toMatchObject({ status: 'void', voidReason: `Invoice ${sent.invoiceNumber} amended` });
    expect(entryOf(w, changed.journalEntryId)).toMatchObject({ status: 'posted', totalDebit: 330 });
    expect(w.net('accounts_receivable')).toBeCloseTo(arBefore + 60, 2);
    expect(w.reload(customer.id)).toMatchObject({ currentBalance: 330, totalSales: 330 });
  });

  it('the credit check applies to a sent invoice that grows', () => {
    const w = salesWorld();
    const customer = w.customer({ creditLimit: 300 });
    const sent = sendInvoice(w.ctx, draftInvoice(w, customer.id).id);
    const error = refusal(() =>
      updateInvoice(w.ctx, sent.id, { items: [{ description: 'Lamp', quantity: 3, unitPrice: 100, taxCode: 'SST10' }] }),
    );
    expect(error).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(error.details[0]).toMatchObject({ currentBalance: 270, requestedAmount: 60, availableCredit: 30 });
    expect(retrieveInvoice(w.ctx, sent.id)).toMatchObject({ total: 270, journalEntryId: sent.journalEntryId });
    expect(entryOf(w, sent.journalEntryId).status).toBe('posted');
  });

  it('with payments only the non-money fields may change', () => {
    const w = salesWorld();
    const sent = sendInvoice(w.ctx, draftInvoice(w).id);
    recordPayment(w.ctx, sent.id, { amount: 100 });
    expect(updateInvoice(w.ctx, sent.id, { notes: 'Balance by month end', dueDate: '2027-01-15' })).toMatchObject({
      notes: 'Balance by month end',
      dueDate: '2027-01-15',
    });
    const error = refusal(() => updateInvoice(w.ctx, sent.id, { shippingCost: 10 }));
    expect(error).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'an invoice with payments cannot change its lines, amounts or date',
    });
    expect(error.details[0]).toMatchObject({ fields: ['shippingCost'], amountPaid: 100 });
  });

  it('a paid invoice cannot be modified; neither can a cancelled one; a sent one keeps its customer', () => {
    const w = salesWorld();
    const paid = sendInvoice(w.ctx, draftInvoice(w).id);
    recordPayment(w.ctx, paid.id, { amount: 270 });
    const error = refusal(() => updateInvoice(w.ctx, paid.id, { notes: 'x' }));
    expect(error).toMatchObject({ status: 422, code: 'BUSINESS_RULE_VIOLATION', message: 'a paid invoice cannot be modified' });
    expect(error.details[0]).toMatchObject({ rule: 'a paid invoice cannot be modified', invoiceId: paid.id, status: 'paid' });

    const cancelled = draftInvoice(w);
    cancelInvoice(w.ctx, cancelled.id);
    expect(refusal(() => updateInvoice(w.ctx, cancelled.id, { notes: 'x' })).message).toBe('a cancelled invoice cannot be modified');

    const sent = sendInvoice(w.ctx, draftInvoice(w).id);
    expect(refusal(() => updateInvoice(w.ctx, sent.id, { customerId: w.customer().id })).message).toBe(
      'the customer of a sent invoice cannot change',
    );
  });
});

describe('cancelling an invoice', () => {
  it('a draft is cancelled without touching the ledger', () => {
    const w = salesWorld();
    const invoice = draftInvoice(w);
    const entries = w.journalCount();
    expect(cancelInvoice(w.ctx, invoice.id, { reason: 'Duplicate' })).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Duplicate',
      amountDue: 0,
      cancelledAt: expect.any(String),
    });
    expect(w.journalCount()).toBe(entries);
  });

  it('a sent invoice has its entry reversed and the customer balance and sales lowered', () => {
    const w = salesWorld();
    const customer = w.customer();
    const sent = sendInvoice(w.ctx, draftInvoice(w, customer.id).id);
    const arBefore = w.net('accounts_receivable');
    const cancelled = cancelInvoice(w.ctx, sent.id, { reason: 'Wrong customer', cancelDate: '2026-11-21' });
    const original = entryOf(w, sent.journalEntryId);
    expect(original).toMatchObject({ status: 'void', voidDate: '2026-11-21', voidReason: 'Wrong customer' });
    expect(entryOf(w, original.reversedByEntryId)).toMatchObject({
      date: '2026-11-21',
      totalDebit: 270,
      source: { type: 'invoice', id: sent.id },
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', journalEntryId: sent.journalEntryId });
    expect(w.net('accounts_receivable')).toBeCloseTo(arBefore - 270, 2);
    expect(w.reload(customer.id)).toMatchObject({ currentBalance: 0, totalSales: 0 });
  });

  it('an invoice with payments, or one already cancelled, is refused', () => {
    const w = salesWorld();
    const sent = sendInvoice(w.ctx, draftInvoice(w).id);
    recordPayment(w.ctx, sent.id, { amount: 10 });
    expect(refusal(() => cancelInvoice(w.ctx, sent.id)).message).toBe('an invoice with payments cannot be cancelled');
    const draft = draftInvoice(w);
    cancelInvoice(w.ctx, draft.id);
    expect(refusal(() => cancelInvoice(w.ctx, draft.id)).message).toBe('the invoice is already cancelled');
  });
});

describe('the invoice move table', () => {
  it('refuses every move it names from the state it names, with its rule, and writes nothing', () => {
    const w = salesWorld();
    const draft = draftInvoice(w);
    const paid = sendInvoice(w.ctx, draftInvoice(w).id);
    recordPayment(w.ctx, paid.id, { amount: 270 });
    const cancelled = cancelInvoice(w.ctx, draftInvoice(w).id);
    const byState = { draft: draft.id, paid: paid.id, cancelled: cancelled.id } as Record<string, string>;
    const act = {
      send: (id: string) => sendInvoice(w.ctx, id),
      update: (id: string) => updateInvoice(w.ctx, id, { notes: 'x' }),
      cancel: (id: string) => cancelInvoice(w.ctx, id),
      pay: (id: string) => recordPayment(w.ctx, id, { amount: 1 }),
    };
    let checked = 0;
    for (const action of Object.keys(INVOICE_MOVES.moves) as (keyof typeof act)[]) {
      for (const state of Object.keys(byState) as ('draft' | 'paid' | 'cancelled')[]) {
        if (INVOICE_MOVES.allows(action, state)) continue;
        const move = INVOICE_MOVES.moves[action];
        const rule = (move.refusals?.[state] ?? move.rule).replace('{status}', state);
        const id = byState[state];
        const before = invoicesTable(w.ctx).get(id);
        expect(
          refusal(() => act[action as keyof typeof act](id)),
          `${action} from ${state}`,
        ).toMatchObject({
          status: 422,
          code: 'BUSINESS_RULE_VIOLATION',
          message: rule,
        });
        expect(invoicesTable(w.ctx).get(id)).toBe(before);
        checked++;
      }
    }
    expect(checked).toBe(8);
  });
});

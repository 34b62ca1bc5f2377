import { describe, expect, it } from 'vitest';
import {
  allocateCredit,
  createCreditNote,
  createInvoice,
  invoicesTable,
  recordPayment,
  sendInvoice,
} from '../../../mock-server/domain/sales/index.js';
import { journalEntriesTable } from '../../../mock-server/domain/accounting/index.js';
import { receivableBooks, salesWorld } from '../support/sales.js';

describe('applying foreign-currency credit', () => {
  it('clears the cent by which the credit and the invoice it settles differ in the company currency', () => {
    const w = salesWorld('empty');
    const customer = w.customer({ currency: 'USD' });
    const sent = (unitPrice: number, shippingCost: number) =>
      sendInvoice(
        w.ctx,
        createInvoice(w.ctx, {
          customerId: customer.id,
          exchangeRate: 4.4444,
          shippingCost,
          items: [{ description: 'Part', quantity: 1, unitPrice, taxCode: null }],
        }).id,
      );
    const paid = sent(0.03, 0);
    recordPayment(w.ctx, paid.id, { amount: 0.03 });
    const note = createCreditNote(w.ctx, paid.id, { reason: 'Returned' });
    // 0.04 at 4.4444 is 0.18; less a payment of 0.01 (0.04) it holds 0.14 for the 0.03 due, which alone is 0.13.
    const open = sent(0.04, 0);
    recordPayment(w.ctx, open.id, { amount: 0.01 });
    expect([note.remainingCredit, note.baseRemainingCredit]).toEqual([0.03, 0.13]);
    expect(invoicesTable(w.ctx).get(open.id)).toMatchObject({ amountDue: 0.03, baseAmountDue: 0.14 });

    const applied = allocateCredit(w.ctx, note.id, { invoiceId: open.id, amount: 0.03 });
    expect(applied).toMatchObject({ status: 'applied', remainingCredit: 0, baseRemainingCredit: 0 });
    expect(invoicesTable(w.ctx).get(open.id)).toMatchObject({ status: 'paid', amountDue: 0, baseAmountDue: 0 });
    const rounding = journalEntriesTable(w.ctx).all().at(-1)!;
    expect(rounding).toMatchObject({
      description: `Rounding on applying ${note.creditNoteNumber} to ${open.invoiceNumber}`,
      totalDebit: 0.01,
      source: { type: 'credit_note', id: note.id },
    });
    const books = receivableBooks(w);
    expect([books.receivable, books.customers]).toEqual(['0.00', '0.00']);
  });
});

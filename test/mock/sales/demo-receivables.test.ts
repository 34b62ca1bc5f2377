import { describe, expect, it } from 'vitest';
import { invoicesTable, presentInvoice, presentQuote, quotesTable, salesOrdersTable } from '../../../mock-server/domain/sales/index.js';
import { readOutbox } from '../../../mock-server/domain/shared/outbox.js';
import { receivableBooks, salesWorld } from '../support/sales.js';

// The sequences of every operation are the model of test/mock/books/model.test.ts (ACC-31).
describe('receivables stay in agreement in the demo seed', () => {
  it('the demo seed: every invoice, quote and order state, and books that already agree in both companies', () => {
    const w = salesWorld('demo');
    for (const company of w.seeded.companies) {
      const books = receivableBooks({ ...w, ctx: w.ctxFor(company.id) });
      expect(books.customers, company.name).toBe(books.receivable);
      expect(books.openInvoices, company.name).toBe(books.receivable);
      expect(books.trialDebit, company.name).toBe(books.trialCredit);
      expect(Number(books.receivable), company.name).toBeGreaterThan(0);
    }
    const invoiceStates = new Set(
      invoicesTable(w.ctx)
        .all()
        .map((row) => `${presentInvoice(w.ctx, row).status}/${row.paymentStatus}`),
    );
    expect([...invoiceStates].sort()).toEqual([
      'cancelled/unpaid',
      'draft/unpaid',
      'overdue/partial',
      'overdue/unpaid',
      'paid/paid',
      'sent/unpaid',
    ]);
    expect(
      new Set(
        quotesTable(w.ctx)
          .all()
          .map((row) => presentQuote(w.ctx, row).status),
      ),
    ).toEqual(new Set(['sent', 'accepted', 'expired', 'converted']));
    expect(
      new Set(
        salesOrdersTable(w.ctx)
          .all()
          .map((row) => row.status),
      ),
    ).toEqual(new Set(['draft', 'confirmed', 'delivered', 'cancelled']));
    // The demo's documents were sent before the sandbox started: the outbox starts empty.
    expect(readOutbox(w.store)).toEqual([]);
  });
});

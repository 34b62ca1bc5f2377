import type { MockClock } from '../clock.js';
import { addDays } from '../domain/calendar.js';
import { companyCurrency } from '../domain/company.js';
import { customersTable, itemsTable, type CustomerRow, type ItemRow } from '../domain/crm-tables.js';
import { cancelInvoice, createInvoice, sendInvoice } from '../domain/invoices.js';
import { recordPayment } from '../domain/payments.js';
import { acceptQuote, convertQuoteToOrder, createQuote, sendQuote } from '../domain/quotes.js';
import type { SalesContext } from '../domain/sales-documents.js';
import { changeSalesOrderStatus, convertSalesOrderToInvoice, createSalesOrder, updateSalesOrder } from '../domain/sales-orders.js';

/** How much sales history a demo company gets: `full` shows every state, `small` a few documents. */
export type SalesHistory = 'full' | 'small';

// The demo's documents were "sent" before the sandbox started: no outbox messages for them.
const QUIET = { recordMessage: false } as const;

/**
 * Demo sales documents for one company, written after its customers and items through the same
 * domain calls the API makes, so the ledger, customer balances and totals agree: quotes sent,
 * accepted, expired and converted; orders in each state, one partly invoiced; invoices draft, sent,
 * overdue, partly paid, paid and cancelled. Payments are banked in the last three weeks and nothing
 * is voided, so the older journal history of the demo reads as before. Each step runs with the clock set back to its day, so
 * dates, timestamps and clock rules (a quote's validity) read as if it had happened then.
 */
export function seedSalesDocuments(ctx: SalesContext, history: SalesHistory = 'full'): void {
  const base = companyCurrency(ctx);
  const customers = customersTable(ctx)
    .all()
    .filter((c) => c.status === 'active' && c.currency === base);
  const items = itemsTable(ctx)
    .all()
    .filter((i) => i.isActive);
  if (customers.length === 0 || items.length === 0) return;
  const customer = (n: number): CustomerRow => customers[n % customers.length];
  const item = (n: number): ItemRow => items[n % items.length];
  const line = (n: number, quantity: number, discountPercent?: number) => ({ itemId: item(n).id, quantity, discountPercent });
  const asOf = clockAt(ctx.clock);

  ctx.store.transaction(() => {
    // An invoice sent and still open, a quote waiting for an answer, a draft.
    asOf(-6, () => sendInvoice(ctx, createInvoice(ctx, { customerId: customer(1).id, items: [line(2, 3)] }).id, {}, QUIET));
    asOf(-4, () => {
      const quote = createQuote(ctx, { customerId: customer(2).id, title: 'Quotation for the new branch', items: [line(1, 4), line(3, 2, 5)] });
      sendQuote(ctx, quote.id, {}, QUIET);
    });
    asOf(0, () => createInvoice(ctx, { customerId: customer(6).id, items: [line(3, 2), { description: 'Delivery and installation', quantity: 1, unitPrice: 120, taxCode: null }] }));
    if (history === 'small') return;

    // An invoice paid within its terms.
    const paid = asOf(-42, () => {
      const invoice = createInvoice(ctx, { customerId: customer(0).id, reference: 'Walk-in order', items: [line(0, 2), line(1, 1)] });
      return sendInvoice(ctx, invoice.id, {}, QUIET);
    });
    asOf(-16, () => recordPayment(ctx, paid.id, { amount: paid.total, paymentMethod: 'bank_transfer', reference: 'IBG 70121' }));

    // Quotes: one expired without an answer, one accepted, one accepted and converted to an order
    // that was shipped, delivered, invoiced and paid.
    asOf(-45, () => sendQuote(ctx, createQuote(ctx, { customerId: customer(3).id, validUntil: addDays(ctx.clock.today(), 30), items: [line(4, 6)] }).id, {}, QUIET));
    const accepted = asOf(-10, () => sendQuote(ctx, createQuote(ctx, { customerId: customer(4).id, items: [line(5, 2), line(0, 1)] }).id, {}, QUIET));
    asOf(-7, () => acceptQuote(ctx, accepted.id));
    const won = asOf(-25, () =>
      sendQuote(ctx, createQuote(ctx, { customerId: customer(0).id, title: 'Annual restock', items: [line(1, 5), line(2, 2)] }).id, {}, QUIET),
    );
    asOf(-23, () => acceptQuote(ctx, won.id));
    const delivered = asOf(-22, () => {
      const { order } = convertQuoteToOrder(ctx, won.id);
      updateSalesOrder(ctx, order.id, { requiredDate: addDays(ctx.clock.today(), 10), priority: 'high' });
      return changeSalesOrderStatus(ctx, order.id, { status: 'confirmed' });
    });
    asOf(-17, () => changeSalesOrderStatus(ctx, delivered.id, { status: 'shipped', shipping: { method: 'Courier', trackingNumber: 'MY1234567890', estimatedDelivery: addDays(ctx.clock.today(), 3) } }));
    const fromOrder = asOf(-14, () => {
      changeSalesOrderStatus(ctx, delivered.id, { status: 'delivered', notes: 'Signed for by the store manager' });
      return sendInvoice(ctx, convertSalesOrderToInvoice(ctx, delivered.id).id, {}, QUIET);
    });
    asOf(-2, () => recordPayment(ctx, fromOrder.id, { amount: fromOrder.total, paymentMethod: 'cheque', reference: 'CHQ 004512' }));

    // Orders: confirmed and half invoiced, a draft, a cancelled one.
    asOf(-9, () => {
      const order = createSalesOrder(ctx, { customerId: customer(1).id, requiredDate: addDays(ctx.clock.today(), 16), shippingCost: 45, items: [line(3, 10), line(4, 4)] });
      changeSalesOrderStatus(ctx, order.id, { status: 'confirmed', notes: 'Deposit received' });
      const firstHalf = convertSalesOrderToInvoice(ctx, order.id, { partialItems: [{ itemId: order.items[0].id, quantity: 5 }] });
      sendInvoice(ctx, firstHalf.id, {}, QUIET);
    });
    asOf(0, () => createSalesOrder(ctx, { customerId: customer(5).id, requiredDate: addDays(ctx.clock.today(), 14), priority: 'low', items: [line(5, 1)] }));
    const dropped = asOf(-30, () => createSalesOrder(ctx, { customerId: customer(2).id, items: [line(0, 3)] }));
    asOf(-28, () => changeSalesOrderStatus(ctx, dropped.id, { status: 'cancelled', notes: 'Customer found stock elsewhere' }));

    // Invoices: overdue and unpaid, overdue and partly paid, paid late, a draft, a cancelled one.
    asOf(-55, () => sendInvoice(ctx, createInvoice(ctx, { customerId: customer(3).id, dueDate: addDays(ctx.clock.today(), 30), items: [line(2, 2)] }).id, {}, QUIET));
    const partial = asOf(-38, () =>
      sendInvoice(ctx, createInvoice(ctx, { customerId: customer(4).id, dueDate: addDays(ctx.clock.today(), 30), purchaseOrder: 'PO-7781', items: [line(1, 3), line(5, 1)] }).id, {}, QUIET),
    );
    asOf(-11, () => recordPayment(ctx, partial.id, { amount: Math.max(1, Math.floor(partial.total / 2)), paymentMethod: 'debit_card' }));
    const late = asOf(-80, () => sendInvoice(ctx, createInvoice(ctx, { customerId: customer(5).id, dueDate: addDays(ctx.clock.today(), 30), items: [line(0, 1)] }).id, {}, QUIET));
    asOf(-12, () => recordPayment(ctx, late.id, { amount: late.total, paymentMethod: 'ewallet', reference: 'DuitNow 55120' }));
    const cancelled = asOf(-18, () => createInvoice(ctx, { customerId: customer(7).id, items: [line(4, 1)] }));
    asOf(-17, () => cancelInvoice(ctx, cancelled.id, { reason: 'Raised against the wrong customer' }));
  });
}

/**
 * Runs a step with the clock set `offsetDays` from now, then puts the clock back where it would be
 * had it never moved (it keeps running with real time).
 */
function clockAt(clock: MockClock) {
  return <T>(offsetDays: number, step: () => T): T => {
    const startedMs = clock.nowMs();
    const realStart = Date.now();
    clock.set(startedMs + offsetDays * 86_400_000);
    try {
      return step();
    } finally {
      clock.set(startedMs + (Date.now() - realStart));
    }
  };
}

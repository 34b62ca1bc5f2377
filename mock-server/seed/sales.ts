import type { MockClock } from '../kernel/clock.js';
import {
  acceptQuote,
  cancelInvoice,
  changeSalesOrderStatus,
  convertQuoteToOrder,
  convertSalesOrderToInvoice,
  createInvoice,
  createQuote,
  createSalesOrder,
  type CustomerRow,
  customersTable,
  type InvoiceRow,
  type QuoteRow,
  recordPayment,
  type SalesOrderRow,
  sendInvoice,
  sendQuote,
  updateSalesOrder,
} from '../domain/sales/index.js';
import { addDays, companyToday } from '../domain/shared/calendar.js';
import { companyCurrency } from '../domain/platform/index.js';
import { itemsTable } from '../domain/inventory/index.js';
import type { ActingContext } from '../domain/shared/actor.js';

/** How much sales history a demo company gets: `full` shows every state, `small` a few documents. */
export type SalesHistory = 'full' | 'small';

// The demo's documents were "sent" before the sandbox started: no outbox messages for them.
const QUIET = { recordMessage: false } as const;

/** One dated step of the demo's sales history; `both`: the small history has it too. */
interface DemoStep {
  day: number;
  both: boolean;
  run: () => unknown;
}

/** What the steps draw on: the company's customers and lines of its items. */
interface DemoPicks {
  customer: (n: number) => CustomerRow;
  line: (n: number, quantity: number, discountPercent?: number) => { itemId: string; quantity: number; discountPercent?: number };
  /** A line of the item `itemCode` (at `unitPrice` when given), none when the catalogue has no such item. */
  coded: (itemCode: string, quantity: number, unitPrice?: number) => { itemId: string; quantity: number; unitPrice?: number }[];
}

/**
 * Demo sales documents for one company, written after its customers and items through the same
 * domain calls the API makes, so the ledger, customer balances and totals agree: quotes sent,
 * accepted, expired and converted; orders in each state, one partly invoiced; invoices draft, sent,
 * overdue, partly paid, paid and cancelled; the oldest sales of the books' history too, so receivables
 * and tax payable move only through documents. Sent invoices issue their goods from the opening stock
 * (seed/opening-stock.ts covers every sale) and the confirmed order reserves its rest. Nothing is voided. The steps run in date order,
 * each with the clock set back to its day, so document numbers follow their dates (as an accountant
 * expects of INV-, QT-, SO- and PAY- sequences) and clock rules (a quote's validity) read as if it had
 * happened then.
 */
export function seedSalesDocuments(ctx: ActingContext, history: SalesHistory = 'full'): void {
  const base = companyCurrency(ctx);
  const customers = customersTable(ctx)
    .all()
    .filter((c) => c.status === 'active' && c.currency === base);
  const items = itemsTable(ctx)
    .all()
    .filter((i) => i.isActive);
  if (customers.length === 0 || items.length === 0) return;
  const picks: DemoPicks = {
    customer: (n) => customers[n % customers.length],
    line: (n, quantity, discountPercent) => ({ itemId: items[n % items.length].id, quantity, discountPercent }),
    coded: (itemCode, quantity, unitPrice) =>
      items
        .filter((i) => i.itemCode === itemCode)
        .map((i) => ({ itemId: i.id, quantity, ...(unitPrice === undefined ? {} : { unitPrice }) })),
  };
  const asOf = clockAt(ctx.clock);
  const steps = demoSalesSteps(ctx, picks)
    .filter((step) => history === 'full' || step.both)
    .sort((a, b) => a.day - b.day);
  ctx.store.transaction(() => {
    for (const step of steps) asOf(step.day, step.run);
  });
}

/** The demo's sales history as dated steps, told story by story; `seedSalesDocuments` runs them in date order. */
function demoSalesSteps(ctx: ActingContext, { customer, line, coded }: DemoPicks): DemoStep[] {
  const steps: DemoStep[] = [];
  const on = (day: number, run: () => unknown, both = false) => steps.push({ day, both, run });
  const send = (invoice: InvoiceRow) => sendInvoice(ctx, invoice.id, {}, QUIET);
  let paid: InvoiceRow, accepted: QuoteRow, won: QuoteRow, delivered: SalesOrderRow, fromOrder: InvoiceRow;
  let dropped: SalesOrderRow, partial: InvoiceRow, late: InvoiceRow, cancelled: InvoiceRow, opening: InvoiceRow;

  // The books' first sales (ACC-28: not journal lines on receivables and tax): goods on 30 days, received
  // in 15 (the goods leave the opening stock, their cost posted in the invoice's entry); a repair job paid in cash, service tax 8%.
  on(
    -85,
    () =>
      (opening = send(
        createInvoice(ctx, {
          customerId: customer(0).id,
          items: [...coded('CHR-100', 20), ...coded('PAP-A4', 60), ...coded('PEN-BLU', 40)],
        }),
      )),
  );
  on(-70, () => recordPayment(ctx, opening.id, { amount: opening.total, paymentMethod: 'bank_transfer', reference: 'OR-0001' }));
  on(-30, () => {
    const repair = send(createInvoice(ctx, { customerId: customer(4).id, reference: 'Cash sale', items: coded('SVC-INS', 16, 125) }));
    recordPayment(ctx, repair.id, { amount: repair.total, paymentMethod: 'cash', reference: 'CS-0001' });
  });

  // An invoice sent and still open, a quote waiting for an answer, a draft with a line without tax.
  on(-6, () => send(createInvoice(ctx, { customerId: customer(1).id, items: [line(2, 3)] })), true);
  on(
    -4,
    () =>
      sendQuote(
        ctx,
        createQuote(ctx, { customerId: customer(2).id, title: 'Quotation for the new branch', items: [line(1, 4), line(3, 2, 5)] }).id,
        {},
        QUIET,
      ),
    true,
  );
  on(
    0,
    () =>
      createInvoice(ctx, {
        customerId: customer(6).id,
        items: [line(3, 2), { description: 'Special order, as agreed by phone', quantity: 1, unitPrice: 120, taxCode: null }],
      }),
    true,
  );

  // An invoice paid within its terms, delivery charged.
  on(
    -42,
    () =>
      (paid = send(
        createInvoice(ctx, {
          customerId: customer(0).id,
          reference: 'Walk-in order',
          items: [line(0, 2), line(1, 1), ...coded('SVC-DEL', 1)],
        }),
      )),
  );
  on(-16, () => recordPayment(ctx, paid.id, { amount: paid.total, paymentMethod: 'bank_transfer', reference: 'IBG 70121' }));

  // Quotes: one expired without an answer, one accepted, one accepted and converted to an order
  // that was shipped, delivered, invoiced and paid.
  on(-45, () =>
    sendQuote(
      ctx,
      createQuote(ctx, { customerId: customer(3).id, validUntil: addDays(companyToday(ctx), 30), items: [line(4, 6)] }).id,
      {},
      QUIET,
    ),
  );
  on(
    -10,
    () => (accepted = sendQuote(ctx, createQuote(ctx, { customerId: customer(4).id, items: [line(5, 2), line(0, 1)] }).id, {}, QUIET)),
  );
  on(-7, () => acceptQuote(ctx, accepted.id));
  on(
    -25,
    () =>
      (won = sendQuote(
        ctx,
        createQuote(ctx, { customerId: customer(0).id, title: 'Annual restock', items: [line(1, 5), line(2, 2), ...coded('SVC-INS', 3)] })
          .id,
        {},
        QUIET,
      )),
  );
  on(-23, () => acceptQuote(ctx, won.id));
  on(-22, () => {
    const { order } = convertQuoteToOrder(ctx, won.id);
    updateSalesOrder(ctx, order.id, { requiredDate: addDays(companyToday(ctx), 10), priority: 'high' });
    delivered = changeSalesOrderStatus(ctx, order.id, { status: 'confirmed' });
  });
  on(-17, () =>
    changeSalesOrderStatus(ctx, delivered.id, {
      status: 'shipped',
      shipping: { method: 'Courier', trackingNumber: 'MY1234567890', estimatedDelivery: addDays(companyToday(ctx), 3) },
    }),
  );
  on(-14, () => {
    changeSalesOrderStatus(ctx, delivered.id, { status: 'delivered', notes: 'Signed for by the store manager' });
    fromOrder = send(convertSalesOrderToInvoice(ctx, delivered.id));
  });
  on(-2, () => recordPayment(ctx, fromOrder.id, { amount: fromOrder.total, paymentMethod: 'cheque', reference: 'CHQ 004512' }));

  // Orders: confirmed and half invoiced, a draft, a cancelled one.
  on(-9, () => {
    const order = createSalesOrder(ctx, {
      customerId: customer(1).id,
      requiredDate: addDays(companyToday(ctx), 16),
      shippingCost: 45,
      items: [line(3, 10), line(4, 4)],
    });
    changeSalesOrderStatus(ctx, order.id, { status: 'confirmed', notes: 'Deposit received' });
    send(convertSalesOrderToInvoice(ctx, order.id, { partialItems: [{ itemId: order.items[0].id, quantity: 5 }] }));
  });
  on(0, () =>
    createSalesOrder(ctx, {
      customerId: customer(5).id,
      requiredDate: addDays(companyToday(ctx), 14),
      priority: 'low',
      items: [line(5, 1)],
    }),
  );
  on(-30, () => (dropped = createSalesOrder(ctx, { customerId: customer(2).id, items: [line(0, 3)] })));
  on(-28, () => changeSalesOrderStatus(ctx, dropped.id, { status: 'cancelled', notes: 'Customer found stock elsewhere' }));

  // Invoices: overdue and unpaid, overdue and partly paid, paid late, a cancelled draft.
  on(-55, () => send(createInvoice(ctx, { customerId: customer(3).id, dueDate: addDays(companyToday(ctx), 30), items: [line(2, 2)] })));
  on(
    -38,
    () =>
      (partial = send(
        createInvoice(ctx, {
          customerId: customer(4).id,
          dueDate: addDays(companyToday(ctx), 30),
          purchaseOrder: 'PO-7781',
          items: [line(1, 3), line(5, 1), ...coded('SVC-DEL', 1)],
        }),
      )),
  );
  on(-11, () => recordPayment(ctx, partial.id, { amount: Math.max(1, Math.floor(partial.total / 2)), paymentMethod: 'debit_card' }));
  on(
    -80,
    () => (late = send(createInvoice(ctx, { customerId: customer(5).id, dueDate: addDays(companyToday(ctx), 30), items: [line(0, 1)] }))),
  );
  on(-12, () => recordPayment(ctx, late.id, { amount: late.total, paymentMethod: 'ewallet', reference: 'DuitNow 55120' }));
  on(-18, () => (cancelled = createInvoice(ctx, { customerId: customer(7).id, items: [line(4, 1)] })));
  on(-17, () => cancelInvoice(ctx, cancelled.id, { reason: 'Raised against the wrong customer' }));
  return steps;
}

/**
 * Runs a step with the clock set `offsetDays` from now, then puts the clock back where it would be
 * had it never moved (it keeps running with real time).
 */
export function clockAt(clock: MockClock) {
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

import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UnprocessableEntityError, type Invoice, type Item } from '../../../src/index.js';
import { modelRuns } from '../../mock/support/model-runs.js';
import type { MockSnapshot } from '../../../mock-server/index.js';
import { sandbox } from '../../support/sandbox.js';

// The sales reports and the P&L agree for any period (REP-96): sales, debit notes, credit notes and cancellations
// in MYR and dollars, dated across four months, a credit or a cancellation often months after its invoice. What
// the random operations add to each report over each period is compared with what they add to the P&L's revenue.
const { mock, acs } = sandbox({ seed: 'demo', now: '2026-11-20T09:00:00Z' });
const TODAY = '2026-11-20';
const FIRST = '2026-08-01';
const PERIODS = [
  { fromDate: '2026-08-01', toDate: '2026-08-31' },
  { fromDate: '2026-09-01', toDate: '2026-09-30' },
  { fromDate: '2026-10-01', toDate: '2026-10-31' },
  { fromDate: '2026-11-01', toDate: TODAY },
  { fromDate: FIRST, toDate: TODAY },
];

const dayAfter = (date: string, days: number) => {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return next > TODAY ? TODAY : next;
};

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('sale' as const),
    day: fc.integer({ min: 0, max: 111 }),
    customer: fc.nat(4),
    usd: fc.boolean(),
    lines: fc.array(
      fc.record({
        item: fc.nat(3),
        quantity: fc.integer({ min: 1, max: 8 }),
        unitPrice: fc.integer({ min: 100, max: 90_000 }).map((c) => c / 100),
        taxCode: fc.constantFrom('SVC8', 'SST10', 'NT'),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), later: fc.integer({ min: 0, max: 70 }) }),
  fc.record({ kind: fc.constant('credit' as const), pick: fc.nat(), later: fc.integer({ min: 0, max: 70 }) }),
  fc.record({
    kind: fc.constant('debit' as const),
    pick: fc.nat(),
    later: fc.integer({ min: 0, max: 70 }),
    amount: fc.integer({ min: 100, max: 20_000 }),
  }),
);
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

let items: Item[] = [];
const customers: string[] = [];

// Customers of the test's own, without a credit limit, made once and kept by every reset as part of the snapshot.
let start: MockSnapshot;
beforeAll(async () => {
  mock.reset();
  items = (await acs.items.list({ limit: 100 })).data.filter((item) => item.type !== 'inventory').slice(0, 4);
  for (const n of [1, 2, 3, 4, 5])
    customers.push((await acs.customers.create({ name: `Agreement Buyer ${n}`, email: `buyer${n}@agree.my` })).id);
  start = mock.snapshot('agreement');
});
beforeEach(() => {
  mock.restore(start);
});

/** Revenue over each period as the P&L, the sales summary, top customers and sales by product report it. */
async function figures() {
  return Promise.all(
    PERIODS.map(async (period) => {
      const [pl, summary, top, products] = await Promise.all([
        acs.reports.profitLoss(period),
        acs.reports.salesSummary(period),
        acs.reports.topCustomers(period),
        acs.reports.salesByProduct(period),
      ]);
      return {
        profitLoss: pl.sections.revenue.total,
        salesSummary: summary.totals.subtotal + summary.totals.shipping,
        topCustomers: top.totals.revenue,
        salesByProduct: products.totals.revenue,
      };
    }),
  );
}

async function apply(o: Operation, sent: Invoice[]): Promise<void> {
  const pickSent = (n: number) => sent.filter((i) => i.status !== 'cancelled')[n % Math.max(1, sent.length)];
  if (o.kind === 'sale') {
    const invoice = await acs.invoices.create({
      customerId: customers[o.customer % customers.length],
      invoiceDate: dayAfter(FIRST, o.day),
      ...(o.usd ? { currency: 'USD', exchangeRate: 4.4 } : {}),
      items: o.lines.map((l) => ({
        itemId: items[l.item % items.length].id,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        taxCode: l.taxCode,
      })),
    });
    sent.push(await acs.invoices.send(invoice.id));
    return;
  }
  const invoice = pickSent(o.pick);
  if (!invoice) return;
  const date = dayAfter(invoice.invoiceDate, o.later);
  if (o.kind === 'cancel') {
    await acs.invoices.cancel(invoice.id, { reason: 'Raised in error', cancelDate: date });
    invoice.status = 'cancelled';
  } else if (o.kind === 'credit') {
    await acs.creditNotes.create(invoice.id, { reason: 'Returned', creditNoteDate: date });
    invoice.status = 'cancelled'; // credited in full: it takes no further note
  } else {
    const item = items[0];
    await acs.debitNotes.create(invoice.id, {
      reason: 'Extra charge',
      debitNoteDate: date,
      items: [{ itemId: item.id, description: item.name, quantity: 1, unitPrice: o.amount / 100, taxCode: 'NT' }],
    });
  }
}

describe('the sales reports and the P&L (REP-96, property-based)', () => {
  it('add the same revenue to every period, whichever month a credit note, a debit note or a cancellation falls in', async () => {
    const baseline = await figures();
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 4, maxLength: 14 }), async (ops) => {
        mock.restore(start);
        const sent: Invoice[] = [];
        for (const o of ops) {
          // A refusal (a credit limit reached, a note on an invoice that takes no more) changes nothing.
          await apply(o, sent).catch((error: unknown) => {
            if (!(error instanceof UnprocessableEntityError)) throw error;
          });
        }
        const after = await figures();
        after.forEach((period, index) => {
          const moved = (key: keyof typeof period) => Math.round((period[key] - baseline[index][key]) * 100) / 100;
          const expected = moved('profitLoss');
          expect({
            period: PERIODS[index],
            summary: moved('salesSummary'),
            top: moved('topCustomers'),
            products: moved('salesByProduct'),
          }).toEqual({
            period: PERIODS[index],
            summary: expected,
            top: expected,
            products: expected,
          });
        });
      }),
      modelRuns(20),
    );
  }, 180_000);
});

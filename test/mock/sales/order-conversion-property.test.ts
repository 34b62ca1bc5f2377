import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeSalesOrderStatus,
  convertSalesOrderToInvoice,
  createSalesOrder,
  type InvoiceRow,
  retrieveSalesOrder,
  type SalesOrderRow,
} from '../../../mock-server/domain/sales/index.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';

// SALES-67: converting a sales order in parts gives invoices whose
// subtotals, discounts and taxes add up to the order's own totals exactly; the part that completes a
// line takes what is left of its amounts.

const TOTALS = ['subtotal', 'totalDiscount', 'totalTax', 'shippingCost', 'total'] as const;

/** The invoices' totals added up, as decimal strings, beside the order's. */
function sums(order: SalesOrderRow, invoices: InvoiceRow[]) {
  const of = (rows: Pick<SalesOrderRow, (typeof TOTALS)[number]>[]) =>
    Object.fromEntries(TOTALS.map((key) => [key, money.toFixed(money.sum(rows.map((row) => row[key])))]));
  return { invoices: of(invoices), order: of([order]) };
}

function confirmedOrder(w: SalesWorld, items: Parameters<typeof createSalesOrder>[1]['items'], shippingCost = 0): SalesOrderRow {
  const order = createSalesOrder(w.ctx, { customerId: w.customer().id, items, shippingCost });
  return changeSalesOrderStatus(w.ctx, order.id, { status: 'confirmed' });
}

describe('converting a sales order in parts', () => {
  it('3 x 33.33 less 12.5% at SVC8 in three parts of one: the parts add up to the order to the cent, the last taking the remainder', () => {
    const w = salesWorld('empty');
    const order = confirmedOrder(w, [
      { description: 'Consulting hour', quantity: 3, unitPrice: 33.33, discountPercent: 12.5, taxCode: 'SVC8' },
    ]);
    // Whole: 99.99 less 12.50 = 87.49, tax 7.00. One hour alone: 33.33 less 4.17 = 29.16, tax 2.33.
    expect(order).toMatchObject({ subtotal: 87.49, totalDiscount: 12.5, totalTax: 7, total: 94.49 });
    const lineId = order.items[0].id;
    const invoices = [1, 2, 3].map(() => convertSalesOrderToInvoice(w.ctx, order.id, { partialItems: [{ itemId: lineId, quantity: 1 }] }));

    expect(invoices.map((i) => [i.items[0].discountAmount, i.items[0].lineTotal, i.items[0].taxAmount])).toEqual([
      [4.17, 29.16, 2.33],
      [4.17, 29.16, 2.33],
      [4.16, 29.17, 2.34],
    ]);
    const { invoices: added, order: own } = sums(order, invoices);
    expect(added).toEqual(own);
  });

  it('any order converted in two or three parts gives invoices whose totals add up to the order exactly', () => {
    const line = fc.record({
      description: fc.constantFrom('Goods', 'Service'),
      quantity: fc.integer({ min: 2, max: 12 }),
      unitPrice: fc.integer({ min: 1, max: 999_99 }).map((cents) => cents / 100),
      discountPercent: fc.constantFrom(0, 5, 7.5, 12.5, 33.3333, 66.67),
      taxCode: fc.constantFrom('SST10', 'SST5', 'SVC8', 'SVC6', null),
    });
    // For each line, where its quantity is cut into the parts (fractions of it, ordered).
    const plan = fc.record({
      lines: fc.array(fc.tuple(line, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 2 })), {
        minLength: 1,
        maxLength: 4,
      }),
      shippingCost: fc.constantFrom(0, 12.35),
      lastPartWhole: fc.boolean(),
    });

    fc.assert(
      fc.property(plan, ({ lines, shippingCost, lastPartWhole }) => {
        const w = salesWorld('empty');
        const order = confirmedOrder(
          w,
          lines.map(([l]) => l),
          shippingCost,
        );
        const rounds = 3;
        // parts[r][i]: the quantity of line i invoiced in round r; the last round takes what remains.
        const parts = order.items.map((item, i) => {
          const cuts = lines[i][1].map((f) => Math.floor(f * item.quantity)).sort((a, b) => a - b);
          const bounds = [0, ...cuts, ...Array(rounds - 1 - cuts.length).fill(cuts.at(-1)), item.quantity];
          return Array.from({ length: rounds }, (_, r) => bounds[r + 1] - bounds[r]);
        });
        const invoices: InvoiceRow[] = [];
        for (let r = 0; r < rounds; r++) {
          const partialItems = order.items.map((item, i) => ({ itemId: item.id, quantity: parts[i][r] })).filter((p) => p.quantity > 0);
          if (partialItems.length === 0) continue;
          const whole = r === rounds - 1 && lastPartWhole;
          invoices.push(convertSalesOrderToInvoice(w.ctx, order.id, whole ? {} : { partialItems }));
        }
        expect(retrieveSalesOrder(w.ctx, order.id).items.every((item) => item.invoicedQuantity === item.quantity)).toBe(true);
        const { invoices: added, order: own } = sums(order, invoices);
        expect(added).toEqual(own);
        // Each invoice keeps its own totals consistent with its lines.
        for (const invoice of invoices) {
          expect(money.toFixed(invoice.total)).toBe(money.toFixed(money.sum([invoice.subtotal, invoice.totalTax, invoice.shippingCost])));
        }
      }),
      { numRuns: 150, seed: 9 },
    );
  });
});

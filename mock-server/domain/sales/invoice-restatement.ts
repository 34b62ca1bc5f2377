import type { ActingContext } from '../shared/actor.js';
import * as money from '../shared/money.js';
import type { CustomerRow } from './tables.js';
import { recordCustomerActivity } from './customers.js';
import { priceLines, type LineInput } from './document-lines.js';
import type { InvoiceLineRow, InvoiceRow, StoredDocumentLine } from './document-tables.js';
import { checkCredit, postInvoice, unpostInvoice } from './invoice-posting.js';
import { trackedItem } from './reservations.js';

// Amending a sent invoice (PUT /invoices/{id}; SALES-35): what changed, and the restatement.

/** The lines `items` would give the invoice, priced; null when none are given or they are the invoice's own lines again. */
export function amendedLines(ctx: ActingContext, invoice: InvoiceRow, items: readonly LineInput[] | undefined): InvoiceLineRow[] | null {
  if (items === undefined) return null;
  const priced = priceLines(ctx, items);
  const same = priced.length === invoice.items.length && priced.every((line, i) => sameLine(line, invoice.items[i]));
  return same ? null : priced.map((line): InvoiceLineRow => ({ ...line, salesOrderLineId: null }));
}

const sameLine = (a: StoredDocumentLine, b: StoredDocumentLine): boolean =>
  (Object.keys(a) as (keyof StoredDocumentLine)[]).every((key) => key === 'id' || a[key] === b[key]);

/**
 * Restates a sent invoice whose posted amounts changed: the old entry is reversed on the old
 * `invoiceDate` (it undoes the posting where it was) and the new one posted on the new date, so a
 * month's sales and tax stay that month's; the customer moves by the difference; the old goods come back
 * at their cost and the new lines issue theirs (INV-28). Nothing when the
 * posting would be the same (SALES-35: a change that moves no posted amount writes no journal entry).
 */
export function restateInvoice(ctx: ActingContext, customer: CustomerRow, before: InvoiceRow, after: InvoiceRow): Partial<InvoiceRow> {
  if (postingOf(ctx, before) === postingOf(ctx, after)) return {};
  unpostInvoice(ctx, before, `Invoice ${before.invoiceNumber} amended`, before.invoiceDate);
  const { journalEntryId, baseTotal } = postInvoice(ctx, after);
  const delta = money.toNumber(money.subtract(baseTotal, before.baseTotal));
  checkCredit(customer, delta, before.invoiceNumber);
  if (delta !== 0) recordCustomerActivity(ctx, customer.id, { balanceDelta: delta, salesDelta: delta, saleDate: after.invoiceDate });
  return { journalEntryId, baseTotal, baseAmountDue: baseTotal };
}

/**
 * What an invoice's journal entry is made of (postInvoice): its date, rate, sales by income account, tax,
 * shipping and total, and the goods it issues (INV-28: a changed quantity of stock is restated too).
 */
function postingOf(ctx: ActingContext, invoice: InvoiceRow): string {
  const byAccount = new Map<string | null, money.Amount>();
  for (const line of invoice.items)
    byAccount.set(line.incomeAccountId, (byAccount.get(line.incomeAccountId) ?? money.ZERO).plus(line.lineTotal));
  const sales = [...byAccount].map(([accountId, amount]) => `${accountId}:${money.toFixed(amount)}`).sort();
  const goods = invoice.items.filter((line) => trackedItem(ctx, line.itemId)).map((line) => `${line.itemId}:${line.quantity}`);
  return JSON.stringify([
    invoice.invoiceDate,
    invoice.currency,
    invoice.exchangeRate,
    sales,
    invoice.totalTax,
    invoice.shippingCost,
    invoice.total,
    goods,
  ]);
}

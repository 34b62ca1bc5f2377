import { accountsTable } from '../accounting/tables.js';
import { laterDate, companyToday } from '../shared/calendar.js';
import { controlAccount } from '../accounting/control-accounts.js';
import type { CustomerRow } from './tables.js';
import { toBase } from './document-lines.js';
import { businessRule, ServiceError } from '../../kernel/errors.js';
import { postLedgerEntry, reverseLedgerEntry, type JournalLineInput } from '../accounting/journal-entries.js';
import * as money from '../shared/money.js';
import type { ActingContext } from '../shared/actor.js';
import type { InvoiceRow } from './document-tables.js';

// Posting

/**
 * The invoice's journal entry (issue #3, "Money and the ledger"): debit accounts receivable with the
 * total; credit each line's income account with its lines' totals, tax payable with the tax, and the
 * sales account with shipping. Amounts in the company's currency at the invoice's rate: the debit is
 * the total converted once (`baseTotal`), and the credits are made to add up to it to the cent.
 */
export function postInvoice(ctx: ActingContext, invoice: InvoiceRow): { journalEntryId: string; baseTotal: number } {
  const receivable = controlAccount(ctx, 'accounts_receivable');
  const byAccount = new Map<string, money.Amount>();
  for (const line of invoice.items) {
    const accountId = line.incomeAccountId ?? controlAccount(ctx, 'sales').id;
    byAccount.set(accountId, (byAccount.get(accountId) ?? money.ZERO).plus(line.lineTotal));
  }
  const accounts = accountsTable(ctx);
  for (const accountId of byAccount.keys()) {
    const account = accounts.get(accountId);
    if (!account?.isActive) {
      throw businessRule('an invoice line posts to an income account that is missing or inactive', {
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        accountId,
        accountNumber: account?.accountNumber ?? null,
      });
    }
  }

  const rate = invoice.exchangeRate;
  const income: JournalLineInput[] = [];
  for (const [accountId, amount] of byAccount) income.push({ accountId, credit: toBase(amount, rate), description: `Sales on ${invoice.invoiceNumber}` });
  if (invoice.shippingCost > 0) income.push({ accountId: controlAccount(ctx, 'sales').id, credit: toBase(invoice.shippingCost, rate), description: `Shipping on ${invoice.invoiceNumber}` });
  const tax: JournalLineInput[] = invoice.totalTax > 0 ? [{ accountId: controlAccount(ctx, 'tax_payable').id, credit: toBase(invoice.totalTax, rate), description: `Tax on ${invoice.invoiceNumber}` }] : [];
  // Issue #9: the receivable is the document total converted once; the income lines absorb the rounding of converting parts.
  const baseTotal = toBase(invoice.total, rate);
  absorbRounding(income, money.subtract(baseTotal, money.sum([...income, ...tax].map((line) => line.credit ?? 0))));
  const posted = [...income, ...tax].filter((line) => (line.credit ?? 0) > 0);
  if (baseTotal <= 0) {
    throw businessRule('an invoice with a zero total cannot be sent', { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, total: invoice.total });
  }

  const entry = postLedgerEntry(ctx, {
    date: invoice.invoiceDate,
    reference: invoice.invoiceNumber,
    description: `Invoice ${invoice.invoiceNumber} to ${invoice.customer.name}`,
    lines: [{ accountId: receivable.id, debit: baseTotal, description: `Receivable on ${invoice.invoiceNumber}` }, ...posted],
    source: { type: 'invoice', id: invoice.id },
  });
  return { journalEntryId: entry.id, baseTotal };
}

/**
 * Puts `difference` (company currency, a few cents at most) on the largest income credit, never on
 * tax payable, so the tax posted stays the document's tax converted; a line it would take below zero
 * passes the rest to the next largest.
 */
function absorbRounding(income: JournalLineInput[], difference: money.Amount): void {
  let left = difference;
  for (const line of [...income].sort((a, b) => (b.credit ?? 0) - (a.credit ?? 0))) {
    if (left.isZero()) return;
    const adjusted = money.add(line.credit ?? 0, left);
    const kept = adjusted.isNegative() ? money.ZERO : adjusted;
    line.credit = money.toNumber(kept);
    left = money.subtract(adjusted, kept);
  }
}

/**
 * Undoes a sent invoice's posting: a reversing entry dated `onDate` (not before the entry's own date).
 * An amendment passes the invoice's own date, so the restatement stays in its month (issue #9); a
 * cancellation passes its `cancelDate`, default today.
 */
export function unpostInvoice(ctx: ActingContext, invoice: InvoiceRow, reason: string, onDate?: string): void {
  if (!invoice.journalEntryId) return;
  const voidDate = onDate ?? (laterDate(companyToday(ctx), invoice.invoiceDate) as string);
  reverseLedgerEntry(ctx, invoice.journalEntryId, { reason, voidDate });
}

/**
 * The credit check (issue #3): with a non-zero `creditLimit`, raising the customer's balance by
 * `increase` (company currency) above the limit is 422 INSUFFICIENT_FUNDS with the spec's details.
 */
export function checkCredit(customer: CustomerRow, increase: number, documentNumber: string): void {
  if (!(customer.creditLimit > 0) || !(increase > 0)) return;
  const next = money.add(customer.currentBalance, increase);
  if (money.compare(next, customer.creditLimit) <= 0) return;
  const available = money.subtract(customer.creditLimit, customer.currentBalance);
  throw new ServiceError(
    422,
    'INSUFFICIENT_FUNDS',
    `${documentNumber} would take ${customer.name}'s balance to ${money.toFixed(next)}, over the credit limit of ${money.toFixed(customer.creditLimit)}`,
    [
      {
        customerId: customer.id,
        currentBalance: customer.currentBalance,
        creditLimit: customer.creditLimit,
        availableCredit: money.toNumber(available.isNegative() ? money.ZERO : available),
        requestedAmount: increase,
      },
    ],
  );
}

// ---------------------------------------------------------------------------------------------

import { accountsTable, controlAccount, type JournalLineInput, postLedgerEntry, reverseLedgerEntry } from '../accounting/index.js';
import { laterDate, companyToday } from '../shared/calendar.js';
import type { CustomerRow } from './tables.js';
import { toBase } from './document-lines.js';
import { businessRule, ServiceError } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import type { ActingContext } from '../shared/actor.js';
import type { InvoiceRow, StoredDocumentLine } from './document-tables.js';
import { issueInvoiceStock, returnInvoiceStock } from './stock-issues.js';
import { postRevaluation } from '../inventory/index.js';

// Posting

/** What a sales document posts from: its lines, tax and shipping, at its rate, on its date. */
export interface PostableSalesDocument {
  id: string;
  number: string;
  date: string;
  customerName: string;
  exchangeRate: number;
  items: readonly StoredDocumentLine[];
  totalTax: number;
  shippingCost: number;
  total: number;
}

/** How each kind of sales document posts: invoices and debit notes debit receivables, credit notes credit it. */
const SALES_POSTINGS = {
  invoice: {
    label: 'Invoice',
    article: 'an',
    receivable: 'debit',
    zeroRule: 'an invoice with a zero total cannot be sent',
    facts: ['invoiceId', 'invoiceNumber'],
  },
  debit_note: {
    label: 'Debit note',
    article: 'a',
    receivable: 'debit',
    zeroRule: 'a debit note with a zero total cannot be posted',
    facts: ['debitNoteId', 'debitNoteNumber'],
  },
  credit_note: {
    label: 'Credit note',
    article: 'a',
    receivable: 'credit',
    zeroRule: 'a credit note with a zero total cannot be posted',
    facts: ['creditNoteId', 'creditNoteNumber'],
  },
} as const;

export type SalesPostingKind = keyof typeof SALES_POSTINGS;

/**
 * A sales document's journal entry (SALES-30; SALES-60 and SALES-64 for the notes): an
 * invoice or debit note debits accounts receivable with the total and credits each line's income
 * account with its lines' totals, tax payable with the tax and the sales account with shipping; a
 * credit note posts the same lines the other way round. Amounts in the company's currency at the
 * document's rate: the receivable is the total converted once (`baseTotal`), or `receivableBase` (a
 * credit note that settles an invoice clears exactly what receivables hold for it), and the income
 * lines absorb the rounding of converting parts. `costOfSales` (INV-28): the goods' cost lines
 * (Dr cost of sales / Cr inventory, or back for a return) go in the same entry, one document one entry.
 */
export function postSalesDocument(
  ctx: ActingContext,
  doc: PostableSalesDocument,
  kind: SalesPostingKind,
  receivableBase?: number,
  costOfSales: readonly JournalLineInput[] = [],
): { journalEntryId: string; baseTotal: number } {
  const posting = SALES_POSTINGS[kind];
  const facts = { [posting.facts[0]]: doc.id, [posting.facts[1]]: doc.number };
  const receivable = controlAccount(ctx, 'accounts_receivable');
  const byAccount = new Map<string, money.Amount>();
  for (const line of doc.items) {
    const accountId = line.incomeAccountId ?? controlAccount(ctx, 'sales').id;
    byAccount.set(accountId, (byAccount.get(accountId) ?? money.ZERO).plus(line.lineTotal));
  }
  const accounts = accountsTable(ctx);
  for (const accountId of byAccount.keys()) {
    const account = accounts.get(accountId);
    if (!account?.isActive) {
      throw businessRule(`${posting.article} ${posting.label.toLowerCase()} line posts to an income account that is missing or inactive`, {
        ...facts,
        accountId,
        accountNumber: account?.accountNumber ?? null,
      });
    }
  }

  const rate = doc.exchangeRate;
  const income: Part[] = [];
  for (const [accountId, amount] of byAccount)
    income.push({ accountId, amount: toBase(amount, rate), description: `Sales on ${doc.number}` });
  if (doc.shippingCost > 0)
    income.push({
      accountId: controlAccount(ctx, 'sales').id,
      amount: toBase(doc.shippingCost, rate),
      description: `Shipping on ${doc.number}`,
    });
  const tax: Part[] =
    doc.totalTax > 0
      ? [{ accountId: controlAccount(ctx, 'tax_payable').id, amount: toBase(doc.totalTax, rate), description: `Tax on ${doc.number}` }]
      : [];
  const baseTotal = receivableBase ?? toBase(doc.total, rate);
  absorbRounding(income, money.subtract(baseTotal, money.sum([...income, ...tax].map((part) => part.amount))));
  const posted = [...income, ...tax].filter((part) => part.amount > 0);
  if (baseTotal <= 0) throw businessRule(posting.zeroRule, { ...facts, total: doc.total });

  const side = (amount: number, toReceivable: boolean) =>
    (posting.receivable === 'debit') === toReceivable ? { debit: amount } : { credit: amount };
  const entry = postLedgerEntry(ctx, {
    date: doc.date,
    reference: doc.number,
    description: `${posting.label} ${doc.number} to ${doc.customerName}`,
    lines: [
      { accountId: receivable.id, ...side(baseTotal, true), description: `Receivable on ${doc.number}` },
      ...posted.map((part) => ({ accountId: part.accountId, ...side(part.amount, false), description: part.description })),
      ...costOfSales,
    ],
    source: { type: kind, id: doc.id },
  });
  return { journalEntryId: entry.id, baseTotal };
}

/** The invoice's journal entry: `postSalesDocument` of kind `invoice`, dated `invoiceDate`, with the cost of the goods it issues. */
export function postInvoice(ctx: ActingContext, invoice: InvoiceRow): { journalEntryId: string; baseTotal: number } {
  const costOfSales = issueInvoiceStock(ctx, invoice);
  return postSalesDocument(
    ctx,
    { ...invoice, number: invoice.invoiceNumber, date: invoice.invoiceDate, customerName: invoice.customer.name },
    'invoice',
    undefined,
    costOfSales,
  );
}

/** One line of a sales document's posting other than the receivable, in the company's currency. */
interface Part {
  accountId: string;
  amount: number;
  description: string;
}

/**
 * Puts `difference` (company currency, a few cents at most) on the largest income line, never on
 * tax payable, so the tax posted stays the document's tax converted; a line it would take below zero
 * passes the rest to the next largest.
 */
function absorbRounding(income: Part[], difference: money.Amount): void {
  let left = difference;
  for (const part of [...income].sort((a, b) => b.amount - a.amount)) {
    if (left.isZero()) return;
    const adjusted = money.add(part.amount, left);
    const kept = adjusted.isNegative() ? money.ZERO : adjusted;
    part.amount = money.toNumber(kept);
    left = money.subtract(adjusted, kept);
  }
}

/**
 * Undoes a sent invoice's posting: a reversing entry dated `onDate` (not before the entry's own date).
 * An amendment passes the invoice's own date, so the restatement stays in its month (SALES-35); a
 * cancellation passes its `cancelDate`, default today. The goods come back on the same date at the
 * cost they left with, which is what the reversed cost-of-sales lines put back (INV-28).
 */
export function unpostInvoice(ctx: ActingContext, invoice: InvoiceRow, reason: string, onDate?: string): void {
  if (!invoice.journalEntryId) return;
  const voidDate = onDate ?? (laterDate(companyToday(ctx), invoice.invoiceDate) as string);
  reverseLedgerEntry(ctx, invoice.journalEntryId, { reason, voidDate });
  const returned = returnInvoiceStock(ctx, {
    invoiceId: invoice.id,
    date: voidDate,
    source: { type: 'invoice', id: invoice.id, number: invoice.invoiceNumber },
    notes: reason,
  });
  // The reversal puts back the cost the goods left with; goods landing where stock is below zero revalue the shortfall too.
  postRevaluation(ctx, {
    date: voidDate,
    reference: invoice.invoiceNumber,
    description: `Shortfall revalued by goods returned on ${invoice.invoiceNumber}`,
    source: { type: 'invoice', id: invoice.id },
    movements: returned,
  });
}

/**
 * The credit check (SALES-32): with a non-zero `creditLimit`, raising the customer's balance by
 * `increase` (company currency) above the limit is 422 INSUFFICIENT_FUNDS with the spec's details.
 */
export function checkCredit(customer: CustomerRow, increase: number, documentNumber: string): void {
  if (!(customer.creditLimit > 0) || !(increase > 0)) return;
  const next = money.add(customer.currentBalance, increase);
  if (money.compare(next, customer.creditLimit) <= 0) return;
  const available = money.subtract(customer.creditLimit, customer.currentBalance);
  throw new ServiceError(
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

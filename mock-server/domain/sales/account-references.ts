import type { CompanyContext } from '../../store/context.js';
import type { AccountReference, AccountRow } from '../accounting/index.js';
import { invoicesTable, paymentsTable, quotesTable, salesOrdersTable, type StoredDocumentLine } from './document-tables.js';
import { creditNotesTable, debitNotesTable, refundsTable } from './note-tables.js';

/** The first line of a document that credits the account, as a reference (one per document is enough to name it). */
function lineReference(
  kind: string,
  doc: { id: string; items: readonly StoredDocumentLine[] },
  number: string,
  accountId: string,
  live: boolean,
): AccountReference[] {
  const index = doc.items.findIndex((line) => line.incomeAccountId === accountId);
  return index < 0 ? [] : [{ kind, id: doc.id, number, field: `items.${index}.incomeAccountId`, live }];
}

/**
 * Sales documents that name an account (ACC-29, ACCOUNT_IN_USE): a line's income account on an
 * invoice, order, quote, credit or debit note, a payment's or refund's bank account. A document that can still post (not cancelled,
 * not converted) keeps the account from being deactivated; a payment is history and stops a delete only.
 * A scan of the company's documents: a delete or deactivation is rare and the mock's books are small.
 */
export function salesAccountReferences(ctx: CompanyContext, account: AccountRow): AccountReference[] {
  const found: AccountReference[] = [];
  for (const invoice of invoicesTable(ctx).values()) {
    found.push(...lineReference('invoice', invoice, invoice.invoiceNumber, account.id, invoice.status !== 'cancelled'));
  }
  for (const order of salesOrdersTable(ctx).values()) {
    found.push(...lineReference('sales_order', order, order.orderNumber, account.id, order.status !== 'cancelled'));
  }
  for (const quote of quotesTable(ctx).values()) {
    found.push(...lineReference('quote', quote, quote.quoteNumber, account.id, quote.status !== 'converted'));
  }
  for (const payment of paymentsTable(ctx).values()) {
    if (payment.accountId === account.id)
      found.push({ kind: 'payment', id: payment.id, number: payment.paymentNumber, field: 'accountId', live: false });
  }
  // Credit and debit notes and refunds are posted when made: history, like payments.
  for (const note of creditNotesTable(ctx).values())
    found.push(...lineReference('credit_note', note, note.creditNoteNumber, account.id, false));
  for (const note of debitNotesTable(ctx).values())
    found.push(...lineReference('debit_note', note, note.debitNoteNumber, account.id, false));
  for (const refund of refundsTable(ctx).values()) {
    if (refund.accountId === account.id)
      found.push({ kind: 'refund', id: refund.id, number: refund.refundNumber, field: 'accountId', live: false });
  }
  return found;
}

import type { CompanyContext } from '../../../store/context.js';
import { controlAccount, journalEntriesTable, postedLinesOf } from '../../accounting/index.js';
import { creditNotesTable, debitNotesTable, invoicesTable, paymentsTable, refundsTable } from '../../sales/index.js';
import * as money from '../../shared/money.js';

// What the receivables control account holds on a date, item by item (REP-39, aged receivables):
// the account's posted lines, each put on the document it came from, so that the items add up to the
// account to the cent whatever happened (foreign currency, part payments, voids, credit, refunds).

/** An open item: an invoice's balance (with its notes and payments), or a credit note's unapplied credit (negative). */
export interface ReceivableItem {
  kind: 'invoice' | 'credit';
  /** The invoice or credit note; for an unattributed line, its journal entry. */
  documentId: string;
  /** Null only for a line no sales document explains (control accounts move only through documents). */
  customerId: string | null;
  amount: money.Amount;
}

/** Receivable lines in a window, by what wrote them: for the collection figures. */
export interface ReceivableFlows {
  /** Invoices and debit notes (less their reversals). */
  billed: money.Amount;
  /** Payments received (less voids). */
  collected: money.Amount;
}

const keyOf = (kind: ReceivableItem['kind'], id: string) => `${kind}:${id}`;

/**
 * The open items of receivables at the end of `asOfDate` (company currency), and the flows of the lines
 * dated `flowsFrom` to `asOfDate`. A credit applied to an invoice moves from the credit to the invoice on
 * its allocation date: the allocation posts nothing but an exchange difference, which stays with the credit.
 */
export function receivableItems(
  ctx: CompanyContext,
  asOfDate: string,
  flowsFrom: string,
  customerId?: string,
): { items: ReceivableItem[]; opening: money.Amount; flows: ReceivableFlows; work: number } {
  const receivable = controlAccount(ctx, 'accounts_receivable');
  const lines = postedLinesOf(ctx, receivable.id, null, asOfDate);
  const entries = journalEntriesTable(ctx);
  const items = new Map<string, ReceivableItem>();
  const add = (kind: ReceivableItem['kind'], documentId: string, customerId: string | null, amount: money.AmountInput) => {
    const key = keyOf(kind, documentId);
    const item = items.get(key) ?? { kind, documentId, customerId, amount: money.ZERO };
    item.amount = item.amount.plus(amount);
    items.set(key, item);
  };
  let opening = money.ZERO;
  const flows: ReceivableFlows = { billed: money.ZERO, collected: money.ZERO };
  for (const line of lines) {
    const net = money.subtract(line.debit, line.credit);
    const source = entries.get(line.journalEntryId)?.source ?? null;
    const owner = ownerOf(ctx, source);
    if (customerId !== undefined && owner?.customerId !== customerId) continue;
    if (owner) add(owner.kind, owner.documentId, owner.customerId, net);
    else add('invoice', line.journalEntryId, null, net);
    if (line.date < flowsFrom) opening = opening.plus(net);
    else if (source?.type === 'invoice' || source?.type === 'debit_note') flows.billed = flows.billed.plus(net);
    else if (source?.type === 'payment') flows.collected = flows.collected.minus(net);
  }
  let notes = 0;
  for (const note of creditNotesTable(ctx).all()) {
    if (note.creditNoteDate > asOfDate || (customerId !== undefined && note.customerId !== customerId)) continue;
    notes++;
    for (const allocation of note.allocations) {
      if (allocation.allocationDate > asOfDate) continue;
      add('invoice', allocation.invoiceId, note.customerId, money.parse(allocation.baseAmount).negated());
      add('credit', note.id, note.customerId, allocation.baseAmount);
    }
  }
  return { items: [...items.values()].filter((item) => !item.amount.isZero()), opening, flows, work: lines.length + notes };
}

/** The invoice or credit note a receivable line belongs to, by its entry's source; `customerId` narrows to one customer. */
function ownerOf(ctx: CompanyContext, source: { type: string; id: string } | null): Omit<ReceivableItem, 'amount'> | null {
  if (!source) return null;
  const invoice = (id: string | undefined) => {
    const row = id === undefined ? undefined : invoicesTable(ctx).get(id);
    return row ? { kind: 'invoice' as const, documentId: row.id, customerId: row.customerId } : null;
  };
  const credit = (id: string | undefined) => {
    const row = id === undefined ? undefined : creditNotesTable(ctx).get(id);
    return row ? { kind: 'credit' as const, documentId: row.id, customerId: row.customerId } : null;
  };
  switch (source.type) {
    case 'invoice':
      return invoice(source.id);
    case 'debit_note':
      return invoice(debitNotesTable(ctx).get(source.id)?.invoiceId);
    case 'payment':
      return invoice(paymentsTable(ctx).get(source.id)?.invoiceId);
    case 'credit_note':
      return credit(source.id);
    case 'refund':
      return credit(refundsTable(ctx).get(source.id)?.creditNoteId);
    default:
      return null;
  }
}

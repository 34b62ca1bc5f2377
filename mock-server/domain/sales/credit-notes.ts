import type { CompanyContext } from '../../store/context.js';
import { companyToday } from '../shared/calendar.js';
import { recordCustomerActivity } from './customers.js';
import { addQuantities, documentTotals, lineLeft, linePart, toBase } from './document-lines.js';
import { businessRule, notFound, validationError, type ValidationIssue } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import { checkDateOrder, checkNotAfterToday, SALES_NUMBERS } from './sales-documents.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import type { InvoiceLineRow, InvoiceRow } from './document-tables.js';
import { retrieveInvoice } from './invoices.js';
import { postSalesDocument } from './invoice-posting.js';
import { adjustInvoice, basePortion, creditNoteStatusOf, INVOICE_NOTE_MOVES } from './invoice-adjustments.js';
import { creditNotesTable, type CreditAllocationRow, type CreditNoteLineRow, type CreditNoteRow } from './note-tables.js';
import { costOfSalesLines, returnInvoiceStock } from './stock-issues.js';
import type { MovementSource } from '../inventory/index.js';
import type { JournalLineInput } from '../accounting/index.js';

/** `POST /invoices/{id}/credit-notes` (SALES-59): what to credit, and why. */
export interface CreditNoteInput {
  reason: string;
  creditNoteDate?: string;
  /** Lines and quantities to credit; omitted: everything not yet credited, shipping included. */
  items?: readonly { invoiceLineId: string; quantity: number }[];
  shippingCost?: number;
  notes?: string | null;
  /** The credited goods come back into stock at the cost they left with (default true; INV-28). */
  returnToStock?: boolean;
}

const OVER_CREDIT = 'a credit note cannot credit more than was invoiced less what was already credited';

export function retrieveCreditNote(ctx: CompanyContext, creditNoteId: string): CreditNoteRow {
  const note = creditNotesTable(ctx).get(creditNoteId);
  if (!note) throw notFound('credit note', creditNoteId, 'NOT_FOUND', 'creditNoteId');
  return note;
}

/**
 * Credits a sent, overdue or paid invoice (SALES-59): the chosen lines and quantities at the invoice's
 * prices, or everything not yet credited. Posts Dr income, Dr tax payable, Dr sales for shipping, Cr
 * receivables at the credit note's date and the invoice's rate; the credit settles what the invoice has
 * due, and the rest stays as the customer's credit (`remainingCredit`) to apply or refund. With
 * `returnToStock` (default) the credited goods come back at the cost they left with, Dr inventory / Cr
 * cost of sales in the same entry (INV-28).
 */
export function createCreditNote(ctx: ActingContext, invoiceId: string, input: CreditNoteInput): CreditNoteRow {
  return ctx.store.transaction(() => {
    const invoice = retrieveInvoice(ctx, invoiceId);
    INVOICE_NOTE_MOVES.assert('credit', invoice.status, { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber });
    const creditNoteDate = input.creditNoteDate ?? companyToday(ctx);
    checkDateOrder('creditNoteDate', creditNoteDate, invoice.invoiceDate, 'invoiceDate');
    checkNotAfterToday(ctx, 'creditNoteDate', creditNoteDate);
    const prior = creditNotesTable(ctx).byIndex('invoiceId', invoice.id);
    const { lines, shippingCost } = creditedLines(ctx, invoice, prior, input);
    const totals = documentTotals(lines, shippingCost, invoice.exchangeRate);
    checkCreditTotal(invoice, prior, totals.total, input);
    const { applied, excess, baseApplied, receivableBase } = settlementOf(invoice, totals.total);

    const table = creditNotesTable(ctx);
    const id = table.newId();
    const creditNoteNumber = nextDocumentNumber(ctx, SALES_NUMBERS.creditNote);
    const returnToStock = input.returnToStock ?? true;
    const { journalEntryId, baseTotal } = postSalesDocument(
      ctx,
      {
        id,
        number: creditNoteNumber,
        date: creditNoteDate,
        customerName: invoice.customer.name,
        exchangeRate: invoice.exchangeRate,
        items: lines,
        ...totals,
      },
      'credit_note',
      receivableBase,
      returnToStock ? returnCreditedGoods(ctx, invoice, lines, { type: 'credit_note', id, number: creditNoteNumber }, creditNoteDate) : [],
    );
    const now = ctx.clock.iso();
    const allocations: CreditAllocationRow[] =
      applied > 0
        ? [
            {
              id: ctx.store.ids.next('cal'),
              invoiceId: invoice.id,
              invoiceNumber: invoice.invoiceNumber,
              amount: applied,
              baseAmount: baseApplied,
              allocationDate: creditNoteDate,
              createdAt: now,
            },
          ]
        : [];
    if (applied > 0) adjustInvoice(ctx, invoice, { credited: applied, baseDelta: -baseApplied });
    recordCustomerActivity(ctx, invoice.customerId, { balanceDelta: -baseTotal, salesDelta: -baseTotal });
    return table.insert({
      id,
      creditNoteNumber,
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      customerId: invoice.customerId,
      customer: { ...invoice.customer },
      creditNoteDate,
      status: creditNoteStatusOf(excess, 0),
      reason: input.reason,
      notes: input.notes ?? null,
      returnToStock,
      currency: invoice.currency,
      exchangeRate: invoice.exchangeRate,
      items: lines,
      ...totals,
      baseTotal,
      amountApplied: applied,
      amountRefunded: 0,
      remainingCredit: excess,
      baseRemainingCredit: money.toNumber(money.subtract(baseTotal, baseApplied)),
      allocations,
      refundIds: [],
      journalEntryId,
      createdBy: actorOf(ctx),
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** A credit note takes more than zero and, with the notes before it, no more than the invoice's total. */
function checkCreditTotal(invoice: InvoiceRow, prior: readonly CreditNoteRow[], total: number, input: CreditNoteInput): void {
  const credited = money.sum(prior.map((note) => note.total)).plus(total);
  if (money.compare(credited, invoice.total) > 0) {
    throw businessRule(OVER_CREDIT, {
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      total: invoice.total,
      requestedTotal: total,
    });
  }
  if (total <= 0) {
    const rule = input.items === undefined ? 'the invoice is already credited in full' : 'a credit note credits an amount above zero';
    throw businessRule(rule, { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, total });
  }
}

/** The credit settles the invoice up to what it has due (what receivables hold for it goes first); the rest is the customer's credit. */
function settlementOf(invoice: InvoiceRow, total: number) {
  const applied = money.toNumber(money.parse(total).clamp(0, invoice.amountDue));
  const excess = money.toNumber(money.subtract(total, applied));
  const baseApplied =
    applied > 0 ? basePortion(applied, { amount: invoice.amountDue, base: invoice.baseAmountDue }, invoice.exchangeRate) : 0;
  const receivableBase =
    applied > 0 ? money.toNumber(money.add(baseApplied, excess > 0 ? toBase(excess, invoice.exchangeRate) : 0)) : undefined;
  return { applied, excess, baseApplied, receivableBase };
}

/** Goods of the credited lines back into stock (`sale_return`) and the entry's Dr inventory / Cr cost of sales lines. */
function returnCreditedGoods(
  ctx: ActingContext,
  invoice: InvoiceRow,
  lines: readonly CreditNoteLineRow[],
  source: MovementSource,
  date: string,
): JournalLineInput[] {
  const quantities = new Map(lines.map((line) => [line.invoiceLineId, line.quantity]));
  const movements = returnInvoiceStock(ctx, { invoiceId: invoice.id, date, source, quantities });
  return costOfSalesLines(ctx, movements, `Goods returned on ${source.number}`);
}

/** The lines earlier credit notes took of each invoice line. */
function creditedSoFar(prior: readonly CreditNoteRow[]): Map<string, CreditNoteLineRow[]> {
  const byLine = new Map<string, CreditNoteLineRow[]>();
  for (const line of prior.flatMap((note) => note.items)) byLine.set(line.invoiceLineId, [...(byLine.get(line.invoiceLineId) ?? []), line]);
  return byLine;
}

/** A credited line: the invoice line at `quantity`, the last credit of it taking the rest (`linePart`). */
function creditLine(ctx: CompanyContext, line: InvoiceLineRow, taken: readonly CreditNoteLineRow[], quantity: number): CreditNoteLineRow {
  const { salesOrderLineId: _order, ...part } = linePart(line, taken, quantity);
  return { ...part, id: ctx.store.ids.next('ln'), invoiceLineId: line.id };
}

/** The lines and shipping a credit note takes; more than is left to credit is 422 naming each line. */
function creditedLines(
  ctx: CompanyContext,
  invoice: InvoiceRow,
  prior: readonly CreditNoteRow[],
  input: CreditNoteInput,
): { lines: CreditNoteLineRow[]; shippingCost: number } {
  const so = creditedSoFar(prior);
  const leftOf = (line: InvoiceLineRow) => lineLeft(line, so.get(line.id) ?? []).quantity;
  const shippingLeft = money.toNumber(money.subtract(invoice.shippingCost, money.sum(prior.map((note) => note.shippingCost))));
  const wanted =
    input.items ?? invoice.items.filter((line) => leftOf(line) > 0).map((line) => ({ invoiceLineId: line.id, quantity: leftOf(line) }));
  const shippingCost = input.shippingCost ?? (input.items === undefined ? shippingLeft : 0);

  const issues: ValidationIssue[] = [];
  const over: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const lines: CreditNoteLineRow[] = [];
  wanted.forEach((item, index) => {
    const line = invoice.items.find((candidate) => candidate.id === item.invoiceLineId);
    if (!line || seen.has(item.invoiceLineId)) {
      const message = line
        ? 'each invoice line is credited once per credit note'
        : `${invoice.invoiceNumber} has no line ${item.invoiceLineId}`;
      issues.push({ field: `items.${index}.invoiceLineId`, code: 'INVALID_CHOICE', message, value: item.invoiceLineId });
      return;
    }
    seen.add(line.id);
    const left = leftOf(line);
    if (money.compare(item.quantity, left) > 0) {
      over.push({
        invoiceLineId: line.id,
        invoicedQuantity: line.quantity,
        creditedQuantity: addQuantities(line.quantity, -left),
        requestedQuantity: item.quantity,
      });
      return;
    }
    lines.push(creditLine(ctx, line, so.get(line.id) ?? [], item.quantity));
  });
  if (issues.length > 0) throw validationError(issues);
  if (money.compare(shippingCost, shippingLeft) > 0)
    over.push({
      shippingCost: invoice.shippingCost,
      creditedShipping: money.toNumber(money.subtract(invoice.shippingCost, shippingLeft)),
      requestedShipping: shippingCost,
    });
  if (over.length > 0) throw businessRule(OVER_CREDIT, { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, lines: over });
  return { lines, shippingCost };
}

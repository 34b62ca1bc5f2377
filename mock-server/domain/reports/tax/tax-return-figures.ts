import type { TaxReturnAdjustments, TaxReturnLine } from '../../../../src/contract/index.js';
import {
  controlAccount,
  controlAccounts,
  journalEntriesTable,
  ledgerPostingsTable,
  TAX_PAYMENT_SOURCE,
  type JournalEntryRow,
} from '../../accounting/index.js';
import { creditNotesTable, debitNotesTable, findTaxCode, invoicesTable, toBase, type StoredDocumentLine } from '../../sales/index.js';
import type { CompanyContext } from '../../../store/context.js';
import type { Table } from '../../../store/index.js';
import * as money from '../../shared/money.js';

/** What a return computes from the ledger for a period (decisions ACC-35, ACC-39), before it is filed. */
export interface TaxReturnFigures {
  lines: TaxReturnLine[];
  adjustments: TaxReturnAdjustments;
  outputTax: number;
  inputTax: number;
  totalTax: number;
  taxPayableMovement: number;
  taxRecoverableMovement: number;
}

type Kind = keyof TaxReturnAdjustments;

/** The sales document behind an entry's source, with the sign its lines count in a return (a credit note gives tax back). */
interface TaxDocument {
  kind: Kind;
  sign: 1 | -1;
  items: readonly StoredDocumentLine[];
  exchangeRate: number;
}

/** The sales documents whose entries a return counts, by the source type their entries carry. */
const TAX_DOCUMENTS: Record<string, { kind: Kind; sign: 1 | -1; rows: (ctx: CompanyContext) => Table<TaxDocumentRow> }> = {
  invoice: { kind: 'invoices', sign: 1, rows: invoicesTable },
  debit_note: { kind: 'debitNotes', sign: 1, rows: debitNotesTable },
  credit_note: { kind: 'creditNotes', sign: -1, rows: creditNotesTable },
};

type TaxDocumentRow = { id: string; items: readonly StoredDocumentLine[]; exchangeRate: number };

function documentOf(ctx: CompanyContext, source: JournalEntryRow['source']): TaxDocument | null {
  const known = source && Object.hasOwn(TAX_DOCUMENTS, source.type) ? TAX_DOCUMENTS[source.type] : undefined;
  const row = known?.rows(ctx).get(source!.id);
  return known && row ? { kind: known.kind, sign: known.sign, items: row.items, exchangeRate: row.exchangeRate } : null;
}

interface CodeTotals {
  taxable: money.Amount;
  tax: money.Amount;
}

const UNCLASSIFIED = 'UNCLASSIFIED';

/**
 * Adds one entry's share: its lines' net amounts by tax code (outside-scope `NT` lines left out), and the
 * tax it moved on tax payable split over its codes in proportion to their tax, the last code taking the
 * rounding, so the codes add up to the ledger to the cent.
 */
function addEntry(codes: Map<string, CodeTotals>, doc: TaxDocument | null, sign: number, tax: money.Amount): void {
  const add = (code: string, taxable: money.AmountInput, share: money.AmountInput) => {
    const kept = codes.get(code) ?? { taxable: money.ZERO, tax: money.ZERO };
    codes.set(code, { taxable: kept.taxable.plus(taxable), tax: kept.tax.plus(share) });
  };
  const lines = doc?.items.filter((line) => line.taxCode !== 'NT') ?? [];
  const taxed = lines.filter((line) => line.taxAmount !== 0);
  const weight = money.sum(taxed.map((line) => line.taxAmount));
  if (!tax.isZero() && weight.isZero()) add(UNCLASSIFIED, 0, tax);
  let left = tax;
  for (const line of lines) {
    const isLastTaxed = taxed.length > 0 && line === taxed[taxed.length - 1];
    const share =
      line.taxAmount === 0 || weight.isZero() ? money.ZERO : isLastTaxed ? left : money.round(tax.times(line.taxAmount).dividedBy(weight));
    left = left.minus(share);
    add(line.taxCode, money.parse(toBase(line.lineTotal, doc!.exchangeRate)).times(sign), share);
  }
}

const TAX_TYPES: Record<string, TaxReturnLine['taxType']> = { '01': 'sales', '02': 'service' };

/** An entry's net movement of one account, credit positive. */
const creditOn = (lines: readonly { accountId: string; debit: number; credit: number }[], accountId: string | undefined): money.Amount =>
  money.sum(lines.filter((line) => line.accountId === accountId).map((line) => money.subtract(line.credit, line.debit)));

/**
 * The return of [periodFrom, periodTo] from the ledger (decision ACC-35): every posted entry dated in the
 * period from a sales document (invoice, debit note, credit note) or the reversal of one, by tax code, with
 * the tax each moved on tax payable; tax payments are not part of a return. `taxPayableMovement` is the
 * account's own movement by those entries, read from its lines, so the return ties to the ledger. Input
 * tax is tax recoverable's movement by every entry of the period but tax payments (ACC-39): the
 * recoverable tax of bills, less what voids, credits and discounts took back; nothing for an SST company.
 */
export function taxReturnFigures(ctx: CompanyContext, periodFrom: string, periodTo: string): TaxReturnFigures {
  const taxPayable = controlAccount(ctx, 'tax_payable').id;
  const taxRecoverable = controlAccounts(ctx.store, ctx.companyId).tax_recoverable;
  const entries = journalEntriesTable(ctx);
  const codes = new Map<string, CodeTotals>();
  const kinds: Record<Kind, money.Amount> = {
    invoices: money.ZERO,
    debitNotes: money.ZERO,
    creditNotes: money.ZERO,
    cancellations: money.ZERO,
  };
  let movement = money.ZERO;
  let recoverable = money.ZERO;
  for (const posting of ledgerPostingsTable(ctx).values()) {
    if (posting.date < periodFrom || posting.date > periodTo) continue;
    const entry = entries.get(posting.id);
    if (!entry || entry.source?.type === TAX_PAYMENT_SOURCE) continue;
    const tax = creditOn(posting.lines, taxPayable);
    movement = movement.plus(tax);
    if (taxRecoverable) recoverable = recoverable.minus(creditOn(posting.lines, taxRecoverable));
    const original = entry.reversalOfEntryId ? entries.get(entry.reversalOfEntryId) : entry;
    const doc = documentOf(ctx, original?.source ?? null);
    if (!doc && tax.isZero()) continue;
    const sign = (doc?.sign ?? 1) * (entry.reversalOfEntryId ? -1 : 1);
    addEntry(codes, doc, sign, tax);
    const kind: Kind = entry.reversalOfEntryId ? 'cancellations' : (doc?.kind ?? (tax.isNegative() ? 'creditNotes' : 'invoices'));
    kinds[kind] = kinds[kind].plus(tax);
  }
  const lines = [...codes]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, totals]) => {
      const row = findTaxCode(ctx, code);
      return {
        taxCode: code,
        name: row?.name ?? 'Tax without a document',
        taxType: TAX_TYPES[row?.myinvoisTaxType ?? ''] ?? 'other',
        rate: row?.rate ?? 0,
        taxableAmount: money.toNumber(totals.taxable),
        taxAmount: money.toNumber(totals.tax),
      };
    });
  const adjustments = Object.fromEntries(
    Object.entries(kinds).map(([kind, amount]) => [kind, money.toNumber(amount)]),
  ) as TaxReturnAdjustments;
  const outputTax = money.sum(lines.map((line) => line.taxAmount));
  return {
    lines,
    adjustments,
    outputTax: money.toNumber(outputTax),
    inputTax: money.toNumber(recoverable),
    totalTax: money.toNumber(outputTax.minus(recoverable)),
    taxPayableMovement: money.toNumber(movement),
    taxRecoverableMovement: money.toNumber(recoverable),
  };
}

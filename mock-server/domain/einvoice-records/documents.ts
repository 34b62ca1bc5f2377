import type { CompanyContext } from '../../store/context.js';
import { loadEinvoiceSource, type EinvoiceParty, type EinvoiceSource } from '../einvoice/index.js';
import { billsTable, supplierCreditNotesTable, supplierDebitNotesTable } from '../purchasing/index.js';
import { creditNotesTable, customersTable, debitNotesTable, invoicesTable, refundsTable } from '../sales/index.js';
import * as money from '../shared/money.js';
import type { ServerDocType } from './tables.js';

/** A finalized document as the pipeline reads it (spec document 3, "Internal e-invoice submission pipeline"). */
export interface PipelineDocument {
  docId: string;
  serverDocType: ServerDocType;
  number: string;
  /** When it was finalized: the pipeline stamps its queue entry and record with this, however late it reads it. */
  finalizedAt: string;
}

/**
 * Every finalized document of the listed types, oldest first: sent or paid invoices, credit and debit
 * notes, refunds (created final), bills past draft (purchase invoices) and the supplier credit and debit notes
 * on them (posted when made; decision EINV-32). Table order is insertion order.
 */
export function finalizedDocuments(ctx: CompanyContext): PipelineDocument[] {
  const docs: PipelineDocument[] = [];
  for (const row of invoicesTable(ctx).all()) {
    if (row.status !== 'draft' && row.status !== 'cancelled')
      docs.push({
        docId: row.id,
        serverDocType: 'INTERNAL_SALES_INVOICE',
        number: row.invoiceNumber,
        finalizedAt: row.sentAt ?? row.updatedAt,
      });
  }
  for (const row of creditNotesTable(ctx).all())
    docs.push({ docId: row.id, serverDocType: 'INTERNAL_SALES_CREDIT_NOTE', number: row.creditNoteNumber, finalizedAt: row.createdAt });
  for (const row of debitNotesTable(ctx).all())
    docs.push({ docId: row.id, serverDocType: 'INTERNAL_SALES_DEBIT_NOTE', number: row.debitNoteNumber, finalizedAt: row.createdAt });
  for (const row of refundsTable(ctx).all())
    docs.push({ docId: row.id, serverDocType: 'INTERNAL_SALES_REFUND_NOTE', number: row.refundNumber, finalizedAt: row.createdAt });
  for (const row of billsTable(ctx).all()) {
    if (row.status !== 'draft')
      docs.push({
        docId: row.id,
        serverDocType: 'INTERNAL_PURCHASE_INVOICE',
        number: row.billNumber,
        finalizedAt: row.approvedAt ?? row.updatedAt,
      });
  }
  for (const row of supplierCreditNotesTable(ctx).all())
    docs.push({ docId: row.id, serverDocType: 'INTERNAL_PURCHASE_CREDIT_NOTE', number: row.creditNoteNumber, finalizedAt: row.createdAt });
  for (const row of supplierDebitNotesTable(ctx).all())
    docs.push({ docId: row.id, serverDocType: 'INTERNAL_PURCHASE_DEBIT_NOTE', number: row.debitNoteNumber, finalizedAt: row.createdAt });
  return docs;
}

/** What routing reads of a document: its e-invoice source, the counterparty and its submission type. */
export interface RoutedSource {
  source: EinvoiceSource;
  /** The party the company issues to: the buyer of a sale, the supplier of a self-billed purchase. */
  counterparty: EinvoiceParty;
  /** A customer's customField `einvoiceSubmissionType` (see decision EREC-4); null when unset. */
  submissionType: string | null;
  /** The transaction amount in MYR (company currency), which the MYR 10,000 threshold reads. */
  amountMyr: money.Amount;
}

const amountInCompanyCurrency = (source: EinvoiceSource): money.Amount =>
  source.currency === source.companyCurrency
    ? money.parse(source.total)
    : money.round(money.parse(source.total).times(source.exchangeRate));

/** A sales document's source, counterparty and submission type. */
export function salesSource(ctx: CompanyContext, docId: string): RoutedSource {
  const source = loadEinvoiceSource(ctx, docId);
  const customer = customersTable(ctx).get(source.buyer.id);
  const type = customer?.customFields?.einvoiceSubmissionType?.toUpperCase() ?? null;
  return { source, counterparty: source.buyer, submissionType: type, amountMyr: amountInCompanyCurrency(source) };
}

/** The fields routing needs of the counterparty (spec document 3: tax id, id type and value, address); empty when complete. */
export function missingMandatoryFields(party: EinvoiceParty): string[] {
  const missing: string[] = [];
  if (!party.tin) missing.push('tin');
  if (!party.idType) missing.push('idType');
  if (!party.idValue) missing.push('idValue');
  const address = party.address;
  if (!address?.street || !address.city || !address.country) missing.push('address');
  return missing;
}

import type { Einvoice } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { defineEinvoiceIdentityTable } from './identities.js';

/** E-invoices of the business API (spec document 3, "E-invoice"), one row per e-invoice. */
export const EINVOICES = 'einvoices';

/**
 * An e-invoice as stored: the record without the document URLs, which the presenter derives, plus
 * the document's JSON form and what the simulated portal will decide.
 */
export interface EinvoiceRow extends Omit<Einvoice, 'document'> {
  portal: Einvoice['government']['portal'];
  /** The exact bytes `validationHash` hashes, as text. */
  xml: string;
  /** The JSON form (UBL-2.1-JSON), as text. */
  json: string;
  /** When the portal decides a submission (epoch ms), and what; null when not submitted. */
  decision: { at: number; accept: boolean; errors: Einvoice['validation']['errors'] } | null;
  /** `notifyOnCompletion` of the submission. */
  notify: boolean;
}

export function defineEinvoiceTables(store: Store): void {
  store.defineTable(EINVOICES, { prefix: 'einv', indexes: ['invoiceId', 'status'] });
  defineEinvoiceIdentityTable(store);
}

export const einvoicesTable = (ctx: CompanyContext): Table<EinvoiceRow> => ctx.store.table<EinvoiceRow>(ctx.companyId, EINVOICES);

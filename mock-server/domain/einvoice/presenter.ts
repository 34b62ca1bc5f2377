import type { Einvoice } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { notFound } from '../../kernel/errors.js';
import { einvoicesTable, type EinvoiceRow } from './tables.js';

/** The e-invoice of `id` in the company, else 404 (an id of another company is not found either). */
export function retrieveEinvoiceRow(ctx: CompanyContext, id: string): EinvoiceRow {
  const row = einvoicesTable(ctx).get(id);
  if (!row) throw notFound('e-invoice', id, 'NOT_FOUND', 'einvoiceId');
  return row;
}

/** The record as the API shows it: the XML text, and URLs of the PDF and JSON documents under `base` (the business API's). */
export function presentEinvoice(row: EinvoiceRow, base: string): Einvoice {
  const { portal: _portal, xml, json: _json, decision: _decision, notify: _notify, ...record } = row;
  const documents = `${base}/einvoice/${row.id}/document`;
  return { ...record, document: { xml, pdf: `${documents}/pdf`, json: `${documents}/json` } };
}

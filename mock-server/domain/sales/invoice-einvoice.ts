import type { CompanyContext } from '../../store/context.js';
import { invoicesTable, type InvoiceRow } from './document-tables.js';

/** A sales invoice's `einvoice` follows the e-invoice made from it (SALES-66; written by the e-invoice lifecycle). */
export function recordInvoiceEinvoice(ctx: CompanyContext, invoiceId: string, einvoice: InvoiceRow['einvoice']): void {
  const table = invoicesTable(ctx);
  const invoice = table.get(invoiceId);
  if (!invoice || JSON.stringify(invoice.einvoice) === JSON.stringify(einvoice)) return;
  table.update(invoiceId, { einvoice });
}

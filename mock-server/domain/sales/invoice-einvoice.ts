import type { CompanyContext } from '../../store/context.js';
import { invoicesTable, type InvoiceRow } from './document-tables.js';

/** Issue #14 §2: a sales invoice's `einvoice` follows the e-invoice made from it (written by the e-invoice lifecycle). */
export function recordInvoiceEinvoice(ctx: CompanyContext, invoiceId: string, einvoice: InvoiceRow['einvoice']): void {
  const table = invoicesTable(ctx);
  const invoice = table.get(invoiceId);
  if (!invoice || JSON.stringify(invoice.einvoice) === JSON.stringify(einvoice)) return;
  table.update(invoiceId, { einvoice });
}

import type { AcsClient, Einvoice } from '../../../src/index.js';

/** A sent invoice of the demo data whose customer has a tax number: a PEPPOL e-invoice can be made of it. */
export async function sentInvoiceWithTin(acs: AcsClient) {
  for await (const invoice of acs.invoices.list({ status: 'sent' })) {
    const customer = await acs.customers.retrieve(invoice.customerId);
    if (customer.taxNumber) return { invoice, customer };
  }
  throw new Error('the demo data has a sent invoice to a customer with a tax number');
}

/** A PEPPOL e-invoice of such an invoice, with the invoice and its customer. */
export async function peppolEinvoice(acs: AcsClient): Promise<{ einvoice: Einvoice } & Awaited<ReturnType<typeof sentInvoiceWithTin>>> {
  const found = await sentInvoiceWithTin(acs);
  return { ...found, einvoice: await acs.einvoices.create({ invoiceId: found.invoice.id, format: 'PEPPOL_UBL' }) };
}

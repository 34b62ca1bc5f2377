import type { AcsClient } from '../../../src/index.js';
import type { MockService } from '../../../mock-server/index.js';

/** A sent invoice whose customer has a well-formed TIN (the demo data has several). */
export async function sentInvoiceWithTin(acs: AcsClient) {
  for await (const invoice of acs.invoices.list({ status: 'sent' })) {
    const customer = await acs.customers.retrieve(invoice.customerId);
    if (customer.taxNumber) return invoice;
  }
  throw new Error('the demo data has a sent invoice to a customer with a tax number');
}

/** The e-invoice events published so far, as `event:status`. */
export const einvoiceEvents = (mock: MockService, einvoiceId: string): string[] =>
  mock.events.history
    .filter((e) => e.event.startsWith('einvoice.') && (e.data as { einvoiceId: string }).einvoiceId === einvoiceId)
    .map((e) => `${e.event}:${(e.data as { status: string }).status}`);

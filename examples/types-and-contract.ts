// Every record, request body and list query has a named type, exported by `acs-sdk` (plain types,
// generated from the zod contract); `acs-sdk/contract` has the zod schemas themselves, for a form or
// your own checks. `validate: { mode: 'strict', contract }` checks every response against the contract you
// import (zod, an optional peer dependency: `npm install zod`); a client without it never loads zod.
import { AcsClient, type Invoice, type InvoiceCreateParams, type InvoiceListParams } from 'acs-sdk';
import * as contract from 'acs-sdk/contract';
import { InvoiceCreateParams as InvoiceCreateSchema } from 'acs-sdk/contract';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService();
  const acs = new AcsClient({
    apiKey: mock.credentials.apiKey,
    companyId: mock.credentials.companyId,
    fetch: mock.fetch,
    validate: { mode: 'strict', contract },
  });
  const [customer] = (await acs.customers.list({ limit: 1 })).data;

  const draft: InvoiceCreateParams = {
    customerId: customer.id,
    items: [{ description: 'Consulting', quantity: 3, unitPrice: 200, taxCode: 'SVC8' }],
  };
  // The same rules the service applies to the body, before sending it.
  const checked = InvoiceCreateSchema.safeParse(draft);
  const refused = InvoiceCreateSchema.safeParse({ ...draft, items: [] });

  const invoice: Invoice = await acs.invoices.create(draft);
  const query: InvoiceListParams = { customerId: customer.id, total: { gte: 500 } };
  const found: Invoice[] = await acs.invoices.list(query).toArray();

  console.log(invoice.invoiceNumber, invoice.total, checked.success, refused.success, found.length);
  return {
    invoice,
    valid: checked.success,
    refusedIssues: refused.success ? [] : refused.error.issues.map((issue) => issue.path.join('.')),
    found: found.length,
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();

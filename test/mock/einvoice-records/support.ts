import type { AcsClient } from '../../../src/index.js';
import type { MockService } from '../../../mock-server/index.js';
import { identitiesTable, identityOf, recordIdentity } from '../../../mock-server/domain/einvoice/index.js';

/** The store context of the primary company. */
export const companyCtx = (mock: MockService) => ({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId });

/** Records a party's e-invoice identity (what the MyInvois slice seeds for demo parties; the entity JSON). */
export function identify(
  mock: MockService,
  partyId: string,
  partyType: 'customer' | 'supplier',
  tin: string | null,
  extra: { idType?: 'BRN' | null; idValue?: string | null } = {},
): void {
  mock.store.transaction(() =>
    recordIdentity(companyCtx(mock), {
      partyType,
      partyId,
      tin,
      idType: extra.idType === undefined ? 'BRN' : extra.idType,
      idValue: extra.idValue === undefined ? '201901000001' : extra.idValue,
      sstNumber: 'NA',
      msicCode: '46900',
      businessActivity: 'Wholesale trade',
      kind: 'local',
    }),
  );
}

const ADDRESS = { street: '22, Jalan Kia Peng', city: 'Kuala Lumpur', state: 'Wilayah Persekutuan', postalCode: '50450', country: 'MY' };

/** A new customer with an address; `submissionType` goes in its customField `einvoiceSubmissionType`. */
/** Removes a party's e-invoice identity (the demo seeds one for every party): its entity JSON is then unfilled. */
export function forgetIdentity(mock: MockService, partyId: string): void {
  mock.store.transaction(() => {
    const found = identityOf(companyCtx(mock), partyId);
    if (found) identitiesTable(companyCtx(mock)).delete(found.id);
  });
}

export async function newCustomer(acs: AcsClient, name: string, submissionType?: string) {
  return acs.customers.create({
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.my`,
    address: ADDRESS,
    billingAddress: ADDRESS,
    ...(submissionType ? { customFields: { einvoiceSubmissionType: submissionType } } : {}),
  });
}

/** A sent invoice of one line (`amount` before 10% SST). */
export async function sentInvoice(acs: AcsClient, customerId: string, amount: number) {
  const draft = await acs.invoices.create({
    customerId,
    items: [{ description: 'Office chairs', quantity: 1, unitPrice: amount, taxCode: 'SST10' }],
  });
  return acs.invoices.send(draft.id);
}

import { CustomerCreateParams } from '../../src/contract/index.js';
import type { MockClock } from '../kernel/clock.js';
import { createSupplier } from '../domain/purchasing/index.js';
import { createContact, createCustomer, type CustomerRow } from '../domain/sales/index.js';
import type { CompanyContext } from '../store/context.js';
import type { AtPath } from './fixture-problem.js';
import type { CheckedFixtureCompany } from './fixture-schema.js';

/**
 * A company's customers, each with its contacts, through the functions `POST /customers` and its contacts route call
 * (MOCK-34), each refusal named by its path; the demo seed loads its customers through it too, each on the clock
 * `clockOf` gives (MOCK-48).
 */
export function loadCustomers(
  ctx: CompanyContext,
  customers: NonNullable<CheckedFixtureCompany['customers']>,
  path: string,
  at: AtPath,
  clockOf?: (index: number) => MockClock,
): CustomerRow[] {
  return customers.map(({ contacts, ...fields }, i) => {
    const on = clockOf ? { ...ctx, clock: clockOf(i) } : ctx;
    let customer: CustomerRow | undefined;
    at(`${path}.customers[${i}]`, () => {
      customer = createCustomer(on, CustomerCreateParams.parse(fields));
    });
    contacts?.forEach(
      (contact, c) => void at(`${path}.customers[${i}].contacts[${c}]`, () => void createContact(on, customer!.id, contact)),
    );
    return customer!;
  });
}

/** A company's suppliers through the function `POST /suppliers` calls (MOCK-34); the demo seed's too (MOCK-48). */
export function loadSuppliers(
  ctx: CompanyContext,
  suppliers: NonNullable<CheckedFixtureCompany['suppliers']>,
  path: string,
  at: AtPath,
): void {
  suppliers.forEach((supplier, i) => void at(`${path}.suppliers[${i}]`, () => void createSupplier(ctx, supplier)));
}

import type { CompanyContext } from '../../store/context.js';
import { conflict } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import { type CustomerChanges, type CustomerProblem, READ_ONLY_FIELDS, findCustomersByEmail } from './customers.js';

// The rules of a customer write that need the stored record; the contract keeps the rest.

/** On create `email` or `phone` is required (spec document 2, "Customer"); an update may not remove both. */
export function requireEmailOrPhone(email: string | null, phone: string | null, problems: CustomerProblem[]): void {
  if (email !== null || phone !== null) return;
  if (problems.some((p) => p.field === 'email' || p.field === 'phone')) return;
  problems.push({ field: 'email', code: 'REQUIRED_FIELD', message: 'a customer needs an email or a phone number' });
}

/** The read-only figures may be sent back unchanged (a client PUTs what it read); a different value is refused. */
export function checkReadOnly(input: CustomerChanges, current: Partial<Record<(typeof READ_ONLY_FIELDS)[number], unknown>>, problems: CustomerProblem[]): void {
  for (const field of READ_ONLY_FIELDS) {
    const sent = input[field];
    if (sent === undefined) continue;
    const now = current[field];
    const same =
      typeof sent === 'number' && typeof now === 'number' && money.isCents(sent) ? money.equals(sent, now) : sent === now;
    if (!same) {
      problems.push({
        field,
        code: 'INVALID_CHOICE',
        message:
          field === 'customerNumber'
            ? 'customerNumber is assigned by the service and cannot be set'
            : `${field} is read-only: invoices and payments keep it`,
        value: sent,
      });
    }
  }
}

/** Emails are unique per company (document 3's batch rules), compared lower-cased: 409 CONFLICT naming the holder. */
export function refuseTakenEmail(ctx: CompanyContext, email: string, selfId: string | null): void {
  const holder = findCustomersByEmail(ctx, email).find((customer) => customer.id !== selfId);
  if (holder) throw conflict('customer', 'email', email, holder.id);
}

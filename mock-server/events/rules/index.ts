import { CUSTOMERS, type CustomerRow } from '../../domain/sales/tables.js';
import { presentCustomer } from '../../domain/sales/customers.js';
import type { EventRule } from '../bus.js';
import { salesDocumentEventRules } from './sales.js';

/**
 * Every module's event rules: which committed change is which domain event. A module adds its own
 * list here (spec document 1, "Events"; the choices are in docs/spec-decisions.md).
 */
export const eventRules: EventRule[] = [
  // Customers (issue #3): `data` is the customer as GET /customers/{id} shows it.
  { table: CUSTOMERS, event: 'customer.created', present: (change, ctx) => presentCustomer(ctx, change.after as unknown as CustomerRow) },
  // Sales documents (issue #3): invoice.created/updated/sent, payment.received, order.status_changed.
  ...salesDocumentEventRules,
];

import { ADDRESS_LIMITS, type CustomerRef } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { NumberFormat } from '../shared/numbering.js';
import { companyCurrency } from '../platform/index.js';
import { companyToday } from '../shared/calendar.js';
import type { CustomerRow } from './tables.js';
import { retrieveCustomer } from './customers.js';
import { businessRule, validationError, type ValidationIssue } from '../../kernel/errors.js';
import { recordOutboxMessage } from '../shared/outbox.js';
import type { AddressBlock } from './document-tables.js';

/** The numbers of the sales documents (`SO-000001`, `QT-`, `INV-`, `PAY-`): six digits, a sequence per kind. */
export const SALES_NUMBERS = {
  salesOrder: { sequence: 'salesOrder', prefix: 'SO', digits: 6 },
  quote: { sequence: 'quote', prefix: 'QT', digits: 6 },
  invoice: { sequence: 'invoice', prefix: 'INV', digits: 6 },
  payment: { sequence: 'payment', prefix: 'PAY', digits: 6 },
  creditNote: { sequence: 'creditNote', prefix: 'CN', digits: 6 },
  debitNote: { sequence: 'debitNote', prefix: 'DN', digits: 6 },
  refund: { sequence: 'refund', prefix: 'RF', digits: 6 },
} as const satisfies Record<string, NumberFormat>;

/** The customer a new document is for: 404 CUSTOMER_NOT_FOUND when unknown; a blocked customer is refused. */
export function customerForSale(ctx: CompanyContext, customerId: string): CustomerRow {
  const customer = retrieveCustomer(ctx, customerId);
  if (customer.status === 'blocked') {
    throw businessRule('a blocked customer cannot be sold to', {
      customerId: customer.id,
      customerNumber: customer.customerNumber,
      status: customer.status,
    });
  }
  return customer;
}

/** `customer` {`id`, `name`, `email`} as a document shows it (spec document 2). */
export const customerRef = (customer: CustomerRow): CustomerRef => ({
  id: customer.id,
  name: customer.name,
  email: customer.email ?? null,
});

const ADDRESS_FIELDS = Object.keys(ADDRESS_LIMITS) as (keyof typeof ADDRESS_LIMITS)[];

/** An address block with only its known, non-empty text fields; null when none is left. */
export function addressOf(value: unknown): AddressBlock | null {
  if (!value || typeof value !== 'object') return null;
  const out: AddressBlock = {};
  for (const field of ADDRESS_FIELDS) {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v === 'string' && v.trim() !== '') out[field] = v;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * A document's currency and rate: default the customer's currency; in the company's currency the
 * rate is 1; in another currency `exchangeRate` (company units per document unit) is required.
 */
export function documentCurrency(
  ctx: CompanyContext,
  customer: Pick<CustomerRow, 'currency'>,
  input: { currency?: string | null; exchangeRate?: number | null },
): { currency: string; exchangeRate: number } {
  const base = companyCurrency(ctx);
  const currency = input.currency ?? customer.currency ?? base;
  if (currency === base) {
    if (input.exchangeRate !== undefined && input.exchangeRate !== null && input.exchangeRate !== 1) {
      throw validationError([
        {
          field: 'exchangeRate',
          code: 'INVALID_CHOICE',
          message: `a document in the company's currency ${base} has exchangeRate 1`,
          value: input.exchangeRate,
          constraint: [1],
        },
      ]);
    }
    return { currency, exchangeRate: 1 };
  }
  if (input.exchangeRate === undefined || input.exchangeRate === null) {
    throw validationError([
      { field: 'exchangeRate', code: 'REQUIRED_FIELD', message: `a document in ${currency} needs the exchangeRate to ${base}` },
    ]);
  }
  if (!(input.exchangeRate > 0)) {
    throw validationError([
      {
        field: 'exchangeRate',
        code: 'MIN_VALUE',
        message: 'exchangeRate must be above zero',
        value: input.exchangeRate,
        constraint: { min: 0, inclusive: false },
      },
    ]);
  }
  return { currency, exchangeRate: input.exchangeRate };
}

/**
 * Refuses a document date after the company's today (PLAT-31): money received or
 * paid back, and the corrections that move what an invoice has due now, cannot be dated in the future.
 */
export function checkNotAfterToday(ctx: CompanyContext, field: string, date: string): void {
  const today = companyToday(ctx);
  if (date > today) {
    throw validationError([
      { field, code: 'DATE_CONSTRAINT', message: `${field} cannot be after today ${today}`, value: date, constraint: { max: today } },
    ]);
  }
}

/** Refuses `later` before `earlier` (both `YYYY-MM-DD`) with a DATE_CONSTRAINT on `field`. */
export function checkDateOrder(field: string, later: string | null | undefined, earlier: string, earlierField: string): void {
  if (later && later < earlier) {
    throw validationError([
      {
        field,
        code: 'DATE_CONSTRAINT',
        message: `${field} cannot be before ${earlierField} ${earlier}`,
        value: later,
        constraint: { min: earlier },
      },
    ]);
  }
}

/** What `send` takes (spec document 2: `to`, `cc`, `subject`, `message`, `attachPDF`). */
export interface SendInput {
  to?: string[];
  cc?: string[];
  subject?: string;
  message?: string;
  attachPDF?: boolean;
}

/** `recordMessage: false`: the document is sent without an outbox message (the demo seed's history). */
export interface SendOptions {
  recordMessage?: boolean;
}

/**
 * Records a document's message in the outbox (nothing leaves the machine). `to` defaults to the
 * customer's email (the supplier's, for a purchase order). With no recipient at all the document is only marked as sent (Xero's "mark as
 * sent"; SALES-31): nothing goes to the outbox and the answer is false. `cc` alone is refused, as a
 * message without a `to` cannot be sent.
 */
export function recordDocumentMessage(
  ctx: CompanyContext,
  document: {
    kind: 'quote' | 'invoice' | 'purchase_order';
    id: string;
    number: string;
    customerEmail: string | null;
    party?: 'customer' | 'supplier';
  },
  input: SendInput,
  defaults: { subject: string; message: string },
): boolean {
  const to = input.to && input.to.length > 0 ? input.to : document.customerEmail ? [document.customerEmail] : [];
  if (to.length === 0) {
    if (!input.cc?.length) return false;
    const issue: ValidationIssue = {
      field: 'to',
      code: 'REQUIRED_FIELD',
      message: `the ${document.party ?? 'customer'} has no email address; give \`to\` to send ${document.number} with a copy to \`cc\``,
    };
    throw validationError([issue]);
  }
  recordOutboxMessage(ctx, {
    kind: document.kind,
    documentId: document.id,
    to,
    cc: input.cc ?? [],
    subject: input.subject ?? defaults.subject,
    message: input.message ?? defaults.message,
    attachPDF: input.attachPDF ?? true,
  });
  return true;
}

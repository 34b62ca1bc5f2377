import { CUSTOMER_STATUSES, CUSTOMER_TYPES, EMAIL_PATTERN, isPhone, type CustomerStatus, type CustomerType } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { CustomerRow } from './tables.js';
import { conflict } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import { type CustomerInput, type CustomerProblem, NAME_MAX, MAX_TAGS, MAX_CUSTOM_FIELDS, ADDRESS_FIELDS, READ_ONLY_FIELDS, findCustomersByEmail } from './customers.js';

// ---------------------------------------------------------------------------------------------
// Reading and checking the fields of a write

type CustomerFields = Partial<
  Pick<
    CustomerRow,
    | 'name'
    | 'type'
    | 'email'
    | 'phone'
    | 'website'
    | 'taxNumber'
    | 'address'
    | 'billingAddress'
    | 'shippingAddress'
    | 'currency'
    | 'paymentTerms'
    | 'creditLimit'
    | 'status'
    | 'tags'
    | 'customFields'
  >
>;

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/** The writable fields, normalised (trimmed, email lower-cased); each broken rule is pushed to `problems`. */
export function readFields(input: CustomerInput, problems: CustomerProblem[]): CustomerFields {
  const out: CustomerFields = {};
  const problem = (field: string, code: string, message: string, value?: unknown) =>
    problems.push({ field, code, message, ...(value === undefined ? {} : { value }) });

  if (input.name !== undefined) {
    if (typeof input.name !== 'string' || input.name.trim() === '') {
      problem('name', 'REQUIRED_FIELD', 'name is required', input.name);
    } else if (input.name.trim().length > NAME_MAX) {
      problem('name', 'MAX_VALUE', `name is at most ${NAME_MAX} characters`, input.name);
    } else out.name = input.name.trim();
  }

  if (input.type !== undefined) {
    if ((CUSTOMER_TYPES as readonly unknown[]).includes(input.type)) out.type = input.type as CustomerType;
    else problem('type', 'INVALID_CHOICE', `type is one of ${CUSTOMER_TYPES.join(', ')}`, input.type);
  }
  if (input.status !== undefined) {
    if ((CUSTOMER_STATUSES as readonly unknown[]).includes(input.status)) out.status = input.status as CustomerStatus;
    else problem('status', 'INVALID_CHOICE', `status is one of ${CUSTOMER_STATUSES.join(', ')}`, input.status);
  }

  if (input.email !== undefined) {
    if (isBlank(input.email)) out.email = null;
    else if (typeof input.email !== 'string' || !EMAIL_PATTERN.test(input.email.trim()) || input.email.trim().length > 254) {
      problem('email', 'INVALID_FORMAT', 'email is not a valid email address', input.email);
    } else out.email = input.email.trim().toLowerCase();
  }
  if (input.phone !== undefined) {
    if (isBlank(input.phone)) out.phone = null;
    else if (typeof input.phone !== 'string' || !isPhone(input.phone.trim())) {
      problem('phone', 'INVALID_FORMAT', 'phone must be a phone number: 6 to 15 digits, with + ( ) - . and spaces', input.phone);
    } else out.phone = input.phone.trim();
  }
  if (input.website !== undefined) {
    if (isBlank(input.website)) out.website = null;
    else if (typeof input.website !== 'string' || !isWebsite(input.website.trim())) {
      problem('website', 'INVALID_FORMAT', 'website must be a web address (https://example.com or example.com)', input.website);
    } else out.website = input.website.trim();
  }
  if (input.taxNumber !== undefined) {
    if (isBlank(input.taxNumber)) out.taxNumber = null;
    else if (typeof input.taxNumber !== 'string' || input.taxNumber.trim().length > 50) {
      problem('taxNumber', 'INVALID_FORMAT', 'taxNumber is text of at most 50 characters', input.taxNumber);
    } else out.taxNumber = input.taxNumber.trim();
  }

  for (const field of ['address', 'billingAddress', 'shippingAddress'] as const) {
    if (input[field] === undefined) continue;
    const address = readAddress(field, input[field], field === 'address', problems);
    if (address !== undefined) out[field] = address;
  }

  if (input.currency !== undefined) {
    if (typeof input.currency === 'string' && /^[A-Za-z]{3}$/.test(input.currency.trim())) out.currency = input.currency.trim().toUpperCase();
    else problem('currency', 'INVALID_FORMAT', 'currency is a three-letter ISO 4217 code', input.currency);
  }
  if (input.paymentTerms !== undefined) {
    const terms = input.paymentTerms;
    if (typeof terms !== 'number' || !Number.isInteger(terms)) problem('paymentTerms', 'INVALID_FORMAT', 'paymentTerms is a whole number of days', terms);
    else if (terms < 0 || terms > 365) problem('paymentTerms', terms < 0 ? 'MIN_VALUE' : 'MAX_VALUE', 'paymentTerms must be between 0 and 365 days', terms);
    else out.paymentTerms = terms;
  }
  if (input.creditLimit !== undefined) {
    const limit = input.creditLimit;
    if (typeof limit !== 'number' || !money.isCents(limit)) problem('creditLimit', 'INVALID_FORMAT', 'creditLimit is an amount with at most two decimals', limit);
    else if (limit < 0) problem('creditLimit', 'MIN_VALUE', 'creditLimit must not be negative (0 means no limit)', limit);
    else out.creditLimit = money.toNumber(limit);
  }

  if (input.tags !== undefined) {
    const tags = input.tags;
    if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string' || tag.trim() === '' || tag.trim().length > 50)) {
      problem('tags', 'INVALID_FORMAT', 'tags are non-empty texts of at most 50 characters', tags);
    } else {
      const unique = [...new Set(tags.map((tag: string) => tag.trim()))];
      if (unique.length > MAX_TAGS) problem('tags', 'MAX_VALUE', `a customer has at most ${MAX_TAGS} tags`, tags);
      else out.tags = unique;
    }
  }
  if (input.customFields !== undefined) {
    const custom = input.customFields;
    const entries = custom !== null && typeof custom === 'object' && !Array.isArray(custom) ? Object.entries(custom) : null;
    if (!entries || entries.some(([key, value]) => key.trim() === '' || key.length > 50 || typeof value !== 'string' || value.length > 500)) {
      problem('customFields', 'INVALID_FORMAT', 'customFields maps names (at most 50 characters) to texts (at most 500)', custom);
    } else if (entries.length > MAX_CUSTOM_FIELDS) {
      problem('customFields', 'MAX_VALUE', `a customer has at most ${MAX_CUSTOM_FIELDS} custom fields`, custom);
    } else out.customFields = Object.fromEntries(entries) as Record<string, string>;
  }
  return out;
}

function readAddress(field: string, value: unknown, withStreet2: boolean, problems: CustomerProblem[]): CustomerRow['address'] | undefined {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ field, code: 'INVALID_FORMAT', message: `${field} is an object with ${ADDRESS_FIELDS.join(', ')}`, value });
    return undefined;
  }
  const allowed: readonly string[] = withStreet2 ? ADDRESS_FIELDS : ADDRESS_FIELDS.filter((f) => f !== 'street2');
  const out: Record<string, string> = {};
  for (const [key, part] of Object.entries(value)) {
    if (!allowed.includes(key)) {
      problems.push({ field: `${field}.${key}`, code: 'INVALID_FORMAT', message: `${field} takes ${allowed.join(', ')}`, value: part });
    } else if (part !== undefined && part !== null && typeof part !== 'string') {
      problems.push({ field: `${field}.${key}`, code: 'INVALID_FORMAT', message: `${field}.${key} is text`, value: part });
    } else if (typeof part === 'string' && part.trim() !== '') out[key] = part.trim();
  }
  return out;
}

function isWebsite(value: string): boolean {
  const url = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return (protocol === 'https:' || protocol === 'http:') && hostname.includes('.') && !/\s/.test(value);
}

/** On create `email` or `phone` is required (spec document 2, "Customer"); an update may not remove both. */
export function requireEmailOrPhone(email: string | null, phone: string | null, problems: CustomerProblem[]): void {
  if (email !== null || phone !== null) return;
  if (problems.some((p) => p.field === 'email' || p.field === 'phone')) return;
  problems.push({ field: 'email', code: 'REQUIRED_FIELD', message: 'a customer needs an email or a phone number' });
}

/** The read-only figures may be sent back unchanged (a client PUTs what it read); a different value is refused. */
export function checkReadOnly(input: CustomerInput, current: Partial<Record<(typeof READ_ONLY_FIELDS)[number], unknown>>, problems: CustomerProblem[]): void {
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

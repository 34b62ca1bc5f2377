import {
  ADDRESS_LIMITS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  EMAIL_PATTERN,
  isPhone,
  parseAbsoluteUrl,
  PHONE_MAX_LENGTH,
  URL_MAX_LENGTH,
  type Customer,
  type CustomerContact,
  type CustomerStatus,
  type CustomerType,
  type DeletedRecord,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../kernel/context.js';
import { companyCurrency } from '../platform/company.js';
import { contactsTable, CUSTOMER_DOCUMENT_TABLES, customersTable, type CustomerRow } from './tables.js';
import { businessRule, conflict, notFound, ServiceError } from '../../kernel/errors.js';
import { instantRange, numberRange } from '../shared/list-ranges.js';
import * as money from '../shared/money.js';

export type { CustomerRow } from './tables.js';

/**
 * Fields of a customer write as callers send them (the router has checked only their JSON types;
 * bulk and seed callers may send anything): every rule is checked here.
 */
export interface CustomerInput {
  name?: unknown;
  type?: unknown;
  email?: unknown;
  phone?: unknown;
  website?: unknown;
  taxNumber?: unknown;
  address?: unknown;
  billingAddress?: unknown;
  shippingAddress?: unknown;
  currency?: unknown;
  paymentTerms?: unknown;
  creditLimit?: unknown;
  status?: unknown;
  tags?: unknown;
  customFields?: unknown;
  customerNumber?: unknown;
  currentBalance?: unknown;
  totalSales?: unknown;
  lastSaleDate?: unknown;
}

/** Plain filters of `GET /customers` (spec document 2, "Customers"). */
export interface CustomerFilters {
  status?: CustomerStatus;
  type?: CustomerType;
  tags?: string[];
  currency?: string;
  creditLimitMin?: number;
  creditLimitMax?: number;
  balanceMin?: number;
  balanceMax?: number;
  createdAfter?: string;
  createdBefore?: string;
}

/** A sale or payment as it moves a customer's figures; amounts are signed exact decimals. */
export interface CustomerActivity {
  balanceDelta: string | number;
  salesDelta?: string | number;
  saleDate?: string;
}

/** One problem of an INVALID_CUSTOMER_DATA refusal: `{ field, message }` as the spec's table gives it, plus a code. */
interface CustomerProblem {
  field: string;
  message: string;
  code: string;
  value?: unknown;
}

const DEFAULTS = { type: 'business', paymentTerms: 30, creditLimit: 0, status: 'active' } as const;
const NAME_MAX = 100;
const MAX_TAGS = 20;
const MAX_CUSTOM_FIELDS = 50;
const ADDRESS_FIELDS = ['street', 'street2', 'city', 'state', 'postalCode', 'country'] as const;
/** Kept by invoices and payments (issue #3); a caller may send back the current value only. */
const READ_ONLY_FIELDS = ['customerNumber', 'currentBalance', 'totalSales', 'lastSaleDate'] as const;

const formatCustomerNumber = (n: number): string => `CUST-${String(n).padStart(5, '0')}`;

/** 400 INVALID_CUSTOMER_DATA (spec document 2, "Errors"), every problem listed at once. */
export function invalidCustomerData(problems: CustomerProblem[]): ServiceError {
  const message =
    problems.length === 1 ? `Invalid customer data: ${problems[0].message}` : `Invalid customer data: ${problems.length} problems, see details`;
  return new ServiceError(400, 'INVALID_CUSTOMER_DATA', message, problems);
}

export function retrieveCustomer(ctx: CompanyContext, customerId: string): CustomerRow {
  const customer = customersTable(ctx).get(customerId);
  if (!customer) throw notFound('customer', customerId, 'CUSTOMER_NOT_FOUND', 'customerId');
  return customer;
}

/** The wire shape: the row with its active contacts, the primary one first (spec document 2, "Customer"). */
export function presentCustomer(ctx: CompanyContext, row: CustomerRow): Customer {
  const contacts: CustomerContact[] = contactsTable(ctx)
    .byIndex('customerId', row.id)
    .filter((contact) => contact.isActive)
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
    .map((contact) => ({
      id: contact.id,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      title: contact.title,
      isPrimary: contact.isPrimary,
    }));
  return {
    id: row.id,
    customerNumber: row.customerNumber,
    name: row.name,
    type: row.type,
    email: row.email,
    phone: row.phone,
    website: row.website,
    taxNumber: row.taxNumber,
    address: row.address ? { ...row.address } : null,
    billingAddress: row.billingAddress ? { ...row.billingAddress } : null,
    shippingAddress: row.shippingAddress ? { ...row.shippingAddress } : null,
    currency: row.currency,
    paymentTerms: row.paymentTerms,
    creditLimit: row.creditLimit,
    currentBalance: row.currentBalance,
    totalSales: row.totalSales,
    lastSaleDate: row.lastSaleDate,
    status: row.status,
    tags: [...row.tags],
    customFields: { ...row.customFields },
    contacts,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The plain filters as one predicate; an empty range (`balanceMax` below `balanceMin`) is a 422. */
export function customerMatches(filters: CustomerFilters): (row: CustomerRow) => boolean {
  const creditLimit = numberRange('creditLimitMin', filters.creditLimitMin, 'creditLimitMax', filters.creditLimitMax);
  const balance = numberRange('balanceMin', filters.balanceMin, 'balanceMax', filters.balanceMax);
  const created = instantRange('createdAfter', filters.createdAfter, 'createdBefore', filters.createdBefore);
  // Tags match case-insensitively and any one of them is enough (spec: `tags` comma-separated).
  const tags = filters.tags?.length ? new Set(filters.tags.map((tag) => tag.toLowerCase())) : null;
  const currency = filters.currency?.toUpperCase();
  return (row) =>
    (filters.status === undefined || row.status === filters.status) &&
    (filters.type === undefined || row.type === filters.type) &&
    (currency === undefined || row.currency === currency) &&
    (tags === null || row.tags.some((tag) => tags.has(tag.toLowerCase()))) &&
    creditLimit(row.creditLimit) &&
    balance(row.currentBalance) &&
    created(row.createdAt);
}

/** The customers with this email (emails are stored lower-cased). */
export const findCustomersByEmail = (ctx: CompanyContext, email: string): CustomerRow[] =>
  customersTable(ctx).byIndex('email', email.trim().toLowerCase());

export function createCustomer(ctx: CompanyContext, input: CustomerInput): CustomerRow {
  return ctx.store.transaction(() => {
    const problems: CustomerProblem[] = [];
    const fields = readFields(input, problems);
    checkReadOnly(input, { customerNumber: undefined, currentBalance: 0, totalSales: 0, lastSaleDate: null }, problems);
    if (fields.name === undefined && !problems.some((p) => p.field === 'name')) {
      problems.push({ field: 'name', code: 'REQUIRED_FIELD', message: 'name is required' });
    }
    requireEmailOrPhone(fields.email ?? null, fields.phone ?? null, problems);
    if (problems.length > 0) throw invalidCustomerData(problems);
    if (fields.email) refuseTakenEmail(ctx, fields.email, null);

    const table = customersTable(ctx);
    const now = ctx.clock.iso();
    return table.insert({
      id: table.newId(),
      customerNumber: formatCustomerNumber(ctx.store.nextNumber(ctx.companyId, 'customers')),
      name: fields.name!,
      type: fields.type ?? DEFAULTS.type,
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      website: fields.website ?? null,
      taxNumber: fields.taxNumber ?? null,
      address: fields.address ?? null,
      billingAddress: fields.billingAddress ?? null,
      shippingAddress: fields.shippingAddress ?? null,
      currency: fields.currency ?? companyCurrency(ctx),
      paymentTerms: fields.paymentTerms ?? DEFAULTS.paymentTerms,
      creditLimit: fields.creditLimit ?? DEFAULTS.creditLimit,
      currentBalance: 0,
      totalSales: 0,
      lastSaleDate: null,
      status: fields.status ?? DEFAULTS.status,
      tags: fields.tags ?? [],
      customFields: fields.customFields ?? {},
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** `PUT /customers/{id}`: the fields sent change, `null` clears an optional one; the record must keep an email or a phone. */
export function updateCustomer(ctx: CompanyContext, customerId: string, changes: CustomerInput): CustomerRow {
  return ctx.store.transaction(() => {
    const customer = retrieveCustomer(ctx, customerId);
    const problems: CustomerProblem[] = [];
    const fields = readFields(changes, problems);
    checkReadOnly(changes, customer, problems);
    const email = fields.email !== undefined ? fields.email : customer.email;
    const phone = fields.phone !== undefined ? fields.phone : customer.phone;
    if (fields.email !== undefined || fields.phone !== undefined) requireEmailOrPhone(email, phone, problems);
    if (problems.length > 0) throw invalidCustomerData(problems);
    if (fields.email && fields.email !== customer.email) refuseTakenEmail(ctx, fields.email, customer.id);

    if (fields.currency !== undefined && fields.currency !== customer.currency) {
      const documents = documentCounts(ctx, customer.id);
      if (documents.total > 0) {
        // Open documents and the balance are in the customer's currency.
        throw businessRule('the currency of a customer with transactions cannot change', {
          customerId: customer.id,
          currency: customer.currency,
          requestedCurrency: fields.currency,
          ...documents.byTable,
        });
      }
    }

    const patch: Partial<CustomerRow> = {};
    for (const [key, value] of Object.entries(fields) as [keyof CustomerRow, unknown][]) {
      if (value !== undefined && JSON.stringify(value) !== JSON.stringify(customer[key])) (patch as Record<string, unknown>)[key] = value;
    }
    if (Object.keys(patch).length === 0) return customer;
    return customersTable(ctx).update(customer.id, { ...patch, updatedAt: ctx.clock.iso() });
  });
}

/**
 * Deletes a customer without transactions (spec document 2: "allowed only when no transactions
 * exist"), with its contacts. Any sales order, quote, invoice or payment of the customer, or a
 * non-zero balance, is a 422 BUSINESS_RULE_VIOLATION with the counts.
 */
export function deleteCustomer(ctx: CompanyContext, customerId: string): DeletedRecord {
  return ctx.store.transaction(() => {
    const customer = retrieveCustomer(ctx, customerId);
    const documents = documentCounts(ctx, customer.id);
    if (documents.total > 0 || customer.currentBalance !== 0) {
      throw businessRule('a customer with transactions cannot be deleted; set its status to inactive instead', {
        customerId: customer.id,
        customerNumber: customer.customerNumber,
        ...documents.byTable,
        currentBalance: customer.currentBalance,
      });
    }
    const contacts = contactsTable(ctx);
    for (const contact of contacts.byIndex('customerId', customer.id)) contacts.delete(contact.id);
    customersTable(ctx).delete(customer.id);
    return { id: customer.id, deleted: true };
  });
}

/**
 * Moves a customer's balance and sales by a document (invoice sent, payment received, invoice
 * cancelled): the one way those read-only figures change. Exact decimals, rounded to cents;
 * `lastSaleDate` keeps the later date.
 */
export function recordCustomerActivity(ctx: CompanyContext, customerId: string, activity: CustomerActivity): CustomerRow {
  for (const [name, amount] of [['balanceDelta', activity.balanceDelta], ['salesDelta', activity.salesDelta ?? 0]] as const) {
    if (!money.isCents(amount)) throw new TypeError(`recordCustomerActivity: ${name} must be an amount with at most two decimals, got ${String(amount)}`);
  }
  return ctx.store.transaction(() => {
    const customer = retrieveCustomer(ctx, customerId);
    const patch: Partial<CustomerRow> = {
      currentBalance: money.toNumber(money.add(customer.currentBalance, activity.balanceDelta)),
      updatedAt: ctx.clock.iso(),
    };
    if (activity.salesDelta !== undefined) patch.totalSales = money.toNumber(money.add(customer.totalSales, activity.salesDelta));
    if (activity.saleDate !== undefined && (customer.lastSaleDate === null || activity.saleDate > customer.lastSaleDate)) {
      patch.lastSaleDate = activity.saleDate;
    }
    return customersTable(ctx).update(customer.id, patch);
  });
}

/** How many sales documents of each kind name the customer, over the document tables that exist. */
export function documentCounts(ctx: CompanyContext, customerId: string): { total: number; byTable: Record<string, number> } {
  const byTable: Record<string, number> = {};
  let total = 0;
  for (const name of CUSTOMER_DOCUMENT_TABLES) {
    if (!ctx.store.hasTable(name)) continue;
    const count = ctx.store.table(ctx.companyId, name).countByIndex('customerId', customerId);
    byTable[name] = count;
    total += count;
  }
  return { total, byTable };
}

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
function readFields(input: CustomerInput, problems: CustomerProblem[]): CustomerFields {
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
      problem('phone', 'INVALID_FORMAT', `phone must be a phone number: 6 to 15 digits, with + ( ) - . and spaces, at most ${PHONE_MAX_LENGTH} characters`, input.phone);
    } else out.phone = input.phone.trim();
  }
  if (input.website !== undefined) {
    if (isBlank(input.website)) out.website = null;
    else if (typeof input.website === 'string' && input.website.trim().length > URL_MAX_LENGTH) {
      problem('website', 'MAX_VALUE', `website is at most ${URL_MAX_LENGTH} characters`, input.website);
    } else if (typeof input.website !== 'string' || !isWebsite(input.website.trim())) {
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
    } else if (typeof part === 'string' && part.trim().length > ADDRESS_LIMITS[key as keyof typeof ADDRESS_LIMITS]) {
      const max = ADDRESS_LIMITS[key as keyof typeof ADDRESS_LIMITS];
      problems.push({ field: `${field}.${key}`, code: 'MAX_VALUE', message: `${field}.${key} is at most ${max} characters`, value: part });
    } else if (typeof part === 'string' && part.trim() !== '') out[key] = part.trim();
  }
  return out;
}

function isWebsite(value: string): boolean {
  const parsed = parseAbsoluteUrl(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  if (!parsed) return false;
  const { protocol, hostname } = parsed;
  return (protocol === 'https:' || protocol === 'http:') && hostname.includes('.') && !/\s/.test(value);
}

/** On create `email` or `phone` is required (spec document 2, "Customer"); an update may not remove both. */
function requireEmailOrPhone(email: string | null, phone: string | null, problems: CustomerProblem[]): void {
  if (email !== null || phone !== null) return;
  if (problems.some((p) => p.field === 'email' || p.field === 'phone')) return;
  problems.push({ field: 'email', code: 'REQUIRED_FIELD', message: 'a customer needs an email or a phone number' });
}

/** The read-only figures may be sent back unchanged (a client PUTs what it read); a different value is refused. */
function checkReadOnly(input: CustomerInput, current: Partial<Record<(typeof READ_ONLY_FIELDS)[number], unknown>>, problems: CustomerProblem[]): void {
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
function refuseTakenEmail(ctx: CompanyContext, email: string, selfId: string | null): void {
  const holder = findCustomersByEmail(ctx, email).find((customer) => customer.id !== selfId);
  if (holder) throw conflict('customer', 'email', email, holder.id);
}

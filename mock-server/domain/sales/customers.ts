import type { z } from 'zod';
import type {
  Customer,
  CustomerContact,
  CustomerCreateParams,
  CustomerStatus,
  CustomerType,
  CustomerUpdateParams,
  DeletedRecord,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { companyCurrency } from '../platform/index.js';
import { contactsTable, CUSTOMER_DOCUMENT_TABLES, customersTable, type CustomerRow } from './tables.js';
import { creditNotesTable, customerCreditBalance } from './note-tables.js';
import { PresentedJson, type JsonText } from '../../kernel/presented.js';
import { businessRule, conflict, notFound, ServiceError } from '../../kernel/errors.js';
import { instantRange, numberRange } from '../shared/list-ranges.js';
import * as money from '../shared/money.js';
import { balanceMove } from '../shared/party-balance.js';
import { nextDocumentNumber, type NumberFormat } from '../shared/numbering.js';

export type { CustomerRow } from './tables.js';

/** A customer write as the contract parsed it: trimmed, normalised, each field's rule kept (src/contract/sales/customers.ts). */
export type CustomerChanges = z.output<typeof CustomerUpdateParams>;
export type NewCustomer = z.output<typeof CustomerCreateParams>;

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
export interface CustomerProblem {
  field: string;
  message: string;
  code: string;
  value?: unknown;
}

const DEFAULTS = { type: 'business', paymentTerms: 30, creditLimit: 0, status: 'active' } as const;
/** Kept by invoices and payments (SALES-3, SALES-40); a caller may send back the current value only. */
export const READ_ONLY_FIELDS = ['customerNumber', 'currentBalance', 'totalSales', 'lastSaleDate'] as const;

const CUSTOMER_NUMBERS: NumberFormat = { sequence: 'customers', prefix: 'CUST', digits: 5 };

/** 400 INVALID_CUSTOMER_DATA (spec document 2, "Errors"), every problem listed at once. */
export function invalidCustomerData(problems: CustomerProblem[]): ServiceError {
  const message =
    problems.length === 1
      ? `Invalid customer data: ${problems[0].message}`
      : `Invalid customer data: ${problems.length} problems, see details`;
  return new ServiceError('INVALID_CUSTOMER_DATA', message, problems);
}

export function retrieveCustomer(ctx: CompanyContext, customerId: string): CustomerRow {
  const customer = customersTable(ctx).get(customerId);
  if (!customer) throw notFound('customer', customerId, 'CUSTOMER_NOT_FOUND', 'customerId');
  return customer;
}

/**
 * `presentCustomer` as JSON, kept per stored row until the company's contacts or credit notes change: a
 * list page skips presenting and serialising. Holds while presentCustomer reads nothing but the row and
 * those two tables; what else it comes to read must join the key.
 */
const keptCustomers = new PresentedJson<CustomerRow>();
export const presentCustomerJson = (ctx: CompanyContext, row: CustomerRow): JsonText =>
  keptCustomers.text(row, `${contactsTable(ctx).version}:${creditNotesTable(ctx).version}`, (kept) => presentCustomer(ctx, kept));

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
    creditBalance: customerCreditBalance(ctx, row.id),
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

// The rules of a customer write that need the stored record; the contract keeps the rest.

/** On create `email` or `phone` is required (spec document 2, "Customer"); an update may not remove both. */
function requireEmailOrPhone(email: string | null, phone: string | null, problems: CustomerProblem[]): void {
  if (email !== null || phone !== null) return;
  problems.push({ field: 'email', code: 'REQUIRED_FIELD', message: 'a customer needs an email or a phone number' });
}

/** The read-only figures may be sent back unchanged (a client PUTs what it read); a different value is refused. */
function checkReadOnly(
  input: CustomerChanges,
  current: Partial<Record<(typeof READ_ONLY_FIELDS)[number], unknown>>,
  problems: CustomerProblem[],
): void {
  for (const field of READ_ONLY_FIELDS) {
    const sent = input[field];
    if (sent === undefined) continue;
    const now = current[field];
    const same = typeof sent === 'number' && typeof now === 'number' && money.isCents(sent) ? money.equals(sent, now) : sent === now;
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

/** `POST /customers`: the record's rules that need the company's books (email or phone, read-only figures, a unique email). */
export function createCustomer(ctx: CompanyContext, fields: NewCustomer): CustomerRow {
  return ctx.store.transaction(() => {
    const problems: CustomerProblem[] = [];
    checkReadOnly(fields, { customerNumber: undefined, currentBalance: 0, totalSales: 0, lastSaleDate: null }, problems);
    requireEmailOrPhone(fields.email ?? null, fields.phone ?? null, problems);
    if (problems.length > 0) throw invalidCustomerData(problems);
    if (fields.email) refuseTakenEmail(ctx, fields.email, null);

    const table = customersTable(ctx);
    const now = ctx.clock.iso();
    return table.insert({
      id: table.newId(),
      customerNumber: nextDocumentNumber(ctx, CUSTOMER_NUMBERS),
      name: fields.name,
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
export function updateCustomer(ctx: CompanyContext, customerId: string, fields: CustomerChanges): CustomerRow {
  return ctx.store.transaction(() => {
    const customer = retrieveCustomer(ctx, customerId);
    const problems: CustomerProblem[] = [];
    checkReadOnly(fields, customer, problems);
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
    const readOnly: readonly string[] = READ_ONLY_FIELDS;
    const writable = Object.entries(fields).filter(([key]) => !readOnly.includes(key)) as [keyof CustomerRow, unknown][];
    for (const [key, value] of writable) {
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
  for (const [name, amount] of [
    ['balanceDelta', activity.balanceDelta],
    ['salesDelta', activity.salesDelta ?? 0],
  ] as const) {
    if (!money.isCents(amount))
      throw new TypeError(`recordCustomerActivity: ${name} must be an amount with at most two decimals, got ${String(amount)}`);
  }
  return ctx.store.transaction(() => {
    const customer = retrieveCustomer(ctx, customerId);
    const patch: Partial<CustomerRow> = balanceMove(customer, activity.balanceDelta, ctx.clock.iso());
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

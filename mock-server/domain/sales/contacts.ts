import { EMAIL_PATTERN, isPhone, type Contact, type DeletedRecord } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { contactsTable, type ContactRow } from './tables.js';
import { retrieveCustomer } from './customers.js';
import { businessRule, notFound, validationError, type ValidationIssue } from '../../kernel/errors.js';

export type { ContactRow } from './tables.js';

/** Fields of a contact write (spec document 2, "Contact"); the router has checked their formats. */
export interface ContactInput {
  name?: string;
  email?: string | null;
  phone?: string | null;
  mobile?: string | null;
  title?: string | null;
  department?: string | null;
  isPrimary?: boolean;
  isActive?: boolean;
  notes?: string | null;
}

/** Plain filters of `GET /customers/{id}/contacts`. */
export interface ContactFilters {
  active?: boolean;
}

const TEXT_FIELDS = ['email', 'phone', 'mobile', 'title', 'department', 'notes'] as const;

/** A contact of this customer; the customer is checked first (404 CUSTOMER_NOT_FOUND), a contact of another customer is a 404 too. */
export function retrieveContact(ctx: CompanyContext, customerId: string, contactId: string): ContactRow {
  retrieveCustomer(ctx, customerId);
  const contact = contactsTable(ctx).get(contactId);
  if (!contact || contact.customerId !== customerId) throw notFound('contact', contactId, 'NOT_FOUND', 'contactId');
  return contact;
}

export const presentContact = (row: ContactRow): Contact => ({ ...row });

/** Every contact of a customer, in the order they were added. */
export const contactsOf = (ctx: CompanyContext, customerId: string): ContactRow[] => contactsTable(ctx).byIndex('customerId', customerId);

export function contactMatches(filters: ContactFilters): (row: ContactRow) => boolean {
  return (row) => filters.active === undefined || row.isActive === filters.active;
}

/**
 * Adds a contact. A customer has at most one primary contact: a new primary one demotes the old
 * one, and a customer's first active contact is primary unless `isPrimary: false` is sent.
 */
export function createContact(ctx: CompanyContext, customerId: string, input: ContactInput): ContactRow {
  return ctx.store.transaction(() => {
    retrieveCustomer(ctx, customerId);
    const fields = readContactFields(input, true);
    const isActive = fields.isActive ?? true;
    const hasActive = contactsOf(ctx, customerId).some((contact) => contact.isActive);
    const isPrimary = fields.isPrimary ?? (isActive && !hasActive);
    if (isPrimary && !isActive) refuseInactivePrimary(null);
    if (isPrimary) demotePrimary(ctx, customerId, null);

    const table = contactsTable(ctx);
    const now = ctx.clock.iso();
    return table.insert({
      id: table.newId(),
      customerId,
      name: fields.name!,
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      mobile: fields.mobile ?? null,
      title: fields.title ?? null,
      department: fields.department ?? null,
      isPrimary,
      isActive,
      notes: fields.notes ?? null,
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** Changes a contact; `isPrimary: true` demotes the customer's other primary contact, deactivating the primary one clears its flag. */
export function updateContact(ctx: CompanyContext, customerId: string, contactId: string, changes: ContactInput): ContactRow {
  return ctx.store.transaction(() => {
    const contact = retrieveContact(ctx, customerId, contactId);
    const fields = readContactFields(changes, false);
    const isActive = fields.isActive ?? contact.isActive;
    let isPrimary = fields.isPrimary ?? contact.isPrimary;
    if (fields.isPrimary === true && !isActive) refuseInactivePrimary(contact.id);
    // The primary contact is one a customer can be reached at.
    if (!isActive) isPrimary = false;
    if (isPrimary && !contact.isPrimary) demotePrimary(ctx, customerId, contact.id);

    const patch: Partial<ContactRow> = {};
    if (fields.name !== undefined && fields.name !== contact.name) patch.name = fields.name;
    for (const field of TEXT_FIELDS) {
      if (fields[field] !== undefined && fields[field] !== contact[field]) patch[field] = fields[field];
    }
    if (isActive !== contact.isActive) patch.isActive = isActive;
    if (isPrimary !== contact.isPrimary) patch.isPrimary = isPrimary;
    if (Object.keys(patch).length === 0) return contact;
    return contactsTable(ctx).update(contact.id, { ...patch, updatedAt: ctx.clock.iso() });
  });
}

/** Deletes a contact; deleting the primary one leaves the customer without a primary contact until one is chosen. */
export function deleteContact(ctx: CompanyContext, customerId: string, contactId: string): DeletedRecord {
  return ctx.store.transaction(() => {
    const contact = retrieveContact(ctx, customerId, contactId);
    contactsTable(ctx).delete(contact.id);
    return { id: contact.id, deleted: true };
  });
}

function demotePrimary(ctx: CompanyContext, customerId: string, exceptId: string | null): void {
  const table = contactsTable(ctx);
  for (const other of contactsOf(ctx, customerId)) {
    if (other.isPrimary && other.id !== exceptId) table.update(other.id, { isPrimary: false, updatedAt: ctx.clock.iso() });
  }
}

function refuseInactivePrimary(contactId: string | null): never {
  throw businessRule('an inactive contact cannot be the primary contact', contactId ? { contactId } : {});
}

/**
 * Trims and re-checks the fields, so domain callers (seed, bulk) get the router's answer: 422
 * VALIDATION_ERROR on the field. Emails are stored lower-cased, as customers' are.
 */
function readContactFields(input: ContactInput, requireName: boolean): ContactInput {
  const issues: ValidationIssue[] = [];
  const out: ContactInput = {};
  if (input.name !== undefined || requireName) {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name === '') issues.push({ field: 'name', code: 'REQUIRED_FIELD', message: 'name is required', value: input.name });
    else out.name = name;
  }
  for (const field of TEXT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    out[field] = value === null || value.trim() === '' ? null : value.trim();
  }
  if (out.email) {
    if (EMAIL_PATTERN.test(out.email)) out.email = out.email.toLowerCase();
    else issues.push({ field: 'email', code: 'INVALID_FORMAT', message: 'must be an email address', value: input.email });
  }
  for (const field of ['phone', 'mobile'] as const) {
    const value = out[field];
    if (value && !isPhone(value)) issues.push({ field, code: 'INVALID_FORMAT', message: 'must be a phone number', value });
  }
  if (issues.length > 0) throw validationError(issues);
  if (input.isPrimary !== undefined) out.isPrimary = input.isPrimary;
  if (input.isActive !== undefined) out.isActive = input.isActive;
  return out;
}

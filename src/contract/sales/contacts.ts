import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, DeletedRecord, EMAIL_MAX_LENGTH, isoDateTime, queryBoolean, searchQuery, sortQuery } from '../common.js';
import { EMAIL_PATTERN, isPhone, PHONE_MAX_LENGTH } from './customer-checks.js';

// Spec document 2, "Contact".
export const Contact = z.object({
  id: z.string(),
  customerId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  title: z.string().nullable(),
  department: z.string().nullable(),
  isPrimary: z.boolean(),
  isActive: z.boolean(),
  notes: z.string().nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Contact = z.infer<typeof Contact>;

const contactEmail = () => z.string().trim().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN, { message: 'must be an email address' });
const contactPhone = () =>
  z
    .string()
    .trim()
    .refine(isPhone, {
      message: `must be a phone number: 6 to 15 digits, with + ( ) - . and spaces, at most ${PHONE_MAX_LENGTH} characters`,
      params: { code: 'INVALID_FORMAT' },
    });

// On update a field left out keeps its value and null clears it; a blank title, department or notes is stored as null.
const contactFields = {
  /** Email address, trimmed, stored lower-cased; at most 254 characters. */
  email: contactEmail().nullable().optional(),
  /** Office phone: 6 to 15 digits with an optional leading `+`, spaces, dashes, dots and brackets. */
  phone: contactPhone().nullable().optional(),
  /** Mobile phone, checked like `phone`. */
  mobile: contactPhone().nullable().optional(),
  /** Job title (`Finance Manager`), trimmed; at most 100 characters. */
  title: z.string().trim().max(100).nullable().optional(),
  /** Department (`Accounts`), trimmed; at most 100 characters. */
  department: z.string().trim().max(100).nullable().optional(),
  /** Default on create: true for the customer's first active contact; a new primary demotes the previous one. */
  isPrimary: z.boolean().optional(),
  /** Default on create: true. An inactive contact cannot be primary: deactivating the primary clears its flag. */
  isActive: z.boolean().optional(),
  /** Free text, trimmed when stored; at most 2000 characters. */
  notes: z.string().max(2000).nullable().optional(),
};

export const ContactCreateParams = z.object({
  /** The contact's name, trimmed: 1 to 200 characters; required. */
  name: z.string().trim().min(1).max(200),
  ...contactFields,
});
export type ContactCreateParams = z.input<typeof ContactCreateParams>;

export const ContactUpdateParams = z.object({
  /** The contact's name, trimmed: 1 to 200 characters; left out, it stays. */
  name: z.string().trim().min(1).max(200).optional(),
  ...contactFields,
});
export type ContactUpdateParams = z.input<typeof ContactUpdateParams>;

export const ContactListParams = z.object({
  active: queryBoolean().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

const CustomerIdParams = z.object({ customerId: z.string() });
const ContactIdParams = z.object({ customerId: z.string(), contactId: z.string() });

export const customerContactsList = endpoint({
  id: 'customers.contacts.list',
  method: 'GET',
  path: '/customers/{customerId}/contacts',
  scope: 'read:customers',
  summary: "List a customer's contacts",
  description:
    "Lists a customer's contacts, the primary one first, 50 per page by default (at most 100). Filter by " +
    '`active`; `search` over name, email, phone, mobile, title and department. An unknown customer ' +
    'rejects with `NotFoundError` (`CUSTOMER_NOT_FOUND`).',
  example: 'const { data } = await acs.customers.contacts.list(customer.id, { active: true });',
  exampleCall: { params: { customerId: { first: 'customers.list' } } },
  params: CustomerIdParams,
  query: ContactListParams,
  response: Contact,
  list: {
    paging: 'cursor',
    defaultSort: 'isPrimary:desc,name:asc',
    defaultLimit: 50,
    maxLimit: 100,
    filters: { name: 'string', email: 'string', isPrimary: 'boolean', createdAt: 'datetime' },
    search: ['name', 'email', 'phone', 'mobile', 'title', 'department'],
    sort: ['name', 'createdAt', 'isPrimary'],
  },
});

export const customerContactsCreate = endpoint({
  id: 'customers.contacts.create',
  method: 'POST',
  path: '/customers/{customerId}/contacts',
  scope: 'write:customers',
  status: 201,
  summary: 'Add a contact to a customer',
  description:
    'Adds a contact; `name` is required. A customer has at most one primary contact: `isPrimary: true` ' +
    "demotes the previous one, and a customer's first active contact is primary unless `isPrimary: " +
    'false`.',
  example:
    "await acs.customers.contacts.create(customer.id, { name: 'Siti Rahman', email: 'siti@example.my', title: 'Finance', isPrimary: true });",
  exampleCall: { params: { customerId: { first: 'customers.list' } }, body: { name: 'New Contact' } },
  params: CustomerIdParams,
  body: ContactCreateParams,
  response: Contact,
});

export const customerContactsUpdate = endpoint({
  id: 'customers.contacts.update',
  method: 'PUT',
  path: '/customers/{customerId}/contacts/{contactId}',
  scope: 'write:customers',
  source: 'implied',
  summary: "Change a customer's contact",
  description:
    "Changes a contact's fields. A contact of another customer rejects with `NotFoundError`; deactivating " +
    'the primary contact clears its primary flag.',
  params: ContactIdParams,
  body: ContactUpdateParams,
  response: Contact,
});

export const customerContactsDelete = endpoint({
  id: 'customers.contacts.delete',
  method: 'DELETE',
  path: '/customers/{customerId}/contacts/{contactId}',
  scope: 'write:customers',
  source: 'implied',
  summary: "Delete a customer's contact",
  description: 'Deletes a contact; resolves to `{ id, deleted: true }`.',
  params: ContactIdParams,
  response: DeletedRecord,
});

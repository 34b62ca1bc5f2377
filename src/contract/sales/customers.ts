import { z } from 'zod';
import { endpoint, typedAs } from '../endpoint.js';
import { Address, cursorPageQuery, DeletedRecord, isoDate, isoDateTime, money, queryNumber, searchQuery, sortQuery } from '../common.js';

// Spec document 2, "Customer" and "Contact".
export const CUSTOMER_TYPES = ['individual', 'business'] as const;
export const CUSTOMER_STATUSES = ['active', 'inactive', 'blocked'] as const;
export const CustomerType = z.enum(CUSTOMER_TYPES);
export type CustomerType = z.infer<typeof CustomerType>;
export const CustomerStatus = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof CustomerStatus>;

/** An email address as the service checks it (customers and contacts alike). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
/** A phone number: digits with an optional leading `+`, spaces, dashes, dots and brackets; 6 to 15 digits. */
export const PHONE_PATTERN = /^\+?[0-9 ()\-.]+$/;
/** Longest phone number as written, separators included (15 digits leave room for 15 of them). */
export const PHONE_MAX_LENGTH = 30;
export const isPhone = (value: string): boolean => {
  const digits = value.replace(/\D/g, '').length;
  return value.length <= PHONE_MAX_LENGTH && PHONE_PATTERN.test(value) && digits >= 6 && digits <= 15;
};

/** `billingAddress` and `shippingAddress`: an address without `street2` (spec document 2, "Customer"). */
export const PostalAddress = Address.omit({ street2: true });
export type PostalAddress = z.infer<typeof PostalAddress>;

// A customer write takes addresses as text only: their lengths (`ADDRESS_LIMITS`) are the record's
// rules, answered 400 INVALID_CUSTOMER_DATA like its other rules; the SDK still shows `Address`.
const addressText = { street: z.string().optional(), city: z.string().optional(), state: z.string().optional(), postalCode: z.string().optional(), country: z.string().optional() };
const AddressText = typedAs(z.object({ ...addressText, street2: z.string().optional() }), Address);
const PostalAddressText = typedAs(z.object(addressText), PostalAddress);

/** A contact as the customer record lists it. */
export const CustomerContact = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  isPrimary: z.boolean(),
});
export type CustomerContact = z.infer<typeof CustomerContact>;

export const Customer = z.object({
  id: z.string(),
  customerNumber: z.string(),
  name: z.string(),
  type: CustomerType,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  taxNumber: z.string().nullable(),
  address: Address.nullable(),
  billingAddress: PostalAddress.nullable(),
  shippingAddress: PostalAddress.nullable(),
  currency: z.string().length(3),
  paymentTerms: z.number().int().min(0).max(365),
  /** 0: no credit limit. */
  creditLimit: money(),
  /** Kept by invoices and payments; read-only. */
  currentBalance: money(),
  /** Kept by invoices; read-only. */
  totalSales: money(),
  lastSaleDate: isoDate().nullable(),
  status: CustomerStatus,
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.string()),
  /** The customer's active contacts, the primary one first. */
  contacts: z.array(CustomerContact),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Customer = z.infer<typeof Customer>;

/**
 * Fields of a customer write, types only: the rules of the record (name required, email or phone,
 * email format, payment terms 0 to 365, ...) are the service's and answer 400 INVALID_CUSTOMER_DATA
 * (spec document 2, "Errors"), not the generic 422. The read-only fields are accepted only so that a
 * caller may send back what it read; a different value is refused.
 */
const customerFields = {
  name: z.string().optional(),
  type: CustomerType.optional(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  taxNumber: z.string().nullable().optional(),
  address: AddressText.nullable().optional(),
  billingAddress: PostalAddressText.nullable().optional(),
  shippingAddress: PostalAddressText.nullable().optional(),
  currency: z.string().optional(),
  paymentTerms: z.number().optional(),
  creditLimit: z.number().optional(),
  status: CustomerStatus.optional(),
  tags: z.array(z.string()).optional(),
  customFields: z.record(z.string(), z.string()).optional(),
  customerNumber: z.string().optional(),
  currentBalance: z.number().optional(),
  totalSales: z.number().optional(),
  lastSaleDate: z.string().nullable().optional(),
};

const CustomerWrite = z
  .object(customerFields)
  .describe('`name` is required on create, with `email` or `phone`; the rules answer 400 INVALID_CUSTOMER_DATA');

// Typed with `name` required, while the wire schema leaves it to the service, which answers a missing
// name with 400 INVALID_CUSTOMER_DATA as the spec's module table says.
/** Body of `POST /customers`: `name` and one of `email`/`phone` are required. */
export const CustomerCreateParams = typedAs(CustomerWrite, CustomerWrite.extend({ name: z.string() }));
export type CustomerCreateParams = z.input<typeof CustomerCreateParams>;

/** Body of `PUT /customers/{customerId}`: the fields to change. */
export const CustomerUpdateParams = z.object(customerFields);
export type CustomerUpdateParams = z.input<typeof CustomerUpdateParams>;

/** `YYYY-MM-DD` or an ISO 8601 datetime (spec document 2: `createdAfter`, `createdBefore`). */
const dateOrDateTime = () =>
  z.string().refine((v) => z.iso.date().safeParse(v).success || z.iso.datetime({ offset: true }).safeParse(v).success, {
    message: 'must be a date (YYYY-MM-DD) or an ISO 8601 datetime',
    params: { code: 'INVALID_FORMAT' },
  });

/** A comma-separated list on the wire, an array in the SDK. */
const commaList = () =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== '')
        : v,
    z.array(z.string()),
  );

export const CustomerListParams = z.object({
  status: CustomerStatus.optional(),
  type: CustomerType.optional(),
  /** Customers carrying any of these tags. */
  tags: commaList().optional(),
  currency: z.string().optional(),
  creditLimitMin: queryNumber().optional(),
  creditLimitMax: queryNumber().optional(),
  balanceMin: queryNumber().optional(),
  balanceMax: queryNumber().optional(),
  createdAfter: dateOrDateTime().optional(),
  createdBefore: dateOrDateTime().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});
export type CustomerListParams = z.input<typeof CustomerListParams>;

const CustomerIdParams = z.object({ customerId: z.string() });

export const customersList = endpoint({
  id: 'customers.list',
  method: 'GET',
  path: '/customers',
  scope: 'read:customers',
  summary: 'List customers',
  query: CustomerListParams,
  response: Customer,
  list: {
    paging: 'cursor',
    defaultLimit: 50,
    maxLimit: 100,
    filters: {
      customerNumber: 'string',
      name: 'string',
      email: 'string',
      paymentTerms: 'number',
      creditLimit: 'number',
      currentBalance: 'number',
      totalSales: 'number',
      lastSaleDate: 'date',
      createdAt: 'datetime',
      updatedAt: 'datetime',
    },
    search: ['name', 'email', 'customerNumber'],
    sort: ['name', 'createdAt', 'totalSales', 'currentBalance'],
  },
});

export const customersRetrieve = endpoint({
  id: 'customers.retrieve',
  method: 'GET',
  path: '/customers/{customerId}',
  scope: 'read:customers',
  summary: 'Get one customer with its contacts',
  params: CustomerIdParams,
  response: Customer,
});

export const customersCreate = endpoint({
  id: 'customers.create',
  method: 'POST',
  path: '/customers',
  scope: 'write:customers',
  status: 201,
  summary: 'Create a customer',
  body: CustomerCreateParams,
  response: Customer,
});

export const customersUpdate = endpoint({
  id: 'customers.update',
  method: 'PUT',
  path: '/customers/{customerId}',
  scope: 'write:customers',
  summary: "Change a customer's fields",
  params: CustomerIdParams,
  body: CustomerUpdateParams,
  response: Customer,
});

export const customersDelete = endpoint({
  id: 'customers.delete',
  method: 'DELETE',
  path: '/customers/{customerId}',
  scope: 'write:customers',
  summary: 'Delete a customer that has no transactions',
  params: CustomerIdParams,
  response: DeletedRecord,
});

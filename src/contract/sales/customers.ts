import { z } from 'zod';
import { endpoint, typedAs } from '../endpoint.js';
import {
  Address,
  cursorPageQuery,
  DeletedRecord,
  EMAIL_MAX_LENGTH,
  freeFormObject,
  isoDate,
  isoDateTime,
  money,
  moneyTotal,
  queryNumber,
  searchQuery,
  sortQuery,
  URL_MAX_LENGTH,
} from '../common.js';
import { isCurrencyCode } from '../currencies.js';
import { addressOf, broken, EMAIL_PATTERN, isPhone, isWebsite, textOrNone } from './customer-checks.js';

export { EMAIL_PATTERN, isPhone, PHONE_MAX_LENGTH, PHONE_PATTERN } from './customer-checks.js';

// Spec document 2, "Customer" and "Contact".
export const CUSTOMER_TYPES = ['individual', 'business'] as const;
export const CUSTOMER_STATUSES = ['active', 'inactive', 'blocked'] as const;
export const CustomerType = z.enum(CUSTOMER_TYPES);
export type CustomerType = z.infer<typeof CustomerType>;
export const CustomerStatus = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof CustomerStatus>;

/** `billingAddress` and `shippingAddress`: an address without `street2` (spec document 2, "Customer"). */
export const PostalAddress = Address.omit({ street2: true });
export type PostalAddress = z.infer<typeof PostalAddress>;

// A customer write takes addresses as text only: their lengths (`ADDRESS_LIMITS`) are the record's
// rules, answered 400 INVALID_CUSTOMER_DATA like its other rules; the SDK still shows `Address`.
const addressText = {
  street: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postalCode: z.string().optional(),
  country: z.string().optional(),
};
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
  currentBalance: moneyTotal(),
  /** Unapplied credit of the customer's open credit notes, in the company's currency; read-only (SALES-62). */
  creditBalance: moneyTotal(),
  /** Kept by invoices; read-only. */
  totalSales: moneyTotal(),
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

/** Bounds of a customer's `customFields`: names to texts. */
export const CUSTOMER_CUSTOM_FIELDS = { maxKeys: 50, maxKeyLength: 50, maxValueLength: 500, maxDepth: 1, maxBytes: 16 * 1024 } as const;

/**
 * How a refused customer write is answered (spec document 2, "Errors"): 400 INVALID_CUSTOMER_DATA for
 * the record's rules; a value of the wrong JSON type or outside an enum stays 422 VALIDATION_ERROR.
 */
const invalidCustomerData = { status: 400, code: 'INVALID_CUSTOMER_DATA' } as const;

/**
 * Fields of a customer write, types only: the rules of the record (name required, email or phone,
 * email format, payment terms 0 to 365, ...) are the service's and answer 400 INVALID_CUSTOMER_DATA
 * (spec document 2, "Errors"), not the generic 422. The read-only fields are accepted only so that a
 * caller may send back what it read; a different value is refused.
 */
const customerFields = {
  /** The customer's name, trimmed: 1 to 100 characters; required on create. */
  name: z.string().optional(),
  /** `individual` or `business`; default `business`. */
  type: CustomerType.optional(),
  /** Stored trimmed and lower-cased, at most 254 characters, unique in the company; this or `phone` is required. */
  email: z.string().nullable().optional(),
  /** 6 to 15 digits, a leading `+`, spaces, dashes, dots, brackets (at most 30 characters); this or `email` required. */
  phone: z.string().nullable().optional(),
  /** A web address, `https://example.com` or `example.com` (http or https), at most 2048 characters. */
  website: z.string().nullable().optional(),
  /** The customer's tax registration number, trimmed; at most 50 characters. */
  taxNumber: z.string().nullable().optional(),
  /** Main address, parts trimmed, blank ones dropped (none: null); street 200 characters, postalCode 20, others 100. */
  address: AddressText.nullable().optional(),
  /** Address without `street2`; new sales orders and invoices default to it, else to `address`. */
  billingAddress: PostalAddressText.nullable().optional(),
  /** Address without `street2`; new sales orders ship to it by default, else to `address`. */
  shippingAddress: PostalAddressText.nullable().optional(),
  /** ISO 4217 code, upper-cased; default the company's. Its documents default to it; fixed once it has any. */
  currency: z.string().optional(),
  /** Whole days from invoice date to due date, 0 to 365; default 30. */
  paymentTerms: z.number().optional(),
  /** Most the balance may reach when an invoice posts, in the company's currency; default 0: no limit. */
  creditLimit: money().optional(),
  /** `active` (default), `inactive` (a label only) or `blocked`: no new orders, quotes, invoices, debit notes or sends. */
  status: CustomerStatus.optional(),
  /** Labels, trimmed and deduplicated: at most 20 of 1 to 50 characters; replaces the list on update. */
  tags: z.array(z.string()).optional(),
  /** Your own fields, names to texts: at most 50 names of 50 and values of 500 characters; replaced whole on update. */
  customFields: freeFormObject(CUSTOMER_CUSTOM_FIELDS, z.string()).optional(),
  /** Read-only, assigned on create (`CUST-00001`): may be sent back unchanged on update, refused otherwise. */
  customerNumber: z.string().optional(),
  /** Read-only, kept by invoices and payments (company currency): only the current value is accepted (0 on create). */
  currentBalance: z.number().optional(),
  /** Read-only, kept by invoices and credit and debit notes (company currency): only the current value is accepted. */
  totalSales: z.number().optional(),
  /** Read-only `YYYY-MM-DD`, kept by invoices: only the current value is accepted (null on create). */
  lastSaleDate: z.string().nullable().optional(),
};

const CustomerWrite = z
  .object(customerFields)
  .describe('`name` is required on create, with `email` or `phone`; the rules answer 400 INVALID_CUSTOMER_DATA');

const ADDRESS_PARTS = Object.keys(Address.shape);
const POSTAL_PARTS = Object.keys(PostalAddress.shape);

/** Bounds of a customer's name and tags. */
export const CUSTOMER_LIMITS = { name: 100, taxNumber: 50, tag: 50, tags: 20 } as const;

/**
 * The rules of a customer write (spec document 2, "Customer"), normalised as stored: texts trimmed,
 * the email lower-cased, the currency upper-cased, blanks as null, tags deduplicated. A broken rule is
 * 400 INVALID_CUSTOMER_DATA (the endpoints' `invalid`); the rules that need the stored record (email or
 * phone kept, read-only figures, a unique email) are the domain's.
 */
const customerRules = {
  name: z
    .string()
    .trim()
    .min(1, 'name is required')
    .max(CUSTOMER_LIMITS.name, `name is at most ${CUSTOMER_LIMITS.name} characters`)
    .optional(),
  type: CustomerType.optional(),
  email: textOrNone(
    (text) => EMAIL_PATTERN.test(text) && text.length <= EMAIL_MAX_LENGTH,
    'email is not a valid email address',
    (text) => text.toLowerCase(),
  ).optional(),
  phone: textOrNone(isPhone, 'phone must be a phone number: 6 to 15 digits, with + ( ) - . and spaces').optional(),
  website: z
    .string()
    .max(URL_MAX_LENGTH, `website is at most ${URL_MAX_LENGTH} characters`)
    .nullable()
    .pipe(textOrNone(isWebsite, 'website must be a web address (https://example.com or example.com)'))
    .optional(),
  taxNumber: textOrNone(
    (text) => text.length <= CUSTOMER_LIMITS.taxNumber,
    `taxNumber is text of at most ${CUSTOMER_LIMITS.taxNumber} characters`,
  ).optional(),
  address: addressOf(ADDRESS_PARTS).optional(),
  billingAddress: addressOf(POSTAL_PARTS).optional(),
  shippingAddress: addressOf(POSTAL_PARTS).optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'currency is a three-letter ISO 4217 code')
    .transform((code) => code.toUpperCase())
    .refine(isCurrencyCode, {
      message: 'currency is not an active ISO 4217 code',
      params: { code: 'INVALID_CHOICE', constraint: { list: 'ISO 4217' } },
    })
    .optional(),
  paymentTerms: z
    .number()
    .int('paymentTerms is a whole number of days')
    .min(0, 'paymentTerms must be between 0 and 365 days')
    .max(365, 'paymentTerms must be between 0 and 365 days')
    .optional(),
  creditLimit: money().pipe(z.number().min(0, 'creditLimit must not be negative (0 means no limit)')).optional(),
  status: CustomerStatus.optional(),
  tags: z
    .array(z.string().trim().min(1, 'a tag is not empty').max(CUSTOMER_LIMITS.tag, `a tag is at most ${CUSTOMER_LIMITS.tag} characters`))
    .transform((tags, ctx) => {
      const unique = [...new Set(tags)];
      return unique.length <= CUSTOMER_LIMITS.tags
        ? unique
        : broken(ctx, tags, 'MAX_VALUE', `a customer has at most ${CUSTOMER_LIMITS.tags} tags`);
    })
    .optional(),
  customFields: freeFormObject(CUSTOMER_CUSTOM_FIELDS, z.string()).optional(),
  customerNumber: z.string().optional(),
  currentBalance: z.number().optional(),
  totalSales: z.number().optional(),
  lastSaleDate: z.string().nullable().optional(),
};

// The SDK shows the fields' plain types; the service parses them by the rules above.
/** Body of `POST /customers`: `name` and one of `email`/`phone` are required. */
export const CustomerCreateParams = typedAs(
  z.object({ ...customerRules, name: customerRules.name.unwrap() }),
  CustomerWrite.extend({ name: z.string() }),
);
export type CustomerCreateParams = z.input<typeof CustomerCreateParams>;

/** Body of `PUT /customers/{customerId}`: the fields to change. */
export const CustomerUpdateParams = typedAs(z.object(customerRules), CustomerWrite);
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
  // Upper-cased as customers store it, so the list's index answers `currency=myr` too.
  currency: z.string().toUpperCase().optional(),
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
  description:
    'Lists customers, 50 per page by default (at most 100), cursor-paged. Filter by `status`, `type`, ' +
    '`tags` (any of), `currency`, `creditLimitMin/Max`, `balanceMin/Max`, `createdAfter`/`createdBefore`; ' +
    '`search` over name, email and customer number; `sort` by `name`, `createdAt`, `totalSales` or ' +
    '`currentBalance` with `order`. The operator form works on `currentBalance`, `totalSales`, ' +
    '`lastSaleDate`, ...',
  example: `for await (const customer of acs.customers.list({ status: 'active', tags: ['wholesale'], sort: 'currentBalance', order: 'desc' })) {
  console.log(customer.customerNumber, customer.currentBalance);
}`,
  exampleCall: { query: { status: 'active' } },
  query: CustomerListParams,
  response: Customer,
  list: {
    paging: 'cursor',
    defaultSort: 'name:asc',
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
    index: {
      status: 'string',
      type: 'string',
      currency: 'string',
      creditLimitMin: ['creditLimit', 'gte'],
      creditLimitMax: ['creditLimit', 'lte'],
      balanceMin: ['currentBalance', 'gte'],
      balanceMax: ['currentBalance', 'lte'],
      createdAfter: ['createdAt', 'gte'],
      createdBefore: ['createdAt', 'lte'],
      tags: ['tags', 'has-ci'],
    },
  },
});

export const customersRetrieve = endpoint({
  id: 'customers.retrieve',
  method: 'GET',
  path: '/customers/{customerId}',
  scope: 'read:customers',
  summary: 'Get one customer with its contacts',
  description: 'One customer with its contacts. Rejects with `NotFoundError` (`CUSTOMER_NOT_FOUND`) for an unknown ' + 'id.',
  exampleCall: { params: { customerId: { first: 'customers.list' } } },
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
  description:
    'Creates a customer with the next `customerNumber` (`CUST-00001`, ...). `name` and an `email` or a ' +
    '`phone` are required; a bad email, payment terms outside 0 to 365 or another broken rule rejects ' +
    'with `InvalidRequestError` (400 `INVALID_CUSTOMER_DATA`) listing every problem in `details`. An ' +
    'email another customer has rejects with `ConflictError`.',
  example: "const customer = await acs.customers.create({ name: 'Kedai Runcit Harmoni', email: 'order@harmoni.my', paymentTerms: 30 });",
  exampleCall: { body: { name: 'Every Endpoint Sdn Bhd', email: 'every@endpoint.my' } },
  body: CustomerCreateParams,
  invalid: invalidCustomerData,
  response: Customer,
});

export const customersUpdate = endpoint({
  id: 'customers.update',
  method: 'PUT',
  path: '/customers/{customerId}',
  scope: 'write:customers',
  summary: "Change a customer's fields",
  description:
    'Changes the fields sent; `null` clears an optional one. `currentBalance`, `totalSales` and ' +
    '`lastSaleDate` are kept by invoices and payments: sending a different value is refused.',
  exampleCall: { params: { customerId: { first: 'customers.list' } }, body: { creditLimit: 1234 } },
  params: CustomerIdParams,
  body: CustomerUpdateParams,
  invalid: invalidCustomerData,
  response: Customer,
});

export const customersDelete = endpoint({
  id: 'customers.delete',
  method: 'DELETE',
  path: '/customers/{customerId}',
  scope: 'write:customers',
  summary: 'Delete a customer that has no transactions',
  description:
    'Deletes a customer that has no sales orders, quotes, invoices or payments; one that has rejects with ' +
    '`BusinessRuleError` (set its `status` to `inactive` instead). Resolves to `{ id, deleted: true }`.',
  params: CustomerIdParams,
  response: DeletedRecord,
});

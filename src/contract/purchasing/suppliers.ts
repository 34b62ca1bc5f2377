import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  ADDRESS_LIMITS,
  EMAIL_MAX_LENGTH,
  isoDateTime,
  money,
  moneyTotal,
  offsetPageQuery,
  percentage,
  secret,
  sortQuery,
  URL_MAX_LENGTH,
} from '../common.js';
import { currencyCode } from '../currencies.js';

// Spec document 2, "Supplier", and the suppliers endpoint table.
export const SUPPLIER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export const SupplierStatus = z.enum(SUPPLIER_STATUSES);
export type SupplierStatus = z.infer<typeof SupplierStatus>;

/** A supplier's address; `country` is an ISO 3166-1 alpha-2 code (the list filters by it). */
export const SupplierAddress = z.object({
  street: z.string().max(ADDRESS_LIMITS.street).nullable().optional(),
  city: z.string().max(ADDRESS_LIMITS.city).nullable().optional(),
  state: z.string().max(ADDRESS_LIMITS.state).nullable().optional(),
  postalCode: z.string().max(ADDRESS_LIMITS.postalCode).nullable().optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter country code')
    .nullable()
    .optional(),
});
export type SupplierAddress = z.infer<typeof SupplierAddress>;

/** When a bill falls due, and the discount for paying early (`2/10 net 30`: discountPercent 2, discountDays 10, termsDays 30). */
export const SupplierPaymentTerms = z.object({
  termsDays: z.number().int().min(0).max(365),
  discountDays: z.number().int().min(0).max(365),
  discountPercent: percentage(),
});
export type SupplierPaymentTerms = z.infer<typeof SupplierPaymentTerms>;

export const SupplierContactPerson = z.object({
  name: z.string().max(100).nullable().optional(),
  email: z.email().max(EMAIL_MAX_LENGTH).nullable().optional(),
  phone: z.string().max(30).nullable().optional(),
  position: z.string().max(100).nullable().optional(),
});
export type SupplierContactPerson = z.infer<typeof SupplierContactPerson>;

/** Bank details as written: the account number is a secret, stored but never shown in full. */
export const SupplierBankDetailsInput = z.object({
  /** The account holder's name as the bank knows it; blank or null stores null. */
  accountName: z.string().max(100).nullable().optional(),
  /** 4 to 34 letters, digits, spaces or dashes; stored in full, answered masked as `****` and its last four. */
  accountNumber: secret(z.string().regex(/^[0-9A-Za-z -]{4,34}$/, '4 to 34 letters, digits, spaces or dashes')),
  /** The bank's name; blank or null stores null. */
  bankName: z.string().max(100).nullable().optional(),
  /** The bank's code (as the supplier's bank gives it), up to 20 characters; blank or null stores null. */
  bankCode: z.string().max(20).nullable().optional(),
  /** An 8 or 11 character SWIFT/BIC code, stored upper-case. */
  swiftCode: z
    .string()
    .regex(/^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/, 'an 8 or 11 character SWIFT/BIC code')
    .nullable()
    .optional(),
});
export type SupplierBankDetailsInput = z.input<typeof SupplierBankDetailsInput>;

/** Bank details as read: `accountNumber` is masked to its last four characters (`****6789`). */
export const SupplierBankDetails = z.object({
  accountName: z.string().nullable(),
  accountNumber: z.string(),
  bankName: z.string().nullable(),
  bankCode: z.string().nullable(),
  swiftCode: z.string().nullable(),
});
export type SupplierBankDetails = z.infer<typeof SupplierBankDetails>;

export const Supplier = z.object({
  id: z.string(),
  supplierNumber: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  taxNumber: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  address: SupplierAddress.nullable(),
  paymentTerms: SupplierPaymentTerms,
  /** 0: no credit limit. */
  creditLimit: money(),
  /** What the company owes the supplier in its own currency: posted bills less payments; read-only. */
  currentBalance: moneyTotal(),
  currency: z.string().length(3),
  status: SupplierStatus,
  tags: z.array(z.string()),
  contactPerson: SupplierContactPerson.nullable(),
  bankDetails: SupplierBankDetails.nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Supplier = z.infer<typeof Supplier>;

/** `supplier` on purchase orders and bills: copied when the document is written. */
export const SupplierRef = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });
export type SupplierRef = z.infer<typeof SupplierRef>;

const supplierFields = {
  /** A short or trading name, up to 100 characters; trimmed, blank or null stores null. */
  displayName: z.string().max(100).nullable().optional(),
  /** Stored lower-case; where purchase orders and RFQs are sent by default; searched by the list's `search`. */
  email: z.email().max(EMAIL_MAX_LENGTH).nullable().optional(),
  /** Up to 30 characters, trimmed; blank or null stores null. */
  phone: z.string().max(30).nullable().optional(),
  /** A URL, up to 2,048 characters. */
  website: z.url().max(URL_MAX_LENGTH).nullable().optional(),
  /** The supplier's tax registration number, up to 50 characters; searched by the list's `search`. */
  taxNumber: z.string().max(50).nullable().optional(),
  /** The supplier's company registration number, up to 50 characters. */
  registrationNumber: z.string().max(50).nullable().optional(),
  /** Replaced whole when given (null removes it); `country` an ISO 3166-1 alpha-2 code stored upper-case. */
  address: SupplierAddress.nullable().optional(),
  /** Default net 30, no early-payment discount. */
  paymentTerms: SupplierPaymentTerms.partial().optional(),
  /** Not negative; default 0 (no limit). Stored and shown only: the mock checks no order or bill against it. */
  creditLimit: money().pipe(z.number().min(0)).optional(),
  /** Default the company's currency. */
  currency: currencyCode().optional(),
  /** Default `active`; only an active supplier takes new purchase orders, bills and RFQs. */
  status: SupplierStatus.optional(),
  /** Up to 20 labels of 1 to 50 characters; duplicates are dropped; replaces the stored tags when given. */
  tags: z.array(z.string().min(1).max(50)).max(20).optional(),
  /** The person to deal with; replaced whole when given, null removes it. */
  contactPerson: SupplierContactPerson.nullable().optional(),
  /** Replaced whole when given, null removes them; every answer masks the account number. */
  bankDetails: SupplierBankDetailsInput.nullable().optional(),
};

export const SupplierCreateParams = z.object({
  /** The supplier's legal name, 1 to 200 characters after trimming; searched by the list's `search`. */
  name: z.string().trim().min(1).max(200),
  ...supplierFields,
});
export type SupplierCreateParams = z.input<typeof SupplierCreateParams>;

/** Any field of the create; `bankDetails` replaces the stored ones whole (null removes them). */
export const SupplierUpdateParams = z.object({
  /** The supplier's legal name, 1 to 200 characters after trimming. */
  name: z.string().trim().min(1).max(200).optional(),
  ...supplierFields,
});
export type SupplierUpdateParams = z.input<typeof SupplierUpdateParams>;

export const SupplierListParams = z.object({
  /** Matches name, email and tax number. */
  search: z.string().max(200).optional(),
  status: SupplierStatus.optional(),
  /** ISO 3166-1 alpha-2, any case. */
  country: z.string().optional(),
  ...sortQuery,
  ...offsetPageQuery,
});
export type SupplierListParams = z.input<typeof SupplierListParams>;

const SupplierIdParams = z.object({ supplierId: z.string() });

export const suppliersList = endpoint({
  id: 'suppliers.list',
  method: 'GET',
  path: '/suppliers',
  scope: 'read:inventory',
  summary: 'List suppliers (offset paging)',
  description: 'Lists suppliers, offset-paged (`limit` default 20, max 100), by name unless `sort` says otherwise.',
  example: `for await (const supplier of acs.suppliers.list({ status: 'active', country: 'MY', sort: 'name:asc' })) {
  console.log(supplier.supplierNumber, supplier.name, supplier.currentBalance);
}`,
  exampleCall: { query: { status: 'active', limit: 2 } },
  query: SupplierListParams,
  response: Supplier,
  list: {
    paging: 'offset',
    defaultLimit: 20,
    maxLimit: 100,
    defaultSort: 'name:asc',
    filters: { supplierNumber: 'string', name: 'string', createdAt: 'datetime' },
    search: ['name', 'email', 'taxNumber'],
    sort: ['name', 'supplierNumber', 'createdAt', 'updatedAt', 'currentBalance'],
    // The mock's route puts `country` in capitals first, as suppliers store it.
    index: { status: 'string', country: ['address.country', 'eq', 'string'] },
  },
});

export const suppliersCreate = endpoint({
  id: 'suppliers.create',
  method: 'POST',
  path: '/suppliers',
  scope: 'write:inventory',
  status: 201,
  summary: 'Create a supplier',
  description: 'Creates a supplier; `bankDetails.accountNumber` is stored and answered masked (`****6789`).',
  example: `const supplier = await acs.suppliers.create({
  name: 'Kilang Perabot Sdn Bhd', email: 'sales@kilangperabot.my', address: { city: 'Muar', country: 'MY' },
  paymentTerms: { termsDays: 30, discountDays: 10, discountPercent: 2 },
});`,
  exampleCall: { body: { name: 'Every Endpoint Supplier', bankDetails: { accountNumber: '000123456789' } } },
  body: SupplierCreateParams,
  response: Supplier,
});

export const suppliersRetrieve = endpoint({
  id: 'suppliers.retrieve',
  method: 'GET',
  path: '/suppliers/{supplierId}',
  scope: 'read:inventory',
  source: 'implied',
  summary: 'Get one supplier',
  description: 'One supplier. `NotFoundError` (`SUPPLIER_NOT_FOUND`) for an unknown id.',
  exampleCall: { params: { supplierId: { first: 'suppliers.list' } } },
  params: SupplierIdParams,
  response: Supplier,
});

export const suppliersUpdate = endpoint({
  id: 'suppliers.update',
  method: 'PUT',
  path: '/suppliers/{supplierId}',
  scope: 'write:inventory',
  source: 'implied',
  summary: 'Update a supplier',
  description:
    'Changes any field; `bankDetails` replaces the stored details whole, `null` removes them. `currency` ' +
    'cannot change while the supplier has a balance or open purchase orders (`BusinessRuleError`).',
  exampleCall: { params: { supplierId: { first: 'suppliers.list' } }, body: { tags: ['preferred'] } },
  params: SupplierIdParams,
  body: SupplierUpdateParams,
  response: Supplier,
});

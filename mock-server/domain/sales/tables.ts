import type { Customer, CustomerStatus, CustomerType } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';

/**
 * Tables of customers, contacts and the tax table, with the
 * shape of their rows. Money fields are wire numbers (two decimals) and change only through
 * money.ts arithmetic; a customer's `currentBalance`, `totalSales` and `lastSaleDate` are written by
 * sales documents through `recordCustomerActivity` alone.
 */
export const TAX_CODES = 'taxCodes';
export const CUSTOMERS = 'customers';
export const CONTACTS = 'contacts';

/** Tables of the sales documents that refer to a customer by `customerId`. */
export const CUSTOMER_DOCUMENT_TABLES = ['salesOrders', 'quotes', 'invoices', 'payments'] as const;

export interface TaxCodeRow {
  id: string;
  code: string;
  name: string;
  /** Percent: 10 means 10%. */
  rate: number;
  myinvoisTaxType: string;
  peppolCategory: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CustomerRow {
  id: string;
  customerNumber: string;
  name: string;
  type: CustomerType;
  /** Lower-cased; unique per company (document 3's batch rules). */
  email: string | null;
  phone: string | null;
  website: string | null;
  taxNumber: string | null;
  address: Customer['address'];
  billingAddress: Customer['billingAddress'];
  shippingAddress: Customer['shippingAddress'];
  currency: string;
  paymentTerms: number;
  creditLimit: number;
  currentBalance: number;
  totalSales: number;
  lastSaleDate: string | null;
  status: CustomerStatus;
  tags: string[];
  customFields: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

export interface ContactRow {
  id: string;
  customerId: string;
  name: string;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  title: string | null;
  department: string | null;
  isPrimary: boolean;
  isActive: boolean;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export function defineSalesTables(store: Store): void {
  store.defineTable(TAX_CODES, { prefix: 'tax', indexes: ['code'] });
  store.defineTable(CUSTOMERS, { prefix: 'cus', indexes: ['email'] });
  store.defineTable(CONTACTS, { prefix: 'con', indexes: ['customerId'] });
}

export const taxCodesTable = (ctx: CompanyContext): Table<TaxCodeRow> => ctx.store.table<TaxCodeRow>(ctx.companyId, TAX_CODES);
export const customersTable = (ctx: CompanyContext): Table<CustomerRow> => ctx.store.table<CustomerRow>(ctx.companyId, CUSTOMERS);
export const contactsTable = (ctx: CompanyContext): Table<ContactRow> => ctx.store.table<ContactRow>(ctx.companyId, CONTACTS);

import type { Customer, CustomerStatus, CustomerType } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { defineTaxCodeTable } from '../shared/tax-codes.js';

/**
 * Tables of customers and contacts (and, first, the tax table of domain/shared/tax-codes.ts), with the
 * shape of their rows. Money fields are wire numbers (two decimals) and change only through
 * money.ts arithmetic; a customer's `currentBalance`, `totalSales` and `lastSaleDate` are written by
 * sales documents through `recordCustomerActivity` alone.
 */
export const CUSTOMERS = 'customers';
export const CONTACTS = 'contacts';

/** Tables of the sales documents that refer to a customer by `customerId`. */
export const CUSTOMER_DOCUMENT_TABLES = ['salesOrders', 'quotes', 'invoices', 'payments'] as const;

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
  defineTaxCodeTable(store);
  store.defineTable(CUSTOMERS, { prefix: 'cus', indexes: ['email'] });
  store.defineTable(CONTACTS, { prefix: 'con', indexes: ['customerId'] });
}

export const customersTable = (ctx: CompanyContext): Table<CustomerRow> => ctx.store.table<CustomerRow>(ctx.companyId, CUSTOMERS);
export const contactsTable = (ctx: CompanyContext): Table<ContactRow> => ctx.store.table<ContactRow>(ctx.companyId, CONTACTS);

import { Accounts, JournalEntries } from './accounting/index.js';
import { AuditTrail, Platform } from './audit/index.js';
import { Bulk } from './bulk/index.js';
import { Batch } from './batch/index.js';
import { Integrations } from './integrations/index.js';
import { Einvoices } from './einvoice/index.js';
import { EinvoiceRecords } from './einvoice-records/index.js';
import { Inventory, Items } from './inventory/index.js';
import { OAuth } from './oauth/index.js';
import { Bills, PurchaseOrders, Purchasing, Requisitions, Rfqs, Suppliers } from './purchasing/index.js';
import { Budgets, Reports } from './reports/index.js';
import { Auth, CompanyResource, Webhooks } from './platform/index.js';
import { Analytics, CreditNotes, Customers, DebitNotes, Invoices, Quotes, Refunds, SalesOrders, TaxCodes } from './sales/index.js';

export * from './accounting/index.js';
export * from './audit/index.js';
export * from './bulk/index.js';
export * from './batch/index.js';
export * from './integrations/index.js';
export * from './einvoice/index.js';
export * from './einvoice-records/index.js';
export * from './inventory/index.js';
export * from './oauth/index.js';
export * from './platform/index.js';
export * from './purchasing/index.js';
export * from './reports/index.js';
export * from './sales/index.js';

/**
 * Every resource of `AcsClient`, by the name a caller uses (`acs.accounts`), grouped by the spec's
 * modules. The client, `withCompany()`, `acs.resources()` (read by the coverage test) and the docs
 * all derive from this one list: a new resource class is listed here (and exported by its module's index).
 */
export const RESOURCES = {
  // platform
  auth: Auth,
  company: CompanyResource,
  webhooks: Webhooks,
  // oauth
  oauth: OAuth,
  // accounting
  accounts: Accounts,
  journalEntries: JournalEntries,
  // sales
  customers: Customers,
  taxCodes: TaxCodes,
  salesOrders: SalesOrders,
  quotes: Quotes,
  invoices: Invoices,
  creditNotes: CreditNotes,
  debitNotes: DebitNotes,
  refunds: Refunds,
  analytics: Analytics,
  // inventory
  items: Items,
  inventory: Inventory,
  // purchasing
  suppliers: Suppliers,
  purchaseOrders: PurchaseOrders,
  purchasing: Purchasing,
  bills: Bills,
  requisitions: Requisitions,
  rfqs: Rfqs,
  // reports
  reports: Reports,
  budgets: Budgets,
  // einvoice
  einvoices: Einvoices,
  einvoiceRecords: EinvoiceRecords,
  // bulk
  bulk: Bulk,
  // batch
  batch: Batch,
  // integrations
  integrations: Integrations,
  // audit (the data-management API: signed-in users, at dataBaseUrl)
  auditTrail: AuditTrail,
  platform: Platform,
} as const;

/** The resources of a client, as properties: `acs.accounts` is an `Accounts`. */
export type Resources = { readonly [K in keyof typeof RESOURCES]: InstanceType<(typeof RESOURCES)[K]> };

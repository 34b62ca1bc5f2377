/**
 * The contract: every endpoint of the service declared once with zod schemas, read by the SDK, the
 * mock and the OpenAPI generator.
 */
import type { AnyEndpoint } from './endpoint.js';
import * as platform from './platform.js';
import * as accounting from './accounting.js';
import * as customers from './customers.js';
import * as items from './items.js';
import * as taxCodes from './tax-codes.js';
import * as bulk from './bulk.js';
import * as webhooks from './webhooks.js';
import * as sales from './sales.js';
import * as oauth from './oauth.js';

export * from './endpoint.js';
export * from './common.js';
export * from './platform.js';
export * from './accounting.js';
export * from './customers.js';
export * from './items.js';
export * from './tax-codes.js';
export * from './bulk.js';
export * from './webhooks.js';
export * from './sales.js';
export * from './oauth.js';
// WebSocket streams: message schemas and the two declarations (listed under `x-websockets`, not in `endpoints`).
export * from './stream.js';

/** Endpoints grouped by module, in the order the spec gives them. */
export const contract = {
  platform: {
    authVerify: platform.authVerify,
    companyRetrieve: platform.companyRetrieve,
  },
  oauth: {
    authorize: oauth.oauthAuthorize,
    token: oauth.oauthToken,
  },
  accounting: {
    accountsList: accounting.accountsList,
    accountsRetrieve: accounting.accountsRetrieve,
    accountsCreate: accounting.accountsCreate,
    accountsUpdate: accounting.accountsUpdate,
    accountsDelete: accounting.accountsDelete,
    accountsLedger: accounting.accountsLedger,
    journalEntriesList: accounting.journalEntriesList,
    journalEntriesCreate: accounting.journalEntriesCreate,
    journalEntriesRetrieve: accounting.journalEntriesRetrieve,
    journalEntriesPost: accounting.journalEntriesPost,
    journalEntriesVoid: accounting.journalEntriesVoid,
  },
  customers: {
    customersList: customers.customersList,
    customersRetrieve: customers.customersRetrieve,
    customersCreate: customers.customersCreate,
    customersUpdate: customers.customersUpdate,
    customersDelete: customers.customersDelete,
    contactsList: customers.customerContactsList,
    contactsCreate: customers.customerContactsCreate,
    contactsUpdate: customers.customerContactsUpdate,
    contactsDelete: customers.customerContactsDelete,
  },
  items: {
    itemsList: items.itemsList,
    itemsRetrieve: items.itemsRetrieve,
    itemsCreate: items.itemsCreate,
    itemsUpdate: items.itemsUpdate,
  },
  taxCodes: {
    taxCodesList: taxCodes.taxCodesList,
    taxCodesRetrieve: taxCodes.taxCodesRetrieve,
  },
  bulk: {
    customers: bulk.bulkCustomers,
    invoices: bulk.bulkInvoices,
    journalEntries: bulk.bulkJournalEntries,
    payments: bulk.bulkPayments,
  },
  // Webhook subscriptions (issue #4): subscribe is the spec's; list, retrieve, update and delete are implied.
  webhooks: {
    webhooksSubscribe: webhooks.webhooksSubscribe,
    webhooksList: webhooks.webhooksList,
    webhooksRetrieve: webhooks.webhooksRetrieve,
    webhooksUpdate: webhooks.webhooksUpdate,
    webhooksDelete: webhooks.webhooksDelete,
  },
  salesDocuments: {
    customersSummary: sales.customersSummary,
    analyticsSalesFunnel: sales.analyticsSalesFunnel,
    salesOrdersList: sales.salesOrdersList,
    salesOrdersCreate: sales.salesOrdersCreate,
    salesOrdersRetrieve: sales.salesOrdersRetrieve,
    salesOrdersUpdate: sales.salesOrdersUpdate,
    salesOrdersDelete: sales.salesOrdersDelete,
    salesOrdersUpdateStatus: sales.salesOrdersUpdateStatus,
    salesOrdersConvertToInvoice: sales.salesOrdersConvertToInvoice,
    quotesList: sales.quotesList,
    quotesCreate: sales.quotesCreate,
    quotesRetrieve: sales.quotesRetrieve,
    quotesSend: sales.quotesSend,
    quotesAccept: sales.quotesAccept,
    quotesConvertToOrder: sales.quotesConvertToOrder,
    invoicesList: sales.invoicesList,
    invoicesRetrieve: sales.invoicesRetrieve,
    invoicesCreate: sales.invoicesCreate,
    invoicesUpdate: sales.invoicesUpdate,
    invoicesSend: sales.invoicesSend,
    invoicesCancel: sales.invoicesCancel,
    invoicesPay: sales.invoicesPay,
    invoicePaymentsCreate: sales.invoicePaymentsCreate,
    invoicePaymentsList: sales.invoicePaymentsList,
  },
} as const;

/** Every declared endpoint, flat. */
export const endpoints: AnyEndpoint[] = Object.values(contract).flatMap((m) => Object.values(m) as AnyEndpoint[]);

/** Scopes of spec document 1, "Scopes". `admin` grants every other. */
export const SCOPES = [
  'read:accounts',
  'write:accounts',
  'read:invoices',
  'write:invoices',
  'read:customers',
  'write:customers',
  'read:inventory',
  'write:inventory',
  'read:reports',
  'admin',
] as const;
export type Scope = (typeof SCOPES)[number];

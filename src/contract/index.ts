/**
 * `acs-sdk/contract`: every endpoint of the service declared once with zod schemas, read by the
 * mock, the OpenAPI document and the SDK's generated types. Import it for the schemas themselves
 * (form validation, your own checks): `AccountCreateParams.safeParse(input)`. `AcsClient` loads it
 * only when `validate` is `'strict'` or `'warn'`.
 *
 * @packageDocumentation
 * @module acs-sdk/contract
 */
import type { z } from 'zod';
import type { AnyEndpoint } from './endpoint.js';
import { responseBodySchema } from './envelopes.js';
import * as platform from './platform/index.js';
import * as oauth from './oauth/index.js';
import * as accounting from './accounting/index.js';
import * as sales from './sales/index.js';
import * as inventory from './inventory/index.js';
import * as purchasing from './purchasing/index.js';
import * as bulk from './bulk/index.js';
import * as batch from './batch/index.js';
import * as integrations from './integrations/index.js';
import * as audit from './audit/index.js';
import * as reports from './reports/index.js';
import * as einvoice from './einvoice/index.js';
import * as einvoiceRecordsModule from './einvoice-records/index.js';

export * from './endpoint.js';
export { responseBodySchema } from './envelopes.js';
export * from './common.js';
export * from './errors.js';
export * from './platform/index.js';
export * from './oauth/index.js';
export * from './accounting/index.js';
export * from './sales/index.js';
export * from './inventory/index.js';
export * from './purchasing/index.js';
export * from './bulk/index.js';
export * from './batch/index.js';
export * from './integrations/index.js';
export * from './audit/index.js';
export * from './reports/index.js';
export * from './einvoice/index.js';
export * from './einvoice-records/index.js';

// The endpoints by resource family, in the order of the spec. `contract` groups them by module;
// `endpoints` keeps the families in the order docs/openapi.json has always listed them.
const authAndCompany = {
  authVerify: platform.authVerify,
  companyRetrieve: platform.companyRetrieve,
  // Implied: the company's settings (allowNegativeStock) need a way in; the spec shows none.
  companyUpdate: platform.companyUpdate,
};
// Webhook subscriptions (HOOK-1): subscribe is the spec's; list, retrieve, update and delete are implied.
const webhookSubscriptions = {
  webhooksSubscribe: platform.webhooksSubscribe,
  webhooksList: platform.webhooksList,
  webhooksRetrieve: platform.webhooksRetrieve,
  webhooksUpdate: platform.webhooksUpdate,
  webhooksDelete: platform.webhooksDelete,
};
const oauthEndpoints = {
  authorize: oauth.oauthAuthorize,
  token: oauth.oauthToken,
};
const accountsAndJournalEntries = {
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
  journalEntriesDelete: accounting.journalEntriesDelete,
};
const customersAndContacts = {
  customersList: sales.customersList,
  customersRetrieve: sales.customersRetrieve,
  customersCreate: sales.customersCreate,
  customersUpdate: sales.customersUpdate,
  customersDelete: sales.customersDelete,
  contactsList: sales.customerContactsList,
  contactsCreate: sales.customerContactsCreate,
  contactsUpdate: sales.customerContactsUpdate,
  contactsDelete: sales.customerContactsDelete,
};
const taxCodes = {
  taxCodesList: sales.taxCodesList,
  taxCodesRetrieve: sales.taxCodesRetrieve,
};
const salesDocuments = {
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
  quotesDecline: sales.quotesDecline,
  invoicesList: sales.invoicesList,
  invoicesRetrieve: sales.invoicesRetrieve,
  invoicesCreate: sales.invoicesCreate,
  invoicesUpdate: sales.invoicesUpdate,
  invoicesSend: sales.invoicesSend,
  invoicesCancel: sales.invoicesCancel,
  invoicesPay: sales.invoicesPay,
  invoicePaymentsCreate: sales.invoicePaymentsCreate,
  invoicePaymentsList: sales.invoicePaymentsList,
  invoicePaymentsVoid: sales.invoicePaymentsVoid,
};
// Credit notes, customer credit, refunds and debit notes (SALES-59 to SALES-64): implied endpoints.
const invoiceCorrections = {
  invoiceCreditNotesCreate: sales.invoiceCreditNotesCreate,
  creditNotesList: sales.creditNotesList,
  creditNotesRetrieve: sales.creditNotesRetrieve,
  creditNoteAllocationsCreate: sales.creditNoteAllocationsCreate,
  creditNoteRefundsCreate: sales.creditNoteRefundsCreate,
  refundsList: sales.refundsList,
  refundsRetrieve: sales.refundsRetrieve,
  invoiceDebitNotesCreate: sales.invoiceDebitNotesCreate,
  debitNotesList: sales.debitNotesList,
  debitNotesRetrieve: sales.debitNotesRetrieve,
};
const itemCatalogue = {
  itemsList: inventory.itemsList,
  itemsRetrieve: inventory.itemsRetrieve,
  itemsCreate: inventory.itemsCreate,
  itemsUpdate: inventory.itemsUpdate,
};
// Inventory reports (INV-20, INV-21): valuation, movements, low stock, ABC analysis.
const inventoryReports = {
  inventoryReportsValuation: inventory.inventoryReportsValuation,
  inventoryReportsMovements: inventory.inventoryReportsMovements,
  inventoryReportsLowStock: inventory.inventoryReportsLowStock,
  inventoryReportsAbcAnalysis: inventory.inventoryReportsAbcAnalysis,
};

// Locations, stock records and stock adjustments (INV-13, INV-22, INV-24).
const stockAndAdjustments = {
  locationsList: inventory.locationsList,
  stockList: inventory.stockList,
  stockLevels: inventory.stockLevels,
  stockSet: inventory.stockSet,
  adjustmentsList: inventory.adjustmentsList,
  adjustmentsCreate: inventory.adjustmentsCreate,
  adjustmentsRecord: inventory.adjustmentsRecord,
  adjustmentsRetrieve: inventory.adjustmentsRetrieve,
  adjustmentsPost: inventory.adjustmentsPost,
};

// Stock transfers (INV-27): get-one is implied.
const stockTransfers = {
  inventoryTransfersList: inventory.inventoryTransfersList,
  inventoryTransfersCreate: inventory.inventoryTransfersCreate,
  inventoryTransfersCreateShortForm: inventory.inventoryTransfersCreateShortForm,
  inventoryTransfersRetrieve: inventory.inventoryTransfersRetrieve,
  inventoryTransfersUpdateStatus: inventory.inventoryTransfersUpdateStatus,
};

// Stock alerts and their rules (INV-29).
const inventoryAlerts = {
  inventoryAlertsList: inventory.inventoryAlertsList,
  inventoryAlertsUpdateStatus: inventory.inventoryAlertsUpdateStatus,
  inventoryAlertRulesCreate: inventory.inventoryAlertRulesCreate,
  inventoryAlertRulesList: inventory.inventoryAlertRulesList,
  inventoryAlertRulesUpdate: inventory.inventoryAlertRulesUpdate,
};
// The audit trail of the data-management API (AUD decisions): both surfaces of spec document 3.
const auditTrails = {
  tenantAuditTrailCreate: audit.tenantAuditTrailCreate,
  tenantAuditTrailUpdate: audit.tenantAuditTrailUpdate,
  tenantAuditTrailDelete: audit.tenantAuditTrailDelete,
  tenantAuditTrailList: audit.tenantAuditTrailList,
  tenantAuditTrailRetrieve: audit.tenantAuditTrailRetrieve,
  tenantAuditTrailQuery: audit.tenantAuditTrailQuery,
  platformAuditTrailCreate: audit.platformAuditTrailCreate,
  platformAuditTrailUpdate: audit.platformAuditTrailUpdate,
  platformAuditTrailDelete: audit.platformAuditTrailDelete,
  platformAuditTrailList: audit.platformAuditTrailList,
  platformAuditTrailRetrieve: audit.platformAuditTrailRetrieve,
  platformAuditTrailQuery: audit.platformAuditTrailQuery,
};
// Purchasing: suppliers and purchase orders; the spec's `/v1/purchasing/...` aliases are the mock's (PUR-20).
const suppliers = {
  suppliersList: purchasing.suppliersList,
  suppliersCreate: purchasing.suppliersCreate,
  suppliersRetrieve: purchasing.suppliersRetrieve,
  suppliersUpdate: purchasing.suppliersUpdate,
};
const purchaseOrders = {
  purchaseOrdersList: purchasing.purchaseOrdersList,
  purchaseOrdersCreate: purchasing.purchaseOrdersCreate,
  purchaseOrdersRetrieve: purchasing.purchaseOrdersRetrieve,
  purchaseOrdersSend: purchasing.purchaseOrdersSend,
  purchaseOrdersReceive: purchasing.purchaseOrdersReceive,
  purchaseOrdersUpdate: purchasing.purchaseOrdersUpdate,
  purchaseOrdersConfirm: purchasing.purchaseOrdersConfirm,
  purchaseOrdersCancel: purchasing.purchaseOrdersCancel,
};
const outstandingPosReport = {
  reportsPurchasingOutstandingPos: purchasing.reportsPurchasingOutstandingPos,
};
// Approval rules and approvals (PUR-27 to PUR-30).
const purchasingApprovals = {
  purchasingApprovalRulesList: purchasing.purchasingApprovalRulesList,
  purchasingApprovalRulesCreate: purchasing.purchasingApprovalRulesCreate,
  purchasingApprovalRulesRetrieve: purchasing.purchasingApprovalRulesRetrieve,
  purchasingApprovalRulesUpdate: purchasing.purchasingApprovalRulesUpdate,
  purchasingApprovalsList: purchasing.purchasingApprovalsList,
  purchasingApprovalsListPending: purchasing.purchasingApprovalsListPending,
  purchasingApprovalsApprove: purchasing.purchasingApprovalsApprove,
  purchasingApprovalsReject: purchasing.purchasingApprovalsReject,
};
// Supplier performance and its report (PUR-24 to PUR-26).
const supplierPerformance = {
  suppliersPerformance: purchasing.suppliersPerformance,
  suppliersDeliveryPerformance: purchasing.suppliersDeliveryPerformance,
  suppliersQualityRatings: purchasing.suppliersQualityRatings,
  suppliersRatePerformance: purchasing.suppliersRatePerformance,
  reportsPurchasingSupplierPerformance: purchasing.reportsPurchasingSupplierPerformance,
};
// Bills, their payments and the payables reports (PUR-32 to PUR-45).
const bills = {
  billsList: purchasing.billsList,
  billsCreate: purchasing.billsCreate,
  billsRetrieve: purchasing.billsRetrieve,
  billsUpdate: purchasing.billsUpdate,
  billsApprove: purchasing.billsApprove,
  billsPay: purchasing.billsPay,
  billsListPayments: purchasing.billsListPayments,
  billsVoidPayment: purchasing.billsVoidPayment,
  // Implied: an approved bill is undone by a void (PUR-54); the spec shows no endpoint.
  billsVoid: purchasing.billsVoid,
  reportsPurchasingAgedPayables: purchasing.reportsPurchasingAgedPayables,
  reportsPurchasingSpendAnalysis: purchasing.reportsPurchasingSpendAnalysis,
};
// Purchasing: requisitions, requests for quotation and the procurement analytics report (PUR-46 to PUR-51).
const requisitions = {
  requisitionsList: purchasing.requisitionsList,
  requisitionsCreate: purchasing.requisitionsCreate,
  requisitionsRetrieve: purchasing.requisitionsRetrieve,
  requisitionsUpdate: purchasing.requisitionsUpdate,
  requisitionsApprove: purchasing.requisitionsApprove,
  requisitionsReject: purchasing.requisitionsReject,
  requisitionsConvertToPurchaseOrders: purchasing.requisitionsConvertToPurchaseOrders,
};
const rfqs = {
  rfqsList: purchasing.rfqsList,
  rfqsCreate: purchasing.rfqsCreate,
  rfqsRetrieve: purchasing.rfqsRetrieve,
  rfqsUpdate: purchasing.rfqsUpdate,
  rfqsSend: purchasing.rfqsSend,
  rfqsRespond: purchasing.rfqsRespond,
  rfqsAward: purchasing.rfqsAward,
};
const procurementAnalyticsReport = { reportsPurchasingProcurementAnalytics: purchasing.reportsPurchasingProcurementAnalytics };
const bulkOperations = {
  customers: bulk.bulkCustomers,
  invoices: bulk.bulkInvoices,
  journalEntries: bulk.bulkJournalEntries,
  payments: bulk.bulkPayments,
  inventoryAdjustments: bulk.bulkInventoryAdjustments,
};

// Reports: the financial statements read from posted journal lines.
const financialReports = {
  reportsTrialBalance: reports.reportsTrialBalance,
};
// The balance sheet and the profit and loss (REP-22 to REP-35).
const financialStatements = {
  reportsBalanceSheet: reports.reportsBalanceSheet,
  reportsProfitLoss: reports.reportsProfitLoss,
};
// Sales and receivables reports (REP-36 to REP-46).
const salesReports = {
  reportsSalesSummary: reports.reportsSalesSummary,
  reportsAgedReceivables: reports.reportsAgedReceivables,
  reportsTopCustomers: reports.reportsTopCustomers,
  reportsSalesByProduct: reports.reportsSalesByProduct,
  reportsSalesPerformanceDashboard: reports.reportsSalesPerformanceDashboard,
};
// Reports: the inventory and purchasing modules' reports at /v1/reports/<type> (REP-47).
const operationsReports = {
  reportsStockValuation: reports.reportsStockValuation,
  reportsInventoryMovement: reports.reportsInventoryMovement,
  reportsStockAging: reports.reportsStockAging,
  reportsLowStockAlert: reports.reportsLowStockAlert,
  reportsPurchaseAnalysis: reports.reportsPurchaseAnalysis,
  reportsSupplierPerformance: reports.reportsSupplierPerformance,
  reportsOutstandingPurchaseOrders: reports.reportsOutstandingPurchaseOrders,
  reportsAgedPayables: reports.reportsAgedPayables,
};
// Analytics: KPIs and the dashboard (REP-51 to REP-57).
const kpiAnalytics = {
  analyticsKpis: reports.analyticsKpis,
  analyticsDashboard: reports.analyticsDashboard,
};
// Custom and saved reports (REP-58 to REP-66).
const customReports = {
  reportsCustom: reports.reportsCustom,
  reportsSavedList: reports.reportsSavedList,
  reportsSavedRetrieve: reports.reportsSavedRetrieve,
  reportsSavedCreate: reports.reportsSavedCreate,
  reportsSavedDelete: reports.reportsSavedDelete,
  reportsSavedExecute: reports.reportsSavedExecute,
};
// Cash flow, budgets (implied) and budget against actual (REP-67 to REP-77).
const cashFlowAndBudgets = {
  reportsCashFlow: reports.reportsCashFlow,
  reportsBudgetVsActual: reports.reportsBudgetVsActual,
  budgetsList: reports.budgetsList,
  budgetsCreate: reports.budgetsCreate,
  budgetsRetrieve: reports.budgetsRetrieve,
  budgetsUpdate: reports.budgetsUpdate,
  budgetsDelete: reports.budgetsDelete,
};
// Reports delivered later or elsewhere: schedules, emails with links, asynchronous jobs (REP-82 to REP-92).
const reportDelivery = {
  reportsList: reports.reportsList,
  reportsSchedulesCreate: reports.reportsSchedulesCreate,
  reportsSchedulesList: reports.reportsSchedulesList,
  reportsSchedulesUpdate: reports.reportsSchedulesUpdate,
  reportsSchedulesDelete: reports.reportsSchedulesDelete,
  reportsEmail: reports.reportsEmail,
  reportsDownloadLink: reports.reportsDownloadLink,
  reportsBalanceSheetAsync: reports.reportsBalanceSheetAsync,
  reportsJobsList: reports.reportsJobsList,
  reportsJobsRetrieve: reports.reportsJobsRetrieve,
  reportsJobsResult: reports.reportsJobsResult,
};
// E-invoices: the business API's nine endpoints of spec document 3 (EINV decisions).
const einvoices = {
  einvoicesCreate: einvoice.einvoicesCreate,
  einvoicesValidate: einvoice.einvoicesValidate,
  einvoicesSubmit: einvoice.einvoicesSubmit,
  einvoicesList: einvoice.einvoicesList,
  einvoicesStatus: einvoice.einvoicesStatus,
  einvoicesCancel: einvoice.einvoicesCancel,
  einvoicesDocumentXml: einvoice.einvoicesDocumentXml,
  einvoicesDocumentPdf: einvoice.einvoicesDocumentPdf,
  einvoicesDocumentJson: einvoice.einvoicesDocumentJson,
};
// The internal e-invoice records of the data-management API (EREC decisions).
const einvoiceRecords = {
  einvoiceRecordsQuery: einvoiceRecordsModule.einvoiceRecordsQuery,
  einvoiceRecordsRetrieve: einvoiceRecordsModule.einvoiceRecordsRetrieve,
  einvoiceRecordsSelfBilled: einvoiceRecordsModule.einvoiceRecordsSelfBilled,
  einvoiceRecordsSaveAndResubmit: einvoiceRecordsModule.einvoiceRecordsSaveAndResubmit,
  einvoiceRecordsConsolidate: einvoiceRecordsModule.einvoiceRecordsConsolidate,
};

// Batch operations: one endpoint per entity, jobs, CSV import, templates and metrics (BATCH decisions).
const batchOperations = {
  batchCustomers: batch.batchCustomers,
  batchSuppliers: batch.batchSuppliers,
  batchInvoices: batch.batchInvoices,
  batchBills: batch.batchBills,
  batchItems: batch.batchItems,
  batchJournalEntries: batch.batchJournalEntries,
  batchStockAdjustments: batch.batchStockAdjustments,
  batchPayments: batch.batchPayments,
  batchAccounts: batch.batchAccounts,
  batchJobsRetrieve: batch.batchJobsRetrieve,
  batchJobsList: batch.batchJobsList,
  batchJobsResults: batch.batchJobsResults,
  batchMetrics: batch.batchMetrics,
  batchCustomersImportCsv: batch.batchCustomersImportCsv,
  batchTemplatesCustomersCsv: batch.batchTemplatesCustomersCsv,
  batchTemplatesItemsCsv: batch.batchTemplatesItemsCsv,
  batchTemplatesSuppliersCsv: batch.batchTemplatesSuppliersCsv,
  batchTemplatesAccountsCsv: batch.batchTemplatesAccountsCsv,
  batchTemplatesExcel: batch.batchTemplatesExcel,
};

// Integrations: the catalogue, setup, the simulated upstreams' syncs and their monitoring (INT decisions).
const integrationEndpoints = {
  integrationsAvailable: integrations.integrationsAvailable,
  integrationsSetup: integrations.integrationsSetup,
  integrationsList: integrations.integrationsList,
  integrationsTransformData: integrations.integrationsTransformData,
  integrationsSyncOrders: integrations.integrationsSyncOrders,
  integrationsSyncProducts: integrations.integrationsSyncProducts,
  integrationsUpdateInventory: integrations.integrationsUpdateInventory,
  integrationsSyncFees: integrations.integrationsSyncFees,
  integrationsInventorySync: integrations.integrationsInventorySync,
  integrationsCreateConnector: integrations.integrationsCreateConnector,
  integrationsSyncPayments: integrations.integrationsSyncPayments,
  integrationsSyncTransactions: integrations.integrationsSyncTransactions,
  integrationsExportCoa: integrations.integrationsExportCoa,
  integrationsMigrateCustomers: integrations.integrationsMigrateCustomers,
  integrationsMigrateTransactions: integrations.integrationsMigrateTransactions,
  integrationsFullMigration: integrations.integrationsFullMigration,
  integrationsStatus: integrations.integrationsStatus,
  integrationsHealth: integrations.integrationsHealth,
  integrationsAnalytics: integrations.integrationsAnalytics,
  integrationsRetryFailed: integrations.integrationsRetryFailed,
  integrationsWebhooks: integrations.integrationsWebhooks,
  integrationsReceiveWebhook: integrations.integrationsReceiveWebhook,
};

/** Endpoints grouped by module, the `module` column of docs/spec/endpoints.tsv. */
export const contract = {
  platform: { ...authAndCompany, ...webhookSubscriptions },
  oauth: oauthEndpoints,
  accounting: accountsAndJournalEntries,
  sales: { ...customersAndContacts, ...taxCodes, ...salesDocuments, ...invoiceCorrections },
  inventory: { ...itemCatalogue, ...stockAndAdjustments, ...stockTransfers, ...inventoryAlerts, ...inventoryReports },
  purchasing: {
    ...suppliers,
    ...purchaseOrders,
    ...outstandingPosReport,
    ...purchasingApprovals,
    ...supplierPerformance,
    ...bills,
    ...requisitions,
    ...rfqs,
    ...procurementAnalyticsReport,
  },
  bulk: bulkOperations,
  audit: auditTrails,
  reports: {
    ...financialReports,
    ...financialStatements,
    ...salesReports,
    ...operationsReports,
    ...kpiAnalytics,
    ...customReports,
    ...cashFlowAndBudgets,
    ...reportDelivery,
  },
  einvoice: einvoices,
  'einvoice-records': einvoiceRecords,
  batch: batchOperations,
  integrations: integrationEndpoints,
} as const;

/** Every declared endpoint, flat. */
export const endpoints: AnyEndpoint[] = [
  authAndCompany,
  oauthEndpoints,
  accountsAndJournalEntries,
  customersAndContacts,
  itemCatalogue,
  stockAndAdjustments,
  inventoryAlerts,
  taxCodes,
  bulkOperations,
  webhookSubscriptions,
  salesDocuments,
  invoiceCorrections,
  auditTrails,
  inventoryReports,
  stockTransfers,
  suppliers,
  purchaseOrders,
  outstandingPosReport,
  purchasingApprovals,
  supplierPerformance,
  bills,
  requisitions,
  rfqs,
  procurementAnalyticsReport,
  financialReports,
  financialStatements,
  salesReports,
  operationsReports,
  kpiAnalytics,
  customReports,
  cashFlowAndBudgets,
  reportDelivery,
  einvoices,
  einvoiceRecords,
  batchOperations,
  integrationEndpoints,
].flatMap((family) => Object.values(family) as AnyEndpoint[]);

const endpointById = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
const bodySchemas = new Map<string, z.ZodType>();

/**
 * The schema of a success body of the endpoint with this id (`accounts.list`), envelope included;
 * undefined for an id the contract lacks. What `AcsClient` checks responses with when `validate` is on.
 */
export function responseSchemaOf(id: string): z.ZodType | undefined {
  let schema = bodySchemas.get(id);
  const endpoint = endpointById.get(id);
  if (!schema && endpoint) bodySchemas.set(id, (schema = responseBodySchema(endpoint)));
  return schema;
}

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

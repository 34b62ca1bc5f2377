import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { isoDateTime } from '../common.js';
import { IntegrationCredentials } from './records.js';
import { SyncDateRange } from './commerce.js';

// Spec document 3, "Integrations": the payment gateway's and the accounting source's syncs (INT-19, INT-20).
const tags = ['integrations'];
const admin = { scope: 'admin', tags };
// The router names one path segment once: setup's `{integrationId}`; on these paths it holds the connector id (the spec's `{connector}`).
const connectorParams = z.object({ integrationId: z.string().min(1).max(100) });

// The integration a finance sync runs for (without it: the connector's integration whose kept credentials
// are the body's) and, as the spec's bodies carry them, its credentials (checked, never echoed).
const integrationRef = {
  integrationId: z.string().min(1).max(100).optional(),
  credentials: IntegrationCredentials.optional(),
};

export const SyncRunStatus = z.enum(['completed', 'completed_with_errors', 'failed']);
const runFields = { syncId: z.string(), status: SyncRunStatus, startedAt: isoDateTime() };

export const SyncPaymentsParams = z.object({
  ...integrationRef,
  dateRange: SyncDateRange.optional(),
  includeRefunds: z.boolean().optional(),
  includeChargebacks: z.boolean().optional(),
  includeFees: z.boolean().optional(),
});
export type SyncPaymentsParams = z.input<typeof SyncPaymentsParams>;

export const SyncPaymentsResult = z.object({
  ...runFields,
  paymentsProcessed: z.number().int(),
  paymentsCreated: z.number().int(),
  paymentsUpdated: z.number().int(),
  paymentsFailed: z.number().int(),
  refundsProcessed: z.number().int(),
  chargebacksProcessed: z.number().int(),
  feesRecorded: z.number().int(),
  totalAmount: z.number(),
  totalFees: z.number(),
});
export type SyncPaymentsResult = z.infer<typeof SyncPaymentsResult>;

export const SyncTransactionsParams = z.object({ ...integrationRef, dateRange: SyncDateRange.optional() });
export type SyncTransactionsParams = z.input<typeof SyncTransactionsParams>;

// The gateway's payouts: each moves its net from the clearing account to the bank.
export const SyncTransactionsResult = z.object({
  ...runFields,
  payoutsProcessed: z.number().int(),
  payoutsCreated: z.number().int(),
  payoutsFailed: z.number().int(),
  totalPaidOut: z.number(),
});
export type SyncTransactionsResult = z.infer<typeof SyncTransactionsResult>;

export const CoaOptions = z.object({ includeInactive: z.boolean().optional(), mapToStandard: z.boolean().optional() });

export const ExportCoaParams = z.object({
  ...integrationRef,
  options: CoaOptions.optional(),
});
export type ExportCoaParams = z.input<typeof ExportCoaParams>;

export const ExportCoaResult = z.object({
  ...runFields,
  accountsProcessed: z.number().int(),
  accountsCreated: z.number().int(),
  accountsMapped: z.number().int(),
  accountsFailed: z.number().int(),
});
export type ExportCoaResult = z.infer<typeof ExportCoaResult>;

export const MigrateCustomersParams = z.object({
  ...integrationRef,
  includeOpeningBalances: z.boolean().optional(),
});
export type MigrateCustomersParams = z.input<typeof MigrateCustomersParams>;

export const MigrateCustomersResult = z.object({
  ...runFields,
  customersProcessed: z.number().int(),
  customersCreated: z.number().int(),
  customersFailed: z.number().int(),
  openingBalancesPosted: z.number().int(),
  openingBalanceTotal: z.number(),
});
export type MigrateCustomersResult = z.infer<typeof MigrateCustomersResult>;

export const MIGRATION_TRANSACTION_TYPES = ['invoice', 'bill', 'payment', 'journal_entry'] as const;
export const MigrationTransactionType = z.enum(MIGRATION_TRANSACTION_TYPES);

export const MigrateTransactionsParams = z.object({
  ...integrationRef,
  dateRange: SyncDateRange.optional(),
  transactionTypes: z.array(MigrationTransactionType).min(1).max(4).optional(),
  batchSize: z.number().int().min(1).max(500).optional(),
});
export type MigrateTransactionsParams = z.input<typeof MigrateTransactionsParams>;

export const MigrationTypeCounts = z.object({ processed: z.number().int(), created: z.number().int(), failed: z.number().int() });

export const MigrateTransactionsResult = z.object({
  ...runFields,
  transactionsProcessed: z.number().int(),
  transactionsCreated: z.number().int(),
  transactionsFailed: z.number().int(),
  byType: z.partialRecord(MigrationTransactionType, MigrationTypeCounts),
});
export type MigrateTransactionsResult = z.infer<typeof MigrateTransactionsResult>;

export const FullMigrationParams = z.object({
  ...integrationRef,
  options: ExportCoaParams.shape.options,
  dateRange: SyncDateRange.optional(),
  transactionTypes: MigrateTransactionsParams.shape.transactionTypes,
});
export type FullMigrationParams = z.input<typeof FullMigrationParams>;

// The chart, then the customers, then the transactions, each part's counters as its own endpoint gives them.
export const FullMigrationResult = z.object({
  status: SyncRunStatus,
  chartOfAccounts: ExportCoaResult,
  customers: MigrateCustomersResult,
  transactions: MigrateTransactionsResult,
});
export type FullMigrationResult = z.infer<typeof FullMigrationResult>;

const finance = <I extends string, O extends string>(id: I, operation: O, summary: string) => ({
  ...admin,
  id: `integrations.${id}` as `integrations.${I}`,
  method: 'POST' as const,
  path: `/integrations/{integrationId}/${operation}` as `/integrations/{integrationId}/${O}`,
  summary,
  params: connectorParams,
});

export const integrationsSyncPayments = endpoint({
  ...finance('syncPayments', 'sync-payments', "Bring the gateway's charges, refunds, chargebacks and fees into the books"),
  body: SyncPaymentsParams,
  exampleCall: { params: { integrationId: 'payment-gateway' }, body: { integrationId: { fixture: 'gatewayIntegration' } } },
  response: SyncPaymentsResult,
  description: "A payment gateway's charges, refunds, chargebacks and fees, through a clearing account; idempotent.",
});
export const integrationsSyncTransactions = endpoint({
  ...finance('syncTransactions', 'sync-transactions', "Bring the gateway's payouts into the bank"),
  body: SyncTransactionsParams,
  exampleCall: { params: { integrationId: 'payment-gateway' }, body: { integrationId: { fixture: 'gatewayIntegration' } } },
  response: SyncTransactionsResult,
  description: "A payment gateway's payouts, from the clearing account to the bank.",
});
export const integrationsExportCoa = endpoint({
  ...finance('exportCoa', 'export-coa', "Bring the accounting source's chart of accounts over"),
  body: ExportCoaParams,
  exampleCall: {
    params: { integrationId: 'accounting-source' },
    body: { integrationId: { fixture: 'sourceIntegration' }, options: { mapToStandard: true } },
  },
  response: ExportCoaResult,
  description: "An accounting source's chart of accounts (`mapToStandard`: linked to ours where they match).",
});
export const integrationsMigrateCustomers = endpoint({
  ...finance('migrateCustomers', 'migrate-customers', "Migrate the accounting source's customers and opening balances"),
  body: MigrateCustomersParams,
  exampleCall: { params: { integrationId: 'accounting-source' }, body: { integrationId: { fixture: 'sourceIntegration' } } },
  response: MigrateCustomersResult,
  description: "An accounting source's customers and opening balances.",
});
export const integrationsMigrateTransactions = endpoint({
  ...finance(
    'migrateTransactions',
    'migrate-transactions',
    "Migrate the accounting source's invoices, bills, payments and journal entries",
  ),
  body: MigrateTransactionsParams,
  exampleCall: {
    params: { integrationId: 'accounting-source' },
    body: { integrationId: { fixture: 'sourceIntegration' }, transactionTypes: ['journal_entry'] },
  },
  response: MigrateTransactionsResult,
  description: "An accounting source's invoices, bills, payments and journal entries.",
});
export const integrationsFullMigration = endpoint({
  ...finance('fullMigration', 'full-migration', 'Migrate the chart, the customers and the transactions, in that order'),
  body: FullMigrationParams,
  response: FullMigrationResult,
  description: 'Chart, customers, then transactions of an accounting source.',
});

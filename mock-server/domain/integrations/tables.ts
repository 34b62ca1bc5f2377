import type { Integration, IntegrationCategory, IntegrationMapping, IntegrationSettings } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { defineUpstreamStockTable } from './upstream/inventory-state.js';
import { defineCustomConnectorTable } from './custom-connectors.js';

/** An integration as stored; its credentials are in an internal table of their own (never audited, published or shown). */
export interface IntegrationRow {
  id: string;
  connectorId: string;
  category: IntegrationCategory;
  name: string;
  status: Integration['status'];
  credentialFields: string[];
  settings: IntegrationSettings;
  mapping: IntegrationMapping;
  lastSyncAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The credentials of an integration, by its id: internal (spec document 3: "Credentials are secrets and are never echoed"). */
export interface IntegrationCredentialsRow {
  id: string;
  values: Record<string, string>;
}

/** Failed item of a sync, kept so `retry-failed` can run it again. */
export interface SyncFailure {
  /** The upstream record (order id, payment id, ...). */
  externalId: string;
  type: string;
  code: string;
  message: string;
}

/** One run of a sync endpoint (`syncId`): what status, analytics and retry-failed read. */
export interface IntegrationSyncRow {
  id: string;
  integrationId: string;
  /** The endpoint's operation: `sync-orders`, `sync-fees`, `migrate-customers`, ... */
  operation: string;
  status: 'completed' | 'completed_with_errors' | 'failed';
  /** The operation's counters as its response shows them (`ordersCreated`, `feesRecorded`, ...). */
  counters: Record<string, number | string>;
  /** Records read from the upstream, created, updated, skipped as already synced, failed. */
  processed: number;
  failed: number;
  failures: SyncFailure[];
  /** What the run was asked (date range, options), so a retry asks the same. */
  request: Record<string, unknown>;
  /** The sync this one retried. */
  retryOf: string | null;
  startedAt: string;
  completedAt: string;
  /** Seconds. */
  processingTime: number;
}

/** Which upstream record became which record of the books: a sync never creates one twice. */
export interface SyncedRecordRow {
  id: string;
  integrationId: string;
  /** `order`, `product`, `payment`, `fee`, `customer`, `account`, `transaction`, ... */
  type: string;
  externalId: string;
  /** The record of the books (invoice, item, payment, journal entry, ...). */
  recordId: string;
  /** The upstream's version of the record when synced (its `updatedAt`), to tell an update. */
  version: string;
  syncedAt: string;
}

/** The simulated upstream's request budget for an integration (by its id): internal, like a rate-limit counter. */
export interface UpstreamQuotaRow {
  id: string;
  windowStartMs: number;
  used: number;
}

export const INTEGRATIONS = 'integrations';
export const UPSTREAM_QUOTAS = 'integrationUpstreamQuotas';
export const INTEGRATION_CREDENTIALS = 'integrationCredentials';
export const INTEGRATION_SYNCS = 'integrationSyncs';
export const SYNCED_RECORDS = 'integrationSyncedRecords';

export function defineIntegrationTables(store: Store): void {
  store.defineTable(INTEGRATIONS, { prefix: 'intg', indexes: ['connectorId'] });
  store.defineTable(INTEGRATION_CREDENTIALS, { prefix: 'intc', internal: true });
  store.defineTable(INTEGRATION_SYNCS, { prefix: 'sync', indexes: ['integrationId'] });
  store.defineTable(SYNCED_RECORDS, { prefix: 'isr', indexes: ['integrationId', 'externalId'], internal: true });
  store.defineTable(UPSTREAM_QUOTAS, { prefix: 'iuq', internal: true });
  defineUpstreamStockTable(store);
  defineCustomConnectorTable(store);
}

export const integrationsTable = (ctx: CompanyContext): Table<IntegrationRow> =>
  ctx.store.table<IntegrationRow>(ctx.companyId, INTEGRATIONS);
export const credentialsTable = (ctx: CompanyContext): Table<IntegrationCredentialsRow> =>
  ctx.store.table<IntegrationCredentialsRow>(ctx.companyId, INTEGRATION_CREDENTIALS);
export const syncsTable = (ctx: CompanyContext): Table<IntegrationSyncRow> =>
  ctx.store.table<IntegrationSyncRow>(ctx.companyId, INTEGRATION_SYNCS);
export const syncedRecordsTable = (ctx: CompanyContext): Table<SyncedRecordRow> =>
  ctx.store.table<SyncedRecordRow>(ctx.companyId, SYNCED_RECORDS);
export const quotasTable = (ctx: CompanyContext): Table<UpstreamQuotaRow> =>
  ctx.store.table<UpstreamQuotaRow>(ctx.companyId, UPSTREAM_QUOTAS);

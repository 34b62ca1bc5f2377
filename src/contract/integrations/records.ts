import { z } from 'zod';
import { secret } from '../common.js';

// Spec document 3, "Integrations": the catalogue of connectors and an integration set up from one.

export const INTEGRATION_CATEGORIES = ['ecommerce', 'marketplaces', 'payment_gateways', 'accounting'] as const;
export const IntegrationCategory = z.enum(INTEGRATION_CATEGORIES);
export type IntegrationCategory = z.infer<typeof IntegrationCategory>;

/** The kinds of upstream the spec describes; each has its credential fields. */
export const CONNECTOR_KINDS = ['hosted_store', 'site_store', 'marketplace', 'payment_gateway', 'accounting_source', 'custom'] as const;
export const ConnectorKind = z.enum(CONNECTOR_KINDS);
export type ConnectorKind = z.infer<typeof ConnectorKind>;

export const INTEGRATION_FEATURES = [
  'order_sync',
  'product_sync',
  'customer_sync',
  'inventory_sync',
  'fee_tracking',
  'payment_sync',
  'chargeback_handling',
  'data_migration',
  'chart_of_accounts_sync',
] as const;

/** One connector of the catalogue (`GET /v1/integrations/available`); its `id` is the `{connector}` of the sync paths. */
export const Connector = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: IntegrationCategory,
  kind: ConnectorKind,
  status: z.enum(['available', 'beta']),
  features: z.array(z.enum(INTEGRATION_FEATURES)),
  /** The `credentials` fields setup takes: secrets, never echoed. */
  credentialFields: z.array(z.string()),
  setupRequired: z.boolean(),
  webhookSupport: z.boolean(),
  realTimeSync: z.boolean(),
});
export type Connector = z.infer<typeof Connector>;

export const IntegrationCatalogue = z.object({
  ecommerce: z.array(Connector),
  marketplaces: z.array(Connector),
  payment_gateways: z.array(Connector),
  accounting: z.array(Connector),
});
export type IntegrationCatalogue = z.infer<typeof IntegrationCatalogue>;

export const IntegrationSettings = z.object({
  syncOrders: z.boolean().optional(),
  syncProducts: z.boolean().optional(),
  syncCustomers: z.boolean().optional(),
  syncInventory: z.boolean().optional(),
  /** Upstream order statuses to sync (default `paid`). */
  orderStatus: z.string().max(50).optional(),
  fulfillmentStatus: z.string().max(50).optional(),
  /** What an order becomes: a sales order, or an invoice sent at once (default). */
  createAs: z.enum(['invoice', 'sales_order']).optional(),
  /** How often the scheduled sync runs (default hourly; `manual`: on request only); status shows `nextSync` from it. */
  syncFrequency: z.enum(['hourly', 'daily', 'manual']).optional(),
});
export type IntegrationSettings = z.infer<typeof IntegrationSettings>;

/** Where synced documents post: tax codes by code, accounts by id or number. */
export const IntegrationMapping = z.object({
  defaultTaxCode: z.string().max(20).optional(),
  /** The bank account payouts land in. */
  defaultPaymentAccount: z.string().max(50).optional(),
  shippingAccount: z.string().max(50).optional(),
  discountAccount: z.string().max(50).optional(),
  /** Where marketplace and gateway fees post. */
  feeAccount: z.string().max(50).optional(),
  /** The revenue account of synced sales. */
  salesAccount: z.string().max(50).optional(),
});
export type IntegrationMapping = z.infer<typeof IntegrationMapping>;

/** Credentials of a connector: its fields (`credentialFields`) as strings, secrets all. */
export const IntegrationCredentials = secret(z.record(z.string().min(1).max(50), z.string().max(500)));

export const IntegrationSetupParams = z.object({
  name: z.string().min(1).max(100),
  credentials: IntegrationCredentials,
  settings: IntegrationSettings.optional(),
  mapping: IntegrationMapping.optional(),
});
export type IntegrationSetupParams = z.input<typeof IntegrationSetupParams>;

export const INTEGRATION_STATUSES = ['active', 'error', 'paused'] as const;

/** An integration: a connector set up for the company. Its credentials are kept, never shown: `credentialFields` names them. */
export const Integration = z.object({
  id: z.string(),
  connectorId: z.string(),
  category: IntegrationCategory,
  name: z.string(),
  status: z.enum(INTEGRATION_STATUSES),
  credentialFields: z.array(z.string()),
  settings: IntegrationSettings,
  mapping: IntegrationMapping,
  lastSyncAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Integration = z.infer<typeof Integration>;

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { isoDate } from '../common.js';
import { IntegrationCredentials } from './records.js';

// Spec document 3, "Integrations": the commerce syncs (stores and marketplaces) and custom connectors.
const tags = ['integrations'];
const admin = { scope: 'admin', tags } as const;
// The router names this path segment `{integrationId}` everywhere (setup's); on the sync paths it holds the connector's id (spec: `{connector}`).
const ConnectorParams = z.object({ integrationId: z.string().min(1).max(100) });
const integrationId = z.string().min(1).max(100);

export const SyncDateRange = z.object({ from: isoDate(), to: isoDate() });

export const SyncOrdersParams = z.object({
  integrationId,
  dateRange: SyncDateRange.optional(),
  // Default: the integration's `orderStatus`, else `paid`.
  // Upstream statuses: paid, refunded, pending; fulfilled, unfulfilled, partial.
  orderStatus: z.array(z.string().max(20)).max(10).optional(),
  fulfillmentStatus: z.array(z.string().max(20)).max(10).optional(),
  // Upstream records per request: one request of the upstream's budget per page.
  batchSize: z.number().int().min(1).max(250).optional(),
  // Only these upstream orders; with `mode: 'create'` one synced before is a 409 DUPLICATE_RECORD.
  orderIds: z.array(z.string().min(1).max(100)).max(250).optional(),
  mode: z.enum(['sync', 'create']).optional(),
  // The connector's credentials as setup takes them: secrets of the contract, never echoed (spec document 3, "Integrations").
  credentials: IntegrationCredentials.optional(),
});
export type SyncOrdersParams = z.input<typeof SyncOrdersParams>;

export const SyncOrdersResult = z.object({
  syncId: z.string(),
  status: z.string(),
  ordersToProcess: z.number(),
  ordersProcessed: z.number(),
  ordersCreated: z.number(),
  ordersUpdated: z.number(),
  ordersFailed: z.number(),
  startedAt: z.string(),
  estimatedCompletion: z.string(),
});

export const SyncProductsParams = z.object({
  integrationId,
  syncType: z.enum(['incremental', 'full']).optional(),
  includeVariants: z.boolean().optional(),
  includeInventory: z.boolean().optional(),
  publishedStatus: z.enum(['published', 'unpublished', 'any']).optional(),
});
export type SyncProductsParams = z.input<typeof SyncProductsParams>;

// Counters of a sync other than orders; sync-fees adds its settlements and fees.
export const SyncCounters = z.object({
  syncId: z.string(),
  status: z.string(),
  processed: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  failures: z.array(z.object({ externalId: z.string(), code: z.string(), message: z.string() })),
  startedAt: z.string(),
  completedAt: z.string(),
  feesRecorded: z.number().optional(),
  totalFees: z.number().optional(),
});

export const UpdateInventoryParams = z.object({
  integrationId,
  items: z
    .array(
      z.object({
        sku: z.string().min(1).max(50),
        locationId: z.string().min(1).max(50),
        quantity: z.number().int().min(-1_000_000).max(1_000_000),
        updateType: z.enum(['set', 'adjust']),
      }),
    )
    .min(1)
    .max(500),
});
export type UpdateInventoryParams = z.input<typeof UpdateInventoryParams>;

export const InventorySyncParams = z.object({
  items: z
    .array(
      z.object({
        sku: z.string().min(1).max(50),
        quantity: z.number().min(0).max(1_000_000).optional(),
        locations: z
          .array(z.object({ externalId: z.string().min(1).max(50), quantity: z.number().min(0).max(1_000_000) }))
          .max(50)
          .optional(),
      }),
    )
    .min(1)
    .max(500),
});
export type InventorySyncParams = z.input<typeof InventorySyncParams>;

export const SyncFeesParams = z.object({
  integrationId,
  reportType: z.enum(['settlement']).optional(),
  dateRange: SyncDateRange.optional(),
});
export type SyncFeesParams = z.input<typeof SyncFeesParams>;

export const integrationsSyncOrders = endpoint({
  ...admin,
  id: 'integrations.syncOrders',
  method: 'POST',
  path: '/integrations/{integrationId}/sync-orders',
  summary: "A store's orders into the books",
  description: 'Store orders into the books as invoices; idempotent.',
  params: ConnectorParams,
  body: SyncOrdersParams,
  response: SyncOrdersResult,
});

export const integrationsSyncProducts = endpoint({
  ...admin,
  id: 'integrations.syncProducts',
  method: 'POST',
  path: '/integrations/{integrationId}/sync-products',
  summary: "A store's products into items",
  description: 'Store products into items, one per SKU.',
  exampleCall: {
    params: { integrationId: 'hosted-store' },
    body: { integrationId: { first: 'integrations.list', query: { connectorId: 'hosted-store' } }, includeInventory: true },
  },
  params: ConnectorParams,
  body: SyncProductsParams,
  response: SyncCounters,
});

export const integrationsUpdateInventory = endpoint({
  ...admin,
  id: 'integrations.updateInventory',
  method: 'POST',
  path: '/integrations/{integrationId}/update-inventory',
  summary: 'Stock quantities to the store',
  description: 'Stock quantities to the store.',
  exampleCall: {
    params: { integrationId: 'hosted-store' },
    body: {
      integrationId: { first: 'integrations.list', query: { connectorId: 'hosted-store' } },
      items: [{ sku: 'NO-SUCH', locationId: 'main', quantity: 1, updateType: 'set' }],
    },
  },
  params: ConnectorParams,
  body: UpdateInventoryParams,
  response: SyncCounters,
});

export const integrationsSyncFees = endpoint({
  ...admin,
  id: 'integrations.syncFees',
  method: 'POST',
  path: '/integrations/{integrationId}/sync-fees',
  summary: "A marketplace's settlements and fees",
  description: 'Marketplace settlements: payouts and fees.',
  params: ConnectorParams,
  body: SyncFeesParams,
  response: SyncCounters,
});

export const integrationsInventorySync = endpoint({
  ...admin,
  id: 'integrations.inventorySync',
  method: 'POST',
  path: '/integrations/{integrationId}/inventory-sync',
  summary: 'Upstream stock counts into ours',
  description: 'Upstream stock counts into ours.',
  exampleCall: {
    params: { integrationId: { first: 'integrations.list', query: { connectorId: 'hosted-store' } } },
    body: {
      items: [{ sku: 'NO-SUCH', quantity: 1 }],
    },
  },
  params: z.object({ integrationId }),
  body: InventorySyncParams,
  response: SyncCounters,
});

import { contract } from '../../src/contract/index.js';
import {
  createCustomConnector,
  integrationOfConnector,
  inventorySync,
  retrieveIntegration,
  syncFees,
  syncOrders,
  syncProducts,
  updateUpstreamInventory,
  type IntegrationSyncRow,
} from '../domain/integrations/index.js';
import { route, type Route } from '../store/context.js';

const { integrations } = contract;

/** A sync run as the commerce syncs answer it (spec document 3, "Integrations"). */
const presentCommerceSync = (row: IntegrationSyncRow) => ({
  syncId: row.id,
  status: row.status,
  processed: row.processed,
  created: 0,
  updated: 0,
  unchanged: 0,
  ...row.counters,
  failed: row.failed,
  failures: row.failures.slice(0, 100).map(({ externalId, code, message }) => ({ externalId, code, message })),
  startedAt: row.startedAt,
  completedAt: row.completedAt,
});

/** The body without what names the integration (`integrationId`, `credentials`: the kept ones are used): what a retry asks again. */
const requestOf = ({ integrationId: _id, credentials: _credentials, ...rest }: Record<string, unknown>) => rest;

/** The commerce syncs of stores and marketplaces (spec document 3, "Integrations"). */
export const integrationSyncRoutes: Route[] = [
  route(integrations.integrationsSyncOrders, (ctx) => {
    const row = syncOrders.run(ctx, integrationOfConnector(ctx, ctx.params.integrationId, ctx.body.integrationId), requestOf(ctx.body));
    const { ordersToProcess, ordersProcessed, ordersCreated, ordersUpdated, ordersFailed } = row.counters as Record<string, number>;
    // Synchronous in the mock: the estimated completion is when it completed.
    return {
      syncId: row.id,
      status: row.status,
      ordersToProcess: ordersToProcess!,
      ordersProcessed: ordersProcessed!,
      ordersCreated: ordersCreated!,
      ordersUpdated: ordersUpdated!,
      ordersFailed: ordersFailed!,
      startedAt: row.startedAt,
      estimatedCompletion: row.completedAt,
    };
  }),
  route(integrations.integrationsSyncProducts, (ctx) =>
    presentCommerceSync(
      syncProducts.run(ctx, integrationOfConnector(ctx, ctx.params.integrationId, ctx.body.integrationId), requestOf(ctx.body)),
    ),
  ),
  route(
    integrations.integrationsSyncFees,
    (ctx) =>
      presentCommerceSync(
        syncFees.run(ctx, integrationOfConnector(ctx, ctx.params.integrationId, ctx.body.integrationId), requestOf(ctx.body)),
      ) as never,
  ),
  route(integrations.integrationsUpdateInventory, (ctx) =>
    presentCommerceSync(
      updateUpstreamInventory(
        ctx,
        integrationOfConnector(ctx, ctx.params.integrationId, ctx.body.integrationId),
        requestOf(ctx.body) as never,
      ),
    ),
  ),
  route(integrations.integrationsCreateConnector, (ctx) => createCustomConnector(ctx, ctx.body)),
  route(integrations.integrationsInventorySync, (ctx) =>
    presentCommerceSync(inventorySync(ctx, retrieveIntegration(ctx, ctx.params.integrationId), ctx.body)),
  ),
];

import { contract } from '../../src/contract/index.js';
import {
  exportCoaOperation,
  financeIntegration,
  fullMigration,
  integrationCatalogue,
  integrationsTable,
  migrateCustomersOperation,
  migrateTransactionsOperation,
  presentIntegration,
  presentTransactionsRun,
  runFinanceSync,
  setupIntegration,
  syncPaymentsOperation,
  syncTransactionsOperation,
  transformData,
} from '../domain/integrations/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { integrations } = contract;

/** Integrations (spec document 3, "Integrations"): connectors to simulated stores, marketplaces, gateways and accounting systems. */
export const integrationRoutes: Route[] = [
  route(integrations.integrationsTransformData, (ctx) => transformData(ctx.body)),
  route(integrations.integrationsAvailable, (ctx) => integrationCatalogue(ctx)),
  route(integrations.integrationsSetup, (ctx) => presentIntegration(setupIntegration(ctx, ctx.params.integrationId, ctx.body))),
  listRoute(integrations.integrationsList, {
    rows: (ctx) => integrationsTable(ctx),
    where: (ctx) => (row) =>
      (!ctx.query.connectorId || row.connectorId === ctx.query.connectorId) && (!ctx.query.category || row.category === ctx.query.category),
    present: (_ctx, row) => presentIntegration(row),
  }),
  route(integrations.integrationsSyncPayments, (ctx) =>
    runFinanceSync(ctx, ctx.params.integrationId, ctx.body, 'payment_gateway', syncPaymentsOperation),
  ),
  route(integrations.integrationsSyncTransactions, (ctx) =>
    runFinanceSync(ctx, ctx.params.integrationId, ctx.body, 'payment_gateway', syncTransactionsOperation),
  ),
  route(integrations.integrationsExportCoa, (ctx) =>
    runFinanceSync(ctx, ctx.params.integrationId, ctx.body, 'accounting_source', exportCoaOperation),
  ),
  route(integrations.integrationsMigrateCustomers, (ctx) =>
    runFinanceSync(ctx, ctx.params.integrationId, ctx.body, 'accounting_source', migrateCustomersOperation),
  ),
  route(integrations.integrationsMigrateTransactions, (ctx) =>
    runFinanceSync(ctx, ctx.params.integrationId, ctx.body, 'accounting_source', migrateTransactionsOperation, presentTransactionsRun),
  ),
  route(integrations.integrationsFullMigration, (ctx) =>
    fullMigration(ctx, financeIntegration(ctx, ctx.params.integrationId, ctx.body, 'accounting_source'), ctx.body),
  ),
];

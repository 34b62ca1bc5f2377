import { contract } from '../../src/contract/index.js';
import { integrationCatalogue, integrationsTable, presentIntegration, setupIntegration, transformData } from '../domain/integrations/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { integrations } = contract;

/** Integrations (spec document 3, "Integrations"): connectors to simulated stores, marketplaces, gateways and accounting systems. */
export const integrationRoutes: Route[] = [
  route(integrations.integrationsAvailable, () => integrationCatalogue()),
  route(integrations.integrationsTransformData, (ctx) => transformData(ctx.body)),
  route(integrations.integrationsAvailable, (ctx) => integrationCatalogue(ctx)),
  route(integrations.integrationsSetup, (ctx) => presentIntegration(setupIntegration(ctx, ctx.params.integrationId, ctx.body))),
  listRoute(integrations.integrationsList, {
    rows: (ctx) => integrationsTable(ctx),
    where: (ctx) => (row) => (!ctx.query.connectorId || row.connectorId === ctx.query.connectorId) && (!ctx.query.category || row.category === ctx.query.category),
    present: (_ctx, row) => presentIntegration(row),
  }),
];

import { contract } from '../../src/contract/index.js';
import {
  integrationAnalytics,
  integrationHealth,
  integrationStatus,
  presentIntegrationWebhook,
  presentSync,
  receiveUpstreamEvent,
  retryFailedSync,
  subscribeIntegrationWebhook,
  UPSTREAM_SIGNATURE_HEADER,
} from '../domain/integrations/index.js';
import { route, type Route } from '../store/context.js';

const { integrations } = contract;

/** Integrations' monitoring, retries and webhooks (spec document 3, "Integrations"). */
export const integrationOpsRoutes: Route[] = [
  route(integrations.integrationsStatus, (ctx) => integrationStatus(ctx, ctx.params.integrationId)),
  route(integrations.integrationsHealth, (ctx) => integrationHealth(ctx, ctx.params.integrationId)),
  route(integrations.integrationsAnalytics, (ctx) => integrationAnalytics(ctx, ctx.query)),
  route(integrations.integrationsRetryFailed, (ctx) => presentSync(ctx, retryFailedSync(ctx, ctx.params.integrationId, ctx.body))),
  route(integrations.integrationsWebhooks, (ctx) =>
    presentIntegrationWebhook(subscribeIntegrationWebhook(ctx, ctx.params.integrationId, ctx.body)),
  ),
  route(integrations.integrationsReceiveWebhook, (ctx) =>
    receiveUpstreamEvent(ctx, ctx.params.integrationId, ctx.body, {
      payload: ctx.rawBody ?? '',
      signature: ctx.headers.get(UPSTREAM_SIGNATURE_HEADER),
    }),
  ),
];

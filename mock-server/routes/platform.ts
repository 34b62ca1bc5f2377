import { contract } from '../../src/contract/index.js';
import {
  deleteWebhook,
  presentWebhook,
  retrieveCompany,
  retrieveWebhook,
  subscribeWebhook,
  subscriptionsTable,
  updateCompanySettings,
  updateWebhook,
  verifyAuth,
  webhookMatches,
} from '../domain/platform/index.js';
import { route, type Route } from '../store/context.js';
import { listRoute } from './list-route.js';

/** Endpoints shared by all modules (spec document 1). */
const companyRoutes: Route[] = [
  route(contract.platform.authVerify, (ctx) => verifyAuth(ctx, ctx.principal)),
  route(contract.platform.companyRetrieve, (ctx) => retrieveCompany(ctx)),
  route(contract.platform.companyUpdate, (ctx) => updateCompanySettings(ctx, ctx.body)),
];

const { platform } = contract;

/** Webhook subscriptions (spec document 1, "Webhooks"); deliveries are mock-server/events/webhook-delivery.ts. */
const webhookRoutes: Route[] = [
  route(platform.webhooksSubscribe, (ctx) => subscribeWebhook(ctx, ctx.body)),
  listRoute(platform.webhooksList, {
    rows: (ctx) => subscriptionsTable(ctx.store, ctx.companyId),
    where: (ctx) => webhookMatches(ctx.query),
    present: (_ctx, row) => presentWebhook(row),
  }),
  route(platform.webhooksRetrieve, (ctx) => presentWebhook(retrieveWebhook(ctx, ctx.params.webhookId))),
  route(platform.webhooksUpdate, (ctx) => presentWebhook(updateWebhook(ctx, ctx.params.webhookId, ctx.body))),
  route(platform.webhooksDelete, (ctx) => deleteWebhook(ctx, ctx.params.webhookId)),
];

/** The platform module (spec document 1): the company, credential checks and webhook subscriptions. */
export const platformRoutes: Route[] = [...companyRoutes, ...webhookRoutes];

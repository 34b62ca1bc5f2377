import { contract } from '../../src/contract/index.js';
import {
  deleteWebhook,
  presentWebhook,
  retrieveWebhook,
  subscribeWebhook,
  subscriptionsTable,
  updateWebhook,
  webhookMatches,
} from '../domain/webhooks.js';
import { listPage } from '../store/list.js';
import { route, type Route } from './route.js';

const { platform } = contract;

/** Webhook subscriptions (spec document 1, "Webhooks"); deliveries are mock-server/events/webhook-delivery.ts. */
export const webhookRoutes: Route[] = [
  route(platform.webhooksSubscribe, (ctx) => subscribeWebhook(ctx, ctx.body)),
  route(platform.webhooksList, (ctx) => {
    const page = listPage(subscriptionsTable(ctx.store, ctx.companyId), ctx, platform.webhooksList.list, {
      where: webhookMatches(ctx.query),
      // Creation order: two subscriptions made in the same millisecond keep it.
      defaultSort: 'sequence:asc',
    });
    return { ...page, data: page.data.map((row) => presentWebhook(row)) };
  }),
  route(platform.webhooksRetrieve, (ctx) => presentWebhook(retrieveWebhook(ctx, ctx.params.webhookId))),
  route(platform.webhooksUpdate, (ctx) => presentWebhook(updateWebhook(ctx, ctx.params.webhookId, ctx.body))),
  route(platform.webhooksDelete, (ctx) => deleteWebhook(ctx, ctx.params.webhookId)),
];

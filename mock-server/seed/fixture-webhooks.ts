import { WebhookSubscribeParams } from '../../src/contract/index.js';
import {
  subscribeWebhook,
  updateWebhook,
  WEBHOOK_SUBSCRIPTIONS,
  webhookSecret,
  type WebhookSubscriptionRow,
} from '../domain/platform/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';
import type { AtPath } from './fixture-problem.js';
import type { CheckedFixtureCompany, FixtureFile } from './fixture-schema.js';

type FixtureCompany = FixtureFile['companies'][number];

/**
 * The company's webhook subscriptions (MOCK-39), each through `subscribeWebhook` as `POST /webhooks/subscribe`
 * does (its URL and event rules); a paused one is paused after. A subscription without `secret` gets one drawn.
 */
export function loadWebhooks(ctx: ActingContext, company: CheckedFixtureCompany, path: string, at: AtPath): void {
  company.webhooks?.forEach(({ active, ...fields }, i) => {
    at(`${path}.webhooks[${i}]`, () => {
      const subscription = subscribeWebhook(ctx, WebhookSubscribeParams.parse(fields));
      if (active === false) updateWebhook(ctx, subscription.id, { active: false });
    });
  });
}

/** The subscriptions as a fixture writes them, in creation order, each with its signing secret (a test's receiver checks it). */
export function webhooksOf(store: Store, companyId: string): FixtureCompany['webhooks'] {
  if (!store.hasTable(WEBHOOK_SUBSCRIPTIONS)) return [];
  return store
    .table<WebhookSubscriptionRow>(companyId, WEBHOOK_SUBSCRIPTIONS)
    .all()
    .sort((a, b) => a.sequence - b.sequence)
    .map((row) => ({
      url: row.url,
      events: [...row.events],
      secret: webhookSecret(store, companyId, row.id),
      ...(row.active ? {} : { active: false }),
    }));
}

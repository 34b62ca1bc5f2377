import type { IntegrationWebhook } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';

/** An integration's subscription to its upstream's events (one per integration; POST replaces it). */
export interface IntegrationWebhookRow {
  id: string;
  integrationId: string;
  events: IntegrationWebhook['events'];
  endpoint: string;
  active: boolean;
  /** The simulated upstream has emitted its orders up to this mock time (ms). */
  emittedUntilMs: number;
  /** How many orders it has emitted: the next one's sequence. */
  emittedOrders: number;
  createdAt: string;
  updatedAt: string;
}

/** A subscription's signing secret, by the subscription's id: internal, never shown. */
export interface IntegrationWebhookSecretRow {
  id: string;
  secret: string;
}

/** One event the simulated upstream emitted; its insert is the domain event the delivery engine sends. */
export interface UpstreamEventRow {
  id: string;
  integrationId: string;
  subscriptionId: string;
  event: string;
  source: string;
  timestamp: string;
  data: unknown;
}

export const INTEGRATION_WEBHOOKS = 'integrationWebhooks';
export const INTEGRATION_WEBHOOK_SECRETS = 'integrationWebhookSecrets';
export const UPSTREAM_EVENTS = 'integrationUpstreamEvents';
/** The domain event of an upstream event: not a name of the platform's catalogue, so only the integration's subscription gets it. */
export const UPSTREAM_DOMAIN_EVENT = 'integration.upstream_event';

export function defineIntegrationWebhookTables(store: Store): void {
  store.defineTable(INTEGRATION_WEBHOOKS, { prefix: 'iwh', indexes: ['integrationId'] });
  store.defineTable(INTEGRATION_WEBHOOK_SECRETS, { prefix: 'iws', internal: true });
  store.defineTable(UPSTREAM_EVENTS, { prefix: 'iue', indexes: ['integrationId'] });
}

export const integrationWebhooksTable = (store: Store, companyId: string): Table<IntegrationWebhookRow> =>
  store.table<IntegrationWebhookRow>(companyId, INTEGRATION_WEBHOOKS);
export const integrationWebhookSecretsTable = (store: Store, companyId: string): Table<IntegrationWebhookSecretRow> =>
  store.table<IntegrationWebhookSecretRow>(companyId, INTEGRATION_WEBHOOK_SECRETS);
export const upstreamEventsTable = (ctx: CompanyContext): Table<UpstreamEventRow> =>
  ctx.store.table<UpstreamEventRow>(ctx.companyId, UPSTREAM_EVENTS);

/** The integration's subscription, if it has one. */
export const webhookOfIntegration = (ctx: CompanyContext, integrationId: string): IntegrationWebhookRow | undefined =>
  integrationWebhooksTable(ctx.store, ctx.companyId).byIndex('integrationId', integrationId)[0];

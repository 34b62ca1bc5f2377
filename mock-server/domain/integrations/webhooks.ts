import type { IntegrationWebhook, UpstreamEventParams } from '../../../src/contract/index.js';
import { businessRule, ServiceError, validationError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { GLOBAL, type Store } from '../../store/index.js';
import { registerWebhookReceivers, type CompanyRow, type WebhookReceiverSource } from '../platform/index.js';
import { findConnector } from './catalogue.js';
import { integrationCredentials, retrieveIntegration } from './setup.js';
import { integrationsTable, type IntegrationRow } from './tables.js';
import { upstreamStep } from './upstream-activity.js';
import { upstreamSignatureMatches } from './upstream-signature.js';
import {
  defineIntegrationWebhookTables,
  integrationWebhookSecretsTable,
  integrationWebhooksTable,
  UPSTREAM_DOMAIN_EVENT,
  upstreamEventsTable,
  webhookOfIntegration,
  type IntegrationWebhookRow,
  type UpstreamEventRow,
} from './webhook-tables.js';

/** A simulated upstream with a subscription takes a step (a new order, ...) this often, on the mock clock (decision INT-26). */
export const UPSTREAM_ORDER_INTERVAL_MS = 30 * 60_000;
/** Most steps one move of the clock emits per subscription: a jump of a year is not 17,000 deliveries. */
export const UPSTREAM_ORDERS_PER_JUMP = 20;

export const presentIntegrationWebhook = (row: IntegrationWebhookRow): IntegrationWebhook => ({
  id: row.id,
  integrationId: row.integrationId,
  events: [...row.events],
  endpoint: row.endpoint,
  active: row.active,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** Sets the integration's subscription (one per integration: a second POST replaces the first); the secret is kept apart, never shown. */
export function subscribeIntegrationWebhook(
  ctx: CompanyContext,
  integrationId: string,
  body: { events: IntegrationWebhook['events']; endpoint: string; secret: string; active: boolean },
): IntegrationWebhookRow {
  const integration = retrieveIntegration(ctx, integrationId);
  if (!findConnector(integration.connectorId, ctx)?.webhookSupport) {
    throw businessRule(`the ${integration.connectorId} connector sends no webhooks`, { connectorId: integration.connectorId });
  }
  const table = integrationWebhooksTable(ctx.store, ctx.companyId);
  const secrets = integrationWebhookSecretsTable(ctx.store, ctx.companyId);
  const now = ctx.clock.iso();
  const fields = { events: [...body.events], endpoint: body.endpoint, active: body.active, updatedAt: now };
  const existing = webhookOfIntegration(ctx, integration.id);
  // The upstream emits from now on: a new or reactivated subscription gets no backlog.
  const emitFrom = existing?.active ? {} : { emittedUntilMs: ctx.clock.nowMs() };
  const row = existing
    ? table.update(existing.id, { ...fields, ...emitFrom })
    : table.insert({
        id: table.newId(),
        integrationId: integration.id,
        emittedUntilMs: ctx.clock.nowMs(),
        emittedOrders: 0,
        createdAt: now,
        ...fields,
      });
  if (secrets.get(row.id)) secrets.update(row.id, { secret: body.secret });
  else secrets.insert({ id: row.id, secret: body.secret });
  return row;
}

/** The upstream's events as receivers of the one delivery engine: signed with the subscription's secret, in the spec's body. */
const integrationWebhookReceivers: WebhookReceiverSource = {
  receiversOf(store, companyId, event, data) {
    if (event !== UPSTREAM_DOMAIN_EVENT) return [];
    const row = integrationWebhooksTable(store, companyId).get((data as UpstreamEventRow).subscriptionId);
    return row?.active ? [row.id] : [];
  },
  find(store, companyId, id) {
    const row = integrationWebhooksTable(store, companyId).get(id);
    return row && { url: row.endpoint, active: row.active, secret: integrationWebhookSecretsTable(store, companyId).get(id)?.secret };
  },
  // Spec document 3, "Integration webhook delivery body".
  envelope: (event) => {
    const row = event.data as UpstreamEventRow;
    return { event: row.event, source: row.source, integrationId: row.integrationId, timestamp: row.timestamp, data: row.data };
  },
};

export function defineIntegrationWebhooks(store: Store): void {
  defineIntegrationWebhookTables(store);
  registerWebhookReceivers(store, 'integration_webhook', integrationWebhookReceivers);
  store.clock.onJump(() => emitAllUpstreamActivity(store));
}

/**
 * The upstream's steps since it last emitted, one each UPSTREAM_ORDER_INTERVAL_MS of mock time (at most
 * UPSTREAM_ORDERS_PER_JUMP a move): each step's events the subscription names are kept, so delivered.
 */
function emitUpstreamActivity(ctx: CompanyContext, subscription: IntegrationWebhookRow, integration: IntegrationRow): number {
  if (!subscription.active || integration.status !== 'active') return 0;
  const due = Math.floor((ctx.clock.nowMs() - subscription.emittedUntilMs) / UPSTREAM_ORDER_INTERVAL_MS);
  if (due <= 0) return 0;
  const count = Math.min(due, UPSTREAM_ORDERS_PER_JUMP);
  const wanted = new Set<string>(subscription.events);
  const events = upstreamEventsTable(ctx);
  for (let i = 1; i <= count; i++) {
    const timestamp = new Date(subscription.emittedUntilMs + (due - count + i) * UPSTREAM_ORDER_INTERVAL_MS).toISOString();
    for (const { event, data } of upstreamStep(ctx, integration, subscription.emittedOrders + i, timestamp)) {
      if (!wanted.has(event)) continue;
      events.insert({
        id: events.newId(),
        integrationId: integration.id,
        subscriptionId: subscription.id,
        event,
        source: integration.connectorId,
        timestamp,
        data,
      });
    }
  }
  integrationWebhooksTable(ctx.store, ctx.companyId).update(subscription.id, {
    emittedUntilMs: subscription.emittedUntilMs + due * UPSTREAM_ORDER_INTERVAL_MS,
    emittedOrders: subscription.emittedOrders + count,
  });
  return count;
}

function emitAllUpstreamActivity(store: Store): void {
  if (!store.hasTable('companies')) return;
  for (const company of store.table<CompanyRow>(GLOBAL, 'companies').all()) {
    const ctx: CompanyContext = { store, clock: store.clock, companyId: company.id };
    const subscriptions = integrationWebhooksTable(store, company.id)
      .all()
      .filter((row) => row.active);
    if (subscriptions.length === 0) continue;
    store.transaction(() => {
      for (const subscription of subscriptions) {
        const integration = integrationsTable(ctx).get(subscription.integrationId);
        if (integration) emitUpstreamActivity(ctx, subscription, integration);
      }
    });
  }
}

/** The kept secret an upstream signs with: the connector's webhook credential. */
const upstreamSecret = (ctx: CompanyContext, integration: IntegrationRow): string | undefined => {
  const credentials = integrationCredentials(ctx, integration);
  return credentials.webhookSecret ?? credentials.webhookEndpointSecret;
};

/**
 * An event an upstream sends us: its signature over the raw body must match the integration's kept webhook secret, else
 * 400 WEBHOOK_VERIFICATION_FAILED (not 401: the API key was good; decision INT-27) and nothing is kept.
 */
export function receiveUpstreamEvent(
  ctx: CompanyContext,
  integrationId: string,
  body: UpstreamEventParams,
  signed: { payload: string; signature: string | null },
): { received: true; event: string; orderId: string } {
  const { signature } = signed;
  const integration = retrieveIntegration(ctx, integrationId);
  const secret = upstreamSecret(ctx, integration);
  if (!secret || !upstreamSignatureMatches(signature, signed.payload, secret)) {
    throw new ServiceError('WEBHOOK_VERIFICATION_FAILED', "The webhook signature does not match the integration's webhook secret", [
      {
        field: 'X-Upstream-Signature',
        message: signature ? 'signature does not match the body' : 'missing',
        code: 'WEBHOOK_VERIFICATION_FAILED',
      },
    ]);
  }
  if (body.integrationId !== integration.id) {
    throw validationError(
      [{ field: 'integrationId', message: `must be ${integration.id}`, code: 'INVALID_REFERENCE' }],
      'The event names another integration',
    );
  }
  const events = upstreamEventsTable(ctx);
  events.insert({
    id: events.newId(),
    integrationId: integration.id,
    subscriptionId: '',
    event: body.event,
    source: body.source,
    timestamp: body.timestamp,
    data: body.data,
  });
  return { received: true, event: body.event, orderId: body.data.id };
}

import {
  MAX_WEBHOOK_SUBSCRIPTIONS,
  type DeletedRecord,
  type WebhookEventName,
  type WebhookSubscription,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { businessRule, notFound } from '../../kernel/errors.js';

export const WEBHOOK_SUBSCRIPTIONS = 'webhookSubscriptions';
/** Secrets live apart from the subscription rows, so a change record of a subscription never carries one. */
export const WEBHOOK_SECRETS = 'webhookSecrets';

export interface WebhookSubscriptionRow {
  id: string;
  /** Creation order within the company (timestamps may tie); not shown. */
  sequence: number;
  url: string;
  events: WebhookEventName[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Keyed by the subscription's id. */
export interface WebhookSecretRow {
  id: string;
  secret: string;
}

export interface SubscribeInput {
  url: string;
  events: WebhookEventName[];
  secret?: string;
}

export interface WebhookPatch {
  url?: string;
  events?: WebhookEventName[];
  active?: boolean;
}

export function defineWebhookTables(store: Store): void {
  store.defineTable(WEBHOOK_SUBSCRIPTIONS, { prefix: 'whk' });
  store.defineTable(WEBHOOK_SECRETS, { prefix: 'whs', internal: true });
}

export const subscriptionsTable = (store: Store, companyId: string): Table<WebhookSubscriptionRow> =>
  store.table<WebhookSubscriptionRow>(companyId, WEBHOOK_SUBSCRIPTIONS);
const secretsTable = (store: Store, companyId: string): Table<WebhookSecretRow> =>
  store.table<WebhookSecretRow>(companyId, WEBHOOK_SECRETS);

/** The wire shape; `secret` only when the service has just generated it (shown once). */
export const presentWebhook = (row: WebhookSubscriptionRow, generatedSecret?: string): WebhookSubscription => ({
  id: row.id,
  url: row.url,
  events: [...row.events],
  active: row.active,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  ...(generatedSecret === undefined ? {} : { secret: generatedSecret }),
});

/**
 * Stores a subscription (spec document 1, "Webhooks"). The router has checked the URL rule, the event
 * names and the secret's length; the per-company limit is checked here.
 */
export function subscribeWebhook(ctx: CompanyContext, input: SubscribeInput): WebhookSubscription {
  const table = subscriptionsTable(ctx.store, ctx.companyId);
  if (table.size >= MAX_WEBHOOK_SUBSCRIPTIONS) {
    throw businessRule(`a company has at most ${MAX_WEBHOOK_SUBSCRIPTIONS} webhook subscriptions`, {
      limit: MAX_WEBHOOK_SUBSCRIPTIONS,
      subscriptions: table.size,
    });
  }
  const now = ctx.clock.iso();
  const row = table.insert({
    id: table.newId(),
    sequence: ctx.store.nextNumber(ctx.companyId, WEBHOOK_SUBSCRIPTIONS),
    url: input.url,
    events: [...input.events],
    active: true,
    createdAt: now,
    updatedAt: now,
  });
  const { generated } = keepWebhookSecret(ctx, row.id, input.secret);
  return presentWebhook(row, generated);
}

export function retrieveWebhook(ctx: CompanyContext, webhookId: string): WebhookSubscriptionRow {
  const row = subscriptionsTable(ctx.store, ctx.companyId).get(webhookId);
  if (!row) throw notFound('webhook subscription', webhookId, 'WEBHOOK_NOT_FOUND', 'webhookId');
  return row;
}

export function updateWebhook(ctx: CompanyContext, webhookId: string, patch: WebhookPatch): WebhookSubscriptionRow {
  const row = retrieveWebhook(ctx, webhookId);
  const changes: Partial<WebhookSubscriptionRow> = {};
  if (patch.url !== undefined) changes.url = patch.url;
  if (patch.events !== undefined) changes.events = [...patch.events];
  if (patch.active !== undefined) changes.active = patch.active;
  if (Object.keys(changes).length === 0) return row;
  return subscriptionsTable(ctx.store, ctx.companyId).update(row.id, { ...changes, updatedAt: ctx.clock.iso() });
}

export function deleteWebhook(ctx: CompanyContext, webhookId: string): DeletedRecord {
  const row = retrieveWebhook(ctx, webhookId);
  subscriptionsTable(ctx.store, ctx.companyId).delete(row.id);
  secretsTable(ctx.store, ctx.companyId).delete(row.id);
  return { id: row.id, deleted: true };
}

/** List filters of `GET /webhooks`. */
export const webhookMatches =
  (query: { active?: boolean; event?: WebhookEventName }) =>
  (row: WebhookSubscriptionRow): boolean =>
    (query.active === undefined || row.active === query.active) && (query.event === undefined || row.events.includes(query.event));

/** Active subscriptions of a company that name `event`, in creation order (the delivery engine's fan-out). */
export function subscribersOf(store: Store, companyId: string, event: string): WebhookSubscriptionRow[] {
  if (!store.hasTable(WEBHOOK_SUBSCRIPTIONS)) return [];
  return subscriptionsTable(store, companyId)
    .all()
    .filter((row) => row.active && (row.events as string[]).includes(event));
}

/** The signing secret of a subscription; undefined once it is deleted. */
export const webhookSecret = (store: Store, companyId: string, webhookId: string): string | undefined =>
  store.hasTable(WEBHOOK_SECRETS) ? secretsTable(store, companyId).get(webhookId)?.secret : undefined;

/** Where a delivery goes, as each attempt reads it: a paused or deleted receiver gets nothing more. */
export interface WebhookReceiver {
  url: string;
  active: boolean;
  secret: string | undefined;
}

/**
 * Receivers beside the subscriptions, registered by the module that owns them where it declares its
 * tables (an alert rule's webhook URL, INV-29), so every signed delivery goes through one engine.
 */
export interface WebhookReceiverSource {
  /** Ids of this source's receivers of one event. */
  receiversOf(store: Store, companyId: string, event: string, data: unknown): string[];
  find(store: Store, companyId: string, id: string): WebhookReceiver | undefined;
  /** The delivery's body, when this kind has its own (an integration's upstream events); default the platform's. */
  envelope?(event: { id: string; event: string; timestamp: string; companyId: string; data: unknown }): unknown;
}

const subscriptionReceivers: WebhookReceiverSource = {
  receiversOf: (store, companyId, event) => subscribersOf(store, companyId, event).map((row) => row.id),
  find: (store, companyId, id) => {
    const row = store.hasTable(WEBHOOK_SUBSCRIPTIONS) ? subscriptionsTable(store, companyId).get(id) : undefined;
    return row && { url: row.url, active: row.active, secret: webhookSecret(store, companyId, id) };
  },
};

const receiverSources = new WeakMap<Store, Map<string, WebhookReceiverSource>>();

/** Registers (or replaces) one kind of receiver for this store. */
export function registerWebhookReceivers(store: Store, kind: string, source: WebhookReceiverSource): void {
  let byKind = receiverSources.get(store);
  if (!byKind) receiverSources.set(store, (byKind = new Map()));
  byKind.set(kind, source);
}

/** The name a data folder keeps a delivery's receiver kind by (MOCK-44): `subscription`, or the kind it was registered as. */
export function webhookSourceKind(store: Store, source: WebhookReceiverSource): string {
  if (source === subscriptionReceivers) return 'subscription';
  for (const [kind, registered] of receiverSources.get(store) ?? []) if (registered === source) return kind;
  throw new Error('a webhook receiver source that was never registered');
}

/** The receiver kind a data folder names; undefined when this service no longer registers it. */
export function webhookSourceOf(store: Store, kind: string): WebhookReceiverSource | undefined {
  return kind === 'subscription' ? subscriptionReceivers : receiverSources.get(store)?.get(kind);
}

/** Every receiver of an event: the subscriptions that name it, in creation order, then each registered kind's. */
export function webhookReceiversOf(
  store: Store,
  companyId: string,
  event: string,
  data: unknown,
): { id: string; source: WebhookReceiverSource }[] {
  const sources = [subscriptionReceivers, ...(receiverSources.get(store)?.values() ?? [])];
  return sources.flatMap((source) => source.receiversOf(store, companyId, event, data).map((id) => ({ id, source })));
}

/** Keeps a receiver's signing secret apart from its record (change records never carry one); generates it when none is given. */
export function keepWebhookSecret(ctx: CompanyContext, receiverId: string, given: string | undefined): { generated: string | undefined } {
  if (!ctx.store.hasTable(WEBHOOK_SECRETS)) return { generated: undefined };
  // 32 characters of 62 (about 190 bits) from the CSPRNG behind every id.
  const generated = given === undefined ? ctx.store.ids.next('whsec', 32) : undefined;
  secretsTable(ctx.store, ctx.companyId).insert({ id: receiverId, secret: given ?? generated! });
  return { generated };
}

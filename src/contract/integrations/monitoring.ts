import { z } from 'zod';
import { isoDate, secret } from '../common.js';
import { endpoint } from '../endpoint.js';
import { WebhookUrl } from '../platform/webhooks.js';
import type { IntegrationSettings } from './records.js';

// Spec document 3, "Integrations": status, health, analytics, retry-failed and the integrations' own webhooks.
const tags = ['integrations'];
const admin = { scope: 'admin', tags };
const IntegrationPath = z.object({ integrationId: z.string().min(1).max(100) });

/** How often a scheduled sync runs (settings.syncFrequency; default hourly, `manual`: on request only). */
export const SYNC_FREQUENCIES = ['hourly', 'daily', 'manual'] as const satisfies readonly NonNullable<
  IntegrationSettings['syncFrequency']
>[];

export const SyncStatistics = z.object({
  syncs: z.number().int(),
  recordsProcessed: z.number().int(),
  recordsCreated: z.number().int(),
  recordsFailed: z.number().int(),
});

export const IntegrationSyncError = z.object({
  timestamp: z.string(),
  /** The upstream record's type: `order`, `payment`, ... */
  type: z.string(),
  code: z.string(),
  message: z.string(),
  /** The upstream order's id when the record is an order, else null. */
  orderId: z.string().nullable(),
  externalId: z.string(),
  syncId: z.string(),
});

export const IntegrationStatus = z.object({
  integrationId: z.string(),
  status: z.enum(['active', 'error', 'paused']),
  lastSync: z.string().nullable(),
  nextSync: z.string().nullable(),
  syncFrequency: z.enum(SYNC_FREQUENCIES),
  statistics: z.object({ last24Hours: SyncStatistics, lastWeek: SyncStatistics }),
  recentErrors: z.array(IntegrationSyncError),
});
export type IntegrationStatus = z.infer<typeof IntegrationStatus>;

export const HEALTH_CHECK_NAMES = ['connection', 'webhook_endpoint', 'rate_limits'] as const;

export const HealthCheck = z.object({
  name: z.enum(HEALTH_CHECK_NAMES),
  /** `skipped`: nothing to check (no webhook subscription). */
  status: z.enum(['pass', 'warn', 'fail', 'skipped']),
  lastChecked: z.string(),
  responseTime: z.number().int().optional(),
  lastReceived: z.string().nullable().optional(),
  limit: z.number().int().optional(),
  remaining: z.number().int().optional(),
  resetTime: z.string().optional(),
});

export const IntegrationHealth = z.object({
  integrationId: z.string(),
  status: z.enum(['healthy', 'degraded', 'unhealthy']),
  checks: z.array(HealthCheck),
});
export type IntegrationHealth = z.infer<typeof IntegrationHealth>;

export const IntegrationAnalyticsParams = z.object({
  from: isoDate().optional(),
  to: isoDate().optional(),
  integrationId: z.string().max(100).optional(),
});
export type IntegrationAnalyticsParams = z.input<typeof IntegrationAnalyticsParams>;

export const SyncAnalytics = z.object({
  totalSyncs: z.number().int(),
  /** Percent of syncs with no failed record. */
  successRate: z.number(),
  /** Seconds. */
  averageProcessingTime: z.number(),
  recordsProcessed: z.number().int(),
  recordsFailed: z.number().int(),
});

export const IntegrationAnalytics = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  summary: SyncAnalytics.extend({ activeIntegrations: z.number().int() }),
  byIntegration: z.array(
    SyncAnalytics.extend({ integrationId: z.string(), name: z.string(), connectorId: z.string(), lastSyncAt: z.string().nullable() }),
  ),
});
export type IntegrationAnalytics = z.infer<typeof IntegrationAnalytics>;

export const RetryFailedParams = z.object({
  syncId: z.string().min(1).max(100),
  retryType: z.enum(['failed_only']).default('failed_only'),
  /** Most retries the sync's chain may have (this one included). */
  maxRetries: z.number().int().min(1).max(10).default(3),
});
export type RetryFailedParams = z.input<typeof RetryFailedParams>;

/** A run of a sync endpoint, as retry-failed answers it. */
export const IntegrationSync = z.object({
  syncId: z.string(),
  integrationId: z.string(),
  operation: z.string(),
  status: z.enum(['completed', 'completed_with_errors', 'failed']),
  retryOf: z.string().nullable(),
  /** Retries in this sync's chain, this one included. */
  retryNumber: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  counters: z.record(z.string(), z.union([z.number(), z.string()])),
  startedAt: z.string(),
  completedAt: z.string(),
});
export type IntegrationSync = z.infer<typeof IntegrationSync>;

export const INTEGRATION_WEBHOOK_EVENTS = ['order.created', 'order.updated', 'product.updated', 'inventory.updated'] as const;

export const IntegrationWebhookParams = z.object({
  events: z.array(z.enum(INTEGRATION_WEBHOOK_EVENTS)).min(1).max(4),
  endpoint: WebhookUrl,
  /** Signs each delivery (X-Signature, as the platform's webhooks); kept, never shown. */
  secret: secret(z.string().min(16).max(256)),
  active: z.boolean().default(true),
});
export type IntegrationWebhookParams = z.input<typeof IntegrationWebhookParams>;

export const IntegrationWebhook = z.object({
  id: z.string(),
  integrationId: z.string(),
  events: z.array(z.enum(INTEGRATION_WEBHOOK_EVENTS)),
  endpoint: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IntegrationWebhook = z.infer<typeof IntegrationWebhook>;

/** The order an upstream's event carries (spec document 3, "Integration webhook delivery body"). */
export const UpstreamOrder = z.object({
  id: z.string().max(100),
  orderNumber: z.string().max(100),
  customer: z.object({
    id: z.string().max(100),
    email: z.string().max(254),
    firstName: z.string().max(100),
    lastName: z.string().max(100),
  }),
  items: z
    .array(
      z.object({
        productId: z.string().max(100),
        variantId: z.string().max(100).nullable(),
        sku: z.string().max(100),
        name: z.string().max(200),
        quantity: z.number(),
        price: z.number(),
      }),
    )
    .max(500),
  total: z.number(),
  currency: z.string().max(3),
  status: z.string().max(50),
});

export const UpstreamEventParams = z.object({
  event: z.enum(INTEGRATION_WEBHOOK_EVENTS),
  source: z.string().max(100),
  integrationId: z.string().max(100),
  timestamp: z.string().max(40),
  data: UpstreamOrder,
});
export type UpstreamEventParams = z.input<typeof UpstreamEventParams>;

export const InboundWebhookReceipt = z.object({ received: z.boolean(), event: z.string(), orderId: z.string() });

export const integrationsStatus = endpoint({
  ...admin,
  id: 'integrations.status',
  method: 'GET',
  path: '/integrations/{integrationId}/status',
  summary: "An integration's last and next sync, statistics and recent errors",
  description: 'Last and next sync, the statistics of the last 24 hours and week, and the recent failed records.',
  exampleCall: { params: { integrationId: { first: 'integrations.list' } } },
  params: IntegrationPath,
  response: IntegrationStatus,
});

export const integrationsHealth = endpoint({
  ...admin,
  id: 'integrations.health',
  method: 'GET',
  path: '/integrations/{integrationId}/health',
  summary: "An integration's connection, webhook endpoint and upstream rate limit",
  description: "The checks `connection`, `webhook_endpoint` and `rate_limits` (the upstream's `remaining` requests " + 'and `resetTime`).',
  exampleCall: { params: { integrationId: { first: 'integrations.list' } } },
  params: IntegrationPath,
  response: IntegrationHealth,
});

export const integrationsAnalytics = endpoint({
  ...admin,
  id: 'integrations.analytics',
  method: 'GET',
  path: '/integrations/analytics',
  summary: 'Sync totals, success rate and processing time, by integration (default: the last 30 days)',
  description: 'Sync totals, success rate and processing time, overall and by integration (`from`, `to`: default the ' + 'last 30 days).',
  exampleCall: { query: { from: '2026-01-01' } },
  query: IntegrationAnalyticsParams,
  response: IntegrationAnalytics,
});

export const integrationsRetryFailed = endpoint({
  ...admin,
  id: 'integrations.retryFailed',
  method: 'POST',
  path: '/integrations/{integrationId}/retry-failed',
  summary: 'Run the failed records of a sync again',
  description: 'Runs the failed records of a sync again (`syncId`); the run is a new sync whose `retryOf` names it.',
  params: IntegrationPath,
  body: RetryFailedParams,
  response: IntegrationSync,
});

export const integrationsWebhooks = endpoint({
  ...admin,
  id: 'integrations.webhooks',
  method: 'POST',
  path: '/integrations/{integrationId}/webhooks',
  summary: "Subscribe an endpoint to the upstream's events (replaces the integration's subscription)",
  description: "Subscribes an endpoint to the upstream's `order.created`, ... events, signed with `secret` " + '(X-Signature).',
  exampleCall: {
    params: { integrationId: { first: 'integrations.list' } },
    body: {
      events: ['order.created'],
      endpoint: 'https://hooks.example.my/store',
      secret: 'whsec_every_endpoint_0001',
    },
  },
  params: IntegrationPath,
  body: IntegrationWebhookParams,
  response: IntegrationWebhook,
});

export const integrationsReceiveWebhook = endpoint({
  ...admin,
  id: 'integrations.receiveWebhook',
  method: 'POST',
  path: '/integrations/{integrationId}/webhooks/inbound',
  source: 'implied',
  summary: "Receive an upstream's event, signed in X-Upstream-Signature with the integration's webhook secret",
  description: "Hands the mock an upstream's event, signed in `X-Upstream-Signature` (pass it in the call's " + '`headers` option).',
  params: IntegrationPath,
  body: UpstreamEventParams,
  response: InboundWebhookReceipt,
});

import type {
  IntegrationAnalytics,
  IntegrationAnalyticsParams,
  IntegrationHealth,
  IntegrationStatus,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { REFUSED_CREDENTIAL_PREFIX, integrationCredentials, retrieveIntegration } from './setup.js';
import { integrationsTable, syncsTable, type IntegrationRow, type IntegrationSyncRow } from './tables.js';
import { integrationPeriod, type PeriodRule } from './sync-period.js';
import { upstreamQuota } from './upstream-quota.js';
import { upstreamRandom } from './upstream-random.js';
import { upstreamEventsTable, webhookOfIntegration } from './webhook-tables.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FREQUENCY_MS = { hourly: HOUR_MS, daily: DAY_MS } as const;
/** Recent errors status lists: the newest failures of the last week. */
const RECENT_ERRORS = 10;
/** Analytics' period (spec document 3 gives none): by default the last 30 days, at most ten years as a report's. */
const ANALYTICS_PERIOD: PeriodRule = { defaultDays: 30, maxDays: 3660, names: ['from', 'to'], endsByToday: false };

const syncsOf = (ctx: CompanyContext, integrationId: string): IntegrationSyncRow[] =>
  syncsTable(ctx).byIndex('integrationId', integrationId);

/** Records created by a sync: its counters named `...Created` (`ordersCreated`, `paymentsCreated`, ...). */
const createdIn = (sync: IntegrationSyncRow): number =>
  Object.entries(sync.counters).reduce(
    (total, [name, value]) => total + (name.endsWith('Created') && typeof value === 'number' ? value : 0),
    0,
  );

function statistics(syncs: IntegrationSyncRow[], sinceMs: number) {
  const within = syncs.filter((s) => Date.parse(s.completedAt) > sinceMs);
  return {
    syncs: within.length,
    recordsProcessed: within.reduce((n, s) => n + s.processed, 0),
    recordsCreated: within.reduce((n, s) => n + createdIn(s), 0),
    recordsFailed: within.reduce((n, s) => n + s.failed, 0),
  };
}

/** The next scheduled sync: the first multiple of the frequency after the last sync (or setup) that is still ahead. */
function nextSync(ctx: CompanyContext, integration: IntegrationRow, frequency: IntegrationStatus['syncFrequency']): string | null {
  if (frequency === 'manual' || integration.status !== 'active') return null;
  const every = FREQUENCY_MS[frequency];
  const fromMs = Date.parse(integration.lastSyncAt ?? integration.createdAt);
  const periods = Math.max(1, Math.floor((ctx.clock.nowMs() - fromMs) / every) + 1);
  return new Date(fromMs + periods * every).toISOString();
}

/** Spec document 3, `GET /v1/integrations/{integrationId}/status`, from the integration's sync history on the mock clock. */
export function integrationStatus(ctx: CompanyContext, integrationId: string): IntegrationStatus {
  const integration = retrieveIntegration(ctx, integrationId);
  const syncs = syncsOf(ctx, integration.id).sort((a, b) => Date.parse(b.completedAt) - Date.parse(a.completedAt));
  const nowMs = ctx.clock.nowMs();
  const frequency = integration.settings.syncFrequency ?? 'hourly';
  const recentErrors = syncs
    .filter((s) => Date.parse(s.completedAt) > nowMs - 7 * DAY_MS)
    .flatMap((s) =>
      s.failures.map((f) => ({
        timestamp: s.completedAt,
        type: f.type,
        code: f.code,
        message: f.message,
        orderId: f.type === 'order' ? f.externalId : null,
        externalId: f.externalId,
        syncId: s.id,
      })),
    )
    .slice(0, RECENT_ERRORS);
  return {
    integrationId: integration.id,
    status: integration.status,
    lastSync: integration.lastSyncAt,
    nextSync: nextSync(ctx, integration, frequency),
    syncFrequency: frequency,
    statistics: { last24Hours: statistics(syncs, nowMs - DAY_MS), lastWeek: statistics(syncs, nowMs - 7 * DAY_MS) },
    recentErrors,
  };
}

type Check = IntegrationHealth['checks'][number];

/** The simulated handshake with the kept credentials: refused ones fail; the response time is the upstream's, seeded by the integration. */
function connectionCheck(ctx: CompanyContext, integration: IntegrationRow, lastChecked: string): Check {
  const refused = Object.values(integrationCredentials(ctx, integration)).some((value) => value.startsWith(REFUSED_CREDENTIAL_PREFIX));
  const responseTime = upstreamRandom(integration.id, 'health').int(80, 320);
  return { name: 'connection', status: refused || integration.status === 'error' ? 'fail' : 'pass', responseTime, lastChecked };
}

/** The integration's webhook subscription and the last event its upstream sent (skipped without a subscription). */
function webhookCheck(ctx: CompanyContext, integration: IntegrationRow, lastChecked: string): Check {
  const subscription = webhookOfIntegration(ctx, integration.id);
  const events = upstreamEventsTable(ctx).byIndex('integrationId', integration.id);
  const lastReceived = events.reduce<string | null>((latest, e) => (latest === null || e.timestamp > latest ? e.timestamp : latest), null);
  const status = !subscription ? 'skipped' : subscription.active ? 'pass' : 'warn';
  return { name: 'webhook_endpoint', status, lastChecked, lastReceived };
}

/** Spec document 3, `GET /v1/integrations/{integrationId}/health`: any failed check is unhealthy, a warning (budget spent) degraded. */
export function integrationHealth(ctx: CompanyContext, integrationId: string): IntegrationHealth {
  const integration = retrieveIntegration(ctx, integrationId);
  const lastChecked = ctx.clock.iso();
  const quota = upstreamQuota(ctx, integration);
  const checks: Check[] = [
    connectionCheck(ctx, integration, lastChecked),
    webhookCheck(ctx, integration, lastChecked),
    {
      name: 'rate_limits',
      status: quota.remaining > 0 ? 'pass' : 'warn',
      lastChecked,
      limit: quota.limit,
      remaining: quota.remaining,
      resetTime: quota.resetTime,
    },
  ];
  const status = checks.some((c) => c.status === 'fail') ? 'unhealthy' : checks.some((c) => c.status === 'warn') ? 'degraded' : 'healthy';
  return { integrationId: integration.id, status, checks };
}

function syncAnalytics(syncs: IntegrationSyncRow[]) {
  const ok = syncs.filter((s) => s.status === 'completed').length;
  const seconds = syncs.reduce((n, s) => n + s.processingTime, 0);
  return {
    totalSyncs: syncs.length,
    successRate: syncs.length ? Math.round((ok / syncs.length) * 1000) / 10 : 0,
    averageProcessingTime: syncs.length ? Math.round((seconds / syncs.length) * 1000) / 1000 : 0,
    recordsProcessed: syncs.reduce((n, s) => n + s.processed, 0),
    recordsFailed: syncs.reduce((n, s) => n + s.failed, 0),
  };
}

/** Spec document 3, `GET /v1/integrations/analytics`: the syncs completed in [from, to] (dates, the company's days by UTC; default the last 30 days). */
export function integrationAnalytics(ctx: CompanyContext, query: IntegrationAnalyticsParams): IntegrationAnalytics {
  // The syncs' UTC days are compared, so the default end is the clock's UTC day.
  const { from, to } = integrationPeriod(ctx, { from: query.from, to: query.to ?? ctx.clock.today() }, ANALYTICS_PERIOD);
  const integrations = integrationsTable(ctx)
    .all()
    .filter((i) => !query.integrationId || i.id === query.integrationId);
  const inPeriod = (s: IntegrationSyncRow) => s.completedAt.slice(0, 10) >= from && s.completedAt.slice(0, 10) <= to;
  const byIntegration = integrations.map((i) => ({
    integrationId: i.id,
    name: i.name,
    connectorId: i.connectorId,
    lastSyncAt: i.lastSyncAt,
    ...syncAnalytics(syncsOf(ctx, i.id).filter(inPeriod)),
  }));
  const all = integrations.flatMap((i) => syncsOf(ctx, i.id).filter(inPeriod));
  return {
    period: { from, to },
    summary: { activeIntegrations: integrations.filter((i) => i.status === 'active').length, ...syncAnalytics(all) },
    byIntegration,
  };
}

import type { ConnectorKind } from '../../../src/contract/index.js';
import { ServiceError, validationError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { connectorById } from './catalogue.js';
import { integrationCredentials, integrationOfConnector } from './setup.js';
import { daysOf, integrationPeriod, syncRule } from './sync-period.js';
import type { SyncOperation } from './sync-runs.js';
import { credentialsTable, integrationsTable, type IntegrationRow, type IntegrationSyncRow } from './tables.js';

/** The body fields every finance sync shares (spec document 3: these bodies carry `credentials`). */
export interface FinanceRef {
  integrationId?: string;
  credentials?: Record<string, string>;
}

const sameCredentials = (a: Record<string, string>, b: Record<string, string>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([field, value]) => b[field] === value);

/** 422 AUTH_FAILED as setup's handshake answers it: names no field's value (they are secrets). */
const authFailed = (message: string) => new ServiceError('AUTH_FAILED', message, [{ field: 'credentials', message, code: 'AUTH_FAILED' }]);

/**
 * The integration a finance sync runs for: the one `integrationId` names (its connector must be the
 * path's, of the kind the sync reads), else the connector's integration whose kept credentials are the
 * body's. Credentials in the body must equal the kept ones (422 AUTH_FAILED otherwise).
 */
export function financeIntegration(ctx: CompanyContext, connectorId: string, ref: FinanceRef, kind: ConnectorKind): IntegrationRow {
  const connector = connectorById(connectorId);
  if (connector.kind !== kind) {
    throw validationError([
      {
        field: 'connector',
        code: 'INVALID_CHOICE',
        message: `${connector.id} is a ${connector.kind.replace('_', ' ')}; this sync reads a ${kind.replace('_', ' ')}`,
        value: connector.id,
      },
    ]);
  }
  const given = ref.credentials;
  if (ref.integrationId !== undefined) {
    const integration = integrationOfConnector(ctx, connectorId, ref.integrationId);
    if (given && !sameCredentials(given, integrationCredentials(ctx, integration)))
      throw authFailed(`The credentials are not those of integration ${integration.id}`);
    return integration;
  }
  if (!given)
    throw validationError([{ field: 'integrationId', code: 'REQUIRED_FIELD', message: 'name the integration, or give its credentials' }]);
  const vault = credentialsTable(ctx);
  const found = integrationsTable(ctx)
    .all()
    .find((row) => row.connectorId === connector.id && sameCredentials(given, vault.get(row.id)?.values ?? {}));
  if (!found) throw authFailed(`No ${connector.name} integration of this company has these credentials`);
  return found;
}

/** The days a finance sync reads: its `dateRange`, by default the last 30 days (decision INT-14). */
export const syncDays = (ctx: CompanyContext, range: { from: string; to: string } | undefined): string[] =>
  daysOf(integrationPeriod(ctx, range, syncRule(30)));

/** The answer of a finance sync: its run's id, status and times, and its counters. */
export const presentFinanceRun = <T>(run: IntegrationSyncRow): T =>
  ({ syncId: run.id, status: run.status, startedAt: run.startedAt, ...run.counters }) as T;

/** Runs a finance sync for the integration the body names; the request kept for retry-failed holds no credentials. */
export function runFinanceSync<T>(
  ctx: CompanyContext,
  connectorId: string,
  body: FinanceRef,
  kind: ConnectorKind,
  operation: SyncOperation,
  present: (run: IntegrationSyncRow) => T = presentFinanceRun<T>,
): T {
  const integration = financeIntegration(ctx, connectorId, body, kind);
  const { credentials: _secret, ...request } = body;
  return present(operation.run(ctx, integration, { ...request, integrationId: integration.id }));
}

/** Records per page of the gateway's and the accounting source's APIs. */
export const FINANCE_PAGE = 100;

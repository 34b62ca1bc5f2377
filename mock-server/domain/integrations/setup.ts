import type { Connector, Integration, IntegrationSetupParams } from '../../../src/contract/index.js';
import { ServiceError, validationError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { connectorById, CREDENTIAL_FIELDS } from './catalogue.js';
import { checkMapping } from './mapping.js';
import { customConnectorsTable, customCredentialForms } from './custom-connectors.js';
import { credentialsTable, integrationsTable, type IntegrationRow } from './tables.js';

/** A credential value the simulated upstreams refuse at the handshake, so a test can see AUTH_FAILED (decision INT-4). */
export const REFUSED_CREDENTIAL_PREFIX = 'revoked';

/**
 * The credentials' shape for the connector: every field it lists, no other, each in its form; 400
 * INVALID_CREDENTIALS names the fields at fault, never their values (they are secrets).
 */
function checkCredentials(ctx: CompanyContext, connector: Connector, credentials: Record<string, string>): void {
  const custom = connector.kind === 'custom' ? customConnectorsTable(ctx).get(connector.id) : undefined;
  const fields = custom ? customCredentialForms(custom) : CREDENTIAL_FIELDS[connector.kind];
  const problems = [
    ...Object.entries(fields).flatMap(([field, form]) => {
      const value = credentials[field];
      if (value === undefined || value === '') return [{ field: `credentials.${field}`, message: 'required', code: 'REQUIRED_FIELD' }];
      return form.test(value)
        ? []
        : [{ field: `credentials.${field}`, message: `not a ${connector.name} ${field}`, code: 'INVALID_FORMAT' }];
    }),
    ...Object.keys(credentials)
      .filter((field) => !(field in fields))
      .slice(0, 10)
      .map((field) => ({
        field: `credentials.${field}`,
        message: `${connector.name} takes ${Object.keys(fields).join(', ')}`,
        code: 'UNKNOWN_FIELD',
      })),
  ];
  if (problems.length) throw new ServiceError('INVALID_CREDENTIALS', `These are not ${connector.name} credentials`, problems);
}

/** The simulated handshake: the upstream refuses revoked credentials with 422 AUTH_FAILED. */
function handshake(connector: Connector, credentials: Record<string, string>): void {
  const refused = Object.keys(credentials).filter((field) => credentials[field]!.startsWith(REFUSED_CREDENTIAL_PREFIX));
  if (refused.length) {
    throw new ServiceError(
      'AUTH_FAILED',
      `${connector.name} refused the credentials`,
      refused.map((field) => ({ field: `credentials.${field}`, message: 'refused by the upstream', code: 'AUTH_FAILED' })),
    );
  }
}

/**
 * Sets up a connector of the catalogue (`{integrationId}` is its id) as a new integration, or (an
 * integration's id) sets that one up again with new credentials, settings and mapping.
 */
export function setupIntegration(ctx: CompanyContext, pathId: string, body: IntegrationSetupParams): IntegrationRow {
  const table = integrationsTable(ctx);
  const existing = table.get(pathId);
  const connector = connectorById(existing?.connectorId ?? pathId, ctx);
  const credentials = body.credentials as Record<string, string>;
  checkCredentials(ctx, connector, credentials);
  handshake(connector, credentials);
  const mapping = checkMapping(ctx, body.mapping ?? {});
  const now = ctx.clock.iso();
  const fields = {
    name: body.name,
    status: 'active' as const,
    credentialFields: Object.keys(credentials).sort(),
    settings: body.settings ?? {},
    mapping,
    updatedAt: now,
  };
  const row = existing
    ? table.update(existing.id, fields)
    : table.insert({
        id: table.newId(),
        connectorId: connector.id,
        category: connector.category,
        lastSyncAt: null,
        createdAt: now,
        ...fields,
      });
  const vault = credentialsTable(ctx);
  if (vault.get(row.id)) vault.update(row.id, { values: { ...credentials } });
  else vault.insert({ id: row.id, values: { ...credentials } });
  return row;
}

export function retrieveIntegration(ctx: CompanyContext, integrationId: string): IntegrationRow {
  const row = integrationsTable(ctx).get(integrationId);
  if (!row) {
    throw new ServiceError('INTEGRATION_NOT_FOUND', 'No integration of this company has this id', [
      { field: 'integrationId', message: 'set a connector up first (POST /v1/integrations/{connector}/setup)', code: 'NOT_FOUND' },
    ]);
  }
  return row;
}

/** The integration a sync names in its body, which must be one of the path's connector. */
export function integrationOfConnector(ctx: CompanyContext, connectorId: string, integrationId: string): IntegrationRow {
  const connector = connectorById(connectorId, ctx);
  const row = retrieveIntegration(ctx, integrationId);
  if (row.connectorId !== connector.id) {
    throw validationError(
      [{ field: 'integrationId', message: `names a ${row.connectorId} integration`, code: 'INVALID_REFERENCE' }],
      `Integration ${row.id} is a ${row.connectorId} integration, not ${connector.id}`,
    );
  }
  return row;
}

/** The kept credentials of an integration, for the simulated upstream only. */
export const integrationCredentials = (ctx: CompanyContext, integration: IntegrationRow): Record<string, string> =>
  credentialsTable(ctx).get(integration.id)?.values ?? {};

export const presentIntegration = (row: IntegrationRow): Integration => ({
  id: row.id,
  connectorId: row.connectorId,
  category: row.category,
  name: row.name,
  status: row.status,
  credentialFields: row.credentialFields,
  settings: row.settings,
  mapping: row.mapping,
  lastSyncAt: row.lastSyncAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

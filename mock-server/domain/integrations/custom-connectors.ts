import { JSONPath } from 'jsonpath-plus';
import type { Connector, CustomConnectorParams } from '../../../src/contract/index.js';
import { ServiceError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';

/** A custom connector of a company (spec document 3, "Integrations": create-connector); its endpoints read the simulated store's JSON. */
export interface CustomConnectorRow extends CustomConnectorParams {
  id: string;
  category: 'ecommerce';
  createdAt: string;
}

export const CUSTOM_CONNECTORS = 'integrationCustomConnectors';
export const defineCustomConnectorTable = (store: Store): void => store.defineTable(CUSTOM_CONNECTORS, { prefix: 'conn' });
export const customConnectorsTable = (ctx: CompanyContext): Table<CustomConnectorRow> =>
  ctx.store.table<CustomConnectorRow>(ctx.companyId, CUSTOM_CONNECTORS);

/** The upstream paths a custom connector's endpoint may name: the simulated store serves these. */
export const CUSTOM_UPSTREAM_PATHS = ['/orders'] as const;

/** A JSON path the mapping may use: from the root, without filter or script expressions (never evaluated as code). */
function checkJsonPath(path: string): string | undefined {
  if (!path.startsWith('$')) return 'a JSON path starts with $';
  if (/[()?@]/.test(path)) return 'filter and script expressions are not allowed';
  const opened = (path.match(/\[/g) ?? []).length;
  if (opened !== (path.match(/\]/g) ?? []).length) return 'unbalanced brackets';
  try {
    JSONPath.toPathArray(path);
  } catch {
    return 'not a JSON path';
  }
  return undefined;
}

export function createCustomConnector(ctx: CompanyContext, body: CustomConnectorParams): CustomConnectorRow {
  const problems = body.endpoints.flatMap((endpoint, e) => [
    ...(CUSTOM_UPSTREAM_PATHS.includes(endpoint.path as never)
      ? []
      : [
          {
            field: `endpoints.${e}.path`,
            message: `the sandbox upstream serves ${CUSTOM_UPSTREAM_PATHS.join(', ')}`,
            code: 'INVALID_REFERENCE',
          },
        ]),
    ...Object.entries(endpoint.mapping).flatMap(([target, path]) => {
      const problem = checkJsonPath(path);
      return problem ? [{ field: `endpoints.${e}.mapping.${target}`, message: problem, code: 'DATA_MAPPING_ERROR' }] : [];
    }),
  ]);
  if (problems.length) throw new ServiceError('DATA_MAPPING_ERROR', 'The connector definition has mapping errors', problems.slice(0, 20));
  const table = customConnectorsTable(ctx);
  return table.insert({ ...body, id: table.newId(), category: 'ecommerce', createdAt: ctx.clock.iso() });
}

/** A custom connector as the catalogue shows it: its declared auth fields are the credentials setup takes. */
export const customConnectorEntry = (row: CustomConnectorRow): Connector => ({
  id: row.id,
  name: row.name,
  description: row.description ?? 'Custom connector',
  category: row.category,
  kind: 'custom',
  status: 'beta',
  features: row.endpoints.some((e) => e.path === '/orders') ? ['order_sync'] : [],
  credentialFields: row.authentication.fields.map((f) => f.name),
  setupRequired: true,
  webhookSupport: row.webhookSupport ?? false,
  realTimeSync: false,
});

/** Declared credential fields: required ones must be sent; each a non-blank string. */
export const customCredentialForms = (row: CustomConnectorRow): Record<string, RegExp> =>
  Object.fromEntries(row.authentication.fields.map((f) => [f.name, f.required === false ? /^\S{0,500}$/ : /^\S{1,500}$/]));

import type { AnyEndpoint } from './endpoint.js';

// What docs/openapi.json says about itself beside the contract's shapes: a tag per module, the servers, the
// licence and contact, and a word on the paths that overlap (decision PLAT-40).

type Json = Record<string, unknown>;
type Operation = { tags?: string[]; parameters?: Json[] };

/** One line per module of docs/spec/endpoints.tsv, in the order `contract` lists them. */
export const MODULE_TAGS: Readonly<Record<string, string>> = {
  platform:
    'Credentials check, the company and its settings, webhook subscriptions (spec document 1, "Endpoints shared by all modules", "Webhooks")',
  oauth:
    'OAuth 2.0 authorization code with PKCE: the sign-in redirect and the token endpoint (spec document 1, "OAuth 2.0 (authorization code with PKCE)")',
  bulk: 'Up to 100 creates, updates or deletes of one resource in a call, each answered on its own (spec document 1, "Bulk operations")',
  accounting: 'Chart of accounts, journal entries and account ledgers (spec document 2, "Chart of accounts", "Journal entries")',
  sales:
    'Customers and contacts, tax codes, sales orders, quotes, invoices and their payments, credit and debit notes, refunds (spec document 2, "Customers" to "Invoices")',
  inventory: 'Items, stock per location, adjustments, transfers, alerts and the inventory reports (spec document 2, "Items", "Stock")',
  purchasing:
    'Suppliers, purchase orders, bills, requisitions, RFQs, approvals and the procurement reports (spec document 2, "Suppliers", "Purchase orders and bills", "Procurement workflows (paths only)")',
  einvoice:
    'E-invoices of invoices: create, validate, submit to the tax portal, cancel, and their documents (spec document 3, "E-invoice (business API)")',
  'einvoice-records':
    'The internal to_irb e-invoice records and their submission pipeline, on the data-management API (spec document 3, "Internal e-invoice records (data-management API)")',
  reports:
    'Financial statements, sales, inventory and purchasing reports as JSON or a file; saved reports, schedules, emails, links and asynchronous jobs (spec document 3, "Reports")',
  batch:
    'Batches of up to 1,000 records per entity, their jobs and results, CSV import and templates (spec document 3, "Batch operations")',
  integrations:
    'Connectors to stores, marketplaces, payment gateways and accounting sources: setup, syncs, health (spec document 3, "Integrations")',
  audit:
    'The audit trail of every write, on the data-management API for signed-in users (spec document 3, "Audit trail (data-management API)")',
};

/** The SDK's addresses of one environment (src/core/environments.ts). */
export interface EnvironmentServers {
  baseUrl: string;
  dataBaseUrl: string;
  authUrl: string;
}

export interface OpenApiDocsOptions {
  /** Each endpoint's module, by endpoint id: its one tag. */
  moduleOf: ReadonlyMap<string, string>;
  /** The public servers; without them the document keeps the servers it was built with (a running mock's own). */
  environments?: { production: EnvironmentServers; sandbox: EnvironmentServers };
  /** The report types a `reportType` path segment takes: the enum that keeps it apart from `saved`, `links` and `jobs`. */
  reportTypes: readonly string[];
}

/** The standalone mock's default port (`acs-mock --port`). */
const LOCAL_PORT = '4010';

const origin = (url: string) => url.replace(/\/v1$/, '');

/**
 * Paths are written in full (`/v1/...`, `/core2/...`, `/oauth/...`), so a server is an origin: the business
 * API's for the document, the data-management API's and the authorization server's for their paths.
 */
function serversOf(environments: NonNullable<OpenApiDocsOptions['environments']>, pick: (e: EnvironmentServers) => string, what: string) {
  return [
    { url: origin(pick(environments.sandbox)), description: `Sandbox: ${what}` },
    { url: origin(pick(environments.production)), description: `Production: ${what}` },
    {
      url: 'http://127.0.0.1:{port}',
      description: 'A local acs-mock (npx acs-mock): every API on one origin',
      variables: { port: { default: LOCAL_PORT, description: 'acs-mock --port' } },
    },
  ];
}

/** Why a path parameter never takes the literal segment of the path it overlaps (PLAT-40). */
function noteOverlaps(path: string, operation: Operation, reportTypes: readonly string[]): void {
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path') continue;
    if (path === '/v1/reports/{reportType}/email' && parameter.name === 'reportType') {
      parameter.description =
        'A report type of GET /v1/reports (the last segment of its path); never `saved`, `links` or `jobs`, which are the paths beside it';
      parameter.schema = { ...(parameter.schema as Json), enum: [...reportTypes] };
    }
    if (path === '/v1/inventory/alerts/{alertId}/status' && parameter.name === 'alertId') {
      parameter.description = 'An alert id (`alt_...`); never `rules`: /v1/inventory/alerts/rules/{ruleId} is an alert rule';
    }
  }
}

/** Adds the tags, servers, licence, contact and overlap notes to a document buildOpenApi wrote; returns it. */
export function describeOpenApi(document: Json, endpoints: readonly AnyEndpoint[], options: OpenApiDocsOptions): Json {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  for (const e of endpoints) {
    const full = e.api === 'business' ? `/v1${e.path}` : e.path;
    const operation = paths[full][e.method.toLowerCase()];
    const module = options.moduleOf.get(e.id);
    if (!module) throw new Error(`${e.id} is in no module of the contract`);
    operation.tags = [module];
    noteOverlaps(full, operation, options.reportTypes);
  }
  const { environments } = options;
  if (environments) {
    document.servers = serversOf(environments, (e) => e.baseUrl, 'the business API (/v1)');
    for (const [path, item] of Object.entries(paths)) {
      if (path.startsWith('/core2/')) (item as Json).servers = serversOf(environments, (e) => e.dataBaseUrl, 'the data-management API');
      if (path.startsWith('/oauth/'))
        (item as Json).servers = serversOf(environments, (e) => e.authUrl, 'the OAuth 2.0 authorization server');
    }
  }
  const info = document.info as Json;
  info.license = { name: 'MIT', identifier: 'MIT' };
  info.contact = { name: 'acs-sdk', url: 'https://github.com/acs-sdk/acs-sdk/issues' };
  const used = new Set(options.moduleOf.values());
  document.tags = Object.entries(MODULE_TAGS)
    .filter(([name]) => used.has(name))
    .map(([name, description]) => ({ name, description }));
  return reorder(document);
}

/** `tags` after `servers`, where readers of an OpenAPI document look for them. */
function reorder(document: Json): Json {
  const { openapi, info, servers, tags, ...rest } = document;
  return { openapi, info, servers, tags, ...rest };
}

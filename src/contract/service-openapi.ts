import { VERSION } from '../version.js';
import type { z } from 'zod';
import { ENVIRONMENTS } from '../core/environments.js';
import * as contract from './index.js';
import { endpoints } from './index.js';
import { buildOpenApi, type OpenApiOptions } from './openapi.js';
import { describeOpenApi } from './openapi-docs.js';
import { addExamples, type CapturedExchange } from './openapi-examples.js';
import { openApiWebSockets } from './platform/stream.js';

/** The service's public hosts, as docs/openapi.json names them. */
export const PUBLIC_SERVERS: OpenApiOptions['servers'] = {
  business: ENVIRONMENTS.production.baseUrl,
  sandbox: ENVIRONMENTS.sandbox.baseUrl,
  data: ENVIRONMENTS.production.dataBaseUrl,
  auth: ENVIRONMENTS.production.authUrl,
};

/** Each endpoint's module (the key of `contract` that lists it), by endpoint id: its tag in the document. */
const moduleOf = (): Map<string, string> =>
  new Map(Object.entries(contract.contract).flatMap(([module, family]) => Object.values(family).map((e) => [e.id, module] as const)));

/** The report types: each report's path is `/reports/<type>` and it answers files besides JSON. */
export const reportTypes = (): string[] =>
  endpoints
    .filter((e) => e.files && e.path.startsWith('/reports/') && !e.path.includes('{'))
    .map((e) => e.path.slice(e.path.lastIndexOf('/') + 1));

/**
 * Each exported schema of the contract by its name. One exported under two names (StockUpdatedData
 * is StockRecord) keeps the first in alphabetical order, whatever order a bundler lists exports in;
 * test/contract/openapi-schemas.test.ts checks that this is the SDK's name.
 */
function contractNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [name, value] of Object.entries(contract).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const isSchema = typeof value === 'object' && value !== null && '_zod' in value;
    if (isSchema && !names.has(value as z.ZodType)) names.set(value as z.ZodType, name);
  }
  return names;
}

/**
 * The OpenAPI document of the whole contract: what `npm run openapi` writes to docs/openapi.json (with the
 * public servers and the examples it captured from the demo mock), and what a running mock serves at
 * `/openapi.json` with its own origin as the server.
 */
export function serviceOpenApi(
  servers: OpenApiOptions['servers'] = PUBLIC_SERVERS,
  examples?: ReadonlyMap<string, CapturedExchange>,
): Record<string, unknown> {
  const document = buildOpenApi(endpoints, {
    title: 'Accounting and Commerce Service',
    version: VERSION,
    description:
      'Generated from the zod contract in src/contract by `npm run openapi`; do not edit by hand. ' +
      'Decisions where the spec is silent: docs/spec-decisions.md.',
    servers,
    websockets: openApiWebSockets(),
    names: contractNames(),
  });
  // A running mock's document keeps the servers it was given; the public one names every environment (PLAT-40).
  const environments = servers === PUBLIC_SERVERS ? ENVIRONMENTS : undefined;
  const described = describeOpenApi(document, endpoints, { moduleOf: moduleOf(), environments, reportTypes: reportTypes() });
  if (examples) {
    const misplaced = addExamples(described, endpoints, examples);
    if (misplaced.length) throw new Error(`examples whose media type the operation does not declare: ${misplaced.join(', ')}`);
  }
  return described;
}

import { VERSION } from '../version.js';
import type { z } from 'zod';
import * as contract from './index.js';
import { endpoints } from './index.js';
import { buildOpenApi, type OpenApiOptions } from './openapi.js';
import { openApiWebSockets } from './platform/stream.js';

/** The service's public hosts, as docs/openapi.json names them. */
export const PUBLIC_SERVERS: OpenApiOptions['servers'] = {
  business: 'https://api.acs.example.com/v1',
  sandbox: 'https://sandbox.acs.example.com/v1',
  data: 'https://data.acs.example.com',
  auth: 'https://auth.acs.example.com',
};

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
 * The OpenAPI document of the whole contract: what `npm run openapi` writes to docs/openapi.json, and
 * what a running mock serves at `/openapi.json` with its own origin as the server.
 */
export function serviceOpenApi(servers: OpenApiOptions['servers'] = PUBLIC_SERVERS): Record<string, unknown> {
  return buildOpenApi(endpoints, {
    title: 'Accounting and Commerce Service',
    version: VERSION,
    description:
      'Generated from the zod contract in src/contract by `npm run openapi`; do not edit by hand. ' +
      'Decisions where the spec is silent: docs/spec-decisions.md.',
    servers,
    websockets: openApiWebSockets(),
    names: contractNames(),
  });
}

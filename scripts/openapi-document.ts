import { endpoints } from '../src/contract/index.js';
import { buildOpenApi } from '../src/contract/openapi.js';
import { openApiWebSockets } from '../src/contract/platform/stream.js';
import pkg from '../package.json' with { type: 'json' };

/** The OpenAPI document of the contract, as `npm run openapi` writes it to docs/openapi.json. */
export const openApiDocument = () =>
  buildOpenApi(endpoints, {
    title: 'Accounting and Commerce Service',
    version: pkg.version,
    description:
      'Generated from the zod contract in src/contract by `npm run openapi`; do not edit by hand. ' +
      'Decisions where the spec is silent: docs/spec-decisions.md.',
    servers: {
      business: 'https://api.acs.example.com/v1',
      sandbox: 'https://sandbox.acs.example.com/v1',
      data: 'https://data.acs.example.com',
      auth: 'https://auth.acs.example.com',
    },
    websockets: openApiWebSockets(),
  });

export const openApiText = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

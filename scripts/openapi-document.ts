import { serviceOpenApi } from '../src/contract/service-openapi.js';

/** The OpenAPI document of the contract, as `npm run openapi` writes it to docs/openapi.json. */
export const openApiDocument = () => serviceOpenApi();

export const openApiText = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

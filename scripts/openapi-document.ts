import { serviceOpenApi } from '../src/contract/service-openapi.js';
import { captureExamples } from './openapi-examples.js';

/** The OpenAPI document of the contract without its examples: what the tests of its shapes read, at once. */
export const openApiDocument = () => serviceOpenApi();

let written: Promise<string> | undefined;

/**
 * docs/openapi.json as `npm run openapi` writes it: the document with the examples captured from the demo
 * mock (a few seconds, so captured once per process).
 */
export const openApiText = (): Promise<string> =>
  (written ??= captureExamples().then((examples) => `${JSON.stringify(serviceOpenApi(undefined, examples), null, 2)}\n`));

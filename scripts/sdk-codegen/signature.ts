// An endpoint's SDK signature, as the route constant, the resource method and api.md all write it.
import type { z } from 'zod';
import type { AnyEndpoint } from '../../src/contract/endpoint.js';
import { isOptional, metaOf, type Mode } from './render-type.js';

/** The arguments (before the options) and result of an endpoint's SDK method, as TypeScript. */
export interface Signature {
  /** `accountId: string`, `body: InvoiceCreateParams`, `query?: InvoiceListParams`, in call order. */
  args: string[];
  pathParams: string[];
  body?: string;
  query?: string;
  /** What the call resolves to; a list's item. */
  result: string;
  /** A report read by its query alone: its method also has `.download(query)` (spec document 3, "Reports"). */
  fileMethod: boolean;
}

/** Reads an endpoint's signature; `refer` names a schema's SDK type. */
export function signatureOf(endpoint: AnyEndpoint, refer: (schema: z.ZodType, mode: Mode) => string): Signature {
  const pathParams = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const args = pathParams.map((name) => `${name}: string`);
  const body = endpoint.body && refer(endpoint.body, 'input');
  if (endpoint.body) args.push(`body${allOptional(endpoint.body, 'input') ? '?' : ''}: ${body}`);
  const query = endpoint.query && refer(endpoint.query, 'output');
  if (endpoint.query) args.push(`query${allOptional(endpoint.query, 'output') ? '?' : ''}: ${query}`);
  const fileMethod = Boolean(endpoint.files) && !endpoint.body && pathParams.length === 0;
  return { args, pathParams, body, query, result: refer(endpoint.response, 'output'), fileMethod };
}

/** Whether a caller may leave the whole argument out: an object with no required field. */
function allOptional(schema: z.ZodType, mode: Mode): boolean {
  const shown = metaOf(schema).sdkAs ?? schema;
  const def = shown._zod.def as z.core.$ZodTypeDef & { shape?: Record<string, z.ZodType> };
  if (def.type !== 'object' || !def.shape) return false;
  return Object.values(def.shape).every((field) => isOptional(field, mode));
}

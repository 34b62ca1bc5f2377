/**
 * `acs-sdk/contract`: every endpoint of the service declared once with zod schemas, read by the
 * mock, the OpenAPI document and the SDK's generated types. Import it for the schemas themselves
 * (form validation, your own checks): `AccountCreateParams.safeParse(input)`. `AcsClient` loads it
 * only when `validate` is `'strict'` or `'warn'`.
 *
 * @packageDocumentation
 * @module acs-sdk/contract
 */
import type { z } from 'zod';
import type { AnyEndpoint } from './endpoint.js';
import { responseBodySchema } from './envelopes.js';
import { CONTRACT_MODULES } from './modules.js';

export * from './endpoint.js';
export { responseBodySchema } from './envelopes.js';
export * from './common.js';
export * from './errors.js';
export * from './error-envelopes.js';
// Every module's schemas and endpoints, from the list `npm run generate` writes of the module folders.
export * from './modules.js';

/** Whether an export of a module is an endpoint declaration (a WebSocket declaration has no `method`). */
const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' && value !== null && typeof (value as AnyEndpoint).method === 'string' && 'response' in value;

/** The endpoints a module exports, by export name: what makes a declaration part of the contract is its export. */
export type EndpointsOf<M> = { [K in keyof M as M[K] extends AnyEndpoint ? K : never]: M[K] };
// Sorted by name: a module namespace's own order differs between Node (sorted) and bundlers (source order).
const endpointsOf = <M extends object>(module: M): EndpointsOf<M> =>
  Object.fromEntries(
    Object.entries(module)
      .filter(([, value]) => isEndpoint(value))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  ) as EndpointsOf<M>;

/**
 * Endpoints grouped by module, the `module` column of docs/spec/endpoints.tsv, each by its export name
 * (decision SDK-16): a module's endpoints are every endpoint its index exports, listed nowhere else.
 */
type ContractModules = typeof CONTRACT_MODULES;
/** Every endpoint of the contract, by module (the `module` column of docs/spec/endpoints.tsv) and export name. */
export const contract = Object.fromEntries(Object.entries(CONTRACT_MODULES).map(([name, module]) => [name, endpointsOf(module)])) as {
  readonly [M in keyof ContractModules]: EndpointsOf<ContractModules[M]>;
};

/** Every declared endpoint, flat: by module, then by export name. */
export const endpoints: AnyEndpoint[] = Object.values(contract).flatMap((module) => Object.values(module) as AnyEndpoint[]);

const endpointById = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
const bodySchemas = new Map<string, z.ZodType>();

/**
 * The schema of a success body of the endpoint with this id (`accounts.list`), envelope included;
 * undefined for an id the contract lacks. What `AcsClient` checks responses with when `validate` is on.
 */
export function responseSchemaOf(id: string): z.ZodType | undefined {
  let schema = bodySchemas.get(id);
  const endpoint = endpointById.get(id);
  if (!schema && endpoint) bodySchemas.set(id, (schema = responseBodySchema(endpoint)));
  return schema;
}

/** Scopes of spec document 1, "Scopes". `admin` grants every other. */
export const SCOPES = [
  'read:accounts',
  'write:accounts',
  'read:invoices',
  'write:invoices',
  'read:customers',
  'write:customers',
  'read:inventory',
  'write:inventory',
  'read:reports',
  'admin',
] as const;
export type Scope = (typeof SCOPES)[number];

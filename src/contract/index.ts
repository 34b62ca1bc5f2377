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
import * as platform from './platform/index.js';
import * as oauth from './oauth/index.js';
import * as accounting from './accounting/index.js';
import * as sales from './sales/index.js';
import * as inventory from './inventory/index.js';
import * as purchasing from './purchasing/index.js';
import * as bulk from './bulk/index.js';
import * as batch from './batch/index.js';
import * as integrations from './integrations/index.js';
import * as audit from './audit/index.js';
import * as reports from './reports/index.js';
import * as einvoice from './einvoice/index.js';
import * as einvoiceRecordsModule from './einvoice-records/index.js';

export * from './endpoint.js';
export { responseBodySchema } from './envelopes.js';
export * from './common.js';
export * from './errors.js';
export * from './error-envelopes.js';
export * from './platform/index.js';
export * from './oauth/index.js';
export * from './accounting/index.js';
export * from './sales/index.js';
export * from './inventory/index.js';
export * from './purchasing/index.js';
export * from './bulk/index.js';
export * from './batch/index.js';
export * from './integrations/index.js';
export * from './audit/index.js';
export * from './reports/index.js';
export * from './einvoice/index.js';
export * from './einvoice-records/index.js';

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
export const contract = {
  platform: endpointsOf(platform),
  oauth: endpointsOf(oauth),
  accounting: endpointsOf(accounting),
  sales: endpointsOf(sales),
  inventory: endpointsOf(inventory),
  purchasing: endpointsOf(purchasing),
  bulk: endpointsOf(bulk),
  audit: endpointsOf(audit),
  reports: endpointsOf(reports),
  einvoice: endpointsOf(einvoice),
  'einvoice-records': endpointsOf(einvoiceRecordsModule),
  batch: endpointsOf(batch),
  integrations: endpointsOf(integrations),
} as const;

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

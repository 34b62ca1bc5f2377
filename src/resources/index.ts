import type { MethodCore, Resource } from '../core/resource.js';
import * as accounting from './accounting/index.js';
import * as audit from './audit/index.js';
import * as bulk from './bulk/index.js';
import * as batch from './batch/index.js';
import * as integrations from './integrations/index.js';
import * as einvoice from './einvoice/index.js';
import * as einvoiceRecords from './einvoice-records/index.js';
import * as inventory from './inventory/index.js';
import * as oauth from './oauth/index.js';
import * as purchasing from './purchasing/index.js';
import * as reports from './reports/index.js';
import * as platform from './platform/index.js';
import * as sales from './sales/index.js';

export * from './accounting/index.js';
export * from './audit/index.js';
export * from './bulk/index.js';
export * from './batch/index.js';
export * from './integrations/index.js';
export * from './einvoice/index.js';
export * from './einvoice-records/index.js';
export * from './inventory/index.js';
export * from './oauth/index.js';
export * from './platform/index.js';
export * from './purchasing/index.js';
export * from './reports/index.js';
export * from './sales/index.js';

/** A class whose instances a client holds at `address` (`acs.accounts`): a generated resource or a class over one. */
type ResourceClass = (new (core: MethodCore) => Resource) & { readonly address: string };
/** The classes of a module's exports that a client holds at a top-level address, by that address. */
type TopLevelOf<M> = {
  [K in keyof M as M[K] extends { readonly address: infer A extends string } ? (A extends `${string}.${string}` ? never : A) : never]: M[K];
};

const isTopLevel = (value: unknown): value is ResourceClass =>
  typeof value === 'function' &&
  typeof (value as { address?: unknown }).address === 'string' &&
  !(value as ResourceClass).address.includes('.');

/** The classes the modules export at top-level addresses (a sub-resource, `invoices.payments`, is its parent's field). */
function topLevelOf<M extends object>(...modules: object[]): TopLevelOf<M> {
  const out: Record<string, ResourceClass> = {};
  // By export name: a module namespace's own order differs between Node (sorted) and bundlers (source order).
  for (const module of modules) {
    const names = Object.keys(module).sort();
    for (const name of names) {
      const value = (module as Record<string, unknown>)[name];
      if (isTopLevel(value)) out[value.address] = value;
    }
  }
  return out as TopLevelOf<M>;
}

/**
 * Every resource of `AcsClient`, by the name a caller uses (`acs.accounts`): the address each class's
 * generated methods carry (the endpoint ids of the contract), so a new resource class is found here by its
 * export alone. The client, `withCompany()`, `acs.resources()` (read by the coverage test) and the docs all
 * derive from this one list.
 */
export const RESOURCES = topLevelOf<
  typeof platform &
    typeof oauth &
    typeof accounting &
    typeof sales &
    typeof inventory &
    typeof purchasing &
    typeof reports &
    typeof einvoice &
    typeof einvoiceRecords &
    typeof bulk &
    typeof batch &
    typeof integrations &
    typeof audit
>(platform, oauth, accounting, sales, inventory, purchasing, reports, einvoice, einvoiceRecords, bulk, batch, integrations, audit);

/** The resources of a client, as properties: `acs.accounts` is an `Accounts`. */
export type Resources = { readonly [K in keyof typeof RESOURCES]: InstanceType<(typeof RESOURCES)[K]> };

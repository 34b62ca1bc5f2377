import type { MethodCore, Resource } from '../core/resource.js';
import { RESOURCE_MODULES, type ResourceModules } from './modules.js';

// Every module's resource classes, from the list `npm run generate` writes of the module folders.
export * from './modules.js';

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
export const RESOURCES = topLevelOf<ResourceModules>(...RESOURCE_MODULES);

/** The resources of a client, as properties: `acs.accounts` is an `Accounts`. */
export type Resources = { readonly [K in keyof typeof RESOURCES]: InstanceType<(typeof RESOURCES)[K]> };

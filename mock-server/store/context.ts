import type { AnyEndpoint } from '../../src/contract/index.js';
import type { KernelContext } from '../kernel/context.js';
import {
  bindRoute,
  type RefusalContext as KernelRefusalContext,
  type Route as KernelRoute,
  type RouteContext as KernelRouteContext,
} from '../kernel/route.js';
import type { Store } from './store.js';

// The kernel's contexts and route binding, bound to this layer's `Store`: what domain/, routes/,
// events/ and seed/ import, so the kernel itself names no store (ARCHITECTURE.md, "Dependencies point one way").

/** What a domain function works on: the store, the clock and the company the request acts for. */
export type CompanyContext = KernelContext<Store>;

/** What a route handler receives: validated input, the company it acts on and the store. */
export type RouteContext<E extends AnyEndpoint = AnyEndpoint> = KernelRouteContext<E, Store>;

/** What a route's own error writer gets. */
export type RefusalContext = KernelRefusalContext<Store>;

/** A handler bound to its contract endpoint, over the store. */
export type Route<E extends AnyEndpoint = AnyEndpoint> = KernelRoute<E, Store>;

/** Binds a handler to a contract endpoint; the router does auth, validation, envelope and status. */
export const route = bindRoute<Store>();

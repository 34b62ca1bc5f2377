import type { MockClock } from './clock.js';

/** Who is writing, set by the router for the length of a request. */
export interface WriteContext {
  actor: string;
  requestId: string | null;
}

/**
 * What the kernel needs of a store, declared here so the kernel depends on nothing above it
 * (DESIGN.md "Layout"): one transaction per request (all its writes land, or none), ids, and who
 * is writing. The store layer's `Store` satisfies it structurally.
 */
export interface TransactionalStore {
  readonly ids: { next(prefix: string, length?: number): string };
  context: WriteContext;
  transaction<R>(fn: () => R): R;
}

/**
 * What a domain function works on: a store, the clock and the company the request acts for. Generic
 * over the store, so the kernel names no concrete one; store/context.ts binds it to `Store`.
 */
export interface KernelContext<S = TransactionalStore> {
  store: S;
  clock: MockClock;
  companyId: string;
}

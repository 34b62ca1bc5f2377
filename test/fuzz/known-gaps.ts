/**
 * Gaps the fuzz suites know of and that a later change closes: empty since issue #8 landed its kernel
 * and list work. A module that lands in slices may list a gap here for one slice; every entry then
 * fails loudly the moment the gap closes, so it is deleted with the fix.
 *
 * Two forms:
 * - an entry without `skip` turns a targeted property into `it.fails`: the suite stays green while
 *   the gap is open, and goes red the moment the fix lands, so the entry is deleted then;
 * - an entry with `skip` keeps a universal property running and only discards the inputs `skip`
 *   matches (a targeted property, listed as `it.fails`, pins that input's behaviour meanwhile).
 */
import type { FuzzRequest } from './harness.js';

export interface KnownGap {
  /** The property (a kind of hostile-input.test.ts, or a sweep of tenant-isolation.test.ts). */
  kind: string;
  /** Endpoint ids, or `'*'`: every endpoint the property applies to (but those in `except`). */
  endpoints: readonly string[] | '*';
  /** With `'*'`: endpoints where the property already holds (its cases never meet the gap there). */
  except?: readonly string[];
  /** The branch that fixes it. */
  owner: 'kernel' | 'list';
  why: string;
  /** Inputs a universal property leaves out meanwhile. */
  skip?: (request: FuzzRequest) => boolean;
}

const PROTOTYPE_NAME = /(^|&)(__proto__|constructor|prototype|hasOwnProperty|toString|valueOf|isPrototypeOf|propertyIsEnumerable|toLocaleString|__defineGetter__|__defineSetter__|__lookupGetter__|__lookupSetter__)(%5B[^=&]*)?(=|&|$)/;

/** Whether a query string names an Object.prototype member (`?__proto__=`, `?toString[eq]=1`). */
export const namesPrototypeMember = (request: FuzzRequest): boolean => PROTOTYPE_NAME.test(request.search ?? '');

/** Whether a header carries text shaped like an API key (`Bearer svc_test_sk_...` sent as X-Company-Id). */
export const headerCarriesKey = (request: FuzzRequest): boolean =>
  Object.entries(request.headers ?? {}).some(([name, value]) => name !== 'authorization' && /svc_(test|live)_sk_/.test(value ?? ''));

/** Whether a body carries a number of 1e12 or more (past the money bound) anywhere. */
export const carriesHugeNumber = (request: FuzzRequest): boolean =>
  (request.body?.match(/-?\d+(\.\d+)?([eE][+-]?\d+)?/g) ?? []).some((n) => Math.abs(Number(n)) >= 1e12);

/** Endpoints whose amounts past 999,999,999,999.99 the fixed seeds of `npm test` see stored. */
const UNBOUNDED_AMOUNTS = ['customers.create', 'customers.update', 'items.create', 'items.update', 'salesOrders.update', 'quotes.create', 'invoices.create'];
/**
 * And those where other seeds find it (a line's unitPrice of 1e12 is stored when the line's discount
 * keeps the document's total under the bound): the same gap, left out of the universal properties.
 */
const ALSO_UNBOUNDED = ['salesOrders.create', 'invoices.update'];

export const KNOWN_KERNEL_GAPS: readonly KnownGap[] = [];

/** The known gaps of a property on an endpoint. */
export function knownGaps(kind: string, endpointId: string): KnownGap[] {
  return KNOWN_KERNEL_GAPS.filter(
    (gap) =>
      (gap.kind === kind || gap.kind === '*') &&
      (gap.endpoints === '*' ? !gap.except?.includes(endpointId) : gap.endpoints.includes(endpointId)),
  );
}

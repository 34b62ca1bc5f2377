// What a kind of hostile input is, and what it runs against. Part of the hostile-input suite (../hostile-input.test.ts).
import type fc from 'fast-check';
import type { AnyEndpoint } from '../../../src/contract/index.js';
import type { CanaryCase } from '../canaries.js';
import type { Exchange, FuzzRequest, ValidRequest } from '../harness.js';

export interface EndpointContext {
  /** Requests the mock answered below 400 (none when no sample got through). */
  accepted: ValidRequest[];
  /** Accepted requests, or unverified samples where none was accepted. */
  base: fc.Arbitrary<ValidRequest>;
  bodyFields: string[];
  /** Real cursors of this list, of company A and of company B. */
  cursors: string[];
  /** The cursors company A's list issued (valid for A). */
  ownCursors: string[];
  /** Ids of records of every kind, of both companies. */
  otherIds: string[];
}

/** One generated request, and what it must get beyond the universal checks. */
export interface Case {
  label: string;
  request: FuzzRequest;
  expect?: (x: Exchange) => string | null;
  /** A canary secret the case planted: what a job the request started must not show either. */
  canary?: Pick<CanaryCase, 'canary' | 'strict'>;
}

export interface Kind {
  name: string;
  targeted?: boolean;
  applies(endpoint: AnyEndpoint): boolean;
  cases(endpoint: AnyEndpoint, ctx: EndpointContext): fc.Arbitrary<Case>;
  /**
   * Cases run before the generated ones, whatever the seed: one per place a targeted property can
   * put its input, so that whether it holds does not depend on which places a seed happens to draw.
   */
  examples?(endpoint: AnyEndpoint, ctx: EndpointContext): Case[];
  /** Further requests after the first answer passed its checks (what the first left must hold). */
  repeat?(endpoint: AnyEndpoint, c: Case, first: Exchange): Promise<string[]>;
}

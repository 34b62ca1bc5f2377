import type { z } from 'zod';
import type { AnyEndpoint, Endpoint, FilterOperator } from '../../src/contract/index.js';
import type { KernelContext, TransactionalStore } from './context.js';
import type { MockClock } from './clock.js';
import type { ServiceError } from './errors.js';
import type { ApiBases } from './match.js';
import type { RawResponse } from './raw.js';
import type { HeaderReader, MockRequest } from './request.js';

/** Who made the request, as the router authenticated it. */
export interface Principal {
  kind: 'api_key' | 'access_token';
  /** Key id or token id, never the secret itself. */
  id: string;
  scopes: readonly string[];
  /** Companies the credential may act on. */
  companyIds: readonly string[];
  /** User or key name written into `createdBy` and the audit trail. */
  actor: string;
  /** The signed-in user of an access token (the data-management API's login subject); absent for an API key. */
  userId?: string;
  /** That user's data-management permission codes (spec document 3, "Authentication"). */
  permissionCodes?: readonly string[];
  /** That user passes every platform check of the data-management API. */
  platformAdmin?: boolean;
}

/** One condition of the operator form `field[op]=value`, checked against the endpoint's `list.filters`. */
export interface FilterClause {
  field: string;
  op: FilterOperator;
  /** The raw text; `in`/`nin` values are split on commas by the list engine. */
  value: string;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a route handler receives: validated input and the company it acts on, over a store of type `S`. */
export interface RouteContext<E extends AnyEndpoint = AnyEndpoint, S = TransactionalStore> extends KernelContext<S> {
  params: E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? Out<P> : never;
  query: E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? Out<Q> : never;
  body: E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? Out<B> : never;
  /** Operator-form filters (list endpoints only). */
  filters: FilterClause[];
  principal: Principal;
  requestId: string;
  /** The service's three base URLs (the OAuth routes name their issuer, RFC 9207, from `auth`). */
  bases: ApiBases;
  /** Request headers, for the few routes that read one the router does not (HTTP Basic client credentials of `/oauth/token`). */
  headers: HeaderReader;
  /** The body as sent, for a route that checks a signature over its bytes (an upstream's delivery to an integration). */
  rawBody?: string | null;
}

/** What a route's own error writer gets: the request as it came, and the service around it. */
export interface RefusalContext<S = TransactionalStore> {
  request: MockRequest;
  store: S;
  clock: MockClock;
  bases: ApiBases;
}

/** A page produced by the list engine; the router writes `pagination` beside `data`. */
export interface ListResult<T = unknown> {
  data: T[];
  pagination: Record<string, unknown>;
  /** The data-management envelope's `totalRecords` (spec document 3), beside `data` on its lists. */
  totalRecords?: number;
}

export interface Route<E extends AnyEndpoint = AnyEndpoint, S = TransactionalStore> {
  endpoint: E;
  /** Returns the value of `data` (or a `ListResult` for a list endpoint); throws `ServiceError` to refuse. */
  handle(ctx: RouteContext<E, S>): unknown;
  /**
   * Writes a refusal the router raised before the handler ran (media type, JSON syntax, validation) in
   * the endpoint's own error format; without it, the spec's error envelope. The OAuth endpoints answer
   * RFC 6749 errors.
   */
  renderError?(error: ServiceError, ctx: RefusalContext<S>): RawResponse;
  /** Loads what the handler needs that the mock does not load with itself (null once loaded); the request path awaits it. */
  ready?(): Promise<void> | null;
}

/**
 * A binder of handlers to contract endpoints over stores of type `S` (store/context.ts makes the one
 * for `Store`); the router does auth, validation, envelope and status.
 */
export const bindRoute =
  <S>() =>
  <E extends AnyEndpoint>(
    endpoint: E,
    handle: (ctx: RouteContext<E, S>) => unknown,
    options: Pick<Route<E, S>, 'renderError' | 'ready'> = {},
  ): Route<AnyEndpoint, S> =>
    ({ endpoint, handle, ...options }) as Route<AnyEndpoint, S>;

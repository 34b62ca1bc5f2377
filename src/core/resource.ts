import { callEndpoint, callForFile, defineMethod } from '../internal/method.js';
import type { CallInput } from '../internal/transport.js';
import type { Transport } from '../internal/transport.js';
import type { FileRoute, ListRoute, PagingForm, Route } from './route.js';
import type { FileFormat, ReportFile } from './report-file.js';
import type { ApiPromise } from './api-promise.js';
import type { PageOf, PagePromise } from './pagination.js';
import type { RequestOptions } from './request-options.js';

/** What a resource's methods call through: the client's connection and the company it acts on. */
export interface MethodCore {
  /** @internal */
  readonly transport: Transport;
  readonly companyId: string | undefined;
}

/**
 * An SDK method: path values, then body, then query (as its endpoint takes them), then options.
 * Resolves to the record; `.withResponse()` adds the response, request id and rate-limit state.
 */
export interface Method<Args extends unknown[], Result> {
  (...args: [...Args, options?: RequestOptions]): ApiPromise<Result>;
  /** The endpoint this method calls (id, method, path). */
  readonly endpoint: Route<Args, Result>;
}

/** A list method: resolves to the first page; `for await` over it yields every item of every page. */
export interface ListMethod<Args extends unknown[], T, P extends PagingForm> {
  (...args: [...Args, options?: RequestOptions]): PagePromise<PageOf<P, T>, T>;
  /** The endpoint this method calls (id, method, path). */
  readonly endpoint: ListRoute<Args, T, P>;
}

/** The query of a report's download: the report's own parameters, with `format` one of the file formats. */
export type DownloadQuery<Q> = Omit<NonNullable<Q>, 'format'> & { format: FileFormat };

/** A report's JSON arguments: its query, with `format` json only (the files come from `.download()`). */
export type JsonQuery<A extends unknown[]> = A extends [infer Q]
  ? [query: Q & { format?: 'json' }]
  : A extends [(infer Q)?]
    ? [query?: Q & { format?: 'json' }]
    : A;

/**
 * A report method: resolves to the report as JSON; `.download()` asks for the same report as a file
 * (spec document 3, "Reports": `format` `csv`, `pdf`, `excel`) and resolves to a `ReportFile`.
 */
export interface FileMethod<Args extends unknown[], Result> {
  (...args: [...JsonQuery<Args>, options?: RequestOptions]): ApiPromise<Result>;
  /** The endpoint this method calls (id, method, path). */
  readonly endpoint: Route<Args, Result>;
  download(query: DownloadQuery<Args[0]>, options?: RequestOptions): ApiPromise<ReportFile>;
}

/** Any SDK method, as `acs.resources()` lists them. */
// biome-ignore lint/suspicious/noExplicitAny: a method of any arguments: only `any[]` takes every call signature (`unknown[]` and `never[]` refuse one)
export type SdkMethod = Method<any[], unknown> | ListMethod<any[], unknown, PagingForm> | FileMethod<any[], unknown>;

/**
 * Base of a resource family (`acs.accounts`, ...). Its methods and sub-resources are own fields, made
 * by `method()` and `resource()`, so walking a resource's values yields exactly them.
 */
export abstract class Resource {
  readonly #core: MethodCore;

  constructor(core: MethodCore) {
    this.#core = core;
  }

  /** The SDK method of an endpoint, bound to this client's transport and company. */
  protected method<A extends unknown[], I, P extends PagingForm>(route: ListRoute<A, I, P>): ListMethod<A, I, P>;
  protected method<A extends unknown[], R>(route: FileRoute<A, R>): FileMethod<A, R>;
  protected method<A extends unknown[], R>(route: Route<A, R>): Method<A, R>;
  protected method(route: Route): unknown {
    return defineMethod(this.#core, route);
  }

  /** One call of an endpoint: the generated methods' body (src/generated/resources/). */
  protected call(
    route: Route,
    input: { params?: Record<string, unknown>; body?: unknown; query?: object },
    options?: RequestOptions,
  ): unknown {
    return callEndpoint(this.#core, route, input as Partial<CallInput>, options);
  }

  /** A sub-resource sharing this one's client (`acs.invoices.payments`). */
  protected resource<R extends Resource>(Class: new (core: MethodCore) => R): R {
    return new Class(this.#core);
  }

  /**
   * Calls an endpoint for a file (`format` csv, pdf or excel): for a file endpoint with path values or a
   * body, whose method cannot offer `.download(query)`. Resolves to a `ReportFile`.
   */
  protected downloadFrom(
    route: Route,
    input: { params?: Record<string, unknown>; body?: unknown; query?: Record<string, unknown> },
    options?: RequestOptions,
  ): ApiPromise<ReportFile> {
    return callForFile(
      this.#core,
      route,
      { params: input.params ?? {}, body: input.body, query: input.query },
      options,
    ) as ApiPromise<ReportFile>;
  }

  /** The transport and company of this resource's client, for a method that is not a plain call. */
  protected get core(): MethodCore {
    return this.#core;
  }
}

/** A route whose answer is always a file (an e-invoice's XML or PDF): its method resolves to a `ReportFile`. */
export const asFileRoute = <A extends unknown[]>(route: Route<A, unknown>): Route<A, ReportFile> => route as Route<A, ReportFile>;

/**
 * Tags each generated method with its route as `method.endpoint`, as `acs.resources()` lists them.
 * @internal
 */
export function tagMethods(Class: { prototype: object }, routes: Record<string, Route>): void {
  const prototype = Class.prototype as Record<string, unknown>;
  for (const [name, route] of Object.entries(routes)) Object.defineProperty(prototype[name], 'endpoint', { value: route });
}

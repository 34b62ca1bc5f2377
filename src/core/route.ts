/**
 * What the SDK knows of an endpoint at run time: a plain object generated from the zod contract
 * (src/generated, by `npm run generate`), so that no schema library reaches a user's bundle. The
 * type parameters carry the method's arguments and result for the type checker only.
 */

/** HTTP methods the service uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Which of the three service addresses an endpoint lives under (spec document 1, "Two API families"). */
export type ApiFamily = 'business' | 'data' | 'auth';

/** The three paging forms of the spec: cursor (default), offset (suppliers), page number (data-management API). */
export type PagingForm = 'cursor' | 'offset' | 'page';

/** Media types a request body may come in. */
export type RequestContentType = 'application/json' | 'application/x-www-form-urlencoded' | 'multipart/form-data';

/** Paging of a list endpoint. */
export interface RouteList<P extends PagingForm = PagingForm> {
  readonly paging: P;
  readonly defaultLimit: number;
  readonly maxLimit: number;
}

/** One endpoint as the SDK calls it. `Args` are the method's arguments before its options; `Result` what it resolves to. */
export interface Route<Args extends unknown[] = unknown[], Result = unknown> {
  /** Stable name, `resource.action` (the OpenAPI operationId). */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path below the family's base, with `{param}` placeholders. */
  readonly path: string;
  readonly api: ApiFamily;
  /** Status of a success; 302 when the redirect is the answer (`oauth.authorize`). */
  readonly status: number;
  /** Whether the call carries credentials. */
  readonly auth: boolean;
  /** Whether the method takes a body (after its path values). */
  readonly hasBody?: boolean;
  /** Whether the method takes a query (after its body, if any). */
  readonly hasQuery?: boolean;
  /** False when the SDK must never resend the call by itself (single-use codes, rotating refresh tokens). */
  readonly retryable?: boolean;
  /** False when the success body is the record itself, without the spec's envelope (the OAuth endpoints). */
  readonly envelope?: boolean;
  readonly requestContentTypes?: readonly RequestContentType[];
  readonly list?: RouteList;
  /** The endpoint answers a file (CSV, PDF, Excel) when its `format` says so: the SDK returns a `ReportFile`. */
  readonly files?: boolean;
  /** Types only: never set. */
  readonly __types?: [Args, Result];
}

/** A list endpoint: its method resolves to a page of its items, `T`. */
export interface ListRoute<Args extends unknown[] = unknown[], T = unknown, P extends PagingForm = PagingForm> extends Route<Args, T> {
  readonly list: RouteList<P>;
}

/** A WebSocket endpoint (`/stream`, `/reports/stream`). */
export interface SocketRoute<K extends string = string> {
  readonly id: `stream.${K}`;
  readonly kind: K;
  /** Below the business base; the full path is `/v1` + this. */
  readonly path: string;
}

/** A report endpoint: JSON by default, a file when `format` is `csv`, `pdf` or `excel`. */
export interface FileRoute<Args extends unknown[] = unknown[], Result = unknown> extends Route<Args, Result> {
  readonly files: true;
}

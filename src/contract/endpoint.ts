import type { z } from 'zod';
import type { FilterKind } from '../core/filters.js';
import type { ErrorCodeOf } from './errors.js';

/** HTTP methods the service uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Which of the three service addresses an endpoint lives under (spec document 1, "Two API families"). */
export type ApiFamily = 'business' | 'data' | 'auth';

/** Media types a request body may come in. */
export type RequestContentType = 'application/json' | 'application/x-www-form-urlencoded' | 'multipart/form-data';

/** The three paging forms of the spec: cursor (default), offset (suppliers), page number (data-management API). */
export type PagingForm = 'cursor' | 'offset' | 'page';

/** Field kinds a list endpoint accepts in the operator form `field[op]=value` (the SDK's own type, so its filters are typed by kind). */
export type { FilterKind };

/**
 * How the mock answers one plain filter from an index: a kind alone tests `field = value` on the field
 * the parameter is named after; `['total', 'gte']` names the field and the comparison (the kind is the
 * field's in `filters` unless given). `has` names a list-valued field (a dotted path may cross arrays:
 * `lines.accountId`; paths joined by `|` read as one list: `fromLocationId|toLocationId`) and matches a
 * row that holds any of the values (comma-separated or an array); `has-ci` compares them case-insensitively.
 */
export type IndexedFilter =
  | FilterKind
  | readonly [field: string, op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'has' | 'has-ci', kind?: FilterKind];

export interface ListSpec {
  paging: PagingForm;
  defaultLimit: number;
  maxLimit: number;
  /** Fields open to the operator form (`accountNumber[startswith]=10`), with their kind. */
  filters?: Record<string, FilterKind>;
  /** Fields `search` looks in when `searchFields` is not given. */
  search?: readonly string[];
  /** Fields accepted by `sort`. */
  sort?: readonly string[];
  /** The order of a page when the query names none, in the query's form (`invoiceDate:desc,invoiceNumber:desc`); every service endpoint declares one (test/contract). */
  defaultSort?: string;
  /**
   * Read by the mock only: the plain filters (`status=sent`, `totalMin=100`) its store keeps indexes
   * for, by query parameter, so it counts and pages them without reading every record. Declaring it
   * promises that the route's `where` tests each of these parameters exactly so, and nothing else
   * when the query holds no other filter (the mock's list tests hold each list to it).
   */
  index?: Readonly<Record<string, IndexedFilter>>;
}

/**
 * How an endpoint answers a body that breaks its rules, when its module names its own code (spec
 * document 2, "Errors": 400 `INVALID_CUSTOMER_DATA`, 400 `INVALID_JOURNAL_ENTRY`) instead of the
 * catalogue's 422 `VALIDATION_ERROR`. The rules stay in the body schema; the router answers with this.
 */
export interface InvalidBody {
  /** The catalogue's status of `code` (src/contract/errors.ts), repeated for the OpenAPI document. */
  status: 400 | 422;
  code: ErrorCodeOf<400 | 422>;
  /**
   * The detail codes it answers (a refinement names its code with `params: { code }`). Default: every
   * broken rule (a missing field, a bound, a format, a refinement). Either way a value of the wrong
   * JSON type or outside an enum is a malformed request: 422 `VALIDATION_ERROR`, as is any failure
   * that mixes the two.
   */
  codes?: readonly string[];
  /** Every failure answers this, malformed values too (a report's query: 400 INVALID_PARAMETERS, spec document 3). */
  all?: boolean;
}

/**
 * Who may call an endpoint of the data-management API (spec document 3, "Authentication"): a signed-in
 * user holding any one of `codes`; a platform administrator passes when `platformAdmin` says so; with
 * `tenant`, the call acts on the tenant named by `X-Tenant-Code`, one of the user's companies.
 */
export interface PermissionCheck {
  codes: readonly string[];
  platformAdmin: boolean;
  tenant: boolean;
}

/**
 * Where an example call takes a value from instead of a literal: a record of the demo seed, the first row
 * a list endpoint answers (`{ first: 'customers.list' }`; `query` narrows the list, `field` names the
 * value when it is not `id`), or a record the call makes first, named in `FIXTURES` of
 * test/support/call-fixtures.ts (`{ fixture: 'sentInvoice' }`, its id).
 */
export type ExampleRef = { first: string; query?: Readonly<Record<string, unknown>>; field?: string } | { fixture: string; field?: string };

/** A value of an example call as its SDK method takes it, where any part may be an `ExampleRef`. */
export type ExampleValue<T> =
  | ExampleRef
  | (T extends readonly (infer U)[] ? readonly ExampleValue<U>[] : T extends object ? { [K in keyof T]: ExampleValue<T[K]> } : T);

/**
 * One successful call of an endpoint against the demo seed, as its SDK method takes it: what
 * test/e2e/every-endpoint.test.ts runs and docs/openapi.json's examples are captured from
 * (scripts/openapi-examples.ts). A call that needs set-up of its own (a record changed before the call,
 * a value read from the mock) is written instead in `CALLS` of test/support/endpoint-calls.ts.
 */
export interface ExampleCall<Q = unknown, B = unknown> {
  /** Each path value of the endpoint, by its name in `path`. */
  params?: Readonly<Record<string, string | ExampleRef>>;
  query?: ExampleValue<Q>;
  body?: ExampleValue<B>;
  /** The data-management API's caller, a signed-in user instead of the API key (decision AUD-1). */
  as?: 'owner' | 'platformAdmin';
}

/**
 * One endpoint of the service, declared once and read by the SDK (types and method), the mock
 * (routing, auth, validation, envelope) and the OpenAPI generator.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable name, `resource.action` (also the OpenAPI operationId). */
  id: string;
  method: HttpMethod;
  /** Path relative to the family's base, with `{param}` placeholders: `/accounts/{accountId}`. */
  path: string;
  api: ApiFamily;
  /** OAuth scope the caller needs (spec document 1, "Scopes"); undefined: any authenticated caller. */
  scope?: string;
  /** Status of a success; 302 for a redirect (`oauth.authorize`), whose result is its `Location`. */
  status: 200 | 201 | 202 | 204 | 302;
  summary: string;
  /** What the call does and answers, in full: the operation's OpenAPI `description` and the SDK method's doc comment. */
  description?: string;
  /** One call of the SDK method (`acs.accounts.create({ ... })`): its doc comment's `@example` and api.md. */
  example?: string;
  /** One successful call of it against the demo seed, for the tests and the OpenAPI examples (see `ExampleCall`). */
  exampleCall?: ExampleCall<z.input<Q>, z.input<B>>;
  /**
   * `custom`: the SDK method is written by hand in `src/resources/` (its arguments are not the route's: a
   * batch's records, a CSV file, a link that answers a file), so `npm run generate` writes none for it.
   */
  sdkMethod?: 'custom';
  /** `spec`: named by the spec; `implied`: our choice for a record the spec describes (a module decision). */
  source: 'spec' | 'implied';
  /** Whether the call needs credentials (all but the OAuth endpoints). */
  auth: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` in the success envelope; for a list, of one item. */
  response: R;
  list?: ListSpec;
  tags: string[];
  /** Media types the body may come in; default JSON only. The OAuth token endpoint also takes a form body (RFC 6749 §4.1.3). */
  requestContentTypes?: readonly RequestContentType[];
  /** False when a success body is `response` itself rather than the spec's envelope around it (the OAuth endpoints). */
  envelope?: boolean;
  /** Schema of a failure body when it is not the spec's error envelope (RFC 6749 §5.2 `{ error, error_description }`). */
  errorBody?: z.ZodType;
  /** False when the SDK must never resend the call by itself: single-use codes and rotating refresh tokens (RFC 6749 §10.4). */
  retryable?: boolean;
  /** The module's own status and code for a body that breaks its rules; default 422 `VALIDATION_ERROR`. */
  invalid?: InvalidBody;
  /** The same for a query that breaks its rules (the reports' 400 `INVALID_PARAMETERS`). */
  invalidQuery?: InvalidBody;
  /** The data-management API's permission check, made by the router before the body is read. */
  permission?: PermissionCheck;
  /**
   * A report: besides JSON (the default) it answers these `format`s of its query as a file, outside the
   * envelope, with `Content-Disposition` (spec document 3, "Reports").
   */
  files?: readonly FileFormat[];
  /** The `data` of a 202 it answers instead when the work is accepted as a job to follow (a batch's `options.async`). */
  accepted?: z.ZodType;
  /** The answer is always a file of this media type, outside the envelope (an e-invoice's XML or PDF). */
  file?: { mediaType: string };
}

/** The formats a report comes in besides JSON (spec document 3, "Reports": `format` `json`, `pdf`, `excel`, `csv`). */
export type FileFormat = 'csv' | 'pdf' | 'excel';

/** The media type each file format is served with (and its file name extension). */
export const FILE_FORMATS: Readonly<Record<FileFormat, { mediaType: string; extension: string }>> = {
  csv: { mediaType: 'text/csv; charset=utf-8', extension: 'csv' },
  pdf: { mediaType: 'application/pdf', extension: 'pdf' },
  excel: { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
};

export type AnyEndpoint = Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

type Def<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = Omit<
  Endpoint<P, Q, B, R>,
  'api' | 'source' | 'auth' | 'tags' | 'status'
> &
  Partial<Pick<Endpoint<P, Q, B, R>, 'api' | 'source' | 'auth' | 'tags' | 'status'>>;

/** A list endpoint keeps its `list` spec as a literal type, so the SDK can type its operator filters. */
export type WithListSpec<L> = L extends ListSpec ? { list: L } : unknown;

/** Declares an endpoint; the defaults are the business API, named by the spec, authenticated, 200. */
export function endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  const L extends ListSpec | undefined = undefined,
>(def: Def<P, Q, B, R> & { list?: L }): Endpoint<P, Q, B, R> & WithListSpec<L> {
  return {
    api: 'business',
    source: 'spec',
    auth: true,
    status: 200,
    tags: [def.id.split('.')[0]],
    ...def,
  } as Endpoint<P, Q, B, R> & WithListSpec<L>;
}

/** Request and response types of an endpoint, for the SDK. */
export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.output<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** What the SDK's generated types show instead of a schema's own shape (read by scripts/sdk-codegen). */
export const sdkTypes = new WeakMap<z.ZodType, z.ZodType>();

/**
 * Validates with `schema` but types the field as `shown`, for the SDK (its generated types) and for
 * `z.input`: for a body the service checks more closely than its schema does on purpose (a bulk item
 * on its own, a customer's required name with the service's own error code).
 */
export function typedAs<S extends z.ZodType, T extends z.ZodType>(schema: S, shown: T): z.ZodType<z.output<S>, z.input<T>> {
  sdkTypes.set(schema, shown);
  return schema as unknown as z.ZodType<z.output<S>, z.input<T>>;
}

import type { z } from 'zod';
import type { AnyEndpoint } from './endpoint.js';
import { CursorPagination, ErrorEnvelope, Meta, OffsetPagination, PageNumberPagination } from './common.js';
import { codesOfOwnDetails, SHAPED_ENVELOPE_NAMES, SHARED_SHAPES, shapedErrorEnvelope } from './error-envelopes.js';
import { filterDescription, filterParameters } from './openapi-filters.js';
import { bareMediaType, fileContent, fileSchema, formatParameter, formsDescription } from './openapi-media.js';
import { NamedSchemas } from './openapi-schemas.js';

type JsonSchema = Record<string, unknown>;

export interface WebSocketDeclaration {
  path: string;
  summary: string;
  messages?: Record<string, JsonSchema>;
}

export interface OpenApiOptions {
  title: string;
  version: string;
  description?: string;
  servers: { business: string; sandbox: string; data: string; auth: string };
  /** WebSocket endpoints, listed under the top-level `x-websockets` array. */
  websockets?: WebSocketDeclaration[];
  /** The contract's named schemas, by the name the SDK gives them: each becomes a component (PLAT-36). */
  names?: Map<z.ZodType, string>;
}

/** JSON Schema (2020-12, as OpenAPI 3.1 takes it) of a zod schema; `io` picks the request or response side. */
type SchemaOf = (schema: z.ZodType, io: 'input' | 'output') => JsonSchema;

/** The envelope's own components, under the names docs/openapi.json has always given them. */
const ENVELOPE_COMPONENTS: Record<string, z.ZodType> = {
  Meta,
  ErrorEnvelope,
  CursorPagination,
  OffsetPagination,
  PagePagination: PageNumberPagination,
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

const STANDARD_ERRORS = {
  '400': errorResponse('Malformed request (INVALID_REQUEST) or a module rule stated with 400'),
  '401': errorResponse('Missing or invalid credentials (UNAUTHORIZED)'),
  '403': errorResponse('Insufficient scope or another company (FORBIDDEN)'),
  '404': errorResponse('No such record (NOT_FOUND or a module code)'),
  '409': errorResponse('Conflict with an existing record (CONFLICT)'),
  '422': errorResponse('Validation failed (VALIDATION_ERROR, INVALID_COMPANY, BUSINESS_RULE_VIOLATION, ...)'),
  '429': errorResponse('Rate limit exceeded (RATE_LIMIT_EXCEEDED); see Retry-After'),
  '500': errorResponse('Server-side failure; retryable'),
};

function parametersOf(e: AnyEndpoint, schemaOf: SchemaOf): unknown[] {
  const out: unknown[] = [];
  const pathShape = (e.params as z.ZodObject | undefined)?.shape ?? {};
  for (const name of [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
    const s = pathShape[name] as z.ZodType | undefined;
    out.push({ name, in: 'path', required: true, schema: s ? schemaOf(s, 'output') : { type: 'string' } });
  }
  const queryShape = (e.query as z.ZodObject | undefined)?.shape ?? {};
  for (const [name, s] of Object.entries(queryShape)) {
    const schema = s as z.ZodType;
    const required = !schema.safeParse(undefined).success;
    out.push(
      name === 'format' && e.files ? formatParameter(e, required) : { name, in: 'query', required, schema: schemaOf(schema, 'output') },
    );
  }
  return [...out, ...filterParameters(e)];
}

/** An operation's `description`: the endpoint's own, then what the document adds (a list's operator table). */
const describe = (...parts: (string | undefined)[]) => {
  const text = parts.filter(Boolean).join('\n\n');
  return text ? { description: text } : {};
};

/** The success of an endpoint without the envelope: a redirect with its `Location`, or the body itself (RFC 6749 token JSON). */
function rawSuccessResponse(e: AnyEndpoint, schemaOf: SchemaOf): unknown {
  if (e.status === 302) {
    return { description: e.summary, headers: { Location: { required: true, schema: { type: 'string', format: 'uri' } } } };
  }
  return { description: e.summary, content: { 'application/json': { schema: schemaOf(e.response, 'output') } } };
}

/** Failures of an endpoint whose errors are not the envelope (the OAuth endpoints: RFC 6749 bodies). */
function rawErrorResponses(e: AnyEndpoint, schemaOf: SchemaOf): Record<string, unknown> {
  const content = { 'application/json': { schema: schemaOf(e.errorBody!, 'output') } };
  return {
    '400': { description: 'RFC 6749 error (invalid_request, invalid_grant, unsupported_grant_type, invalid_scope, ...)', content },
    // Only the token endpoint authenticates the client.
    ...(e.body ? { '401': { description: 'Client authentication failed (invalid_client)', content } } : {}),
  };
}

function successResponse(e: AnyEndpoint, schemaOf: SchemaOf): unknown {
  if (e.envelope === false) return rawSuccessResponse(e, schemaOf);
  const data = schemaOf(e.response, 'output');
  const properties: JsonSchema = {
    success: { const: true },
    data: e.list ? { type: 'array', items: data } : data,
    meta: { $ref: '#/components/schemas/Meta' },
  };
  if (e.list) properties.pagination = { $ref: `#/components/schemas/${e.list.paging[0].toUpperCase()}${e.list.paging.slice(1)}Pagination` };
  // The data-management API's lists carry the spec's `totalRecords` beside `pagination` (responseBodySchema, envelopes.ts).
  if (e.list && e.api === 'data') properties.totalRecords = { type: 'integer', minimum: 0 };
  // A report's other formats are files, outside the envelope (`format` of its query picks one; PLAT-39).
  const files = fileContent(e);
  if (e.file) return { description: e.summary, content: { [bareMediaType(e.file.mediaType)]: { schema: fileSchema(e.file.mediaType) } } };
  return {
    description: e.files ? formsDescription(e) : e.summary,
    ...(e.files
      ? { headers: { 'Content-Disposition': { description: 'attachment; filename=... (file formats only)', schema: { type: 'string' } } } }
      : {}),
    content: {
      'application/json': {
        schema: { type: 'object', required: Object.keys(properties), properties },
      },
      ...files,
    },
  };
}

/** The 202 of an endpoint that may accept the work as a job instead of doing it now (a batch with `options.async`). */
function acceptedResponse(e: AnyEndpoint, schemaOf: SchemaOf): Record<string, unknown> {
  if (!e.accepted) return {};
  const properties = { success: { const: true }, data: schemaOf(e.accepted, 'output'), meta: { $ref: '#/components/schemas/Meta' } };
  const schema = { type: 'object', required: Object.keys(properties), properties };
  return { '202': { description: 'Accepted as a job to follow (`options.async`)', content: { 'application/json': { schema } } } };
}

/**
 * The failure envelope as a union over `error.code` (PLAT-47): one envelope per shared shape of `details`
 * (validation items, not-found, a state machine's refusal), their codes listed, and the open envelope for
 * the codes whose details are their own, so a generated client narrows `details` by the code.
 */
function errorEnvelopeSchemas(schemaOf: SchemaOf): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const shape of SHARED_SHAPES) out[SHAPED_ENVELOPE_NAMES[shape]] = schemaOf(shapedErrorEnvelope(shape), 'output');
  const other = structuredClone(schemaOf(ErrorEnvelope, 'output')) as { properties: { error: { properties: JsonSchema } } };
  other.properties.error.properties.code = { type: 'string', enum: codesOfOwnDetails() };
  out.OtherErrorEnvelope = other;
  // anyOf, not oneOf: the code lists are disjoint, so exactly one matches, but a linter cannot see into `error.code`.
  out.ErrorEnvelope = {
    description:
      'The failure envelope (spec document 1, "Errors"): `error.code` names which of these it is; docs/errors.md lists every code',
    anyOf: [...SHARED_SHAPES.map((shape) => SHAPED_ENVELOPE_NAMES[shape]), 'OtherErrorEnvelope'].map((name) => ({
      $ref: `#/components/schemas/${name}`,
    })),
  };
  return out;
}

/** OpenAPI 3.1 document of the contract. Paths are written in full (`/v1/...`, `/core2/...`, `/oauth/...`). */
export function buildOpenApi(endpoints: AnyEndpoint[], options: OpenApiOptions): Record<string, unknown> {
  const envelope = new Set(Object.values(ENVELOPE_COMPONENTS));
  const named = new NamedSchemas(new Map([...(options.names ?? [])].filter(([schema]) => !envelope.has(schema))));
  const schemaOf: SchemaOf = (schema, io) => named.schemaOf(schema, io);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const full = e.api === 'business' ? `/v1${e.path}` : e.path;
    const operation: Record<string, unknown> = {
      operationId: e.id,
      summary: e.summary,
      ...describe(e.description, filterDescription(e)),
      tags: e.tags,
      'x-source': e.source,
      ...(e.scope ? { 'x-required-scope': e.scope } : {}),
      // The data-management API checks permission codes (any one of them) instead of scopes.
      ...(e.permission ? { 'x-permission-codes': e.permission.codes, 'x-platform-admin-passes': e.permission.platformAdmin } : {}),
      // `index` tells the mock what to index; it is no part of the API.
      ...(e.list ? { 'x-pagination': (({ index: _index, ...list }) => list)(e.list) } : {}),
      // The module's own answer to a body that breaks its rules (instead of 422 VALIDATION_ERROR).
      ...(e.invalid ? { 'x-invalid-body': e.invalid } : {}),
      ...(e.invalidQuery ? { 'x-invalid-query': e.invalidQuery } : {}),
      // The query's named schema (PLAT-36), beside the one parameter per field a client sends.
      ...(e.query ? { 'x-query-schema': schemaOf(e.query, 'output') } : {}),
      // The company is a security requirement (both schemes at once), not a parameter: a generated client sets it once.
      security: !e.auth ? [] : e.api === 'business' ? [{ bearer: [], companyId: [] }] : [{ bearer: [] }],
      parameters: [
        ...(e.permission?.tenant
          ? [
              {
                name: 'X-Tenant-Code',
                in: 'header',
                required: true,
                description: 'The tenant (company id) the tenant surface reads',
                schema: { type: 'string' },
              },
            ]
          : []),
        ...(e.method !== 'GET' && e.retryable !== false
          ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } }]
          : []),
        ...parametersOf(e, schemaOf),
      ],
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(
                (e.requestContentTypes ?? ['application/json']).map((type) => [type, { schema: schemaOf(e.body!, 'input') }]),
              ),
            },
          }
        : {}),
      responses: {
        [String(e.status)]: successResponse(e, schemaOf),
        ...acceptedResponse(e, schemaOf),
        ...(e.errorBody ? rawErrorResponses(e, schemaOf) : STANDARD_ERRORS),
      },
    };
    (paths[full] ??= {})[e.method.toLowerCase()] = operation;
  }
  const envelopeSchemas = {
    ...Object.fromEntries(Object.entries(ENVELOPE_COMPONENTS).map(([name, schema]) => [name, schemaOf(schema, 'output')])),
    ...errorEnvelopeSchemas(schemaOf),
  };
  return named.finish({
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, ...(options.description ? { description: options.description } : {}) },
    servers: [
      { url: options.servers.business.replace(/\/v1$/, ''), description: 'Production (business API under /v1, also /api/v1)' },
      { url: options.servers.sandbox.replace(/\/v1$/, ''), description: 'Sandbox' },
      { url: options.servers.data, description: 'Data-management API (/core2)' },
      { url: options.servers.auth, description: 'OAuth 2.0 authorization server' },
    ],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'API key (svc_test_sk_/svc_live_sk_) or OAuth access token' },
        companyId: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Company-Id',
          description: 'The company every business API request acts on (spec document 1, "Headers"), sent with the bearer credential',
        },
      },
      schemas: envelopeSchemas,
    },
    'x-websockets': options.websockets ?? [],
  });
}

import type { StandardSchemaV1, StandardSchemaV1Issue } from 'ky';
import type { z } from 'zod';
import {
  CursorPagination,
  OffsetPagination,
  PageNumberPagination,
  listEnvelope,
  successEnvelope,
  type AnyEndpoint,
  type PagingForm,
} from '../contract/index.js';
import type { ResponseIssue } from './errors.js';

/** How responses are checked against the contract: throw, log and go on, or not at all. */
export type ValidateMode = 'strict' | 'warn' | 'off';

const PAGINATION_SCHEMAS: Record<PagingForm, z.ZodType> = {
  cursor: CursorPagination,
  offset: OffsetPagination,
  page: PageNumberPagination,
};

const envelopes = new WeakMap<AnyEndpoint, z.ZodType>();

/** The whole success envelope of an endpoint: `successEnvelope(response)`, or `listEnvelope(item, pagination)` for a list. */
export function envelopeSchema(endpoint: AnyEndpoint): z.ZodType {
  let schema = envelopes.get(endpoint);
  if (!schema) {
    // The OAuth endpoints answer RFC 6749 JSON itself, with no envelope around it.
    schema = endpoint.envelope === false
      ? endpoint.response
      : endpoint.list
      ? listEnvelope(endpoint.response, PAGINATION_SCHEMAS[endpoint.list.paging])
      : successEnvelope(endpoint.response);
    envelopes.set(endpoint, schema);
  }
  return schema;
}

/**
 * A Standard Schema for ky's `.json(schema)` that checks the body and hands back the body as received:
 * validation never changes data, so the three modes return the same thing. In `warn` mode the issues
 * go to `report` and the body passes.
 */
export function checkingSchema(schema: z.ZodType, mode: 'strict' | 'warn', report: (issues: ResponseIssue[]) => void): StandardSchemaV1 {
  return {
    '~standard': {
      version: 1,
      vendor: 'acs-sdk',
      validate: async (value) => {
        const result = await schema['~standard'].validate(value);
        if (!result.issues) return { value };
        if (mode === 'strict') return { issues: result.issues };
        report(toResponseIssues(result.issues));
        return { value };
      },
    },
  };
}

/** Standard Schema issues as `{ path: 'data.balance.net', message }`. */
export function toResponseIssues(issues: readonly StandardSchemaV1Issue[]): ResponseIssue[] {
  return issues.map((issue) => ({
    path: (issue.path ?? []).map((part) => String(typeof part === 'object' && part !== null ? part.key : part)).join('.'),
    message: issue.message,
  }));
}

/** The parts of a success body the SDK reads: `data`, and `pagination` on a list. */
export interface SuccessBody {
  data: unknown;
  pagination?: unknown;
}

export function isSuccessBody(body: unknown): body is SuccessBody {
  return typeof body === 'object' && body !== null && 'data' in body;
}

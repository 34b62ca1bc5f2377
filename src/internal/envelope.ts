import type { StandardSchemaV1, StandardSchemaV1Issue } from 'ky';
import type { Route } from '../core/route.js';
import type { ResponseIssue } from '../core/errors.js';

import type { ResponseValidation } from '../core/validation.js';

/**
 * A Standard Schema for ky's `.json(schema)` that checks the body against the endpoint's schema in the
 * contract the caller gave (decision SDK-6) and hands back the body as received: validation never changes
 * data, so the modes return the same thing. In `warn` mode the issues go to `report` and the body passes.
 */
export function checkingSchema(route: Route, validation: ResponseValidation, report: (issues: ResponseIssue[]) => void): StandardSchemaV1 {
  return {
    '~standard': {
      version: 1,
      vendor: 'acs-sdk',
      validate: async (value) => {
        const schema = validation.contract.responseSchemaOf(route.id);
        if (!schema) return { value };
        const result = await schema['~standard'].validate(value);
        if (!result.issues) return { value };
        if (validation.mode === 'strict') return { issues: result.issues };
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

import type { z } from 'zod';
import { ValidationCode } from '../../src/contract/common.js';
import { validationError, type ValidationIssue, withArticle } from './errors.js';

type Issue = z.core.$ZodIssue;
type Code = ValidationIssue['code'];
const KNOWN_CODES = new Set<string>(ValidationCode.options);

/** Reads the raw input at a zod path, so `value` shows what the caller sent (not a coerced value). */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** One zod issue in the spec's terms: `field` dotted, `code` from spec document 1's validation codes. */
function toValidationIssue(issue: Issue, input: unknown, root: string): ValidationIssue {
  const field = issue.path.length ? issue.path.map(String).join('.') : root;
  const value = valueAt(input, issue.path);
  const detail = (code: Code, message: string, constraint?: unknown): ValidationIssue => ({
    field,
    message,
    code,
    ...(value === undefined ? {} : { value }),
    ...(constraint === undefined ? {} : { constraint }),
  });

  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return detail('REQUIRED_FIELD', `${field} is required`);
      return detail('INVALID_FORMAT', `${field} must be ${withArticle(issue.expected)}`, { type: issue.expected });
    case 'too_small':
      // An empty required string reads as "missing" to a caller, not as "too short".
      if (issue.origin === 'string' && Number(issue.minimum) === 1 && isBlank(value))
        return detail('REQUIRED_FIELD', `${field} is required`);
      return detail('MIN_VALUE', issue.message, { min: numeric(issue.minimum), inclusive: issue.inclusive ?? true, of: issue.origin });
    case 'too_big':
      return detail('MAX_VALUE', issue.message, { max: numeric(issue.maximum), inclusive: issue.inclusive ?? true, of: issue.origin });
    case 'invalid_value':
      if (value === undefined) return detail('REQUIRED_FIELD', `${field} is required`);
      return detail('INVALID_CHOICE', `${field} must be one of ${issue.values.map(String).join(', ')}`, issue.values);
    case 'invalid_format':
      return detail('INVALID_FORMAT', issue.message, formatConstraint(issue));
    case 'custom': {
      const named = issue.params?.code;
      const code: Code = typeof named === 'string' && KNOWN_CODES.has(named) ? (named as Code) : 'INVALID_FORMAT';
      return detail(code, issue.message, issue.params?.constraint);
    }
    case 'unrecognized_keys':
      return detail('INVALID_FORMAT', `unknown field(s): ${issue.keys.join(', ')}`, { allowed: 'declared fields only' });
    default:
      return detail('INVALID_FORMAT', issue.message);
  }
}

const numeric = (v: number | bigint) => (typeof v === 'bigint' ? Number(v) : v);

function formatConstraint(issue: z.core.$ZodIssueInvalidStringFormat): unknown {
  if (issue.format === 'regex') return { pattern: issue.pattern };
  if (issue.format === 'date') return { format: 'YYYY-MM-DD' };
  if (issue.format === 'datetime') return { format: 'ISO 8601 datetime' };
  return { format: issue.format };
}

/**
 * Converts zod issues into the items of a 422 VALIDATION_ERROR. A field reported as missing gets
 * that one item only (zod also reports the format of an empty string, which says nothing new).
 */
export function toValidationIssues(issues: readonly Issue[], input: unknown, root: string): ValidationIssue[] {
  const items = issues.map((issue) => toValidationIssue(issue, input, root));
  const required = new Set(items.filter((i) => i.code === 'REQUIRED_FIELD').map((i) => i.field));
  return items.filter((i) => i.code === 'REQUIRED_FIELD' || !required.has(i.field));
}

/**
 * Parses `input` with `schema`, or throws the 422 VALIDATION_ERROR the spec describes; `reported`
 * is what the caller actually sent, read for `value` (it differs when a missing body parses as `{}`).
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown, reported: unknown, root: string, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(toValidationIssues(result.error.issues, reported, root), `The ${what} failed validation`);
}

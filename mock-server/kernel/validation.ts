import type { z } from 'zod';
import { ValidationCode, type InvalidBody } from '../../src/contract/index.js';
import { boundDetails } from './echo.js';
import { ServiceError, validationError, type ValidationIssue, withArticle } from './errors.js';
import { isSecretAt } from './secrets.js';

type Issue = z.core.$ZodIssue;
type Code = ValidationIssue['code'];
const KNOWN_CODES = new Set<string>(ValidationCode.options);

/** Reads the raw input at a zod path, so `value` shows what the caller sent (not a coerced value). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** How issues are read: the schema (for its secrets) and the endpoint's own refusal (for its codes). */
export interface IssueReading {
  /** The schema the input was checked against: values of its `secret()` fields are never echoed. */
  schema?: z.ZodType;
  invalid?: InvalidBody;
}

/** One item of a refusal, and whether it says the request is malformed (wrong JSON type, not a choice). */
interface ReadIssue {
  item: ValidationIssue;
  malformed: boolean;
}

/** One zod issue in the spec's terms: `field` dotted, `code` from spec document 1's validation codes. */
function readIssue(issue: Issue, input: unknown, root: string, reading: IssueReading): ReadIssue {
  const field = issue.path.length ? issue.path.map(String).join('.') : root;
  const raw = valueAt(input, issue.path);
  // A secret is named, never shown; the value is bounded once, by whoever writes it (ServiceError, the stream).
  const shown = raw === undefined || (reading.schema && isSecretAt(reading.schema, issue.path)) ? {} : { value: raw };
  const detail = (code: Code, message: string, constraint?: unknown): ValidationIssue => ({
    field,
    message,
    code,
    ...shown,
    ...(constraint === undefined ? {} : { constraint }),
  });
  return { item: toDetail(issue, raw, field, detail, reading), malformed: isMalformed(issue, raw) };
}

function toDetail(
  issue: Issue,
  raw: unknown,
  field: string,
  detail: (code: Code, message: string, constraint?: unknown) => ValidationIssue,
  reading: IssueReading,
): ValidationIssue {
  switch (issue.code) {
    case 'invalid_type':
      if (raw === undefined) return detail('REQUIRED_FIELD', `${field} is required`);
      return detail('INVALID_FORMAT', `${field} must be ${withArticle(issue.expected)}`, { type: issue.expected });
    case 'too_small':
      // An empty required string reads as "missing" to a caller, not as "too short".
      if (issue.origin === 'string' && Number(issue.minimum) === 1 && isBlank(raw)) return detail('REQUIRED_FIELD', `${field} is required`);
      return detail('MIN_VALUE', issue.message, { min: numeric(issue.minimum), inclusive: issue.inclusive ?? true, of: issue.origin });
    case 'too_big':
      return detail('MAX_VALUE', issue.message, { max: numeric(issue.maximum), inclusive: issue.inclusive ?? true, of: issue.origin });
    case 'invalid_value':
      if (raw === undefined) return detail('REQUIRED_FIELD', `${field} is required`);
      return detail('INVALID_CHOICE', `${field} must be one of ${issue.values.map(String).join(', ')}`, issue.values);
    case 'invalid_format':
      return detail('INVALID_FORMAT', issue.message, formatConstraint(issue));
    case 'custom': {
      const named = issue.params?.code;
      const own = typeof named === 'string' && (KNOWN_CODES.has(named) || reading.invalid?.codes?.includes(named));
      return detail(own ? (named as Code) : 'INVALID_FORMAT', issue.message, issue.params?.constraint);
    }
    case 'unrecognized_keys':
      return detail('INVALID_FORMAT', `unknown field(s): ${issue.keys.join(', ')}`, { allowed: 'declared fields only' });
    default:
      return detail('INVALID_FORMAT', issue.message);
  }
}

const jsonType = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const EXPECTED_JSON_TYPE: Record<string, string> = { int: 'number', record: 'object', map: 'object', tuple: 'array', set: 'array' };

/**
 * A malformed request rather than a broken rule: a value of another JSON type than the field's, a
 * value outside an enum, literal or checked list, an unknown field. A missing field is a rule (a required field).
 */
function isMalformed(issue: Issue, raw: unknown): boolean {
  switch (issue.code) {
    case 'invalid_type':
      return raw !== undefined && jsonType(raw) !== (EXPECTED_JSON_TYPE[issue.expected] ?? issue.expected);
    case 'invalid_value':
      return raw !== undefined;
    case 'custom':
      // A refinement that checks a list (ISO 4217 currencies) answers as an enum does.
      return issue.params?.code === 'INVALID_CHOICE' && raw !== undefined;
    case 'unrecognized_keys':
    case 'invalid_union':
      return true;
    default:
      return false;
  }
}

const numeric = (v: number | bigint) => (typeof v === 'bigint' ? Number(v) : v);

function formatConstraint(issue: z.core.$ZodIssueInvalidStringFormat): unknown {
  if (issue.format === 'regex') return { pattern: issue.pattern };
  if (issue.format === 'date') return { format: 'YYYY-MM-DD' };
  if (issue.format === 'datetime') return { format: 'ISO 8601 datetime' };
  return { format: issue.format };
}

/** The issues as refusal items; a field reported as missing gets that one item only (its format says nothing new). */
function readIssues(issues: readonly Issue[], input: unknown, root: string, reading: IssueReading): ReadIssue[] {
  const read = issues.map((issue) => readIssue(issue, input, root, reading));
  const required = new Set(read.filter((r) => r.item.code === 'REQUIRED_FIELD').map((r) => r.item.field));
  return read.filter((r) => r.item.code === 'REQUIRED_FIELD' || !required.has(r.item.field));
}

/**
 * Converts zod issues into the items of a VALIDATION_ERROR outside a `ServiceError` (the stream's
 * refusals): values bounded as `ServiceError` bounds its details (kernel/echo.ts), secrets left out.
 */
export function toValidationIssues(issues: readonly Issue[], input: unknown, root: string, reading: IssueReading = {}): ValidationIssue[] {
  return boundDetails(readIssues(issues, input, root, reading).map((r) => r.item));
}

/**
 * The refusal of a failed check: the endpoint's own status and code (`invalid`) when every issue is
 * one of its rules, else the catalogue's 422 VALIDATION_ERROR.
 */
function refusalOf(issues: readonly Issue[], input: unknown, root: string, what: string, reading: IssueReading = {}): ServiceError {
  const read = readIssues(issues, input, root, reading);
  const items = read.map((r) => r.item);
  const message = `The ${what} failed validation`;
  const { invalid } = reading;
  const own =
    invalid &&
    (invalid.all === true || read.every((r) => !r.malformed && (invalid.codes === undefined || invalid.codes.includes(r.item.code))));
  return own ? new ServiceError(invalid.code, message, items) : validationError(items, message);
}

/**
 * Parses `input` with `schema`, or throws the refusal the spec describes (422 VALIDATION_ERROR, or the
 * endpoint's `invalid`); `reported` is what the caller actually sent, read for `value` (it differs when
 * a missing body parses as `{}`).
 */
export function parseOrRefuse<S extends z.ZodType>(
  schema: S,
  input: unknown,
  reported: unknown,
  root: string,
  what: string,
  options: { invalid?: InvalidBody } = {},
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw refusalOf(result.error.issues, reported, root, what, { schema, invalid: options.invalid });
}

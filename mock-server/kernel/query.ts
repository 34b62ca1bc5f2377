import { z } from 'zod';
import {
  DECIMAL_NUMBER,
  FILTER_OPERATORS,
  FILTER_OPERATORS_BY_KIND,
  type AnyEndpoint,
  type FilterKind,
  type FilterOperator,
} from '../../src/contract/index.js';
import { isoDate } from '../../src/contract/common.js';
import { ServiceError, validationError, type ValidationIssue } from './errors.js';
import type { FilterClause } from './route.js';

const OPERATOR_KEY = /^([A-Za-z_][A-Za-z0-9_.]*)\[([A-Za-z]+)\]$/;
const OPERATORS = new Set<string>(FILTER_OPERATORS);
const TEXT_OPERATORS = new Set<FilterOperator>(['contains', 'startswith', 'endswith']);
const ORDER_OPERATORS = new Set<FilterOperator>(['gt', 'gte', 'lt', 'lte']);
/** A date-only value's shape, `YYYY-MM-DD` (store/list-filters.ts compares such a value by day). */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T/;

export interface ParsedQuery {
  /** Plain parameters for the endpoint's query schema; a repeated name becomes an array. */
  values: Record<string, string | string[]>;
  /** Operator-form conditions (spec document 1, "Filtering and sorting"). */
  filters: FilterClause[];
}

/** Keys a query schema declares, when it is a plain object schema. */
function declaredKeys(schema: z.ZodType | undefined): Set<string> | null {
  return schema instanceof z.ZodObject ? new Set(Object.keys(schema.shape)) : null;
}
const declaredKeysCache = new WeakMap<AnyEndpoint, Set<string> | null>();

/** Object.prototype's member names (`__proto__`, `constructor`, `toString`, ...) and `prototype`: no field is named so, and a name that could reach a prototype is refused, never ignored. */
const RESERVED_NAMES: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/**
 * Splits a query string into plain values and operator clauses. `field[op]=v` must name a field of
 * `endpoint.list.filters` and an operator the field's kind supports; `field=v` for a filter field
 * the query schema does not declare is the operator form's default, `eq`.
 */
export function parseQuery(search: string, endpoint: AnyEndpoint): ParsedQuery {
  const filters: FilterClause[] = [];
  if (search === '') return { values: {}, filters };
  // A Map, so a parameter named like an Object.prototype member (`__proto__`, `constructor`) is a name like any other.
  const values = new Map<string, string | string[]>();
  const issues: ValidationIssue[] = [];
  const unknown = new Set<string>();
  const filterKinds = endpoint.list?.filters;
  let declared = declaredKeysCache.get(endpoint);
  if (declared === undefined) declaredKeysCache.set(endpoint, (declared = declaredKeys(endpoint.query)));

  for (const [key, value] of new URLSearchParams(search)) {
    const operator = OPERATOR_KEY.exec(key);
    if (operator) {
      const [, field, op] = operator;
      const issue = checkClause(key, field, op, value, filterKinds);
      if (issue) issues.push(issue);
      else filters.push({ field, op: op as FilterOperator, value });
      continue;
    }
    if (refusesUnknown(endpoint) && !declared?.has(key) && !kindOf(filterKinds, key)) {
      unknown.add(key);
      continue;
    }
    if (RESERVED_NAMES.has(key) && !declared?.has(key)) {
      issues.push({ field: key, code: 'INVALID_CHOICE', message: `${key} is not a query parameter of this endpoint`, value });
      continue;
    }
    if (kindOf(filterKinds, key) && declared && !declared.has(key)) {
      const issue = checkClause(key, key, 'eq', value, filterKinds);
      if (issue) issues.push(issue);
      else filters.push({ field: key, op: 'eq', value });
      continue;
    }
    const existing = values.get(key);
    values.set(key, existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]);
  }
  if (unknown.size) throw unknownParameters([...unknown], endpoint, declared);
  if (issues.length) {
    // An endpoint that names its own answer to a bad query (the reports' 400 INVALID_PARAMETERS) gives it here too.
    const own = endpoint.invalidQuery;
    throw own ? new ServiceError(own.code, 'The query failed validation', issues) : validationError(issues, 'The query failed validation');
  }
  // Object.fromEntries defines own properties, so even `__proto__` (on an OAuth endpoint, which ignores it) stays a plain key.
  return { values: Object.fromEntries(values), filters };
}

/**
 * Whether a parameter the endpoint does not declare is refused (PLAT-13): everywhere but the OAuth
 * endpoints, which must ignore what they do not know (RFC 6749 §3.1, §3.2).
 */
const refusesUnknown = (endpoint: AnyEndpoint): boolean => endpoint.api !== 'auth';

/** Parameters an endpoint accepts by name: its query schema's keys, then its operator filter fields. */
function acceptedParameters(endpoint: AnyEndpoint, declared: ReadonlySet<string> | null): string[] {
  const names = new Set(declared ?? []);
  for (const field of Object.keys(endpoint.list?.filters ?? {})) names.add(field);
  return [...names];
}

/**
 * 400 naming each parameter the endpoint does not take and listing those it does (PLAT-13): a
 * misspelt filter must not answer every row. The reports answer their own 400 `INVALID_PARAMETERS`.
 */
function unknownParameters(names: readonly string[], endpoint: AnyEndpoint, declared: ReadonlySet<string> | null): ServiceError {
  const accepted = acceptedParameters(endpoint, declared);
  const code = endpoint.invalidQuery?.status === 400 ? endpoint.invalidQuery.code : 'INVALID_REQUEST';
  const listed = accepted.length ? `accepted: ${accepted.join(', ')}` : 'this endpoint takes no query parameters';
  // ServiceError bounds and masks what it echoes (echo.ts): a name shaped like a key is not shown.
  const shown = names.slice(0, 10);
  const message = `Unknown query parameter${names.length > 1 ? 's' : ''} ${shown.join(', ')}${names.length > 10 ? ', ...' : ''}; ${listed}`;
  return new ServiceError(
    code,
    message,
    // The accepted names go in the message: a detail's constraint is bounded like an echoed value (echo.ts).
    names.slice(0, 50).map((name) => ({ field: name, code: 'INVALID_CHOICE', message: 'not a query parameter of this endpoint' })),
  );
}

/** The declared kind of an operator field; only the declaration's own keys count. */
export const kindOf = (kinds: Record<string, FilterKind> | undefined, field: string): FilterKind | undefined =>
  kinds !== undefined && Object.hasOwn(kinds, field) ? kinds[field] : undefined;

function checkClause(
  key: string,
  field: string,
  op: string,
  value: string,
  kinds: Record<string, FilterKind> | undefined,
): ValidationIssue | null {
  const kind = kindOf(kinds, field);
  if (!kind) {
    return {
      field: key,
      code: 'INVALID_CHOICE',
      message: kinds ? `${field} cannot be filtered with an operator here` : 'this endpoint takes no operator filters',
      value,
      constraint: kinds ? Object.keys(kinds) : [],
    };
  }
  if (!OPERATORS.has(op)) {
    return { field: key, code: 'INVALID_CHOICE', message: `unknown filter operator ${op}`, value, constraint: FILTER_OPERATORS };
  }
  const operator = op as FilterOperator;
  // Exactly the operators docs/openapi.json declares for the field's kind (decision PLAT-38).
  const allowed: readonly FilterOperator[] = FILTER_OPERATORS_BY_KIND[kind];
  if (!allowed.includes(operator)) {
    const message = TEXT_OPERATORS.has(operator)
      ? `${op} applies to text fields; ${field} is a ${kind}`
      : ORDER_OPERATORS.has(operator) && kind === 'boolean'
        ? `${op} does not apply to a boolean`
        : `${op} does not apply to a ${kind}`;
    return { field: key, code: 'INVALID_CHOICE', message, value, constraint: allowed };
  }
  const items = operator === 'in' || operator === 'nin' ? value.split(',').map((v) => v.trim()) : [value];
  for (const item of items) {
    const problem = formatProblem(kind, item);
    if (problem) return { field: key, code: 'INVALID_FORMAT', message: `${field} ${problem}`, value, constraint: { kind } };
  }
  return null;
}

/** Why a filter value does not fit its field kind, or null when it does. */
function formatProblem(kind: FilterKind, value: string): string | null {
  switch (kind) {
    case 'number':
      return DECIMAL_NUMBER.test(value) ? null : 'takes a number in decimal digits';
    case 'date':
      return isCalendarDate(value) ? null : 'takes a date, YYYY-MM-DD';
    case 'datetime':
      return isCalendarDate(value) || (DATETIME.test(value) && isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)))
        ? null
        : 'takes an ISO 8601 datetime or a date';
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'takes true or false';
    default:
      return null;
  }
}

/** `YYYY-MM-DD` naming a day of the calendar: `2026-02-31` is refused, as the plain date filters (the contract's `isoDate()`) refuse it. */
const CALENDAR_DATE = isoDate();
const isCalendarDate = (value: string): boolean => CALENDAR_DATE.safeParse(value).success;

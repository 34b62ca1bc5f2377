import { FILTER_OPERATORS_BY_KIND, type FilterOperator } from './common.js';
import type { AnyEndpoint, FilterKind } from './endpoint.js';

// The operator form of a list in docs/openapi.json (decision PLAT-38): one query parameter per field and
// operator the field's kind takes, named as the client sends it (`name[startswith]`), so a generated client
// can type-check it and the mock refuses every other (PLAT-13).

type JsonSchema = Record<string, unknown>;

/** One value of a field of each kind, as the mock's operator clause reads it (mock-server/kernel/query.ts). */
const VALUE_SCHEMAS: Record<FilterKind, JsonSchema> = {
  string: { type: 'string' },
  number: { type: 'number' },
  date: { type: 'string', format: 'date' },
  // A date-only bound on a datetime field covers its whole day (PLAT-38).
  datetime: { type: 'string', anyOf: [{ format: 'date-time' }, { format: 'date' }] },
  boolean: { type: 'boolean' },
};

const MEANING: Record<FilterOperator, string> = {
  eq: 'equal to',
  ne: 'not equal to',
  gt: 'greater than',
  gte: 'greater than or equal to',
  lt: 'less than',
  lte: 'less than or equal to',
  in: 'one of (comma-separated)',
  nin: 'none of (comma-separated)',
  contains: 'containing (case-insensitive)',
  startswith: 'starting with (case-insensitive)',
  endswith: 'ending with (case-insensitive)',
};

const TEXT_OPERATORS: ReadonlySet<FilterOperator> = new Set(['contains', 'startswith', 'endswith']);

function valueSchema(kind: FilterKind, op: FilterOperator): JsonSchema {
  if (TEXT_OPERATORS.has(op)) return { type: 'string' };
  // One parameter, its values joined by commas: OpenAPI's `form` style without `explode`.
  if (op === 'in' || op === 'nin') return { type: 'array', minItems: 1, items: VALUE_SCHEMAS[kind] };
  return VALUE_SCHEMAS[kind];
}

/** The query parameters of a list's operator filters: `total[gte]`, `name[startswith]`, ... */
export function filterParameters(e: AnyEndpoint): unknown[] {
  const out: unknown[] = [];
  for (const [field, kind] of Object.entries(e.list?.filters ?? {})) {
    for (const op of FILTER_OPERATORS_BY_KIND[kind]) {
      const list = op === 'in' || op === 'nin';
      out.push({
        name: `${field}[${op}]`,
        in: 'query',
        required: false,
        description: `Rows whose ${field} (${kind}) is ${MEANING[op]} the value`,
        ...(list ? { style: 'form', explode: false } : {}),
        schema: valueSchema(kind, op),
        'x-operator-filter': { field, kind, operator: op },
      });
    }
  }
  return out;
}

/** The paragraph of a list's description that says which operators each field takes. */
export function filterDescription(e: AnyEndpoint): string | undefined {
  const fields = Object.entries(e.list?.filters ?? {});
  if (fields.length === 0) return undefined;
  const lines = fields.map(([field, kind]) => `- \`${field}\` (${kind}): ${FILTER_OPERATORS_BY_KIND[kind].join(', ')}`);
  return [
    'Operator filters, written `field[operator]=value` (`in` and `nin` take a comma-separated list); each field takes the operators of its kind (decision PLAT-38):',
    ...lines,
  ].join('\n');
}

// PLAT-38: the mock takes exactly the operator filters docs/openapi.json declares, one parameter per field and
// operator of the field's kind, and refuses every other operator on a declared field.
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../mock-server/kernel/query.js';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import { endpoints, FILTER_OPERATORS, type FilterKind } from '../../../src/contract/index.js';
import { serviceOpenApi } from '../../../src/contract/service-openapi.js';

const VALUE: Record<FilterKind, string> = {
  string: 'Gen',
  number: '100.5',
  date: '2026-01-31',
  datetime: '2026-01-31T08:00:00Z',
  boolean: 'true',
};

type Operation = { operationId: string; description?: string; parameters: { name: string; 'x-operator-filter'?: unknown }[] };
const doc = serviceOpenApi() as { paths: Record<string, Record<string, Operation>> };
// A path item's own `servers` (PLAT-40) is no operation.
const operations = new Map(
  Object.values(doc.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([key]) => key !== 'servers')
      .map(([, op]) => [op.operationId, op] as const),
  ),
);

const refusal = (search: string, e: (typeof endpoints)[number]): ServiceError | null => {
  try {
    parseQuery(search, e);
    return null;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
};

describe('operator filters (PLAT-38)', () => {
  const lists = endpoints.filter((e) => e.list?.filters);

  it('docs/openapi.json names no placeholder parameter and describes each list field with its operators', () => {
    expect(lists.length).toBeGreaterThan(20);
    for (const e of lists) {
      const op = operations.get(e.id)!;
      expect(
        op.parameters.some((p) => p.name.includes('{operator}')),
        e.id,
      ).toBe(false);
      for (const field of Object.keys(e.list!.filters!)) expect(op.description, e.id).toContain(`\`${field}\``);
    }
  });

  it('the mock accepts every declared field[operator] and refuses every other operator of the spec on the field', () => {
    let accepted = 0;
    for (const e of lists) {
      const declared = new Set(
        operations
          .get(e.id)!
          .parameters.filter((p) => p['x-operator-filter'])
          .map((p) => p.name),
      );
      for (const [field, kind] of Object.entries(e.list!.filters!)) {
        for (const op of FILTER_OPERATORS) {
          const name = `${field}[${op}]`;
          const value = op === 'in' || op === 'nin' ? `${VALUE[kind]},${VALUE[kind]}` : VALUE[kind];
          const error = refusal(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, e);
          if (declared.has(name)) {
            expect(error, `${e.id} ${name}`).toBeNull();
            accepted++;
          } else {
            expect(error?.details, `${e.id} ${name}`).toEqual([expect.objectContaining({ field: name, code: 'INVALID_CHOICE' })]);
          }
        }
      }
    }
    expect(accepted).toBe([...operations.values()].flatMap((op) => op.parameters.filter((p) => p['x-operator-filter'])).length);
  });
});

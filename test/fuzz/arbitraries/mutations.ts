// Almost valid: one mutation of a valid value. Part of the fuzz suites' arbitraries (../arbitraries.ts).
import fc from 'fast-check';
import { addEntryAt, fromPlain, JsonObject, pathsOf, raw, toJsonText, updateAt, type Path } from './json-text.js';
import { EXOTIC_NUMBER_LITERALS, hostileKey, hostileValue, IMPOSSIBLE_DATES } from './hostile-values.js';

export type MutationKind =
  | 'replace'
  | 'delete'
  | 'add-key'
  | 'duplicate-key'
  | 'wrap-array'
  | 'as-string'
  | 'exotic-number'
  | 'impossible-date'
  | 'huge-array'
  | 'null';

const MUTATIONS: MutationKind[] = [
  'replace',
  'delete',
  'add-key',
  'duplicate-key',
  'wrap-array',
  'as-string',
  'exotic-number',
  'impossible-date',
  'huge-array',
  'null',
];

export interface Mutation {
  kind: MutationKind;
  path: Path;
}

/** A valid value (from `validArbitrary`) with one node changed into something hostile. */
export function mutated(base: fc.Arbitrary<unknown>, fieldNames: readonly string[]): fc.Arbitrary<{ value: unknown; mutation: Mutation }> {
  return fc
    .tuple(
      base,
      fc.constantFrom(...MUTATIONS),
      fc.nat(),
      hostileValue(fieldNames),
      hostileKey(fieldNames),
      fc.integer({ min: 50, max: 400 }),
    )
    .map(([plain, kind, pick, hostile, key, count]) => {
      const value = fromPlain(plain);
      const nodes = pathsOf(value);
      if (nodes.length === 0) {
        return { value: kind === 'add-key' ? addEntryAt(value, [], key, hostile) : hostile, mutation: { kind, path: [] } };
      }
      if (kind === 'add-key' || kind === 'duplicate-key') {
        const objects = [{ path: [] as Path, value }, ...nodes].filter((n) => n.value instanceof JsonObject);
        const target = objects[pick % objects.length];
        const existing = (target.value as JsonObject).entries.map(([k]) => k);
        const name = kind === 'duplicate-key' && existing.length ? existing[pick % existing.length] : key;
        return { value: addEntryAt(value, target.path, name, hostile), mutation: { kind, path: [...target.path, name] } };
      }
      const { path } = nodes[pick % nodes.length];
      const change = (node: unknown): unknown => {
        switch (kind) {
          case 'delete':
            return undefined;
          case 'wrap-array':
            return [node];
          case 'as-string':
            return typeof node === 'string' ? new JsonObject([['value', node]]) : toJsonText(node);
          case 'exotic-number':
            return raw(EXOTIC_NUMBER_LITERALS[pick % EXOTIC_NUMBER_LITERALS.length]);
          case 'impossible-date':
            return IMPOSSIBLE_DATES[pick % IMPOSSIBLE_DATES.length];
          case 'huge-array':
            return Array.from({ length: count }, () => node);
          case 'null':
            return null;
          default:
            return hostile;
        }
      };
      return { value: updateAt(value, path, change), mutation: { kind, path } };
    });
}

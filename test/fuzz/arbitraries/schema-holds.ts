// What a schema holds: money, dates, paths and lengths it declares. Part of the fuzz suites' arbitraries (../arbitraries.ts).
import type fc from 'fast-check';
import type { z } from 'zod';
import type { Path } from './json-text.js';
import { defOf, isMoneySchema, MAX_SCHEMA_DEPTH, MONEY_NAME, unwrap, validArbitrary, type ValidOptions } from './schema-values.js';

/** Whether a body schema has an amount anywhere: the contract's `money()`, or a number named like one. */
export function schemaHasMoney(schema: z.ZodType | undefined, field = '', depth = 0): boolean {
  if (!schema || depth > MAX_SCHEMA_DEPTH) return false;
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'number') return isMoneySchema(schema) || MONEY_NAME.test(field);
  if (def.type === 'object')
    return Object.entries(def.shape as Record<string, z.ZodType>).some(([key, child]) => schemaHasMoney(child, key, depth + 1));
  if (def.type === 'array') return schemaHasMoney(def.element, field, depth + 1);
  if (def.type === 'union') return (def.options as z.ZodType[]).some((o) => schemaHasMoney(o, field, depth + 1));
  return false;
}

const DATE_NAME = /(date|datefrom|dateto|after|before|until)$/i;

/** Query parameters that take a date: an ISO date or datetime format, or a string named like a date. */
export function dateQueryParams(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = defOf(unwrap(schema));
  if (def.type !== 'object') return [];
  return Object.entries(def.shape as Record<string, z.ZodType>)
    .filter(([key, child]) => {
      const inner = defOf(unwrap(child));
      return inner.type === 'string' && (inner.format === 'date' || inner.format === 'datetime' || DATE_NAME.test(key));
    })
    .map(([key]) => key);
}

/** A valid value with every optional field present (so amounts and `customFields` are there to mutate). */
export function fullArbitrary(schema: z.ZodType, options: ValidOptions): fc.Arbitrary<unknown> {
  return validArbitrary(schema, { ...options, allOptional: true });
}

/** The schemas `path` reaches in `schema`: several through a union, none where a key is not declared (a key it would drop unread). */
export function schemasAt(schema: z.ZodType | undefined, path: Path, depth = 0): z.ZodType[] {
  if (!schema || depth > MAX_SCHEMA_DEPTH) return [];
  if (path.length === 0) return [schema];
  const def = defOf(unwrap(schema));
  const [head, ...rest] = path;
  if (def.type === 'object' && typeof head === 'string') return schemasAt((def.shape as Record<string, z.ZodType>)[head], rest, depth + 1);
  if (def.type === 'array' && typeof head === 'number') return schemasAt(def.element as z.ZodType, rest, depth + 1);
  if (def.type === 'union') return (def.options as z.ZodType[]).flatMap((o) => schemasAt(o, path, depth + 1));
  if (def.type === 'record') return schemasAt(def.valueType as z.ZodType, rest, depth + 1);
  return [];
}

/** Whether every key of `path` is a field the schema declares (not a key it would drop unread). */
export const declaresPath = (schema: z.ZodType | undefined, path: Path): boolean => schemasAt(schema, path).length > 0;

/** The longest text a schema declares at `path` (`.max()`), if any: a document field (a CSV's text) may be long by design. */
export function declaredMaxLength(schema: z.ZodType | undefined, path: Path): number | undefined {
  const lengths = schemasAt(schema, path).flatMap((s) => (unwrap(s) as z.ZodType & { maxLength?: number | null }).maxLength ?? []);
  return lengths.length > 0 ? Math.max(...lengths) : undefined;
}

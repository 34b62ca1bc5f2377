import type { z } from 'zod';
import { secretSchemas } from '../../src/contract/index.js';

/**
 * Which values of a request are secrets, read from the contract (`secret()` in src/contract/common.ts),
 * so that no error echoes one: at a path of a schema, or anywhere inside the value found there.
 */

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: z.ZodType): Def => schema._zod.def as z.core.$ZodTypeDef & Def;

/** Wrappers a value passes through unchanged in shape: their inner schemas describe the same value. */
function sameValue(def: Def): z.ZodType[] {
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return [def.innerType as z.ZodType];
    case 'pipe':
      return [def.in as z.ZodType, def.out as z.ZodType];
    case 'lazy':
      return [(def.getter as () => z.ZodType)()];
    case 'union':
      return def.options as z.ZodType[];
    case 'intersection':
      return [def.left as z.ZodType, def.right as z.ZodType];
    default:
      return [];
  }
}

/** The schemas of one part (`key`) of a value described by `def`. */
function partOf(def: Def, key: PropertyKey): z.ZodType[] {
  switch (def.type) {
    case 'object': {
      // Own keys only: `constructor` or `__proto__` in a request names no field of any schema.
      const shape = def.shape as Record<PropertyKey, z.ZodType>;
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      return field ? [field] : def.catchall ? [def.catchall as z.ZodType] : [];
    }
    case 'array':
      return [def.element as z.ZodType];
    case 'record':
      return [def.valueType as z.ZodType];
    case 'tuple': {
      const items = def.items as z.ZodType[];
      const item = typeof key === 'number' ? items[key] : undefined;
      return item ? [item] : def.rest ? [def.rest as z.ZodType] : [];
    }
    default:
      return [];
  }
}

/** Every part of a value described by `def` (for the search of secrets inside). */
function partsOf(def: Def): z.ZodType[] {
  switch (def.type) {
    case 'object':
      return [...Object.values(def.shape as Record<string, z.ZodType>), ...(def.catchall ? [def.catchall as z.ZodType] : [])];
    case 'array':
      return [def.element as z.ZodType];
    case 'record':
      return [def.valueType as z.ZodType];
    case 'tuple':
      return [...(def.items as z.ZodType[]), ...(def.rest ? [def.rest as z.ZodType] : [])];
    default:
      return [];
  }
}

/** `schemas` and every schema describing the same value through wrappers; `secret` when one is marked. */
function expand(schemas: z.ZodType[]): { all: z.ZodType[]; secret: boolean } {
  const all: z.ZodType[] = [];
  const seen = new Set<z.ZodType>();
  const pending = [...schemas];
  while (pending.length > 0) {
    const schema = pending.pop()!;
    if (seen.has(schema)) continue;
    seen.add(schema);
    if (secretSchemas.has(schema)) return { all, secret: true };
    all.push(schema);
    pending.push(...sameValue(defOf(schema)));
  }
  return { all, secret: false };
}

const holdsSecret = new WeakMap<z.ZodType, boolean>();

/** Whether a secret is declared anywhere within `schema` (cached per schema; cycles through `lazy` end). */
function containsSecret(schema: z.ZodType): boolean {
  const known = holdsSecret.get(schema);
  if (known !== undefined) return known;
  const seen = new Set<z.ZodType>();
  const pending = [schema];
  let found = false;
  while (pending.length > 0 && !found) {
    const current = pending.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    if (secretSchemas.has(current)) found = true;
    const def = defOf(current);
    pending.push(...sameValue(def), ...partsOf(def));
  }
  holdsSecret.set(schema, found);
  return found;
}

/**
 * Whether the value at `path` of an input described by `schema` must not be echoed: it is a secret,
 * lies inside one, or holds one.
 */
export function isSecretAt(schema: z.ZodType, path: readonly PropertyKey[]): boolean {
  let level = expand([schema]);
  for (const key of path) {
    if (level.secret) return true;
    const next = level.all.flatMap((s) => partOf(defOf(s), key));
    if (next.length === 0) return false;
    level = expand(next);
  }
  return level.secret || level.all.some(containsSecret);
}

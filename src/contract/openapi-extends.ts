type JsonSchema = Record<string, unknown>;

// zod writes `Base.extend({...})` of a named Base as `allOf: [{ $ref: Base }, { ...the new fields }]`; on the
// response side both parts are closed (`additionalProperties: false`), so no answer could pass both. Such a
// schema is written as one closed object instead, Base's fields and the new ones together (decision PLAT-43).

const COMPONENTS = '#/components/schemas/';

const isPlainObject = (schema: JsonSchema) => schema.type === 'object' && !('allOf' in schema || 'anyOf' in schema || 'oneOf' in schema);

/** The one object an `allOf` of closed objects means, or undefined when a part is not a plain object. */
function merged(schema: JsonSchema, resolve: (ref: string) => JsonSchema | undefined): JsonSchema | undefined {
  const { allOf, ...rest } = schema as { allOf?: JsonSchema[] };
  if (!allOf) return isPlainObject(schema) ? schema : undefined;
  const parts: JsonSchema[] = [];
  for (const part of allOf) {
    const target = typeof part.$ref === 'string' ? resolve(part.$ref) : part;
    const flat = target && merged(target, resolve);
    if (!flat) return undefined;
    parts.push(flat);
  }
  if (!parts.some((part) => part.additionalProperties === false)) return undefined;
  const required = [...new Set(parts.flatMap((part) => (part.required as string[] | undefined) ?? []))];
  return {
    ...rest,
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

/** `bodies` (components by name) with each closed `allOf` of named parts written as one object. */
export function mergeClosedExtensions(bodies: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const resolve = (ref: string) => (ref.startsWith(COMPONENTS) ? bodies[ref.slice(COMPONENTS.length)] : undefined);
  return Object.fromEntries(Object.entries(bodies).map(([name, body]) => [name, 'allOf' in body ? (merged(body, resolve) ?? body) : body]));
}

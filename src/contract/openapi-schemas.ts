import { z } from 'zod';
import { mergeClosedExtensions } from './openapi-extends.js';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

const COMPONENTS = '#/components/schemas/';
/** The id an unnamed schema is registered under while it is converted. */
const INLINE = '__inline';
/** Where a request side's refs point until `finish` names them. */
const INPUT_REF = '#/components/input-schemas/';
const OPTIONS = { unrepresentable: 'any', target: 'draft-2020-12' } as const;

/** Calls `visit` on every `$ref` string of a JSON value, replacing it with what `visit` returns. */
function mapRefs(value: unknown, visit: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, visit));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key === '$ref' && typeof inner === 'string' ? visit(inner) : mapRefs(inner, visit)]),
  );
}

const refsOf = (value: unknown): string[] => {
  const out: string[] = [];
  mapRefs(value, (ref) => {
    out.push(ref);
    return ref;
  });
  return out;
};

/** A body without `additionalProperties: false`, which zod writes on the response side of a stripping object only. */
const withoutClosedObjects = (body: unknown): string =>
  JSON.stringify(body, (key, value) => (key === 'additionalProperties' && value === false ? undefined : value));

/**
 * The contract's named schemas as OpenAPI components, under the names the SDK's types carry
 * (PLAT-36): a schema is written once and referenced by `$ref` wherever it appears. A schema whose
 * request side types differently from its response side (defaults, transforms) also gets
 * `<Name>Input`, as the SDK declares it; one used on requests only is `<Name>` with its request side.
 */
export class NamedSchemas {
  private readonly registry = z.registry<{ id: string }>();
  private readonly bodies: Record<Io, Record<string, JsonSchema>>;
  /** Names whose request side types differently (directly or through a schema they refer to). */
  private readonly dual = new Set<string>();

  constructor(names: Map<z.ZodType, string>) {
    for (const [schema, name] of names) this.registry.add(schema, { id: name });
    this.bodies = { input: this.convertAll('input'), output: mergeClosedExtensions(this.convertAll('output')) };
    for (const name of Object.keys(this.bodies.output)) {
      if (withoutClosedObjects(this.bodies.input[name]) !== withoutClosedObjects(this.bodies.output[name])) this.dual.add(name);
    }
    for (let changed = true; changed; ) {
      changed = false;
      for (const [name, body] of Object.entries(this.bodies.input)) {
        if (this.dual.has(name) || !refsOf(body).some((ref) => this.dual.has(ref.slice(COMPONENTS.length)))) continue;
        this.dual.add(name);
        changed = true;
      }
    }
  }

  private convertAll(io: Io): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(this.registry, { ...OPTIONS, io, uri: (id) => `${COMPONENTS}${id}` }) as {
      schemas: Record<string, JsonSchema>;
    };
    if (schemas.__shared) throw new Error('openapi: a named schema needs shared $defs; name the schema it reuses');
    return Object.fromEntries(Object.entries(schemas).map(([name, { $id: _id, $schema: _schema, ...body }]) => [name, body]));
  }

  /** Marks a request side's refs, which `finish` names once it knows which schemas both sides use. */
  private onSide(json: unknown, io: Io): JsonSchema {
    if (io === 'output') return json as JsonSchema;
    return mapRefs(json, (ref) => (ref.startsWith(COMPONENTS) ? `${INPUT_REF}${ref.slice(COMPONENTS.length)}` : ref)) as JsonSchema;
  }

  /** JSON Schema of `schema` on side `io`: a `$ref` if it is named, else inline with its named parts referenced. */
  schemaOf(schema: z.ZodType, io: Io): JsonSchema {
    const id = this.registry.get(schema)?.id;
    if (id) return this.onSide({ $ref: `${COMPONENTS}${id}` }, io);
    // Registered for this call only, so zod writes its body inline instead of into shared `$defs`;
    // without `uri`, zod writes a reference to a registered schema as its bare id.
    this.registry.add(schema, { id: INLINE });
    try {
      // `external` is what zod's registry conversion uses itself; its public params type leaves it out.
      const external = { registry: this.registry, uri: undefined, defs: {} };
      const json = z.toJSONSchema(schema, { ...OPTIONS, io, external } as z.core.ToJSONSchemaParams) as JsonSchema;
      delete json.$schema;
      const body = mapRefs(json, (ref) => {
        if (ref === INLINE || ref.startsWith('__shared')) throw new Error('openapi: an unnamed schema refers to itself; name it');
        return ref.startsWith('#') ? ref : `${COMPONENTS}${ref}`;
      });
      return this.onSide(body, io);
    } finally {
      this.registry.remove(schema);
    }
  }

  /**
   * `document` with its request-side refs named, and the components it refers to (directly or through
   * others) added: `<Name>` on the response side, or the request side for a schema only requests use;
   * `<Name>Input` for the request side of one both use that types differently.
   */
  finish<T extends { components: { schemas: Record<string, JsonSchema> } }>(document: T): T {
    const used: Record<Io, Set<string>> = { input: new Set(), output: new Set() };
    const pending = refsOf(document);
    while (pending.length) {
      const ref = pending.pop()!;
      const [io, name] = ref.startsWith(INPUT_REF)
        ? (['input', ref.slice(INPUT_REF.length)] as const)
        : (['output', ref.slice(COMPONENTS.length)] as const);
      if (used[io].has(name) || !this.bodies[io][name]) continue;
      used[io].add(name);
      pending.push(...refsOf(this.onSide(this.bodies[io][name], io)));
    }
    const twice = (name: string) => this.dual.has(name) && used.output.has(name);
    const named = (json: unknown) =>
      mapRefs(json, (ref) => {
        if (!ref.startsWith(INPUT_REF)) return ref;
        const name = ref.slice(INPUT_REF.length);
        return `${COMPONENTS}${twice(name) ? `${name}Input` : name}`;
      });
    const components: Record<string, unknown> = {};
    for (const name of used.input) components[twice(name) ? `${name}Input` : name] = named(this.onSide(this.bodies.input[name], 'input'));
    // A schema both sides use, typed alike, is its response side (closed objects, so answers are checked strictly).
    for (const name of used.output) components[name] = this.bodies.output[name];
    const all = { ...document.components.schemas, ...components };
    const schemas = Object.fromEntries(
      Object.keys(all)
        .sort()
        .map((name) => [name, all[name]]),
    );
    return named({ ...document, components: { ...document.components, schemas } }) as T;
  }
}

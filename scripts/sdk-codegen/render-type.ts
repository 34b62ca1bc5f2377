// Renders a zod 4 schema as a TypeScript type expression, naming the schemas the contract exports.
import { z } from 'zod';
import { sdkTypes } from '../../src/contract/endpoint.js';
import type { DocPlace, SourceDocs } from './source-docs.js';

/** Which side of a schema a type describes: what a caller sends (`input`) or what the service answers (`output`). */
export type Mode = 'input' | 'output';

/** How the renderer refers to a named schema; returns undefined for a schema without a name (rendered inline). */
export type NameOf = (schema: z.ZodType, mode: Mode) => string | undefined;

/** A zod schema's internals, read only through this view (zod 4 keeps them on `_zod.def`). */
interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: z.ZodType): Def => schema._zod.def as z.core.$ZodTypeDef & Def;
const bag = (schema: z.ZodType) => schema._zod;

/** What the generator reads of a schema besides its shape. */
export interface SdkMeta {
  /** `.describe()` / `.meta({ description })`: the field's doc comment. */
  description?: string;
  /** The schema whose type the SDK shows instead of this one's (`typedAs` in src/contract/endpoint.ts). */
  sdkAs?: z.ZodType;
}
export const metaOf = (schema: z.ZodType): SdkMeta => ({
  description: (z.globalRegistry.get(schema) as { description?: string } | undefined)?.description,
  sdkAs: sdkTypes.get(schema),
});

/** Whether a field may be left out, on the given side. */
export const isOptional = (schema: z.ZodType, mode: Mode): boolean => Boolean(mode === 'input' ? bag(schema).optin : bag(schema).optout);

/** Object fields as the renderer lays them out: name, type, whether optional, doc. */
export interface Field {
  name: string;
  type: string;
  optional: boolean;
  doc?: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
export const propertyName = (name: string) => (IDENTIFIER.test(name) ? name : literal(name));

/** A literal type as written in source: strings in single quotes. */
export function literal(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return JSON.stringify(value);
}

/** Doc comment lines for a description, indented. */
export function docLines(doc: string | undefined, indent: string): string[] {
  if (!doc) return [];
  const lines = doc.trim().replace(/\*\//g, '*\\/').split('\n');
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((line) => `${indent} *${line ? ` ${line}` : ''}`), `${indent} */`];
}

/**
 * A field's doc: the description on its schema, or on the schema it wraps (`.optional()`,
 * `.nullable()`), short of a named schema, whose description documents its own declaration.
 */
function fieldDoc(schema: z.ZodType, named: (schema: z.ZodType) => boolean): string | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 8 && !named(current); depth++) {
    const description = metaOf(current).description;
    if (description) return description;
    const def = defOf(current);
    current = (def.innerType as z.ZodType | undefined) ?? undefined;
  }
  return undefined;
}

export class TypeRenderer {
  constructor(
    private readonly nameOf: NameOf,
    /** Doc comments of the contract's source, for fields without a zod description. */
    private readonly docs?: SourceDocs,
  ) {}

  /** The type of `schema` on side `mode`; a named sub-schema is written by its name. `at`: where its field docs are. */
  render(schema: z.ZodType, mode: Mode, indent = '', at?: DocPlace): string {
    const name = this.nameOf(schema, mode);
    return name ?? this.renderBody(schema, mode, indent, at);
  }

  /** The type of `schema` itself, even when it has a name (the right-hand side of its declaration). */
  renderBody(schema: z.ZodType, mode: Mode, indent = '', at?: DocPlace): string {
    const shown = metaOf(schema).sdkAs;
    if (shown) return this.render(shown, mode, indent, at);
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
      case 'template_literal':
        return 'string';
      case 'number':
      case 'int':
      case 'nan':
        return 'number';
      case 'bigint':
        return 'bigint';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'undefined':
      case 'void':
        return 'undefined';
      case 'never':
        return 'never';
      case 'any':
      case 'unknown':
      case 'custom':
        return 'unknown';
      case 'date':
        return 'Date';
      case 'enum':
        return Object.values(def.entries as Record<string, string | number>)
          .map((value) => literal(value))
          .join(' | ');
      case 'literal':
        return (def.values as unknown[]).map((value) => literal(value)).join(' | ');
      case 'array':
        return `${this.wrap(this.render(def.element as z.ZodType, mode, indent, at))}[]`;
      case 'tuple': {
        const items = (def.items as z.ZodType[]).map((item) => this.render(item, mode, indent));
        if (def.rest) items.push(`...${this.wrap(this.render(def.rest as z.ZodType, mode, indent))}[]`);
        return `[${items.join(', ')}]`;
      }
      case 'union':
        return unique((def.options as z.ZodType[]).map((option) => this.render(option, mode, indent, at))).join(' | ');
      case 'intersection':
        return `${this.wrap(this.render(def.left as z.ZodType, mode, indent))} & ${this.wrap(this.render(def.right as z.ZodType, mode, indent))}`;
      case 'record': {
        const key = this.render(def.keyType as z.ZodType, mode, indent);
        const value = this.render(def.valueType as z.ZodType, mode, indent);
        return key === 'string' ? `Record<string, ${value}>` : `Partial<Record<${key}, ${value}>>`;
      }
      case 'map':
        return `Map<${this.render(def.keyType as z.ZodType, mode, indent)}, ${this.render(def.valueType as z.ZodType, mode, indent)}>`;
      case 'set':
        return `Set<${this.render(def.valueType as z.ZodType, mode, indent)}>`;
      case 'object':
        return this.objectLiteral(this.fields(schema, mode, `${indent}  `, at), this.catchall(schema, mode, `${indent}  `), indent);
      case 'nullable':
        return unique([...topLevel(this.render(def.innerType as z.ZodType, mode, indent, at), '|'), 'null']).join(' | ');
      case 'optional':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'nonoptional':
      case 'readonly':
      case 'success':
        return this.render(def.innerType as z.ZodType, mode, indent, at);
      case 'pipe': {
        // What a caller sends is the pipe's input, unless that is a preprocess step (which takes
        // anything): then the schema after it says (as zod's JSON Schema does).
        const input = defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in;
        return this.render((mode === 'input' ? input : def.out) as z.ZodType, mode, indent, at);
      }
      case 'transform':
        // A transform's output is whatever its function returns: not knowable from the schema.
        return 'unknown';
      case 'lazy':
        return this.render((def.getter as () => z.ZodType)(), mode, indent);
      case 'promise':
        return `Promise<${this.render(def.innerType as z.ZodType, mode, indent)}>`;
      default:
        throw new Error(`sdk-codegen: no TypeScript rendering for zod type "${def.type}"`);
    }
  }

  /** The fields of an object schema, in declaration order; `at`: where their doc comments are in the source. */
  fields(schema: z.ZodType, mode: Mode, indent: string, at?: DocPlace): Field[] {
    const shape = defOf(schema).shape as Record<string, z.ZodType>;
    return Object.entries(shape).map(([name, field]) => {
      const place = at && { owner: at.owner, path: at.path ? `${at.path}.${name}` : name };
      return {
        name,
        type: this.render(field, mode, indent, place),
        optional: isOptional(field, mode),
        doc: fieldDoc(field, (inner) => this.nameOf(inner, mode) !== undefined) ?? (place && this.docs?.field(place)),
      };
    });
  }

  /** The index signature of an object that keeps unknown keys (`looseObject`, `.catchall()`), or undefined. */
  catchall(schema: z.ZodType, mode: Mode, indent: string): string | undefined {
    const rest = defOf(schema).catchall as z.ZodType | undefined;
    if (!rest || defOf(rest).type === 'never') return undefined;
    return this.render(rest, mode, indent);
  }

  /** An object type literal: `{ a: string; b?: number }` on one line when short, else a block. */
  objectLiteral(fields: Field[], catchall: string | undefined, indent: string): string {
    const lines = this.memberLines(fields, catchall, `${indent}  `);
    if (lines.length === 0) return catchall ? `Record<string, ${catchall}>` : 'Record<string, never>';
    const oneLine = fields.every((field) => !field.doc)
      ? `{ ${lines
          .map((line) => line.trim())
          .join(' ')
          .replace(/;$/, '')} }`
      : undefined;
    if (oneLine && oneLine.length <= 100 && !oneLine.includes('\n')) return oneLine;
    return `{\n${lines.join('\n')}\n${indent}}`;
  }

  /** Member lines of an interface or object literal body. */
  memberLines(fields: Field[], catchall: string | undefined, indent: string): string[] {
    const lines: string[] = [];
    for (const field of fields) {
      lines.push(...docLines(field.doc, indent));
      lines.push(`${indent}${propertyName(field.name)}${field.optional ? '?' : ''}: ${field.type};`);
    }
    if (catchall) lines.push(`${indent}[key: string]: ${catchall === 'unknown' ? 'unknown' : `${catchall} | undefined`};`);
    return lines;
  }

  /** Whether the declaration of `schema` is an object (written as an `interface`). */
  isObject(schema: z.ZodType): boolean {
    const shown = metaOf(schema).sdkAs;
    return defOf(shown ?? schema).type === 'object';
  }

  /** The schema whose shape a declaration shows (its `sdkAs`, else itself). */
  shown(schema: z.ZodType): z.ZodType {
    return metaOf(schema).sdkAs ?? schema;
  }

  private wrap(type: string): string {
    return topLevel(type, '|').length > 1 || topLevel(type, '&').length > 1 ? `(${type})` : type;
  }
}

/** The parts of a type separated by `separator` outside any brackets or string. */
export function topLevel(type: string, separator: '|' | '&'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    const char = type[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if ('{[(<'.includes(char)) depth++;
    else if ('}])>'.includes(char)) depth--;
    else if (char === separator && depth === 0) {
      parts.push(type.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(type.slice(start).trim());
  return parts;
}

function unique(parts: string[]): string[] {
  return [...new Set(parts)];
}

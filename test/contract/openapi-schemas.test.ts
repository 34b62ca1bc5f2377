// docs/openapi.json names its schemas as the SDK names its types (PLAT-36), so a generated client in any language reads the same names.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../scripts/openapi-document.js';
import { collectContract } from '../../scripts/sdk-codegen/collect.js';

type Json = Record<string, unknown>;
const doc = openApiDocument() as {
  paths: Record<string, Record<string, Json & { operationId: string }>>;
  components: { schemas: Record<string, Json> };
};
const schemas = doc.components.schemas;
const ENVELOPE = [
  'Meta',
  'ErrorEnvelope',
  'ValidationErrorEnvelope',
  'NotFoundErrorEnvelope',
  'StateRuleErrorEnvelope',
  'OtherErrorEnvelope',
  'CursorPagination',
  'OffsetPagination',
  'PagePagination',
];

// A path item holds its operations by method, and may hold `servers` (the data and OAuth paths, PLAT-40).
const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);
const operations = Object.values(doc.paths).flatMap((item) => Object.entries(item).flatMap(([key, op]) => (METHODS.has(key) ? [op] : [])));
const operation = (id: string) => operations.find((op) => op.operationId === id)!;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonBody = (response: unknown) =>
  (response as { content: { 'application/json': { schema: { properties: { data: Json } } } } }).content['application/json'].schema;

function refsOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) key === '$ref' ? out.push(inner as string) : refsOf(inner, out);
  }
  return out;
}

/** The type names src/generated declares (the SDK's names). */
function sdkTypeNames(): Set<string> {
  const dir = fileURLToPath(new URL('../../src/generated/', import.meta.url));
  const names = new Set<string>();
  const read = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) read(full);
      else for (const m of readFileSync(full, 'utf8').matchAll(/^export (?:interface|type) (\w+)/gm)) names.add(m[1]);
    }
  };
  read(dir);
  return names;
}

describe('docs/openapi.json named schemas (PLAT-36)', () => {
  it('answers invoices.retrieve with a $ref to Invoice, and inlines the invoice shape nowhere', () => {
    expect(jsonBody(operation('invoices.retrieve').responses!['200' as never]).properties.data).toEqual(ref('Invoice'));
    expect((jsonBody(operation('invoices.list').responses!['200' as never]).properties.data as Json).items).toEqual(ref('Invoice'));
    const invoiceText = JSON.stringify(schemas.Invoice);
    const text = JSON.stringify(doc);
    expect(text.split(invoiceText).length - 1).toBe(1);
  });

  it('resolves every $ref inside the document, to a component or below one', () => {
    for (const target of new Set(refsOf(doc))) {
      expect(target.startsWith('#/components/schemas/'), target).toBe(true);
      let at: unknown = doc;
      for (const segment of target.slice(2).split('/')) at = (at as Json | undefined)?.[segment];
      expect(at, target).toBeTypeOf('object');
    }
  });

  it('writes each component as plain JSON Schema 2020-12: no $schema, $id or $defs of its own', () => {
    const text = JSON.stringify(schemas);
    for (const key of ['"$schema"', '"$id"', '"$defs"', '"definitions"', '__shared', '__inline']) expect(text).not.toContain(key);
  });

  it('names every component as the SDK names its type, and refers to every one', async () => {
    const sdk = sdkTypeNames();
    for (const name of Object.keys(schemas)) if (!ENVELOPE.includes(name)) expect(sdk.has(name), name).toBe(true);
    const referenced = new Set(refsOf({ paths: doc.paths, components: doc.components }).map((r) => r.split('/')[3]));
    for (const name of Object.keys(schemas)) expect(referenced.has(name), `${name} is never referred to`).toBe(true);
  });

  it("refers to each endpoint's body, query and response by the SDK's name for it", async () => {
    const contract = await collectContract(fileURLToPath(new URL('../../src/contract/', import.meta.url)));
    const names = new Map<unknown, string>();
    for (const file of contract.files) for (const { name, schema } of file.schemas) if (!names.has(schema)) names.set(schema, name);
    let checked = 0;
    for (const file of contract.files) {
      for (const { endpoint: e } of file.endpoints) {
        const op = operation(e.id);
        if (e.body) {
          const name = names.get(e.body)!;
          const body = (op.requestBody as { content: Record<string, { schema: Json }> }).content;
          for (const media of Object.values(body)) expect([ref(name), ref(`${name}Input`)], e.id).toContainEqual(media.schema);
        }
        if (e.query) expect(op['x-query-schema'], e.id).toEqual(ref(names.get(e.query)!));
        const response = (op.responses as Record<string, Json>)[String(e.status)];
        const json = (response.content as Record<string, { schema: Json }> | undefined)?.['application/json']?.schema;
        if (json && e.envelope !== false) {
          const data = (json.properties as Json).data as Json;
          expect(e.list ? data.items : data, e.id).toEqual(ref(names.get(e.response)!));
        } else if (json) expect(json, e.id).toEqual(ref(names.get(e.response)!));
        checked++;
      }
    }
    expect(checked).toBe(operations.length);
  });

  it('declares <Name>Input only where the SDK does: a schema both sides use that types differently', () => {
    const inputs = Object.keys(schemas).filter((name) => name.endsWith('Input') && schemas[name.slice(0, -'Input'.length)]);
    expect(inputs.sort()).toEqual(['SupplierBankDetailsInput']);
  });
});

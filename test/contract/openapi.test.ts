import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument, openApiText } from '../../scripts/openapi-document.js';
import { endpoints, FILE_FORMATS } from '../../src/contract/index.js';

describe('docs/openapi.json', () => {
  // Its examples are captured from a demo mock, every endpoint called once (PLAT-41): seconds, not milliseconds.
  it('is what `npm run openapi` writes from the contract (run it after changing src/contract or the mock)', {
    timeout: 120_000,
  }, async () => {
    const committed = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
    expect(committed === (await openApiText()), 'docs/openapi.json is stale: run `npm run openapi`').toBe(true);
  });

  it('declares every contract endpoint under its full path with its success status', () => {
    const doc = openApiDocument() as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const e of endpoints) {
      const full = e.api === 'business' ? `/v1${e.path}` : e.path;
      const op = doc.paths[full]?.[e.method.toLowerCase()];
      expect(op?.operationId, `${e.method} ${full}`).toBe(e.id);
      expect(Object.keys(op!.responses)).toContain(String(e.status));
    }
  });

  it('lists WebSocket endpoints in a top-level x-websockets array', () => {
    expect(Array.isArray((openApiDocument() as Record<string, unknown>)['x-websockets'])).toBe(true);
  });

  it('tells each JSON form from its files by media type, and `format` names the forms it answers (PLAT-39)', () => {
    type Content = Record<string, { schema: Record<string, unknown> }>;
    type Op = { parameters: { name: string; schema: { enum?: string[] } }[]; responses: Record<string, { content?: Content }> };
    const doc = openApiDocument() as { paths: Record<string, Record<string, Op>> };
    const opOf = (e: (typeof endpoints)[number]) => doc.paths[e.api === 'business' ? `/v1${e.path}` : e.path][e.method.toLowerCase()];
    const withFiles = endpoints.filter((e) => e.files);
    expect(withFiles.length).toBeGreaterThan(20);
    for (const e of withFiles) {
      const op = opOf(e);
      const content = op.responses[String(e.status)].content!;
      expect(Object.keys(content), e.id).toEqual(['application/json', ...e.files!.map((f) => FILE_FORMATS[f].mediaType.split(';')[0])]);
      expect(content['text/csv']?.schema, e.id).toEqual({ type: 'string', contentMediaType: 'text/csv' });
      const format = op.parameters.find((p) => p.name === 'format');
      if (format) expect(format.schema.enum, e.id).toEqual(['json', ...e.files!]);
    }
    for (const e of endpoints.filter((x) => x.file)) {
      expect(Object.keys(opOf(e).responses[String(e.status)].content!), e.id).toEqual([e.file!.mediaType]);
    }
    const batch = opOf(endpoints.find((e) => e.id === 'batch.customers.run')!);
    expect(batch.responses['202'].content!['application/json'].schema).toMatchObject({
      properties: { data: { $ref: '#/components/schemas/BatchJobAccepted' } },
    });
  });

  it('asks for X-Company-Id once, as a security scheme next to the bearer credential, never as a parameter (PLAT-32)', () => {
    const doc = openApiDocument() as {
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
      paths: Record<string, Record<string, { security: Record<string, string[]>[]; parameters: { name: string }[] }>>;
    };
    expect(doc.components.securitySchemes.companyId).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Company-Id' });
    for (const e of endpoints) {
      const op = doc.paths[e.api === 'business' ? `/v1${e.path}` : e.path][e.method.toLowerCase()];
      expect(op.parameters.map((p) => p.name)).not.toContain('X-Company-Id');
      const expected = !e.auth ? [] : e.api === 'business' ? [{ bearer: [], companyId: [] }] : [{ bearer: [] }];
      expect(op.security, e.id).toEqual(expected);
    }
  });
});

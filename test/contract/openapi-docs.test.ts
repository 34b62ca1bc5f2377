import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../scripts/openapi-document.js';
import { contract, endpoints } from '../../src/contract/index.js';
import { MODULE_TAGS } from '../../src/contract/openapi-docs.js';
import { ENVIRONMENTS } from '../../src/core/environments.js';
import { reportTypeRows } from '../../mock-server/domain/reports/index.js';

type Json = Record<string, unknown>;
type Parameter = { name: string; in: string; description?: string; schema: { enum?: string[] } };
type Operation = { operationId: string; tags: string[]; parameters: Parameter[] };
type Server = { url: string; variables?: Record<string, { default: string }> };

const doc = openApiDocument() as Json & {
  info: Json;
  servers: Server[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation> & { servers?: Server[] }>;
};
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { license: string; bugs: { url: string } };
const operationOf = (id: string) => {
  const e = endpoints.find((endpoint) => endpoint.id === id)!;
  return doc.paths[e.api === 'business' ? `/v1${e.path}` : e.path][e.method.toLowerCase()];
};

describe('docs/openapi.json explains itself (PLAT-40)', () => {
  it('tags every operation with its module, and describes each module once', () => {
    expect(doc.tags.map((tag) => tag.name)).toEqual(Object.keys(contract));
    for (const tag of doc.tags) expect(tag.description, tag.name).toBe(MODULE_TAGS[tag.name]);
    for (const [module, family] of Object.entries(contract)) {
      for (const e of Object.values(family)) expect(operationOf(e.id).tags, e.id).toEqual([module]);
    }
  });

  it('gives every operation a summary', () => {
    for (const e of endpoints) expect(operationOf(e.id), e.id).toHaveProperty('summary', e.summary);
  });

  it("names the SDK's sandbox and production hosts and a local acs-mock on a port, per API family", () => {
    const local = { url: 'http://127.0.0.1:{port}', variables: { port: { default: '4010' } } };
    const origins = (pick: (urls: (typeof ENVIRONMENTS)['sandbox']) => string) => [
      { url: pick(ENVIRONMENTS.sandbox).replace(/\/v1$/, '') },
      { url: pick(ENVIRONMENTS.production).replace(/\/v1$/, '') },
      local,
    ];
    expect(doc.servers).toMatchObject(origins((urls) => urls.baseUrl));
    for (const [path, item] of Object.entries(doc.paths)) {
      if (path.startsWith('/core2/')) expect(item.servers, path).toMatchObject(origins((urls) => urls.dataBaseUrl));
      else if (path.startsWith('/oauth/')) expect(item.servers, path).toMatchObject(origins((urls) => urls.authUrl));
      else expect(item.servers, path).toBeUndefined();
    }
  });

  it("carries the package's licence and where to report a problem", () => {
    expect(doc.info.license).toEqual({ name: pkg.license, identifier: pkg.license });
    expect(doc.info.contact).toMatchObject({ url: pkg.bugs.url });
  });

  it('keeps each overlapping path parameter apart from the literal segment beside it', () => {
    const reportType = operationOf('reports.email').parameters.find((p) => p.name === 'reportType')!;
    // The same types as the catalogue; the enum lists them in the contract's order (decision SDK-16).
    expect([...reportType.schema.enum!].sort()).toEqual(
      reportTypeRows()
        .map((row) => row.reportType)
        .sort(),
    );
    for (const literal of ['saved', 'links', 'jobs']) expect(reportType.schema.enum).not.toContain(literal);
    const alertId = operationOf('inventory.alerts.updateStatus').parameters.find((p) => p.name === 'alertId')!;
    expect(alertId.description).toMatch(/never `rules`/);
  });
});

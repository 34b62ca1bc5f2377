import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathShape, SPEC_DIR, specRows, type SpecRow } from '../spec-files.js';
import { endpoints, type AnyEndpoint } from '../../src/contract/index.js';
import { AcsClient, type SdkMethod } from '../../src/index.js';
import { MODULES, routes } from '../../mock-server/modules/index.js';
import { createMockService } from '../../mock-server/index.js';
import { webSocketEndpoints } from '../../src/contract/platform/stream.js';
import { streamUrlOf } from '../../src/stream/index.js';
import { openApiDocument } from '../../scripts/openapi-document.js';

/**
 * Every module of the mock's one list must have its every row in the contract, the SDK and the mock; a row
 * still to build waits in DEFERRED.
 */
const REQUIRED_MODULES = MODULES.map((m) => m.name);
/** Rows of the required modules that a later issue builds, by that issue. */
const DEFERRED: Record<string, string> = {};

const rows: SpecRow[] = specRows();

// Path parameters match whatever they are named; /api/v1 and /v1 are the same API.
const shape = pathShape;
const fullPath = (e: AnyEndpoint) => (e.api === 'business' ? `/v1${e.path}` : e.path);
const keyOf = (e: AnyEndpoint) => `${e.method} ${shape(fullPath(e))}`;

const contractByKey = new Map(endpoints.map((e) => [keyOf(e), e]));
const acs = new AcsClient({ apiKey: 'svc_test_sk_coverage', companyId: 'cmp_coverage' });
const sdkIds = new Set(
  Object.values(acs.resources()).flatMap((group) => Object.values(group).map((method) => (method as SdkMethod).endpoint.id)),
);
const mockIds = new Set(routes.map((r) => r.endpoint.id));

// WebSocket rows: declared in the contract and in the document's `x-websockets`, opened by a client
// stream method (`acs.streams()`), and answered by one of the mock's `ws.link` handlers.
const socketByPath = new Map(webSocketEndpoints.map((e) => [shape(`/v1${e.path}`), e]));
const documentedSockets = new Set((openApiDocument()['x-websockets'] as { path: string }[]).map((w) => shape(w.path)));
const sdkSocketIds = new Set(Object.values(acs.streams()).map((method) => method.endpoint.id));
const streamMock = createMockService({ seed: 'empty' });
const mockSocketIds = new Set(
  webSocketEndpoints
    .filter((e) => streamMock.streamHandlers.some((handler) => handler.test(streamUrlOf(streamMock.credentials.baseUrl, e.path))))
    .map((e) => e.id),
);

function coverage(row: SpecRow) {
  if (row.method === 'WS') {
    const socket = socketByPath.get(shape(row.path));
    return {
      contract: Boolean(socket && documentedSockets.has(shape(row.path))),
      sdk: Boolean(socket && sdkSocketIds.has(socket.id)),
      mock: Boolean(socket && mockSocketIds.has(socket.id)),
    };
  }
  const e = contractByKey.get(`${row.method} ${shape(row.path)}`);
  return { contract: Boolean(e), sdk: Boolean(e && sdkIds.has(e.id)), mock: Boolean(e && mockIds.has(e.id)) };
}

describe('docs/spec/endpoints.tsv', () => {
  it('docs/spec holds the spec: its three documents ("spec document N" is docs/spec/N-*.md) and endpoints.tsv', () => {
    const names = readdirSync(SPEC_DIR);
    for (const n of [1, 2, 3]) {
      const documents = names.filter((name) => name.startsWith(`${n}-`) && name.endsWith('.md'));
      expect(documents, `docs/spec/${n}-*.md: copy spec document ${n} there, once`).toHaveLength(1);
    }
    expect(names, "docs/spec/endpoints.tsv: copy the spec's endpoint list there").toContain('endpoints.tsv');
  });

  it('prints the coverage of every row by module', () => {
    const byModule = new Map<string, { all: number; contract: number; sdk: number; mock: number }>();
    for (const row of rows) {
      const c = coverage(row);
      const m = byModule.get(row.module) ?? { all: 0, contract: 0, sdk: 0, mock: 0 };
      m.all++;
      m.contract += Number(c.contract);
      m.sdk += Number(c.sdk);
      m.mock += Number(c.mock);
      byModule.set(row.module, m);
    }
    const lines = [...byModule].map(
      ([name, m]) => `${name.padEnd(18)} contract ${m.contract}/${m.all}  sdk ${m.sdk}/${m.all}  mock ${m.mock}/${m.all}`,
    );
    const complete = rows.filter((r) => Object.values(coverage(r)).every(Boolean)).length;
    console.log(`endpoint coverage (contract + SDK method + mock handler): ${complete}/${rows.length}\n${lines.join('\n')}`);
    expect(rows.length).toBeGreaterThan(200);
  });

  for (const module of REQUIRED_MODULES) {
    it(`every ${module} row has a contract entry, an SDK method and a mock handler`, () => {
      const missing = rows
        .filter((r) => r.module === module && !DEFERRED[`${r.method} ${shape(r.path)}`])
        .filter((r) => !Object.values(coverage(r)).every(Boolean))
        .map((r) => `${r.method} ${r.path} ${JSON.stringify(coverage(r))}`);
      const next =
        'declare each row in src/contract, run `npm run generate`, then add its mock route (CONTRIBUTING.md, "Adding an endpoint")';
      expect(missing, next).toEqual([]);
    });
  }

  it('defers only rows that are still missing (a deferred row that lands must leave the list)', () => {
    for (const key of Object.keys(DEFERRED)) {
      const row = rows.find((r) => `${r.method} ${shape(r.path)}` === key);
      expect(row, key).toBeDefined();
      expect(Object.values(coverage(row!)).every(Boolean), `${key} is covered now: remove it from DEFERRED`).toBe(false);
    }
  });

  it('every contract endpoint is served by the mock and reachable from the SDK', () => {
    for (const e of endpoints) {
      const mockStep = `no mock handler for ${e.id}: add its route to mock-server/routes/ (CONTRIBUTING.md)`;
      expect(mockIds.has(e.id), mockStep).toBe(true);
      expect(
        sdkIds.has(e.id),
        `no SDK method for ${e.id}: run \`npm run generate\` (a new address needs its class in src/resources/; CONTRIBUTING.md, "Adding an endpoint")`,
      ).toBe(true);
    }
  });
});

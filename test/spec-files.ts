import { existsSync, readFileSync } from 'node:fs';

/** The team's spec beside the checkout (../shared/spec), as the issues name it. */
export const SHARED_SPEC = new URL('../../shared/spec/', import.meta.url);
/** A copy of the spec files the tests read, for a clone that has no ../shared beside it. */
export const SPEC_COPY = new URL('./fixtures/spec/', import.meta.url);

/** A spec file from ../shared/spec when it is there, else from the copy in test/fixtures/spec. */
export function readSpecFile(name: string): string {
  const shared = new URL(name, SHARED_SPEC);
  return readFileSync(existsSync(shared) ? shared : new URL(name, SPEC_COPY), 'utf8');
}

export interface SpecRow {
  module: string;
  method: string;
  path: string;
  source: string;
}

/** The rows of endpoints.tsv: module, method, path, source. */
export function specRows(): SpecRow[] {
  return readSpecFile('endpoints.tsv')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .slice(1)
    .map((line) => {
      const [module, method, path, source] = line.split('\t');
      return { module, method, path, source };
    });
}

/** A path as rows and declarations are matched: parameters by position, /api/v1 as /v1, no trailing slash. */
export const pathShape = (path: string) => path.replace(/^\/api\/v1\//, '/v1/').replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '');

/** How many rows of endpoints.tsv the contract declares: `METHOD /full/path` keys of its HTTP and WebSocket endpoints. */
export function declaredSpecRowCount(declared: readonly { method: string; path: string }[]): number {
  const keys = new Set(declared.map((d) => `${d.method} ${pathShape(d.path)}`));
  return specRows().filter((row) => keys.has(`${row.method} ${pathShape(row.path)}`)).length;
}

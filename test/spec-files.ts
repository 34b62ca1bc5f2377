import { readFileSync } from 'node:fs';

/** The spec's three documents and endpoints.tsv, kept in the repository (docs/spec/README.md). */
export const SPEC_DIR = new URL('../docs/spec/', import.meta.url);

/** A file of docs/spec: `endpoints.tsv` or one of the documents, `1-platform-conventions.md`, ... */
export function readSpecFile(name: string): string {
  return readFileSync(new URL(name, SPEC_DIR), 'utf8');
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
export const pathShape = (path: string) =>
  path
    .replace(/^\/api\/v1\//, '/v1/')
    .replace(/\{[^}]+\}/g, '{}')
    .replace(/\/$/, '');

/** How many rows of endpoints.tsv the contract declares: `METHOD /full/path` keys of its HTTP and WebSocket endpoints. */
export function declaredSpecRowCount(declared: readonly { method: string; path: string }[]): number {
  const keys = new Set(declared.map((d) => `${d.method} ${pathShape(d.path)}`));
  return specRows().filter((row) => keys.has(`${row.method} ${pathShape(row.path)}`)).length;
}

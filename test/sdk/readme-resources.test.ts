import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scriptedFetch, testClient } from './helpers.js';

// api.md, generated from the contract, lists every method (test/contract/api-md.test.ts); the notes of
// docs/resources.md add what a signature does not say, and name no method the client lacks.
const table = readFileSync(new URL('../../docs/resources.md', import.meta.url), 'utf8');
const rows = table.split('\n').filter((line) => line.startsWith('| `acs.'));
const apiMd = readFileSync(new URL('../../api.md', import.meta.url), 'utf8');

const methods = () =>
  Object.entries(testClient(scriptedFetch().fetch).resources()).flatMap(([path, methods]) =>
    Object.keys(methods).map((name) => ({ path, name })),
  );

describe('the resource notes (docs/resources.md) and api.md', () => {
  it('api.md names every method of every resource of the client', () => {
    expect(methods().filter(({ path, name }) => !apiMd.includes(`acs.${path}.${name}(`))).toEqual([]);
  });

  it('the notes name only resources the client has', () => {
    const paths = new Set(methods().map(({ path }) => path));
    const unknown = rows.map((row) => row.match(/^\| `acs\.([\w.]+)\.\w+\(/)?.[1]).filter((path) => path && !paths.has(path));
    expect(unknown).toEqual([]);
  });
});

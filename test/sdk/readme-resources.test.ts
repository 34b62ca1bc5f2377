import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scriptedFetch, testClient } from './helpers.js';

// The resource table left the README for docs/resources.md; api.md, generated from the contract, lists the
// same methods with their signatures (test/contract/api-md.test.ts).
const table = readFileSync(new URL('../../docs/resources.md', import.meta.url), 'utf8');
const rows = table.split('\n').filter((line) => line.startsWith('| `acs.'));
const apiMd = new URL('../../api.md', import.meta.url);

const methods = () =>
  Object.entries(testClient(scriptedFetch().fetch).resources()).flatMap(([path, methods]) =>
    Object.keys(methods).map((name) => ({ path, name })),
  );

describe('the resource table (docs/resources.md)', () => {
  it('names every method of every resource of the client', () => {
    const missing: string[] = [];
    for (const { path, name } of methods()) {
      const row = rows.find((line) => line.startsWith(`| \`acs.${path}.`) && new RegExp(`\\.${name}\\(`).test(line.split(' | ')[0]));
      if (!row) missing.push(`acs.${path}.${name}`);
    }
    expect(missing).toEqual([]);
  });

  it.skipIf(!existsSync(apiMd))('api.md names every method of every resource of the client', () => {
    const api = readFileSync(apiMd, 'utf8');
    expect(methods().filter(({ path, name }) => !api.includes(`acs.${path}.${name}(`))).toEqual([]);
  });
});

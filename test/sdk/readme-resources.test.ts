import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scriptedFetch, testClient } from './helpers.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const rows = readme.split('\n').filter((line) => line.startsWith('| `acs.'));

describe("the README's resource table", () => {
  it('names every method of every resource of the client', () => {
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(testClient(scriptedFetch().fetch).resources())) {
      for (const name of Object.keys(methods)) {
        const row = rows.find((line) => line.startsWith(`| \`acs.${path}.`) && new RegExp(`\\.${name}\\(`).test(line.split(' | ')[0]));
        if (!row) missing.push(`acs.${path}.${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

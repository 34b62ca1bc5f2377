import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_MD, generatedSdk } from '../../scripts/sdk-codegen/index.js';
import { endpoints } from '../../src/contract/index.js';

const committed = readFileSync(new URL(`../../${API_MD}`, import.meta.url), 'utf8');

describe('api.md (every method of the client, generated from the contract)', () => {
  it('is what `npm run generate` writes from the contract (run it after changing src/contract)', async () => {
    expect(committed === (await generatedSdk()).apiMd, 'api.md is stale: run `npm run generate`').toBe(true);
  });

  it('names the SDK method of every endpoint with its HTTP call', () => {
    const missing = endpoints.filter((e) => !committed.includes(`acs.${e.id}(`) || !committed.includes(`\`${e.method} `)).map((e) => e.id);
    expect(missing).toEqual([]);
  });
});

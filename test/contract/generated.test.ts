import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../support/source-files.js';
import { generatedSdkFiles, GENERATED_DIR } from '../../scripts/sdk-codegen/index.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

describe("src/generated (the SDK's types and routes, generated from the zod contract)", () => {
  it('is what `npm run generate` writes from the contract (run it after changing src/contract)', async () => {
    const expected = await generatedSdkFiles();
    const stale: string[] = [];
    for (const [path, text] of expected) {
      const file = join(SRC, path);
      if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(path);
    }
    for (const file of filesUnder(join(SRC, GENERATED_DIR), '')) {
      const path = relative(SRC, file).split('\\').join('/');
      if (!expected.has(path)) stale.push(`${path} (no longer generated)`);
    }
    expect(stale, 'src/generated is stale: run `npm run generate`').toEqual([]);
  });
});

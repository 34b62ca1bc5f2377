import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpoints, webSocketEndpoints } from '../src/contract/index.js';

// The README is what a newcomer reads first: short, with the rest one link away (docs/guides/, api.md, docs/).
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const readme = read('README.md');
const guides = readdirSync(join(ROOT, 'docs/guides'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/guides/${f}`);
/** The pages of the manual: the README, the guides and the reference pages beside them. */
const pages = ['README.md', ...guides, 'docs/resources.md', 'docs/development.md'];

describe('the README', () => {
  it('is at most 40 kB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(40_000);
  });

  it('links every guide, the reference pages and the contributor docs', () => {
    const wanted = [
      ...guides,
      'api.md',
      'docs/resources.md',
      'docs/errors.md',
      'docs/openapi.json',
      'docs/spec-decisions.md',
      'CONTRIBUTING.md',
    ];
    expect(wanted.filter((path) => !readme.includes(`](${path})`))).toEqual([]);
  });

  it('counts the operations and streams the contract declares', () => {
    const counts = [...readme.matchAll(/(\d+) operations and (\d+) (?:WebSocket )?streams/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) expect(count).toEqual([endpoints.length, webSocketEndpoints.length]);
  });
});

describe('the manual', () => {
  it('links only files that exist (api.md is generated)', () => {
    const missing = pages.flatMap((page) =>
      [...read(page).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1])
        .filter((target) => !/^[a-z]+:/.test(target))
        .map((target) => normalize(join(dirname(page), target)))
        .filter((path) => path !== 'api.md' && !existsSync(join(ROOT, path)))
        .map((path) => `${page}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue #8, "the kernel right once": the kernel depends on nothing above it (DESIGN.md "Layout":
// kernel <- store <- domain <- routes / events / seed); type-only imports count too.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const KERNEL = join(ROOT, 'mock-server', 'kernel');
const files = readdirSync(KERNEL).filter((name) => name.endsWith('.ts'));
const specifiersOf = (text: string) =>
  [...text.matchAll(/(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] ?? m[2]);

describe('the kernel', () => {
  it('imports only the kernel and the contract (src/contract)', () => {
    const outside: string[] = [];
    for (const name of files) {
      for (const specifier of specifiersOf(readFileSync(join(KERNEL, name), 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = relative(ROOT, resolve(dirname(join(KERNEL, name)), specifier)).split('\\').join('/');
        if (!target.startsWith('mock-server/kernel/') && !target.startsWith('src/contract/')) {
          outside.push(`kernel/${name} -> ${target}`);
        }
      }
    }
    expect(outside).toEqual([]);
  });
});

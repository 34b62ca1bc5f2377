/** Source files of the repository as text: the walks and import scans of the layering tests. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, recursively, whose name ends with `ext` (`''`: every file). */
export function filesUnder(dir: string, ext = '.ts'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, ext) : full.endsWith(ext) ? [full] : [];
  });
}

export interface SourceImport {
  /** What the import names: `zod`, `../kernel/errors.js`. */
  specifier: string;
  /** `import type` / `export type ... from`: gone from the emitted JavaScript. */
  typeOnly: boolean;
}

/** The static imports, re-exports and dynamic `import('...')`s of a source file. */
export function importsOf(file: string): SourceImport[] {
  return [...readFileSync(file, 'utf8').matchAll(/(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map((m) => ({
    specifier: m[1] ?? m[2],
    typeOnly: /^(?:import|export)\s+type\s/.test(m[0]),
  }));
}

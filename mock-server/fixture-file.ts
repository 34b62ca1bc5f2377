import { readFileSync } from 'node:fs';
import { parseFixture } from './seed/fixture-load.js';
import type { FixtureFile } from './seed/fixture-schema.js';

/** `--fixture <file>`: the file read and checked by the fixture's schema (MOCK-34); a mistake throws saying where. */
export function readFixtureFile(path: string): FixtureFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`);
  }
  parseFixture(json);
  return json as FixtureFile;
}

import { existsSync, readFileSync } from 'node:fs';

/** The team's spec beside the checkout (../shared/spec), as the issues name it. */
export const SHARED_SPEC = new URL('../../shared/spec/', import.meta.url);
/** A copy of the spec files the tests read, for a clone that has no ../shared beside it. */
export const SPEC_COPY = new URL('./fixtures/spec/', import.meta.url);

/** A spec file from ../shared/spec when it is there, else from the copy in test/fixtures/spec. */
export function readSpecFile(name: string): string {
  const shared = new URL(name, SHARED_SPEC);
  return readFileSync(existsSync(shared) ? shared : new URL(name, SPEC_COPY), 'utf8');
}

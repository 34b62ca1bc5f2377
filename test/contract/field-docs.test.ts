import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every field of what a caller writes (the SDK's create, update and input types) says what it is in the
// editor and the reference: its doc comment comes from the contract (a `/** */` above the field in
// src/contract, or its `.describe()`), and `npm run generate` writes it into src/generated.
const GENERATED = fileURLToPath(new URL('../../src/generated/', import.meta.url));
const WRITTEN = /^export interface (\w+(?:CreateParams|UpdateParams|Create|Update|Input))\b/;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/** `Interface.field` for each top-level field of a written type without a doc comment right above it. */
function undocumented(text: string): { fields: number; missing: string[] } {
  const lines = text.split('\n');
  let fields = 0;
  const missing: string[] = [];
  lines.forEach((line, start) => {
    const name = line.match(WRITTEN)?.[1];
    if (!name) return;
    let depth = 0;
    for (let i = start; i < lines.length; i++) {
      if (i > start && depth === 1 && /^ {2}[\w"']+\??:/.test(lines[i])) {
        fields++;
        if (!/\*\/\s*$/.test(lines[i - 1])) missing.push(`${name}.${lines[i].trim().split(/\??:/)[0]}`);
      }
      depth += (lines[i].match(/{/g) ?? []).length - (lines[i].match(/}/g) ?? []).length;
      if (depth === 0 && i > start) break;
    }
  });
  return { fields, missing };
}

describe("the SDK's create and update types", () => {
  it('describe every field (a doc comment in src/contract, then `npm run generate`)', () => {
    const found = files(GENERATED).map((file) => undocumented(readFileSync(file, 'utf8')));
    expect(found.reduce((sum, f) => sum + f.fields, 0)).toBeGreaterThan(400);
    expect(found.flatMap((f) => f.missing)).toEqual([]);
  });

  it('counts a field without a comment as missing', () => {
    const sample = ['export interface NoteCreateParams {', '  /** The text. */', '  text: string;', '  pinned?: boolean;', '}'].join('\n');
    expect(undocumented(sample)).toEqual({ fields: 2, missing: ['NoteCreateParams.pinned'] });
  });
});

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CODE_BY_STATUS } from '../../mock-server/kernel/envelope.js';
import { errorCodesText } from '../../scripts/error-codes-document.js';
import { CLIENT_ERROR_CODES, ERROR_CODES } from '../../src/contract/errors.js';
import { endpoints } from '../../src/contract/index.js';
import { filesUnder } from '../support/source-files.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CATALOGUE = join(ROOT, 'src/contract/errors.ts');
const catalogued = new Set(Object.keys(ERROR_CODES));
const rel = (file: string) => relative(ROOT, file).split('\\').join('/');

/** Where a refusal names its code: the argument of each builder that takes one (kernel/errors.ts, the stream). */
const CODE_ARGUMENT: Record<string, number> = { ServiceError: 0, StreamRefusal: 0, tooManyRequests: 0, notFound: 2 };

/** Every string literal passed as a code to a refusal builder in `file`, with its line. */
function codesNamedIn(file: string): { code: string; at: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { code: string; at: string }[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression)) {
      const index = CODE_ARGUMENT[node.expression.text];
      const arg = index === undefined ? undefined : node.arguments?.[index];
      if (arg && ts.isStringLiteralLike(arg)) {
        found.push({ code: arg.text, at: `${rel(file)}:${source.getLineAndCharacterOfPosition(arg.getStart()).line + 1}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the catalogue of error codes (src/contract/errors.ts, decision PLAT-33)', () => {
  const mockFiles = filesUnder(join(ROOT, 'mock-server'));

  it('names every code the mock answers: each literal code of a refusal is catalogued', () => {
    const named = mockFiles.flatMap(codesNamedIn);
    expect(named.length).toBeGreaterThan(80);
    const missing = named.filter(({ code }) => !catalogued.has(code)).map(({ code, at }) => `${at}: ${code}`);
    expect(missing, 'a code the mock answers is not in ERROR_CODES: add its entry (status, meaning, details)').toEqual([]);
  });

  it('has no entry the mock never answers', () => {
    const texts = [...mockFiles, ...filesUnder(join(ROOT, 'src/contract'))]
      .filter((file) => file !== CATALOGUE)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = [...catalogued].filter((code) => !texts.includes(`'${code}'`));
    expect(unused, 'a catalogued code that no refusal of the mock names: remove it, or answer it').toEqual([]);
  });

  it("gives the status an endpoint's own refusal of a bad body or query declares", () => {
    const wrong = endpoints.flatMap((e) =>
      [e.invalid, e.invalidQuery].flatMap((own) =>
        own && ERROR_CODES[own.code].status !== own.status ? [`${e.id}: ${own.code} ${own.status}`] : [],
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('gives the status of the code the mock writes for a bare status (injected faults, adapters)', () => {
    for (const [status, code] of Object.entries(CODE_BY_STATUS)) expect(ERROR_CODES[code].status, code).toBe(Number(status));
  });

  it("lists every code the SDK gives an error of its own, and only those, apart from the service's", () => {
    const sdk = filesUnder(join(ROOT, 'src'))
      .filter((file) => !file.startsWith(join(ROOT, 'src/contract')) && !file.startsWith(join(ROOT, 'src/generated')))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.keys(CLIENT_ERROR_CODES).filter((code) => !sdk.includes(`'${code}'`));
    expect(unused).toEqual([]);
    expect(Object.keys(CLIENT_ERROR_CODES).filter((code) => catalogued.has(code))).toEqual([]);
  });

  it('docs/errors.md is what `npm run errors` writes from it (run it after changing src/contract/errors.ts)', () => {
    const committed = readFileSync(join(ROOT, 'docs/errors.md'), 'utf8');
    expect(committed === errorCodesText(), 'docs/errors.md is stale: run `npm run errors`').toBe(true);
  });
});

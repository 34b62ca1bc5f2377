import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder, importsOf } from '../support/source-files.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MOCK = join(ROOT, 'mock-server');
const mockFiles = filesUnder(MOCK);
const rel = (file: string) => relative(MOCK, file).split('\\').join('/');
const specifiersOf = (file: string) => importsOf(file).map((i) => i.specifier);

/** `from -> target` for each import of the mock, between mock paths, that both tests pass. */
function importsWhere(fromTest: (from: string) => boolean, targetTest: (target: string, from: string) => boolean): string[] {
  return mockFiles
    .filter((file) => fromTest(rel(file)))
    .flatMap((file) =>
      specifiersOf(file)
        .filter((s) => s.startsWith('.'))
        .map((s) => rel(resolve(dirname(file), s)))
        .filter((target) => targetTest(target, rel(file)))
        .map((target) => `${rel(file)} -> ${target}`),
    );
}

/**
 * The layers of ARCHITECTURE.md, "Dependencies point one way", lowest first: kernel <- store <- domain/shared
 * <- domain/<module> <- routes / events / seed <- the adapters and entry points. A file imports its own layer
 * or a lower one; routes, events and seed never import one another; a module's domain never reaches its routes.
 */
function layerOf(path: string): { rank: number; name: string } {
  const [top, second] = path.split('/');
  if (top === 'kernel') return { rank: 0, name: 'kernel' };
  if (top === 'store') return { rank: 1, name: 'store' };
  if (top === 'domain') return second === 'shared' ? { rank: 2, name: 'domain/shared' } : { rank: 3, name: 'domain' };
  if (top === 'routes' || top === 'events' || top === 'seed') return { rank: 4, name: top };
  return { rank: 5, name: 'entry' };
}

describe('the mock\'s dependencies point one way (ARCHITECTURE.md, "Dependencies point one way")', () => {
  it('kernel <- store <- domain <- routes / events / seed: no import points up or sideways', () => {
    const offenders: string[] = [];
    for (const file of mockFiles) {
      const from = layerOf(rel(file));
      for (const specifier of specifiersOf(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = resolve(dirname(file), specifier);
        if (!target.startsWith(MOCK)) continue;
        const to = layerOf(rel(target));
        const sideways = from.rank === 4 && to.rank === 4 && from.name !== to.name;
        if (to.rank > from.rank || sideways) offenders.push(`${rel(file)} (${from.name}) -> ${rel(target)} (${to.name})`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the kernel imports nothing of the mock outside it, and of the SDK only the contract and the redaction of secrets (type-only imports count)', () => {
    const outside = mockFiles
      .filter((file) => rel(file).startsWith('kernel/'))
      .flatMap((file) =>
        specifiersOf(file)
          .filter((s) => s.startsWith('.'))
          .map((s) =>
            relative(ROOT, resolve(dirname(file), s))
              .split('\\')
              .join('/'),
          )
          .filter(
            (target) =>
              !target.startsWith('mock-server/kernel/') && !target.startsWith('src/contract/') && target !== 'src/internal/redact.js',
          )
          .map((target) => `${rel(file)} -> ${target}`),
      );
    expect(outside).toEqual([]);
  });

  it("routes, event rules, the seed and every file above them reach a module's domain through its index, the module's one surface", () => {
    const offenders = importsWhere(
      (from) => !from.startsWith('domain/'),
      (target) => /^domain\/(?!shared\/)[\w-]+\/(?!index\.js$)/.test(target),
    );
    expect(offenders).toEqual([]);
  });

  it("only a module's declaration (mock-server/modules/) imports its routes and event rules: the one list of modules", () => {
    const offenders = importsWhere(
      (from) => !from.startsWith('modules/'),
      (target, from) => /^(routes|events\/rules)\//.test(target) && dirname(target) !== dirname(from),
    );
    const next = 'declare it in mock-server/modules/ (CONTRIBUTING.md, "Adding a module")';
    expect(offenders, next).toEqual([]);
  });

  it('only the msw adapters import msw, so the standalone server and mock.fetch run without it', () => {
    const allowed = new Set(['http/msw.ts', 'http/stream-msw.ts', 'node.ts', 'browser.ts']);
    const offenders = mockFiles.filter(
      (file) => !allowed.has(rel(file)) && specifiersOf(file).some((s) => s === 'msw' || s.startsWith('msw/')),
    );
    expect(offenders.map(rel)).toEqual([]);
  });
});

describe('the mock stays readable at 215 endpoints (ARCHITECTURE.md, "Dependencies point one way")', () => {
  it('no file is over 400 lines', () => {
    const long = mockFiles
      .map((file) => ({ file: rel(file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter((f) => f.lines > 400);
    expect(long).toEqual([]);
  });

  it('no function is over 80 lines (seed data aside)', () => {
    const long: string[] = [];
    for (const file of mockFiles) {
      if (rel(file).startsWith('seed/')) continue;
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          if (end - start + 1 > 80) long.push(`${rel(file)}:${start + 1} (${end - start + 1} lines)`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(long).toEqual([]);
  });
});

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

/** The module of a path under mock-server/ (`domain/sales/invoices.ts` -> `sales`); undefined outside a module. */
const moduleOf = (path: string): string | undefined => /^domain\/(?!shared\/)([\w-]+)\//.exec(path)?.[1];

/** Each domain file's imports of another module, type-only ones included: `from` -> `target` (paths under mock-server/). */
function crossModuleImports(): { file: string; specifier: string; from: string; to: string; target: string }[] {
  return mockFiles.flatMap((file) => {
    const from = moduleOf(rel(file));
    if (!from) return [];
    return specifiersOf(file)
      .filter((s) => s.startsWith('.'))
      .map((specifier) => ({ file: rel(file), specifier, from, target: rel(resolve(dirname(file), specifier)) }))
      .flatMap((i) => {
        const to = moduleOf(i.target);
        return to && to !== from ? [{ ...i, to }] : [];
      });
  });
}

/** A cycle of the graph as `a -> b -> a`, or undefined: a depth-first walk that meets a module still on its path. */
function cycleOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const walk = (node: string): string | undefined => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node].join(' -> ');
    if (done.has(node)) return undefined;
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const found = walk(next);
      if (found) return found;
    }
    path.pop();
    done.add(node);
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    const found = walk(node);
    if (found) return found;
  }
  return undefined;
}

describe('modules meet only at their doors (ARCHITECTURE.md, "Dependencies point one way")', () => {
  it('a module imports another module only through its index.ts, never one of its internal files', () => {
    const offenders = crossModuleImports()
      .filter((i) => i.target !== `domain/${i.to}/index.js`)
      .map(
        (i) =>
          `${i.file} imports '${i.specifier}', an internal file of ${i.to}: import it from domain/${i.to}/index.js (or move what both need to domain/shared/)`,
      );
    expect(offenders).toEqual([]);
  });

  it('the module graph has no cycle: what two modules both need lives in domain/shared/ or a lower module', () => {
    const graph = new Map<string, Set<string>>();
    const files = new Map<string, string>();
    for (const i of crossModuleImports()) {
      graph.set(i.from, (graph.get(i.from) ?? new Set()).add(i.to));
      if (!files.has(`${i.from} -> ${i.to}`)) files.set(`${i.from} -> ${i.to}`, i.file);
    }
    const cycle = cycleOf(graph);
    const modules = cycle?.split(' -> ') ?? [];
    const edges = modules.slice(1).map((to, n) => `${modules[n]} -> ${to} (${files.get(`${modules[n]} -> ${to}`)})`);
    expect(cycle ? [`the module graph has the cycle ${cycle}: ${edges.join(', ')}`] : []).toEqual([]);
  });

  it('the cycle check names a cycle when there is one', () => {
    const graph = new Map([
      ['batch', new Set(['sales'])],
      ['inventory', new Set(['accounting', 'sales'])],
      ['sales', new Set(['inventory'])],
    ]);
    expect(cycleOf(graph)).toBe('sales -> inventory -> sales');
    expect(cycleOf(new Map([['sales', new Set(['inventory'])]]))).toBeUndefined();
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

/**
 * The unit tests of a pure helper inside a module (a renderer, an encoder, a report's layout), which may import
 * its file: every other test drives a module through its public surface, the HTTP API, the SDK or its index.
 */
const PURE_HELPER_TESTS: Readonly<Record<string, readonly string[]>> = {
  'test/oauth/mock-digest.test.ts': ['domain/oauth/pkce.js'],
  'test/mock/accounting/ledger-index.test.ts': ['domain/accounting/ledger-index.js'], // centsOf
  'test/mock/accounting/ledger-pages.test.ts': ['domain/accounting/ledger-line-order.js'], // the ledger index's tuning knob
  'test/mock/einvoice/documents-certificate.test.ts': ['domain/einvoice/certificate.js', 'domain/einvoice/der.js'],
  'test/mock/einvoice/peppol-shapes.test.ts': ['domain/einvoice/peppol.js', 'domain/einvoice/ubl-tree.js'],
  'test/mock/reports/formats.test.ts': [
    'domain/reports/core/render/cells.js',
    'domain/reports/core/render/excel.js',
    'domain/reports/core/render/pdf-chart.js',
    'domain/reports/core/render/pdf.js',
  ],
  'test/mock/reports/sales-periods.test.ts': ['domain/reports/sales/sales-periods.js'],
  'test/mock/reports/statement-periods.test.ts': [
    'domain/reports/financial/balance-sheet-report.js',
    'domain/reports/financial/profit-loss-report.js',
    'domain/reports/financial/statement-figures.js',
    'domain/reports/financial/statement-periods.js',
  ],
  'test/mock/shared/pdf-scripts.test.ts': ['domain/reports/core/render/pdf.js'],
};

describe('tests drive a module through its public surface', () => {
  it("a test or an example imports a module's domain through its index, a file of it only as a listed unit test of a pure helper", () => {
    const files = [...filesUnder(join(ROOT, 'test')), ...filesUnder(join(ROOT, 'examples'))];
    const reached = files.flatMap((file) => {
      const from = relative(ROOT, file).split('\\').join('/');
      return specifiersOf(file)
        .filter((s) => s.startsWith('.'))
        .map((s) => resolve(dirname(file), s))
        .filter((target) => target.startsWith(MOCK))
        .map((target) => rel(target))
        .filter((target) => /^domain\/(?!shared\/)[\w-]+\/(?!index\.js$)/.test(target))
        .map((target) => ({ from, target }));
    });
    const offenders = reached
      .filter(({ from, target }) => !PURE_HELPER_TESTS[from]?.includes(target))
      .map((r) => `${r.from} -> ${r.target}`);
    const next = 'drive the module through the SDK or its index.ts; a unit test of a pure helper joins PURE_HELPER_TESTS here';
    expect(offenders, next).toEqual([]);
    // A listed import the test no longer makes leaves the list.
    const listed = Object.entries(PURE_HELPER_TESTS).flatMap(([from, targets]) => targets.map((target) => `${from} -> ${target}`));
    expect(listed.filter((entry) => !reached.some((r) => `${r.from} -> ${r.target}` === entry))).toEqual([]);
  });
});

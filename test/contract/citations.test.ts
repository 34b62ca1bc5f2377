import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Everything the repository cites is inside it (CONTRIBUTING.md, "Citations"): the spec in docs/spec/, the
// decisions in docs/decisions/ by id, the architecture in ARCHITECTURE.md.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DECISIONS = join(ROOT, 'docs/decisions');
const INDEX = 'docs/spec-decisions.md';

/** Folders no reader of the repository reads as its text: installed, built, generated and kept elsewhere. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage', '.vitest-cache', 'api']);
const TEXT = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '.md', '.tsv', '.html', '.css', '.yml']);
/** Files kept verbatim or too large to hold citations: the spec as received, and npm's lock file. */
const VERBATIM = (path: string) => path.startsWith('docs/spec/') || path === 'package-lock.json';

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : textFiles(path);
    const ext = extname(name);
    return TEXT.has(ext) || (ext === '' && !name.startsWith('.')) || name === 'run' ? [path] : [];
  });
}

const files = textFiles(ROOT)
  .map((path) => ({ path: relative(ROOT, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }))
  .filter((file) => !VERBATIM(file.path) && !file.text.includes('\u0000'));

/** Every `### <ID> <title>` of docs/decisions/, with its file and body. */
const entries = readdirSync(DECISIONS)
  .filter((name) => name.endsWith('.md'))
  .flatMap((name) => {
    const text = readFileSync(join(DECISIONS, name), 'utf8');
    return [...text.matchAll(/^### ([A-Z]+-\d+) (.+)\n([\s\S]*?)(?=^#{2,3} |(?![\s\S]))/gm)].map((m) => ({
      file: `docs/decisions/${name}`,
      id: m[1],
      title: m[2],
      body: m[3],
    }));
  });
const prefixes = [...new Set(entries.map((e) => e.id.split('-')[0]))];
/**
 * A decision id as code cites it: a prefix of docs/decisions and a number of one to three digits that does not start
 * with 0 (`INV-000001` is an invoice number, `INV-8812` a supplier's).
 */
const ID = new RegExp(`\\b(?:${prefixes.join('|')})-[1-9]\\d{0,2}\\b`, 'g');

/** Where each of `pattern`'s matches is: `path:line: match`. */
function occurrences(pattern: RegExp, keep: (match: string) => boolean = () => true): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const m of file.text.matchAll(pattern)) {
      if (!keep(m[0])) continue;
      const line = file.text.slice(0, m.index).split('\n').length;
      found.push(`${file.path}:${line}: ${m[0]}`);
    }
  }
  return found;
}

describe('decisions (docs/decisions/, indexed by docs/spec-decisions.md)', () => {
  it('define ids once each, every prefix in one file', () => {
    const seen = new Map<string, string>();
    const twice = entries.filter((e) => seen.has(e.id) || !seen.set(e.id, e.file)).map((e) => `${e.id} in ${e.file}`);
    expect(twice, 'an id is defined twice: give the later entry the next free number of its prefix').toEqual([]);
    const filesOf = (prefix: string) => [...new Set(entries.filter((e) => e.id.startsWith(`${prefix}-`)).map((e) => e.file))];
    const spread = prefixes.filter((p) => filesOf(p).length > 1).map((p) => `${p}: ${filesOf(p).join(', ')}`);
    expect(spread, 'a prefix belongs to one file of docs/decisions: move the entry, with a new id').toEqual([]);
  });

  it('each say what the spec leaves open, what we chose and why', () => {
    const parts = ['Open in the spec:', 'Chosen:', 'Why:'];
    const incomplete = entries
      .filter((e) => parts.some((part) => !new RegExp(`^${part}`, 'm').test(e.body)))
      .map((e) => `${e.id} (${e.file})`);
    expect(incomplete, `write the three paragraphs ${parts.join(', ')} under each entry's heading`).toEqual([]);
  });

  it(`are listed in ${INDEX}, one line per id with its title`, () => {
    const index = readFileSync(join(ROOT, INDEX), 'utf8');
    const listed = [...index.matchAll(/^- ([A-Z]+-\d+) (.+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    const defined = entries.map((e) => `${e.id} ${e.title}`);
    const unlisted = defined.filter((line) => !listed.includes(line));
    expect(unlisted, `add "- <ID> <title>" to ${INDEX} under its file`).toEqual([]);
    const stale = listed.filter((line) => !defined.includes(line));
    expect(stale, `${INDEX} lists an id or a title that docs/decisions does not have: fix the line`).toEqual([]);
    const table = prefixes.filter((p) => !index.includes(`| \`${p}\` |`));
    expect(table, `list each prefix in the Prefixes table of ${INDEX}`).toEqual([]);
  });

  it('every id cited anywhere exists', () => {
    const defined = new Set(entries.map((e) => e.id));
    const unknown = occurrences(ID, (id) => !defined.has(id));
    expect(unknown, `cite an id of docs/decisions (grep the index, ${INDEX}), or add the entry first`).toEqual([]);
  });
});

describe('citations point inside the repository', () => {
  it('no file cites an issue number: name the decision id, or say the behaviour in a few words', () => {
    // Built from parts so that this file does not match itself.
    const issue = new RegExp(['\\bissues?', '\\s+#\\d+'].join(''), 'gi');
    expect(occurrences(issue)).toEqual([]);
  });

  it('no file cites the team folder beside the checkout: the spec is docs/spec/, the design ARCHITECTURE.md', () => {
    // Allowed: imports of mock-server/domain/shared (`../shared/money.js`), and the e-invoice validation kit, a
    // tool the tests find at run time beside the checkout (test/support/einvoice-kit.ts), not a document.
    const shared = /(?:\.\.\/)+shared(?:\/[\w.-]+)?/g;
    const allowed = (match: string) => /\/shared\/(?:einvoice|[\w-]+\.js)$/.test(match);
    expect(occurrences(shared, (m) => !allowed(m))).toEqual([]);
  });

  it('every docs/ path cited exists', () => {
    // docs/api is typedoc's output (`npm run docs`), ignored by git; a wildcard or a placeholder names a pattern.
    const path = /(?<![\w./-])docs\/[\w./*<>{}-]*[\w/*>}]/g;
    const absent = (p: string) => !p.startsWith('docs/api') && !/[*<{]/.test(p) && !existsSync(join(ROOT, p));
    const missing = occurrences(path, absent);
    expect(missing, 'a cited docs/ path does not exist: fix the path, or add the file it means').toEqual([]);
  });

  it('every "spec document N" is a file of docs/spec', () => {
    const documents = new Set(readdirSync(join(ROOT, 'docs/spec')).map((name) => name.split('-')[0]));
    const missing = occurrences(/\bspec documents? (\d+)/gi, (m) => !documents.has(m.match(/\d+/)![0]));
    expect(missing, 'the spec has documents 1 to 3 (docs/spec/README.md): cite one of them').toEqual([]);
  });

  it('every quoted section of ARCHITECTURE.md, README.md or docs/development.md is there', () => {
    const norm = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');
    const page = (name: string) => norm(readFileSync(join(ROOT, name), 'utf8'));
    const pages = {
      'ARCHITECTURE.md': page('ARCHITECTURE.md'),
      'README.md': page('README.md'),
      'docs/development.md': page('docs/development.md'),
    };
    const missing = occurrences(/(?:\b(?:ARCHITECTURE|README)|(?<![\w/])docs\/development)\.md[,:]?\s+"([^"\n]+)"/g, (m) => {
      const [, page, quoted] = m.match(/^([\w/]+\.md)[,:]?\s+"([^"]+)"/)!;
      return !pages[page as keyof typeof pages].includes(norm(quoted));
    });
    expect(missing, 'quote a heading or a phrase the page has, or write it there').toEqual([]);
  });
});

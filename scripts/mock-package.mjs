// Run by `npm run build` after tsup: makes dist/mock/ the package `acs-mock` (decision PLAT-44). Writes its
// package.json (scripts/mock-manifest.mjs), README and LICENSE, checks that the built mock imports nothing
// its manifest does not declare, and lets its main entry's types load without msw. `npm pack ./dist/mock`
// (npm run pack:mock) packs it.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { MOCK_FONT_PACKAGES, MOCK_FONT_STYLES, mockManifest } from './mock-manifest.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const OUT = join(ROOT, 'dist/mock');
const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const manifest = mockManifest(root);

writeFileSync(join(OUT, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync(join(ROOT, 'mock-server/README.md'), join(OUT, 'README.md'));
copyFileSync(join(ROOT, 'LICENSE'), join(OUT, 'LICENSE'));

// The fonts PDFs draw other scripts with (REP-95): each family's Unicode slices and its WOFF files of the styles drawn.
const requireHere = createRequire(import.meta.url);
for (const name of MOCK_FONT_PACKAGES) {
  const from = requireHere.resolve(`${name}/unicode.json`).slice(0, -'unicode.json'.length);
  const to = join(OUT, 'fonts', name.split('/')[1], 'files');
  mkdirSync(to, { recursive: true });
  copyFileSync(join(from, 'unicode.json'), join(to, '..', 'unicode.json'));
  const wanted = new RegExp(`-(${MOCK_FONT_STYLES.join('|')})\\.woff$`);
  for (const file of readdirSync(join(from, 'files')).filter((f) => wanted.test(f)))
    copyFileSync(join(from, 'files', file), join(to, file));
}

const files = readdirSync(OUT);
const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies), ...builtinModules]);
const packageOf = (specifier) => specifier.replace(/^node:/, '').match(/^(@[^/]+\/[^/]+|[^/]+)/)[1];
const undeclared = new Set();
for (const file of files.filter((name) => /\.c?js$/.test(name))) {
  const code = readFileSync(join(OUT, file), 'utf8');
  for (const [, specifier] of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s*)["'](@?[a-z0-9][\w.@/-]*)["']/gm)) {
    if (!declared.has(packageOf(specifier))) undeclared.add(`${packageOf(specifier)} (${file})`);
  }
}
if (undeclared.size) {
  console.error(`mock-package: the built mock imports what acs-mock does not declare: ${[...undeclared].join(', ')}`);
  console.error('mock-package: add them to MOCK_DEPENDENCIES in scripts/mock-manifest.mjs');
  process.exit(1);
}

// msw is an optional peer: declarations outside acs-mock/node and acs-mock/browser name its types on a line
// of their own that a compiler without msw skips (their types are then `any`), so `import 'acs-mock'`
// type-checks with skipLibCheck false and no msw installed (decision PLAT-44).
const MSW_FREE = /^(?!node\.|browser\.).*\.d\.c?ts$/;
const SKIPPED = '// @ts-ignore msw, an optional peer dependency, may be absent';
for (const file of files.filter((name) => MSW_FREE.test(name))) {
  const text = readFileSync(join(OUT, file), 'utf8');
  if (text.includes(SKIPPED)) continue;
  const patched = text.replace(
    /^import (type )?\{([^}]*)\} from '(msw(?:\/[^']*)?)';$/gm,
    (_, type = '', names, specifier) => `${SKIPPED}\nimport ${type}{ ${names.replace(/\s+/g, ' ').trim()} } from '${specifier}';`,
  );
  if (patched !== text) writeFileSync(join(OUT, file), patched);
}
console.log(`mock-package: dist/mock is ${manifest.name}@${manifest.version} (${Object.keys(manifest.dependencies).length} dependencies)`);

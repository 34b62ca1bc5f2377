// `npm run ui`: bundles the dashboard (mock-server/ui/src/, Preact + htm) with esbuild into one checked-in
// module, mock-server/ui/bundle.ts, of two strings, so the mock serves it from source and from the built
// package with no build step of its own (decision MOCK-37); test/mock/dashboard.test.ts fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const SOURCE = here('../mock-server/ui/src/');
export const BUNDLE_FILE = here('../mock-server/ui/bundle.ts');

/** The text of mock-server/ui/bundle.ts, from the sources as they are. */
export async function dashboardBundle() {
  const js = await build({
    entryPoints: [`${SOURCE}main.ts`],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  });
  const css = await transform(readFileSync(`${SOURCE}styles.css`, 'utf8'), { loader: 'css', minify: true, legalComments: 'none' });
  return [
    '// Written by `npm run ui` (scripts/ui-bundle.mjs) from mock-server/ui/src/: do not edit (decision MOCK-37).',
    `export const DASHBOARD_JS = ${JSON.stringify(js.outputFiles[0].text.trim())};`,
    `export const DASHBOARD_CSS = ${JSON.stringify(css.code.trim())};`,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(BUNDLE_FILE, await dashboardBundle());
  console.log(`ui-bundle: wrote ${BUNDLE_FILE}`);
}

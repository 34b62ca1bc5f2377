// After `npm run build`: the package ships dist/, README and LICENSE only, and every entry of the
// exports map loads (ESM and CJS) through the package's own name.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const fail = (message) => {
  console.error(`check-package: ${message}`);
  process.exit(1);
};

const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }));
const files = pack.files.map((f) => f.path);
const stray = files.filter((f) => !/^(dist\/|README\.md$|LICENSE$|package\.json$)/.test(f));
if (stray.length) fail(`npm pack would ship files outside dist/, README and LICENSE: ${stray.join(', ')}`);
if (files.some((f) => /\.test\.|(^|\/)test\//.test(f))) fail('npm pack would ship tests');
for (const required of [
  'README.md',
  'LICENSE',
  'dist/index.js',
  'dist/index.cjs',
  'dist/index.d.ts',
  'dist/mock/index.js',
  'dist/mock/cli.js',
]) {
  if (!files.includes(required)) fail(`npm pack does not ship ${required}`);
}

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const require = createRequire(import.meta.url);
// Browser-only entries: msw's `msw/browser` is null under Node, so they are checked by file, not loaded.
const BROWSER_ONLY = new Set(['./mock/browser']);
for (const [subpath, target] of Object.entries(pkg.exports)) {
  if (subpath === './package.json') continue;
  if (BROWSER_ONLY.has(subpath)) {
    if (!files.includes(target.import.replace(/^\.\//, ''))) fail(`npm pack does not ship ${target.import}`);
    continue;
  }
  const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
  await import(specifier).catch((error) => fail(`import('${specifier}') failed: ${error.message}`));
  if (target.require) {
    try {
      require(specifier);
    } catch (error) {
      fail(`require('${specifier}') failed: ${error.message}`);
    }
  }
}
const sdk = await import(pkg.name);
if (typeof sdk.AcsClient !== 'function') fail('acs-sdk does not export AcsClient');
const cjs = require(pkg.name);
if (typeof cjs.AcsClient !== 'function') fail('the CJS build does not export AcsClient');
// One AcsError across the CJS subpaths, so errors from acs-sdk/oauth are AcsErrors there too.
if (!(new (require(`${pkg.name}/oauth`).OAuthError)({ error: 'invalid_grant' }) instanceof cjs.AcsError)) {
  fail('acs-sdk/oauth errors are not instances of acs-sdk AcsError in the CJS build');
}
// `validate: 'strict'` loads acs-sdk/contract by name on the first response, from the ESM and the CJS build.
const company = { success: true, data: { id: 'cmp_1' }, meta: { timestamp: new Date().toISOString(), requestId: 'req_1' } };
const answering = (body) => async () =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
for (const [build, Client] of [
  ['ESM', sdk.AcsClient],
  ['CJS', cjs.AcsClient],
]) {
  const strict = new Client({
    apiKey: 'svc_test_sk_check',
    companyId: 'cmp_1',
    validate: 'strict',
    maxRetries: 0,
    fetch: answering(company),
  });
  const refused = await strict.company.retrieve().then(
    () => undefined,
    (error) => error,
  );
  if (refused?.name !== 'ResponseValidationError')
    fail(`${build}: validate 'strict' did not refuse a company without its fields (${refused})`);
}
const mock = await import(`${pkg.name}/mock`);
if (typeof mock.createMockService !== 'function') fail('acs-sdk/mock does not export createMockService');
console.log(`check-package: ${files.length} files, ${(pack.size / 1024).toFixed(0)} kB packed; every export loads`);

// Run by scripts/check-package.mjs in a fresh project that installed the packed tarballs: every subpath
// of the exports maps of acs-sdk and acs-mock from `import`, as an ES module app uses them. Exits 1 with the reason.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { useClient } from './use-client.mjs';

const fail = (message) => {
  console.error(`esm: ${message}`);
  process.exit(1);
};
// msw's `msw/browser` is null under Node: the browser entry is checked by file, not loaded.
const BROWSER_ONLY = new Set(['acs-mock/browser']);
const loaded = [];
for (const name of ['acs-sdk', 'acs-mock']) {
  const pkg = JSON.parse(readFileSync(createRequire(import.meta.url).resolve(`${name}/package.json`), 'utf8'));
  for (const subpath of Object.keys(pkg.exports)) {
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    if (subpath === './package.json' || BROWSER_ONLY.has(specifier)) continue;
    const module = await import(specifier).catch((error) => fail(`import('${specifier}') failed: ${error.message}`));
    if (Object.keys(module).length === 0) fail(`import('${specifier}') exports nothing`);
    loaded.push(specifier);
  }
}

const sdk = await import('acs-sdk');
if (typeof sdk.AcsClient !== 'function') fail('acs-sdk does not export AcsClient');
if (sdk.default !== sdk.AcsClient) fail('the default export of acs-sdk is not AcsClient');
const { createMockService } = await import('acs-mock');
await useClient(sdk.AcsClient, createMockService, await import('acs-sdk/contract')).catch((error) => fail(error.message));
console.log(`esm: ${loaded.join(', ')}`);

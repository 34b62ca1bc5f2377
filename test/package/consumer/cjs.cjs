// Run by scripts/check-package.mjs in a fresh project that installed the packed tarballs: every subpath
// of acs-sdk and acs-mock with a `require` condition from `require()`, as a CommonJS app (or Jest) uses them.
const { readFileSync } = require('node:fs');

const fail = (message) => {
  console.error(`cjs: ${message}`);
  process.exit(1);
};
const loaded = [];
for (const name of ['acs-sdk', 'acs-mock']) {
  const pkg = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8'));
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (subpath === './package.json' || !target.require) continue;
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    try {
      if (Object.keys(require(specifier)).length === 0) fail(`require('${specifier}') exports nothing`);
    } catch (error) {
      fail(`require('${specifier}') failed: ${error.message}`);
    }
    loaded.push(specifier);
  }
}

// The README's way: `const { AcsClient } = require('acs-sdk')`.
const { AcsClient, AcsError } = require('acs-sdk');
if (typeof AcsClient !== 'function') fail('require("acs-sdk") does not give AcsClient');
// One AcsError across the CJS subpaths, so errors from acs-sdk/oauth are AcsErrors there too.
if (!(new (require('acs-sdk/oauth').OAuthError)({ error: 'invalid_grant' }) instanceof AcsError)) {
  fail('acs-sdk/oauth errors are not instances of acs-sdk AcsError in the CJS build');
}

import('./use-client.mjs')
  .then(({ useClient }) => useClient(AcsClient, require('acs-mock').createMockService, require('acs-sdk/contract')))
  .then(() => console.log(`cjs: ${loaded.join(', ')}`))
  .catch((error) => fail(error.message));

// The `acs-mock` package (decision PLAT-44): built from this repository's mock-server/ into dist/mock/,
// with a manifest of its own. Read by tsup.config.ts (what the mock's build leaves external) and by
// scripts/mock-package.mjs (what dist/mock/package.json declares), so the two cannot disagree.

/** Packages the built mock imports at run time: its `dependencies`, at the versions of the root manifest. */
export const MOCK_DEPENDENCIES = [
  '@noble/hashes',
  '@pdf-lib/fontkit',
  'csv-parse',
  'csv-stringify',
  'decimal.js',
  'exceljs',
  'fast-png',
  'jsonpath-plus',
  'pdf-lib',
  'qrcode',
  // Loaded before @pdf-lib/fontkit, whose shaping calls a global regeneratorRuntime.
  'regenerator-runtime',
  'ws',
  'xmlbuilder2',
  'zod',
];

/**
 * The PDFs' fonts beyond Windows-1252 (decision REP-95): devDependencies, whose regular, bold and italic files the
 * build copies into dist/mock/fonts/ (about 12 MB rather than the packages' 92 MB of every weight in two formats).
 */
export const MOCK_FONT_PACKAGES = [
  '@fontsource/noto-sans',
  '@fontsource/noto-sans-sc',
  '@fontsource/noto-sans-tamil',
  '@fontsource/noto-sans-arabic',
];

/** The weights and styles the PDFs draw (mock-server/domain/shared/pdf-font-files.ts). */
export const MOCK_FONT_STYLES = ['400-normal', '700-normal', '400-italic'];

/** Optional peers: msw 3 for `mock.handlers`, `acs-mock/node` and `acs-mock/browser`. */
export const MOCK_OPTIONAL_PEERS = { msw: '^3.0.0' };

/** An entry with an ES module and a CommonJS build, each with its declarations. */
const ESM_AND_CJS = (name) => ({
  import: { types: `./${name}.d.ts`, default: `./${name}.js` },
  require: { types: `./${name}.d.cts`, default: `./${name}.cjs` },
});

/** dist/mock/package.json, from the root manifest `root` (acs-sdk's). */
export function mockManifest(root) {
  const versionOf = (name) => {
    const version = root.dependencies?.[name] ?? root.devDependencies?.[name] ?? root.peerDependencies?.[name];
    if (!version) throw new Error(`mock-package: the root package.json names no version of ${name}`);
    return version;
  };
  const pick = (names) => Object.fromEntries(names.map((name) => [name, versionOf(name)]));
  return {
    name: 'acs-mock',
    version: root.version,
    description:
      'A faithful in-memory sandbox of the Accounting and Commerce Service, for acs-sdk: in process (mock.fetch), as msw handlers, or as a standalone server (npx acs-mock)',
    keywords: ['accounting', 'commerce', 'acs-sdk', 'mock', 'sandbox', 'msw', 'mock-server', 'testing'],
    homepage: root.homepage,
    bugs: root.bugs,
    repository: { ...root.repository, directory: 'mock-server' },
    license: root.license,
    type: 'module',
    sideEffects: false,
    engines: root.engines,
    main: './index.cjs',
    module: './index.js',
    types: './index.d.ts',
    exports: {
      '.': ESM_AND_CJS('index'),
      './node': ESM_AND_CJS('node'),
      './browser': { types: './browser.d.ts', import: './browser.js' },
      './package.json': './package.json',
    },
    bin: { 'acs-mock': 'cli.js' },
    // The SDK the mock is the sandbox of, at the same version: `npm install -D acs-mock` gives a test both.
    dependencies: { 'acs-sdk': root.version, ...pick(MOCK_DEPENDENCIES) },
    peerDependencies: MOCK_OPTIONAL_PEERS,
    peerDependenciesMeta: Object.fromEntries(Object.keys(MOCK_OPTIONAL_PEERS).map((name) => [name, { optional: true }])),
  };
}

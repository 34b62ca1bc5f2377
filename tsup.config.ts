import { defineConfig } from 'tsup';
import { MOCK_DEPENDENCIES, MOCK_OPTIONAL_PEERS } from './scripts/mock-manifest.mjs';

// The mock is the package `acs-mock` (decision PLAT-44), written to dist/mock/ beside acs-sdk's dist/: its
// dependencies are the root's devDependencies, so they are named external here (tsup's default externals
// are the root's dependencies), and scripts/mock-package.mjs writes its manifest from the same list.
const mockExternal = [...MOCK_DEPENDENCIES, ...Object.keys(MOCK_OPTIONAL_PEERS), /^msw\//];

const sdk = {
  entry: {
    index: 'src/index.ts',
    'webhooks/index': 'src/webhooks/index.ts',
    'oauth/index': 'src/oauth/index.ts',
    'stream/index': 'src/stream/index.ts',
  },
  // `@internal` members (the transport behind a resource) stay out of the published types.
  dts: { compilerOptions: { stripInternal: true } },
  target: 'node22',
  platform: 'neutral',
  treeshake: true,
  outExtension: ({ format }: { format: string }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
} as const;

/** `acs-sdk/contract`: the zod schemas, built apart so that no chunk ties them to the SDK's entries. */
const contract = {
  entry: { 'contract/index': 'src/contract/index.ts' },
  dts: true,
  target: 'node22',
  platform: 'neutral',
  treeshake: true,
  outExtension: ({ format }: { format: string }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
} as const;

// No source maps (decision PLAT-34): the JavaScript is unminified and keeps its names, so a stack trace reads as it is.
export default defineConfig([
  // The SDK: ESM with types, external dependencies.
  { ...sdk, format: ['esm'] },
  // CJS: ky is ESM-only, so the CJS build carries its own copy of it.
  // Splitting keeps one copy of shared code (AcsError) across the subpaths, so `instanceof` holds in CJS too.
  // `require('acs-sdk')` is the named exports alone: an `exports` object with names and a default is what
  // rollup warns about, since CommonJS callers would reach the client only as `.default` (decision PLAT-34).
  { ...sdk, entry: { ...sdk.entry, index: 'src/require.ts' }, format: ['cjs'], noExternal: ['ky'], splitting: true },
  { ...contract, format: ['esm', 'cjs'] },
  // The mock, ESM: msw stays an optional peer dependency, loaded only when msw handlers are asked for.
  {
    entry: { index: 'mock-server/index.ts', node: 'mock-server/node.ts', browser: 'mock-server/browser.ts', cli: 'mock-server/cli.ts' },
    // A directory of its own, chunks included: dist/mock/ is the acs-mock package.
    outDir: 'dist/mock',
    format: ['esm'],
    dts: { entry: { index: 'mock-server/index.ts', node: 'mock-server/node.ts', browser: 'mock-server/browser.ts' } },
    target: 'node22',
    platform: 'node',
    splitting: true,
    external: mockExternal,
  },
  // The mock for require() (Jest and other CJS callers): `createMockService`, `mock.fetch` and
  // `startMockServer`; msw (ESM-only) is required on demand, where the runtime can require ES modules.
  {
    entry: { index: 'mock-server/index.ts', node: 'mock-server/node.ts' },
    outDir: 'dist/mock',
    format: ['cjs'],
    dts: true,
    target: 'node22',
    platform: 'node',
    splitting: true,
    // import.meta.url, from which msw is looked up, in CommonJS.
    shims: true,
    external: mockExternal,
    noExternal: ['ky'],
    outExtension: () => ({ js: '.cjs' }),
  },
]);

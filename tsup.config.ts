import { defineConfig } from 'tsup';

const sdk = {
  entry: {
    index: 'src/index.ts',
    'webhooks/index': 'src/webhooks/index.ts',
    'oauth/index': 'src/oauth/index.ts',
    'stream/index': 'src/stream/index.ts',
    // The zod contract, for users who want the schemas; the SDK's own entries never import it statically.
    'contract/index': 'src/contract/index.ts',
  },
  // `@internal` members (the transport behind a resource) stay out of the published types.
  dts: { compilerOptions: { stripInternal: true } },
  sourcemap: true,
  target: 'node22',
  platform: 'neutral',
  treeshake: true,
  outExtension: ({ format }: { format: string }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
} as const;

export default defineConfig([
  // The SDK: ESM with types, external dependencies.
  { ...sdk, format: ['esm'] },
  // CJS: ky is ESM-only, so the CJS build carries its own copy of it.
  // Splitting keeps one copy of shared code (AcsError) across the subpaths, so `instanceof` holds in CJS too.
  { ...sdk, format: ['cjs'], noExternal: ['ky'], splitting: true },
  // The mock: ESM only (msw 3 is ESM-only), msw stays a peer dependency.
  {
    entry: {
      'mock/index': 'mock-server/index.ts',
      'mock/node': 'mock-server/node.ts',
      'mock/browser': 'mock-server/browser.ts',
      'mock/cli': 'mock-server/cli.ts',
    },
    format: ['esm'],
    dts: { entry: { 'mock/index': 'mock-server/index.ts', 'mock/node': 'mock-server/node.ts', 'mock/browser': 'mock-server/browser.ts' } },
    sourcemap: true,
    target: 'node22',
    platform: 'node',
    splitting: true,
    external: ['msw', /^msw\//],
  },
]);

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The end-to-end and mock suites each build their own mock (`sandbox()`, `createMockService()`) and share
// no state but the loaded modules: they run without a fresh module graph per file, which was three
// quarters of their time (each file loaded the whole mock again). The rest stub globals, fake timers,
// spawn processes or load the package in other ways, and keep a graph of their own.
// examples/*.test.ts are vitest files as a user writes them against the mock (README, "Request journal").
const MOCK = ['test/mock/**/*.test.ts', 'examples/**/*.test.ts'];
const E2E = ['test/e2e/**/*.test.ts'];
// The slow levels `npm test` leaves to `npm run test:slow` (and CI): hostile input to every endpoint,
// and the built, packed package under its consumers and runtimes.
const FUZZ = ['test/fuzz/**/*.test.ts'];
const PACKAGE = ['test/package/**/*.test.ts', 'test/runtimes/**/*.test.ts'];

export default defineConfig({
  resolve: {
    // Examples import the package by its name, as users do; tests run them against the sources.
    alias: [
      { find: /^acs-mock$/, replacement: here('./mock-server/index.ts') },
      { find: /^acs-mock\/(node|browser)$/, replacement: here('./mock-server/$1.ts') },
      { find: /^acs-sdk\/(webhooks|oauth|stream|contract)$/, replacement: here('./src/$1/index.ts') },
      { find: /^acs-sdk$/, replacement: here('./src/index.ts') },
    ],
  },
  test: {
    // Each project names its own files (a root `include` would be added to both).
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // A file that stubs a global or an environment variable gets it back at its end, whoever runs next.
    unstubGlobals: true,
    unstubEnvs: true,
    // Every mock a test builds checks each answer against its contract schema, undeclared fields included.
    env: { ACS_MOCK_VALIDATE_RESPONSES: '1' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['**/node_modules/**', ...MOCK, ...E2E, ...FUZZ, ...PACKAGE] },
      },
      { extends: true, test: { name: 'mock', include: MOCK, isolate: false } },
      { extends: true, test: { name: 'e2e', include: E2E, isolate: false } },
      { extends: true, test: { name: 'fuzz', include: FUZZ } },
      { extends: true, test: { name: 'package', include: PACKAGE } },
    ],
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Examples import the package by its name, as users do; tests run them against the sources.
    alias: [
      { find: /^acs-sdk\/mock$/, replacement: here('./mock-server/index.ts') },
      { find: /^acs-sdk\/mock\/(node|browser)$/, replacement: here('./mock-server/$1.ts') },
      { find: /^acs-sdk\/(webhooks|oauth|stream|contract)$/, replacement: here('./src/$1/index.ts') },
      { find: /^acs-sdk$/, replacement: here('./src/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});

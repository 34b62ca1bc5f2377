// Size budgets (decision SDK-10): what a browser app downloads for each SDK entry, and the published types.

/** Rows of endpoints.tsv declared when the budgets were set (SDK-10); the budgets grow with the count beyond it. */
export const BASE_ENDPOINTS = 57;

/** Implied endpoints declared before they counted (SDK-10): each one after them grows the budgets like a spec row. */
export const BASE_IMPLIED_ENDPOINTS = 14;

/**
 * gzip bytes of each entry's initial download (esbuild, browser, minified, ESM), by what a user imports.
 * `base` is the budget as set at 57 endpoints; `perEndpoint` grows it with every endpoint declared since.
 */
export const BUNDLE_BUDGETS: Record<string, { imports: string; base: number; perEndpoint: number }> = {
  'acs-sdk': { imports: 'import { AcsClient } from "acs-sdk"; console.log(AcsClient);', base: 22_000, perEndpoint: 60 },
  'acs-sdk/webhooks': {
    imports: 'import { verifySignature } from "acs-sdk/webhooks"; console.log(verifySignature);',
    base: 2_500,
    perEndpoint: 0,
  },
  'acs-sdk/oauth': { imports: 'import * as oauth from "acs-sdk/oauth"; console.log(oauth);', base: 6_000, perEndpoint: 0 },
  'acs-sdk/stream': { imports: 'import * as stream from "acs-sdk/stream"; console.log(stream);', base: 8_000, perEndpoint: 0 },
};

/**
 * gzip bytes of an app that imports `AcsClient`, bundled both ways a bundler may (decision PLAT-44): one file
 * (no splitting: the stream's engine inlined) and split (what loads first). No zod in either: validation is
 * opted into by importing acs-sdk/contract (decision SDK-6).
 */
export const CLIENT_BUDGET = { imports: 'import { AcsClient } from "acs-sdk"; console.log(AcsClient);', gzip: 40_000 } as const;

/** Entries that are reported, not budgeted. */
export const REPORTED_ENTRIES = {
  'acs-sdk/contract': 'import * as contract from "acs-sdk/contract"; console.log(contract);',
  'AcsClient validating strictly': `import { AcsClient } from "acs-sdk"; import * as contract from "acs-sdk/contract";
    console.log(new AcsClient({ apiKey: "svc_test_sk_x", validate: { mode: "strict", contract } }));`,
  'acs-mock': 'import { createMockService } from "acs-mock"; console.log(createMockService);',
} as const;

/** Bytes of dist/index.d.ts and the declaration chunks it reaches. */
// 1.6 kB an endpoint: each is a documented method with its own signature (decision SDK-16), and every field of
// its create and update types carries its description (SDK-10).
export const TYPES_BUDGET = { base: 120_000, perEndpoint: 1_600 };

export const budgetFor = (budget: { base: number; perEndpoint: number }, endpoints: number) =>
  budget.base + Math.max(0, endpoints - BASE_ENDPOINTS) * budget.perEndpoint;

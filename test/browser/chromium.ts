import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { it as vitestIt, type TestContext } from 'vitest';

// ACS_CHROMIUM_PATH points the tests at another Chromium (or at a missing one, to see the skip).
export const CHROMIUM = process.env.ACS_CHROMIUM_PATH || '/usr/bin/chromium';
// Without Chromium the tests are skipped, saying how to run them; .ci/run sets ACS_REQUIRE_BROWSER=1, so a
// skip there is a failure instead.
export const REQUIRED = process.env.ACS_REQUIRE_BROWSER === '1';
export const MISSING = existsSync(CHROMIUM)
  ? undefined
  : `${CHROMIUM} is missing: install Debian's chromium to run this test (apt-get update && apt-get install -y chromium)`;
// This machine's closed network refuses Chromium's background connections: switch them off. Playwright
// gives every launch a new empty profile (its own --user-data-dir).
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Says once, for the file, why its tests are skipped. */
export function warnWhenMissing(file: string): void {
  if (MISSING && !REQUIRED)
    console.warn(`${file} skipped: ${MISSING}. .ci/run installs it and sets ACS_REQUIRE_BROWSER=1, which makes this test required.`);
}

/** Chromium, or undefined when it is missing and not required (each test then skips itself); a failure when required. */
export async function launchChromium(): Promise<Browser | undefined> {
  if (MISSING) {
    if (REQUIRED) throw new Error(`ACS_REQUIRE_BROWSER=1 makes the browser test required, and ${MISSING}`);
    return undefined;
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** A test that is skipped, with the reason in vitest's report, when Chromium is missing and not required. */
export const browserIt = (name: string, body: (context: TestContext) => Promise<void>, timeout?: number) =>
  vitestIt(
    name,
    async (context) => {
      context.skip(!!MISSING && !REQUIRED, MISSING);
      await body(context);
    },
    timeout,
  );

// The time of `import('acs-mock')` and `import('acs-sdk')` from the built packages, each import in a fresh
// Node process, interleaved with openai's whole SDK (a large, well-known package) as the baseline; the SDK
// is held to importing faster than openai's (issue: keep the lead after the package split).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { atMost, ms, report, summarize, type Figure } from './harness.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROBE = 'const t = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t));';

/** Milliseconds one fresh process takes to import `specifier` (a path under the package root, or a package). */
function importTime(specifier: string): number {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE, specifier], { cwd: ROOT, encoding: 'utf8' });
  return Number(output);
}

export async function loadTime({ runs }: { runs: number }): Promise<Figure[]> {
  const targets = { mock: `${ROOT}dist/mock/index.js`, sdk: `${ROOT}dist/index.js`, openai: 'openai' };
  if (!existsSync(targets.mock)) return [report("import('acs-mock')", 'skipped: no dist/ (run `npm run build` first)')];
  const samples: Record<keyof typeof targets, number[]> = { mock: [], sdk: [], openai: [] };
  for (let i = 0; i < runs; i++)
    for (const name of Object.keys(targets) as (keyof typeof targets)[]) samples[name].push(importTime(targets[name]));
  const [mock, sdk, openai] = [summarize(samples.mock), summarize(samples.sdk), summarize(samples.openai)];
  return [
    report("import('acs-mock'), built (median of fresh processes)", `${ms(mock.median)} (p95 ${ms(mock.p95)}, ${runs} runs)`),
    report("  import('acs-sdk'), built", ms(sdk.median)),
    report("  import('openai'), the whole SDK", ms(openai.median)),
    report('  acs-mock / openai', `${(mock.median / openai.median).toFixed(2)}x`),
    report('  acs-sdk / openai', `${(sdk.median / openai.median).toFixed(2)}x`, atMost(sdk.median / openai.median, 1, 'at most 1x')),
  ];
}

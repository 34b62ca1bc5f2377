// What every launcher prints: one line per step, then one machine-readable line for the summary of
// scripts/test-runtimes.mjs. Web APIs only, so the worker can use it too.
export const RESULT_MARK = '@@acs-runtimes-result ';

export const stepLine = (runtime, { step, ok, ms, detail }) =>
  `[${runtime}] ${ok ? 'pass' : 'FAIL'}  ${step.padEnd(26)} ${String(ms).padStart(5)} ms  ${detail}`;

export const resultLine = (runtime, version, results) => RESULT_MARK + JSON.stringify({ runtime, version, results });

export const passed = (results) => results.length > 0 && results.every((r) => r.ok);

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_MARK } from './report.mjs';

// The in-process scenario of `npm run test:runtimes` on this checkout's sources, under the Bun and Deno
// that the runtime matrix caches (skipped where it has not run yet). The scenario and its launchers are
// bundled into one file each, as an app's bundler would: msw is not in it unless the mock imports it.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = process.env.ACS_RUNTIMES_CACHE ?? join(tmpdir(), 'acs-sdk-runtimes');
const modules = join(CACHE, 'node_modules');
const denoPlatform = existsSync(join(modules, '@deno'))
  ? readdirSync(join(modules, '@deno')).find((name) => existsSync(join(modules, '@deno', name, 'deno')))
  : undefined;
const BUN = [join(modules, 'bun', 'bin', 'bun.exe'), join(modules, '.bin', 'bun')].find((p) => existsSync(p));
const DENO = [denoPlatform && join(modules, '@deno', denoPlatform, 'deno'), join(modules, '.bin', 'deno')].find((p) => p && existsSync(p));
/** How long after its last step the runtime may take to end on its own. */
const EXIT_WITHIN_MS = 10_000;

let out: string;
beforeAll(async () => {
  if (!BUN && !DENO) return;
  out = mkdtempSync(join(tmpdir(), 'acs-in-process-'));
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['test/runtimes/in-process-node.mjs', 'test/runtimes/in-process-deno.mjs'],
    outdir: out,
    bundle: true,
    format: 'esm',
    // Node built-ins stay imports (Bun and Deno have them); only `ws` names them, and it is never loaded
    // where the runtime has its own WebSocket.
    platform: 'node',
    alias: { 'acs-mock': './mock-server/index.ts', 'acs-sdk/contract': './src/contract/index.ts', 'acs-sdk': './src/index.ts' },
    // CommonJS dependencies bundled into ESM (xmlbuilder2's URL parser) require Node built-ins: give them a `require`.
    banner: {
      js: "import { createRequire as __acsCreateRequire } from 'node:module'; const require = __acsCreateRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
}, 60_000);
afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

interface Run {
  results: { step: string; ok: boolean; detail: string }[];
  /** Milliseconds from the result line to the end of the process; null when it had to be killed. */
  exitedAfter: number | null;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    let resultAt = 0;
    const child = execFile(command, args, { env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 60_000 }, (error, stdout) => {
      const line = stdout.split('\n').find((l) => l.startsWith(RESULT_MARK));
      if (!line) return reject(new Error(`no result line: ${error?.message ?? ''}\n${stdout}`));
      clearTimeout(lingering);
      // Killed by the lingering timer or by execFile's timeout: the runtime did not end on its own.
      const ended = !killed && !error?.killed && !error?.signal;
      resolve({
        results: JSON.parse(line.slice(RESULT_MARK.length)).results,
        exitedAfter: ended ? Date.now() - (resultAt || Date.now()) : null,
      });
    });
    let killed = false;
    let lingering: ReturnType<typeof setTimeout> | undefined;
    // Whole lines only: the result line may arrive split over chunks.
    let partial = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (resultAt) return;
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      if (lines.some((l) => l.startsWith(RESULT_MARK))) {
        resultAt = Date.now();
        lingering = setTimeout(() => {
          killed = true;
          child.kill('SIGKILL');
        }, EXIT_WITHIN_MS);
      }
    });
  });
}

describe.skipIf(!BUN)('the mock in-process under Bun', () => {
  it('createMockService() and the SDK on mock.fetch work, and Bun ends on its own', async () => {
    const { results, exitedAfter } = await run(BUN!, [join(out, 'in-process-node.js')], { BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results).toHaveLength(4);
    expect(exitedAfter).not.toBeNull();
  }, 60_000);
});

describe.skipIf(!DENO)('the mock in-process under Deno', () => {
  it('importing the mock does not keep Deno alive, and the SDK on mock.fetch works with no permission', async () => {
    const { results, exitedAfter } = await run(DENO!, ['run', '--no-prompt', join(out, 'in-process-deno.js')], {
      DENO_DIR: join(CACHE, 'deno-dir'),
      DENO_NO_UPDATE_CHECK: '1',
    });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results).toHaveLength(4);
    expect(exitedAfter).not.toBeNull();
  }, 60_000);
});

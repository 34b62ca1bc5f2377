// The runtimes `npm run test:runtimes` runs (scripts/test-runtimes.mjs): their npm packages in a cache outside the
// package, where each one's binary is, and how a scenario is launched under one and the mock started beside it.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { RESULT_MARK } from '../../test/runtimes/report.mjs';

/** A run of a scenario past this is killed and counts as failed. */
const RUN_TIMEOUT_MS = 120_000;
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// The runtimes, as npm packages (each ships its binary in a registry package). Majors only: the first
// install takes the newest of each, later runs reuse it until this list changes.
export const CACHE = resolve(process.env.ACS_RUNTIMES_CACHE ?? join(tmpdir(), 'acs-sdk-runtimes'));
export const CACHE_MANIFEST = {
  name: 'acs-sdk-runtimes',
  private: true,
  description: 'Runtimes for acs-sdk scripts/test-runtimes.mjs (a cache: delete it at will)',
  dependencies: { node: '^22', bun: '^1', deno: '^2', miniflare: '^4' },
  // Whose install scripts may run: each puts its platform binary in place.
  allowScripts: { node: true, bun: true, deno: true, workerd: true, sharp: true },
};

export const npm = (args, cwd, stdio = 'inherit') =>
  execFileSync('npm', args, { cwd, stdio, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });

export function duSize(dir) {
  try {
    return `${execFileSync('du', ['-sm', dir], { encoding: 'utf8' }).split('\t')[0]} MB`;
  } catch {
    return '?';
  }
}

export const firstExisting = (...paths) => paths.find((p) => p && existsSync(p));

/** Where each runtime's binary is in the cache, or undefined. */
export function runtimePaths() {
  const nm = join(CACHE, 'node_modules');
  let miniflare;
  try {
    miniflare = createRequire(join(CACHE, 'package.json')).resolve('miniflare');
  } catch {}
  let denoPlatform; // @deno/linux-x64-glibc and the like: the binary itself, without bin.cjs's Node wrapper
  try {
    denoPlatform = readdirSync(join(nm, '@deno'), { withFileTypes: true }).find((d) => d.isDirectory())?.name;
  } catch {}
  return {
    node22: firstExisting(join(nm, 'node', 'bin', 'node')),
    bun: firstExisting(join(nm, 'bun', 'bin', 'bun.exe'), join(nm, '.bin', 'bun')),
    deno: firstExisting(denoPlatform && join(nm, '@deno', denoPlatform, 'deno'), join(nm, '.bin', 'deno')),
    miniflare,
  };
}

let installError;
/** Why installing the runtimes failed, if it did (each missing runtime's row says it). */
export const installProblem = () => installError;
export async function ensureRuntimes() {
  mkdirSync(CACHE, { recursive: true });
  const manifestPath = join(CACHE, 'package.json');
  const wanted = `${JSON.stringify(CACHE_MANIFEST, null, 2)}\n`;
  const current = existsSync(manifestPath) ? readFileSync(manifestPath, 'utf8') : '';
  const paths = runtimePaths();
  if (current === wanted && paths.node22 && paths.bun && paths.deno && paths.miniflare) {
    console.log(`reusing ${CACHE} (${duSize(join(CACHE, 'node_modules'))})`);
    return { paths, installed: false };
  }
  writeFileSync(manifestPath, wanted);
  console.log(
    `installing ${Object.entries(CACHE_MANIFEST.dependencies)
      .map(([n, v]) => `${n}@${v}`)
      .join(' ')} into ${CACHE}`,
  );
  const t = performance.now();
  try {
    npm(['install', '--no-audit', '--no-fund', '--loglevel=error'], CACHE);
  } catch (error) {
    // Run what did install; the others fail with this reason.
    installError = `npm install in ${CACHE} failed (exit code ${error.status})`;
    console.error(installError);
  }
  console.log(`installed in ${seconds(performance.now() - t)}; ${duSize(join(CACHE, 'node_modules'))} on disk`);
  return { paths: runtimePaths(), installed: true };
}

/**
 * Spawns a command, prints its lines as they come, and resolves with the result line and timing. With
 * `exitWithin`, the process must end on its own that many ms after its result line (nothing keeps it
 * alive): that is one more step of the result, `exits on its own`.
 */
export function runLauncher(runtime, command, args, cwd, extraEnv = {}, { exitWithin } = {}) {
  return new Promise((resolvePromise) => {
    const t = performance.now();
    const child = spawn(command, args, { cwd, env: { ...process.env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let result;
    let lingered = false;
    let exitTimer;
    const stderr = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith(RESULT_MARK)) {
        result = JSON.parse(line.slice(RESULT_MARK.length));
        if (exitWithin !== undefined) {
          exitTimer = setTimeout(() => {
            lingered = true;
            child.kill('SIGKILL');
          }, exitWithin);
        }
      } else console.log(line.startsWith('[') ? line : `[${runtime}] ${line}`);
    });
    createInterface({ input: child.stderr }).on('line', (line) => {
      stderr.push(line);
      console.log(`[${runtime}] stderr: ${line}`);
    });
    const timer = setTimeout(() => {
      stderr.push(`killed after ${RUN_TIMEOUT_MS / 1000} s`);
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    const finish = (code, error) => {
      clearTimeout(timer);
      clearTimeout(exitTimer);
      if (exitWithin !== undefined && result) {
        const step = {
          step: 'exits on its own',
          ok: !lingered,
          ms: 0,
          detail: lingered ? `still running ${exitWithin} ms after its last step: killed` : 'yes',
        };
        console.log(`[${runtime}] ${step.ok ? 'pass' : 'FAIL'}  ${step.step.padEnd(26)} ${step.detail}`);
        result.results.push(step);
        if (lingered) code = 0;
      }
      resolvePromise({
        runtime,
        code,
        result,
        error: error?.message ?? (code !== 0 && !result ? stderr.slice(-5).join('\n') : undefined),
        ms: performance.now() - t,
      });
    };
    child.on('error', (error) => finish(-1, error));
    child.on('close', (code) => finish(code));
  });
}

export function startMock(consumerDir) {
  const cli = realpathSync(join(consumerDir, 'node_modules', '.bin', 'acs-mock'));
  const child = spawn(process.execPath, [cli, '--port', '0', '--json', '--quiet'], {
    cwd: consumerDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      try {
        resolvePromise({ child, credentials: JSON.parse(line) });
      } catch {
        reject(new Error(`acs-mock printed ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`acs-mock exited with ${code}`)));
  });
}

// `npm run test:runtimes`: the packed packages (acs-sdk and acs-mock), used as an app would use them, under Node 22, Node 24, Bun,
// Deno and workerd (the edge-worker runtime, through miniflare), against the standalone mock.
//
//   1. installs the runtimes from npm into a cache outside the package (reused across runs; npm ci
//      does not wipe it): $ACS_RUNTIMES_CACHE, default <os tmpdir>/acs-sdk-runtimes
//   2. `npm run build`, `npm pack` of the root and of dist/mock into a temp dir, and installs both tarballs
//      (and msw, an optional peer of acs-mock) into a fresh consumer project there
//   3. starts that install's `acs-mock --port 0 --json` on the pinned Node
//   4. runs test/runtimes/scenario.mjs once per runtime through its launcher; for workerd it is
//      first bundled with esbuild under the `browser` condition (so isomorphic-ws uses the runtime's
//      WebSocket rather than `ws` and Node built-ins); under Node, Bun and Deno it also runs
//      test/runtimes/in-process.mjs (the mock in-process on mock.fetch), which must end on its own
//   5. prints a summary table with timings; exits 1 when any step of any runtime failed.
//
// Options: --only node22,bun,...   run some runtimes only; --keep   keep the temp dir;
//          --no-build   pack the dist/ that is there (.ci/run, right after its own build).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CACHE, ensureRuntimes, installProblem, npm, runLauncher, seconds, startMock } from './runtimes/launchers.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNTIMES = ['node22', 'node24', 'bun', 'deno', 'workerd'];
/** How long after its last step an in-process run may take to end on its own. */
const EXIT_WITHIN_MS = 10_000;
/** Runtimes that run the in-process mock (test/runtimes/in-process.mjs); workerd reaches the mock over HTTP only. */
const IN_PROCESS_RUNTIMES = ['node22', 'node24', 'bun', 'deno'];

const { values: options } = parseArgs({
  options: { only: { type: 'string' }, keep: { type: 'boolean', default: false }, 'no-build': { type: 'boolean', default: false } },
});
const selected = options.only ? options.only.split(',').map((s) => s.trim()) : RUNTIMES;
const unknown = selected.filter((r) => !RUNTIMES.includes(r));
if (unknown.length) {
  console.error(`test-runtimes: unknown runtime ${unknown.join(', ')} (known: ${RUNTIMES.join(', ')})`);
  process.exit(2);
}

const started = performance.now();
const phases = [];
async function phase(name, body) {
  const t = performance.now();
  process.stdout.write(`\n== ${name}\n`);
  try {
    return await body();
  } finally {
    phases.push({ name, ms: performance.now() - t });
  }
}

const outcomes = new Map();
const inProcess = new Map();
let tempDir;
let mock;
let fatal;

try {
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (selected.includes('node24') && nodeMajor !== 24) {
    throw new Error(`this script runs on Node ${process.version}; run it as \`npm run test:runtimes\`, which uses the pinned Node 24`);
  }

  const { paths } = await phase('runtimes', ensureRuntimes);
  const versionOf = (bin, args = ['--version']) => {
    try {
      return execFileSync(bin, args, { encoding: 'utf8' }).trim().split('\n')[0];
    } catch (error) {
      return `unusable: ${error.message.split('\n')[0]}`;
    }
  };
  console.log(
    `node22: ${paths.node22 ? versionOf(paths.node22) : 'missing'}; node24: ${process.version}; bun: ${paths.bun ? versionOf(paths.bun) : 'missing'}; deno: ${paths.deno ? versionOf(paths.deno) : 'missing'}; miniflare: ${paths.miniflare ? JSON.parse(readFileSync(join(CACHE, 'node_modules', 'miniflare', 'package.json'), 'utf8')).version : 'missing'}`,
  );

  tempDir = mkdtempSync(join(tmpdir(), 'acs-sdk-runtimes-run-'));
  const consumer = join(tempDir, 'consumer');

  const tarballs = await phase(options['no-build'] ? 'pack' : 'build and pack', () => {
    if (!options['no-build']) npm(['run', 'build', '--silent'], ROOT, ['ignore', 'ignore', 'inherit']);
    else if (!existsSync(join(ROOT, 'dist', 'mock', 'package.json')))
      throw new Error('--no-build, but there is no dist/: run `npm run build` first');
    // acs-sdk from the root, acs-mock from dist/mock (decision PLAT-44).
    return ['.', './dist/mock'].map((dir) => {
      const [packed] = JSON.parse(
        npm(['pack', dir, '--json', '--ignore-scripts', '--pack-destination', tempDir], ROOT, ['ignore', 'pipe', 'inherit']),
      );
      const file = join(tempDir, packed.filename);
      console.log(`${packed.filename}: ${(statSync(file).size / 1024).toFixed(0)} kB, ${packed.entryCount} files`);
      return file;
    });
  });

  await phase('install the tarballs into a consumer project', () => {
    const rootPkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    mkdirSync(consumer, { recursive: true });
    writeFileSync(
      join(consumer, 'package.json'),
      `${JSON.stringify(
        {
          name: 'acs-sdk-runtimes-consumer',
          private: true,
          type: 'module',
          dependencies: { 'acs-sdk': `file:${tarballs[0]}` },
          // acs-mock needs no msw. It is installed all the same, as in a project that tests with it: the
          // in-process runs show that importing acs-mock does not load it (under Deno it would keep the process alive).
          devDependencies: { 'acs-mock': `file:${tarballs[1]}`, msw: rootPkg.devDependencies.msw },
        },
        null,
        2,
      )}\n`,
    );
    npm(['install', '--no-audit', '--no-fund', '--loglevel=error', '--engine-strict=false'], consumer);
    cpSync(join(ROOT, 'test', 'runtimes'), join(consumer, 'runtimes'), { recursive: true });
  });

  mock = await phase('start acs-mock (from the tarball)', async () => {
    const running = await startMock(consumer);
    console.log(`acs-mock at ${running.credentials.baseUrl}, company ${running.credentials.companyId}`);
    return running;
  });
  const envJson = JSON.stringify({
    baseUrl: mock.credentials.baseUrl,
    apiKey: mock.credentials.apiKey,
    companyId: mock.credentials.companyId,
  });
  const launcher = (name) => join(consumer, 'runtimes', name);

  const missing = (runtime, what) =>
    outcomes.set(runtime, {
      runtime,
      code: -1,
      ms: 0,
      error: `${what} is not installed in ${CACHE}${installProblem() ? `: ${installProblem()}` : ''}`,
    });

  for (const runtime of selected) {
    await phase(runtime, async () => {
      switch (runtime) {
        case 'node22':
          if (!paths.node22) return missing(runtime, 'node@22');
          outcomes.set(runtime, await runLauncher(runtime, paths.node22, [launcher('node.mjs'), envJson], consumer));
          inProcess.set(
            runtime,
            await runLauncher(runtime, paths.node22, [launcher('in-process-node.mjs')], consumer, {}, { exitWithin: EXIT_WITHIN_MS }),
          );
          return;
        case 'node24':
          outcomes.set(runtime, await runLauncher(runtime, process.execPath, [launcher('node.mjs'), envJson], consumer));
          inProcess.set(
            runtime,
            await runLauncher(runtime, process.execPath, [launcher('in-process-node.mjs')], consumer, {}, { exitWithin: EXIT_WITHIN_MS }),
          );
          return;
        case 'bun': {
          if (!paths.bun) return missing(runtime, 'bun');
          const env = { BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' };
          outcomes.set(runtime, await runLauncher(runtime, paths.bun, [launcher('node.mjs'), envJson], consumer, env));
          inProcess.set(
            runtime,
            await runLauncher(runtime, paths.bun, [launcher('in-process-node.mjs')], consumer, env, { exitWithin: EXIT_WITHIN_MS }),
          );
          return;
        }
        case 'deno': {
          if (!paths.deno) return missing(runtime, 'deno');
          // With a package.json beside it, Deno resolves `acs-sdk` from node_modules, as Node does. No
          // --allow-env: the SDK reads an environment it may not read as unset, as a user's app expects.
          const env = { DENO_DIR: join(CACHE, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
          outcomes.set(
            runtime,
            await runLauncher(
              runtime,
              paths.deno,
              ['run', '--no-prompt', '--allow-net=127.0.0.1', launcher('deno.mjs'), envJson],
              consumer,
              env,
            ),
          );
          // No permission at all: mock.fetch needs no network. msw is installed in the consumer, and must not load.
          inProcess.set(
            runtime,
            await runLauncher(runtime, paths.deno, ['run', '--no-prompt', launcher('in-process-deno.mjs')], consumer, env, {
              exitWithin: EXIT_WITHIN_MS,
            }),
          );
          return;
        }
        case 'workerd': {
          if (!paths.miniflare) return missing(runtime, 'miniflare');
          const esbuild = await import('esbuild');
          const bundle = join(consumer, 'worker.bundle.js');
          const t = performance.now();
          const built = await esbuild.build({
            entryPoints: [launcher('worker.mjs')],
            outfile: bundle,
            bundle: true,
            format: 'esm',
            platform: 'browser',
            conditions: ['workerd', 'worker', 'browser'],
            minify: true,
            metafile: true,
            logLevel: 'warning',
          });
          const bytes = statSync(bundle).size;
          const fromPackages = [
            ...new Set(
              Object.keys(built.metafile.inputs)
                .map((p) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(p)?.[1])
                .filter(Boolean),
            ),
          ];
          console.log(
            `[workerd] bundled with esbuild (browser condition) in ${seconds(performance.now() - t)}: ${(bytes / 1024).toFixed(0)} kB minified, from ${fromPackages.sort().join(', ')}`,
          );
          outcomes.set(
            runtime,
            await runLauncher(runtime, process.execPath, [launcher('workerd-host.mjs'), CACHE, bundle, envJson], consumer),
          );
          return;
        }
      }
    });
  }
} catch (error) {
  fatal = error;
  console.error(`\ntest-runtimes: ${error.stack ?? error}`);
} finally {
  if (mock) {
    mock.child.kill('SIGTERM');
  }
  if (tempDir && !options.keep) rmSync(tempDir, { recursive: true, force: true });
  else if (tempDir) console.log(`\nkept ${tempDir}`);
}

// Summary: one row per runtime and scenario (against acs-mock over HTTP; the mock in-process on mock.fetch).
const STEPS = [
  'auth.verify',
  'customers.create',
  'for await list (pages)',
  'NotFoundError',
  'webhooks.verifySignature',
  'oauth PKCE',
  'stream event',
];
const IN_PROCESS_STEPS = [
  'mock.fetch auth.verify',
  'mock.fetch customers.create',
  'mock.fetch for await list',
  'mock.fetch NotFoundError',
  'exits on its own',
];
function row(runtime, scenario, outcome, steps) {
  const results = outcome?.result?.results ?? [];
  const ok = !!outcome && outcome.code === 0 && results.length === steps.length && results.every((r) => r.ok);
  return {
    runtime,
    scenario,
    version: outcome?.result?.version ?? '-',
    steps: `${results.filter((r) => r.ok).length}/${steps.length}`,
    time: outcome ? seconds(outcome.ms) : '-',
    status: ok ? 'pass' : 'FAIL',
    why: ok
      ? ''
      : outcome
        ? [...results.filter((r) => !r.ok).map((r) => `${r.step}: ${r.detail}`), outcome.error].filter(Boolean).join('; ') ||
          `exit code ${outcome.code}`
        : 'not run',
  };
}
const rows = selected.flatMap((runtime) => [
  row(runtime, 'acs-mock', outcomes.get(runtime), STEPS),
  ...(IN_PROCESS_RUNTIMES.includes(runtime)
    ? [
        row(
          runtime,
          'in-process',
          inProcess.get(runtime) ?? (outcomes.get(runtime)?.code === -1 ? outcomes.get(runtime) : undefined),
          IN_PROCESS_STEPS,
        ),
      ]
    : []),
]);
const columns = ['runtime', 'scenario', 'version', 'steps', 'time', 'status'];
const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(`\n== summary\n${line(columns)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
for (const r of rows) console.log(line(columns.map((c) => r[c])));
for (const r of rows.filter((r) => r.why)) console.log(`${r.runtime} ${r.scenario}: ${r.why}`);
console.log(`\ntimings: ${phases.map((p) => `${p.name} ${seconds(p.ms)}`).join(', ')}; total ${seconds(performance.now() - started)}`);
const failed = rows.filter((r) => r.status !== 'pass').length;
console.log(`runtimes: ${rows.length - failed} passed, ${failed} failed`);
process.exit(fatal || failed ? 1 : 0);

// `npm run check:package`, after `npm run build` (.ci/run runs it there): the two tarballs `npm pack` makes,
// acs-sdk from the root and acs-mock from dist/mock (decision PLAT-44), installed and used as a user does.
//   1. packs the dist/ that is there (--ignore-scripts: prepack would build a second time) and checks each
//      file list: the built files, README.md, LICENSE and package.json only, no tests, no source maps, no
//      mock in acs-sdk, every file the exports map and the bin name;
//   2. installs both tarballs into a fresh project in a temp dir, beside @types/node and without msw (an
//      optional peer of acs-mock), and checks acs-mock's acs-sdk is the tarball's, not a second copy;
//   3. there: every subpath of both from `import` and from `require()` (test/package/consumer/esm.mjs,
//      cjs.cjs); a user's files and the README's quick start type-checked against the published types
//      (strict, skipLibCheck false, ES module and CommonJS), `import 'acs-mock'` without msw; the bin:
//      `npx acs-mock --help`, `--version`, then a start on a free port and a request to it;
//   4. then msw installed: the files that use acs-mock/node and acs-mock/browser type-checked.
// --keep keeps the temp dir.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONSUMER = join(ROOT, 'test/package/consumer');
const keep = process.argv.includes('--keep');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const tmp = mkdtempSync(join(tmpdir(), 'acs-check-package-'));
const project = join(tmp, 'project');

const fail = (message) => {
  console.error(`check-package: ${message}`);
  if (!keep) rmSync(tmp, { recursive: true, force: true });
  process.exit(1);
};
const run = (command, args, cwd = project) => {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    fail(`${[command, ...args].join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`);
  }
};
const step = (name) => console.log(`check-package: ${name}`);
const install = (...specs) => run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs]);

/** Packs `dir` and checks what the tarball holds against its manifest; the tarball's path. */
function packAndCheck(dir, builtFiles) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const [packed] = JSON.parse(run('npm', ['pack', dir, '--json', '--ignore-scripts', '--pack-destination', tmp], ROOT));
  const files = packed.files.map((f) => f.path);
  const name = manifest.name;
  const stray = files.filter((f) => !builtFiles.test(f) && !/^(README\.md|LICENSE|package\.json)$/.test(f));
  if (stray.length) fail(`${name}: npm pack would ship files outside the build, README and LICENSE: ${stray.join(', ')}`);
  if (files.some((f) => /\.test\.|(^|\/)test\//.test(f))) fail(`${name}: npm pack would ship tests`);
  if (files.some((f) => f.endsWith('.map'))) fail(`${name}: npm pack would ship source maps without their sources (decision PLAT-34)`);
  const targets = (entry) => (typeof entry === 'string' ? [entry] : Object.values(entry).flatMap(targets));
  const bins = Object.values(manifest.bin ?? {});
  const promised = ['README.md', 'LICENSE', ...bins, ...targets(manifest.exports)].map((f) => f.replace(/^\.\//, ''));
  for (const file of promised) if (!files.includes(file)) fail(`${name}: npm pack does not ship ${file}, which package.json names`);
  step(
    `${packed.filename}: ${files.length} files, ${(packed.size / 1024).toFixed(0)} kB packed, ${(packed.unpackedSize / 1024).toFixed(0)} kB unpacked`,
  );
  return { tarball: join(tmp, packed.filename), manifest };
}

/** Type-checks `files` (name in the project: source in the repository) as a user's compiler reads the published types. */
function typeCheck(files, types) {
  for (const [name, source] of Object.entries(files)) copyFileSync(join(ROOT, source), join(project, name));
  const compilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    target: 'ES2022',
    module: 'NodeNext',
    lib: ['ES2022', 'DOM'],
    types,
  };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: Object.keys(files) }));
  run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
}

// 1. What each tarball holds.
if (!existsSync(join(ROOT, 'dist/mock/package.json'))) fail('there is no dist/ with dist/mock/: run `npm run build` first');
const sdk = packAndCheck(ROOT, /^dist\/(?!mock\/)/);
// The mock's build, and the PDF fonts the build copies beside it (REP-95).
const mock = packAndCheck(join(ROOT, 'dist/mock'), /^([^/]+\.(c?js|d\.c?ts)|fonts\/[\w-]+\/(unicode\.json|files\/[\w-]+\.woff))$/);

// 2. A fresh project with both tarballs and @types/node, no msw.
mkdirSync(project);
writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'acs-sdk-consumer', private: true, type: 'module' }, null, 2)}\n`);
install(sdk.tarball, mock.tarball, `@types/node@${pkg.devDependencies['@types/node']}`);
if (existsSync(join(project, 'node_modules/msw'))) fail('installing acs-mock installed msw, an optional peer');
if (existsSync(join(project, 'node_modules/acs-mock/node_modules/acs-sdk'))) fail('acs-mock installed a second acs-sdk of its own');
step('installed acs-sdk and acs-mock into a fresh project with @types/node, without msw');

// 3a. Every subpath, from import and from require().
copyFileSync(join(CONSUMER, 'use-client.mjs'), join(project, 'use-client.mjs'));
for (const file of ['esm.mjs', 'cjs.cjs']) {
  copyFileSync(join(CONSUMER, file), join(project, file));
  step(run(process.execPath, [file]).trim());
}

// 3b. The published types, strict and with skipLibCheck false; acs-mock's main entry needs no msw.
const withoutMsw = {
  'user.ts': 'test/package/fixtures/user.ts',
  'user.cts': 'test/package/consumer/user.cts',
  'quickstart.ts': 'examples/quickstart.ts',
};
typeCheck(withoutMsw, ['node']);
step(`tsc --noEmit without msw (strict, skipLibCheck false, NodeNext): ${Object.keys(withoutMsw).join(', ')}`);

// 3c. The bin, as `npx acs-mock` runs it.
const help = run('npx', ['--no-install', 'acs-mock', '--help']);
if (!help.startsWith('Usage: acs-mock')) fail(`npx acs-mock --help printed ${help}`);
const version = run('npx', ['--no-install', 'acs-mock', '--version']).trim();
if (version !== mock.manifest.version) fail(`npx acs-mock --version printed ${version}, not ${mock.manifest.version}`);
const status = await startAndAsk();
if (status !== 200) fail(`acs-mock answered GET /v1/auth/verify with ${status}`);
step('npx acs-mock: --help, --version, and a start on a free port that answers GET /v1/auth/verify with 200');

// 4. With msw: the msw entries' types.
install(`msw@${pkg.devDependencies.msw}`);
const withMsw = { 'mock-user.ts': 'test/package/consumer/mock-user.ts', 'testing-with-msw.ts': 'examples/testing-with-msw.ts' };
typeCheck({ ...withoutMsw, ...withMsw }, ['node']);
step(`with msw installed, tsc --noEmit: ${Object.keys(withMsw).join(', ')}`);

if (keep) console.log(`check-package: kept ${tmp}`);
else rmSync(tmp, { recursive: true, force: true });
console.log('check-package: both packed packages install, load, type-check and run');

/** Starts the installed acs-mock on a free port, asks it /auth/verify with its test key, stops it: the status. */
async function startAndAsk() {
  const child = spawn('npx', ['--no-install', 'acs-mock', '--port', '0', '--json', '--quiet'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  try {
    const line = await new Promise((resolveLine, reject) => {
      createInterface({ input: child.stdout }).once('line', resolveLine);
      child.once('exit', (code) => reject(new Error(`acs-mock exited with ${code}: ${stderr}`)));
    });
    const { baseUrl, apiKey, companyId } = JSON.parse(line);
    const response = await fetch(`${baseUrl}/auth/verify`, { headers: { Authorization: `Bearer ${apiKey}`, 'X-Company-Id': companyId } });
    return response.status;
  } catch (error) {
    fail(error.message);
  } finally {
    process.kill(-child.pid, 'SIGTERM');
  }
}

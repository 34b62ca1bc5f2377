// `npm run check:package`, after `npm run build` (.ci/run runs it there): the tarball `npm pack` makes,
// installed and used as a user installs and uses it.
//   1. packs the dist/ that is there (--ignore-scripts: prepack would build a second time) and checks the
//      file list: dist/, the bin, README.md, LICENSE and package.json only, no tests, no source maps,
//      every file the exports map and the bin name;
//   2. installs the tarball into a fresh project in a temp dir, beside msw (the mock's handlers use it)
//      and @types/node (acs-sdk/mock/node's types name node:http), as a Node test suite has them;
//   3. there: every subpath from `import` and from `require()` (test/package/consumer/esm.mjs, cjs.cjs);
//      a user's files and the README's quick start type-checked against the published types (strict,
//      skipLibCheck false, ES module and CommonJS); the bin: `npx acs-mock --help`, `--version`, then a
//      start on a free port and a request to it.
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

// 1. What the tarball holds.
if (!existsSync(join(ROOT, 'dist/index.js'))) fail('there is no dist/: run `npm run build` first');
const [packed] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], ROOT));
const files = packed.files.map((f) => f.path);
const bins = Object.values(pkg.bin).map((f) => f.replace(/^\.\//, ''));
const stray = files.filter((f) => !/^(dist\/|README\.md$|LICENSE$|package\.json$)/.test(f) && !bins.includes(f));
if (stray.length) fail(`npm pack would ship files outside dist/, the bin, README and LICENSE: ${stray.join(', ')}`);
if (files.some((f) => /\.test\.|(^|\/)test\//.test(f))) fail('npm pack would ship tests');
if (files.some((f) => f.endsWith('.map'))) fail('npm pack would ship source maps without their sources (decision PLAT-34)');
const targets = (entry) => (typeof entry === 'string' ? [entry] : Object.values(entry).flatMap(targets));
const promised = ['README.md', 'LICENSE', ...bins, ...targets(pkg.exports).map((f) => f.replace(/^\.\//, ''))];
for (const file of promised) if (!files.includes(file)) fail(`npm pack does not ship ${file}, which package.json names`);
step(
  `${packed.filename}: ${files.length} files, ${(packed.size / 1024).toFixed(0)} kB packed, ${(packed.unpackedSize / 1024).toFixed(0)} kB unpacked`,
);

// 2. A fresh project with the tarball, msw and @types/node.
mkdirSync(project);
writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'acs-sdk-consumer', private: true, type: 'module' }, null, 2)}\n`);
const extras = ['msw', '@types/node'].map((name) => `${name}@${pkg.devDependencies[name]}`);
run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(tmp, packed.filename), ...extras]);
// npm drops a bin it cannot find when it reads package.json (before prepack builds), so read what it packed.
const installed = JSON.parse(readFileSync(join(project, 'node_modules/acs-sdk/package.json'), 'utf8'));
if (JSON.stringify(installed.bin) !== JSON.stringify(pkg.bin)) fail(`the packed package.json has bin ${JSON.stringify(installed.bin)}`);
step(`installed it into a fresh project with ${extras.join(' and ')}`);

// 3a. Every subpath, from import and from require().
copyFileSync(join(CONSUMER, 'use-client.mjs'), join(project, 'use-client.mjs'));
for (const file of ['esm.mjs', 'cjs.cjs']) {
  copyFileSync(join(CONSUMER, file), join(project, file));
  step(run(process.execPath, [file]).trim());
}

// 3b. The published types, strict and with skipLibCheck false, as the user's compiler reads them.
const typed = {
  'user.ts': 'test/package/fixtures/user.ts',
  'mock-user.ts': 'test/package/consumer/mock-user.ts',
  'user.cts': 'test/package/consumer/user.cts',
  'quickstart.ts': 'examples/quickstart.ts',
  'testing-with-msw.ts': 'examples/testing-with-msw.ts',
};
for (const [name, source] of Object.entries(typed)) copyFileSync(join(ROOT, source), join(project, name));
const compilerOptions = { strict: true, noEmit: true, skipLibCheck: false, target: 'ES2022', module: 'NodeNext', lib: ['ES2022', 'DOM'] };
writeFileSync(
  join(project, 'tsconfig.json'),
  JSON.stringify({ compilerOptions: { ...compilerOptions, types: ['node'] }, files: Object.keys(typed) }),
);
run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
step(`tsc --noEmit (strict, skipLibCheck false, NodeNext): ${Object.keys(typed).join(', ')}`);

// 3c. The bin, as `npx acs-mock` runs it.
const help = run('npx', ['--no-install', 'acs-mock', '--help']);
if (!help.startsWith('Usage: acs-mock')) fail(`npx acs-mock --help printed ${help}`);
const version = run('npx', ['--no-install', 'acs-mock', '--version']).trim();
if (version !== pkg.version) fail(`npx acs-mock --version printed ${version}, not ${pkg.version}`);
const status = await startAndAsk();
if (status !== 200) fail(`acs-mock answered GET /v1/auth/verify with ${status}`);
step('npx acs-mock: --help, --version, and a start on a free port that answers GET /v1/auth/verify with 200');

if (keep) console.log(`check-package: kept ${tmp}`);
else rmSync(tmp, { recursive: true, force: true });
console.log('check-package: the packed package installs, loads, type-checks and runs');

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

// `npm run bench:install`: what installing acs-sdk costs a project that uses the SDK alone, and what
// acs-mock adds (decision PLAT-44). A benchmark, not a timed test: it builds, packs both packages, installs
// the acs-sdk tarball by itself into a fresh project in a temp dir (npm installs what package.json makes it
// install), then both tarballs (no msw) into another, and reports the packages and the size of node_modules,
// the SDK's against the target of a production SDK install (6 packages, 12 MB).
//
// Options: --no-build   pack the dist/ that is there;   --keep   keep the temp dir;   --json   one JSON line.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The SDK-only install the package is to fit in (a target to report against, not a test). */
const TARGET = { packages: 6, megabytes: 12 };
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const npm = (args, cwd) =>
  execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
const log = (line) => {
  if (!options.json) console.log(line);
};

/** Every package directory under `modules` (scoped and nested ones included), with its bytes. */
function packagesUnder(modules) {
  const found = [];
  if (!existsSync(modules)) return found;
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    const dirs = name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name];
    for (const pkgName of dirs) {
      const dir = join(modules, pkgName);
      if (!existsSync(join(dir, 'package.json'))) continue;
      found.push({ name: pkgName, bytes: bytesOf(dir, 'node_modules') }, ...packagesUnder(join(dir, 'node_modules')));
    }
  }
  return found;
}

/** The bytes of the files under `dir` (what the files hold, not the blocks they take), `skip` left out. */
function bytesOf(dir, skip) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === skip) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesOf(path);
    else total += lstatSync(path).size;
  }
  return total;
}

/** Installs `tarballs` into a fresh project `name` under `tmp`: its packages and bytes. */
function installAlone(tmp, name, tarballs) {
  const project = join(tmp, name);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  const started = performance.now();
  npm(['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], project);
  const installMs = performance.now() - started;
  const modules = join(project, 'node_modules');
  const packages = packagesUnder(modules);
  return {
    packages: packages.length,
    nodeModulesBytes: bytesOf(modules),
    nodeModulesOnDiskBytes: Number(execFileSync('du', ['-sk', modules], { encoding: 'utf8' }).split('\t')[0]) * 1024,
    ownBytes: Object.fromEntries(packages.filter((p) => p.name.startsWith('acs-')).map((p) => [p.name, p.bytes])),
    installSeconds: Number((installMs / 1000).toFixed(1)),
    largest: packages
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 12)
      .map((p) => ({ name: p.name, bytes: p.bytes })),
  };
}

const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;

/** ` (target 6: within)`, or nothing without a target. */
const against = (value, limit, unit = '') =>
  limit === undefined ? '' : ` (target ${limit}${unit}: ${value <= limit ? 'within' : 'over'})`;

/** The report of one install, in lines. */
function describeInstall(title, install, target = {}) {
  log(`${title}: installed in ${install.installSeconds} s`);
  log(`  packages in node_modules: ${install.packages}${against(install.packages, target.packages)}`);
  const files = `${mb(install.nodeModulesBytes)} of files, ${mb(install.nodeModulesOnDiskBytes)} on disk`;
  log(`  node_modules: ${files}${against(install.nodeModulesBytes / 1e6, target.megabytes, ' MB')}`);
  for (const [name, bytes] of Object.entries(install.ownBytes)) log(`  ${name} itself: ${mb(bytes)}`);
  log('  largest packages:');
  for (const p of install.largest) log(`    ${mb(p.bytes).padStart(9)}  ${p.name}`);
}

const tmp = mkdtempSync(join(tmpdir(), 'acs-install-size-'));
try {
  if (!options['no-build']) {
    log('building (npm run build)...');
    npm(['run', 'build', '--silent'], ROOT);
  } else if (!existsSync(join(ROOT, 'dist/mock/package.json')))
    throw new Error('--no-build, but there is no dist/: run `npm run build` first');
  const pack = (dir) => JSON.parse(npm(['pack', dir, '--json', '--ignore-scripts', '--pack-destination', tmp], ROOT))[0];
  const [sdk, mock] = [pack(ROOT), pack(join(ROOT, 'dist/mock'))];
  const tarball = (packed) => join(tmp, packed.filename);
  const result = {
    tarballs: [sdk, mock].map((p) => ({ name: p.filename, packedBytes: p.size, unpackedBytes: p.unpackedSize, files: p.entryCount })),
    sdkOnly: installAlone(tmp, 'sdk-only', [tarball(sdk)]),
    withMock: installAlone(tmp, 'with-mock', [tarball(sdk), tarball(mock)]),
    target: TARGET,
  };
  if (options.json) console.log(JSON.stringify(result));
  else {
    for (const p of result.tarballs) log(`${p.name}: ${mb(p.packedBytes)} packed, ${mb(p.unpackedBytes)} unpacked, ${p.files} files`);
    describeInstall('acs-sdk alone', result.sdkOnly, TARGET);
    describeInstall('acs-sdk and acs-mock (no msw)', result.withMock);
  }
} finally {
  if (options.keep) log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}

// `npm run bench:install`: what installing acs-sdk costs a project that uses the SDK alone. A benchmark,
// not a timed test: it builds, packs, installs the tarball by itself into a fresh project in a temp dir
// (no msw, no mock import: npm installs what package.json makes it install), and reports the packages
// and the size of node_modules against the target of a production SDK install (6 packages, 12 MB).
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

const tmp = mkdtempSync(join(tmpdir(), 'acs-install-size-'));
try {
  if (!options['no-build']) {
    log('building (npm run build)...');
    npm(['run', 'build', '--silent'], ROOT);
  } else if (!existsSync(join(ROOT, 'dist/index.js'))) throw new Error('--no-build, but there is no dist/: run `npm run build` first');
  const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], ROOT));
  const project = join(tmp, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'sdk-only', private: true, type: 'module' }));
  const started = performance.now();
  npm(['install', '--no-audit', '--no-fund', '--loglevel=error', join(tmp, packed.filename)], project);
  const installMs = performance.now() - started;
  const modules = join(project, 'node_modules');
  const packages = packagesUnder(modules);
  const bytes = bytesOf(modules);
  const onDisk = Number(execFileSync('du', ['-sk', modules], { encoding: 'utf8' }).split('\t')[0]) * 1024;
  const own = packages.find((p) => p.name === 'acs-sdk');
  const result = {
    tarball: packed.filename,
    packedBytes: packed.size,
    unpackedBytes: packed.unpackedSize,
    files: packed.entryCount,
    packages: packages.length,
    nodeModulesBytes: bytes,
    nodeModulesOnDiskBytes: onDisk,
    acsSdkBytes: own?.bytes ?? 0,
    installSeconds: Number((installMs / 1000).toFixed(1)),
    target: TARGET,
    largest: packages
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 12)
      .map((p) => ({ name: p.name, bytes: p.bytes })),
  };
  if (options.json) console.log(JSON.stringify(result));
  else {
    const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
    const within = (ok) => (ok ? 'within' : 'over');
    log(`${packed.filename}: ${mb(packed.size)} packed, ${mb(packed.unpackedSize)} unpacked, ${packed.entryCount} files`);
    log(`installed alone in ${result.installSeconds} s`);
    log(`packages in node_modules: ${packages.length} (target ${TARGET.packages}: ${within(packages.length <= TARGET.packages)})`);
    log(
      `node_modules: ${mb(bytes)} of files, ${mb(onDisk)} on disk (target ${TARGET.megabytes} MB: ${within(bytes <= TARGET.megabytes * 1e6)})`,
    );
    log(`acs-sdk itself: ${mb(result.acsSdkBytes)}`);
    log('largest packages:');
    for (const p of result.largest) log(`  ${mb(p.bytes).padStart(9)}  ${p.name}`);
  }
} finally {
  if (options.keep) log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}

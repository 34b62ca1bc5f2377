// Builds and packs the package once (--ignore-scripts: its prepack would build again), and installs the
// tarball into a throwaway project whose other dependencies are links to this checkout's node_modules: the
// tests then see what a user installs.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface PackedProject {
  /** The throwaway project: `node_modules/acs-sdk` is the unpacked tarball. */
  dir: string;
  /** `node_modules/acs-sdk` in it. */
  packageDir: string;
}

export function packedProject(): PackedProject {
  const npm = (args: string[], cwd = ROOT) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // .ci/run builds once, before these tests, and says so: the dist/ there is the one to pack.
  if (process.env.ACS_PACKAGE_BUILT !== '1') npm(['run', 'build']);
  const dir = mkdtempSync(join(tmpdir(), 'acs-packed-'));
  const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir])) as { filename: string }[];
  const modules = join(dir, 'node_modules');
  const packageDir = join(modules, 'acs-sdk');
  mkdirSync(packageDir, { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, packed.filename), '-C', packageDir, '--strip-components=1']);
  linkDependencies(modules);
  return { dir, packageDir };
}

/** Links every package of this checkout's node_modules (but acs-sdk, dot entries and `without`) into `modules`. */
function linkDependencies(modules: string, without: readonly string[] = []): void {
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name === '.bin' || name === 'acs-sdk' || name.startsWith('.') || without.includes(name)) continue;
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
}

/** Deletes a throwaway project (the links in it, never what they point to). */
export function removeProject(project: PackedProject | undefined): void {
  if (project) rmSync(project.dir, { recursive: true, force: true });
}

/**
 * A second throwaway project with the same unpacked package (copied, so nothing resolves through the
 * first project) and every dependency of this checkout but `without`: what a user has who installed
 * only acs-sdk. `node_modules/.bin/acs-mock` is there as npm puts it.
 */
export function projectWithout(project: PackedProject, without: readonly string[]): PackedProject {
  const dir = mkdtempSync(join(tmpdir(), 'acs-packed-without-'));
  const modules = join(dir, 'node_modules');
  const packageDir = join(modules, 'acs-sdk');
  cpSync(project.packageDir, packageDir, { recursive: true });
  linkDependencies(modules, without);
  mkdirSync(join(modules, '.bin'));
  chmodSync(join(packageDir, 'bin/acs-mock.js'), 0o755);
  symlinkSync('../acs-sdk/bin/acs-mock.js', join(modules, '.bin', 'acs-mock'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { 'acs-sdk': '*' } }),
  );
  return { dir, packageDir };
}

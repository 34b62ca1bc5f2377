// Builds and packs both packages once (--ignore-scripts: the root's prepack would build again): acs-sdk from
// the root and acs-mock from dist/mock (decision PLAT-44). Their tarballs are unpacked into a throwaway
// project whose other dependencies are links to this checkout's node_modules: the tests see what a user installs.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The packages packed here, by name, from the directory `npm pack` runs on. */
const PACKED = { 'acs-sdk': '.', 'acs-mock': './dist/mock' } as const;

export interface PackedProject {
  /** The throwaway project: `node_modules/acs-sdk` and `node_modules/acs-mock` are the unpacked tarballs. */
  dir: string;
  /** `node_modules/acs-sdk` in it. */
  packageDir: string;
  /** `node_modules/acs-mock` in it. */
  mockDir: string;
}

export function packedProject(): PackedProject {
  const npm = (args: string[], cwd = ROOT) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // .ci/run builds once, before these tests, and says so: the dist/ there is the one to pack.
  if (process.env.ACS_PACKAGE_BUILT !== '1') npm(['run', 'build']);
  const dir = mkdtempSync(join(tmpdir(), 'acs-packed-'));
  const modules = join(dir, 'node_modules');
  for (const [name, from] of Object.entries(PACKED)) {
    const [packed] = JSON.parse(npm(['pack', from, '--json', '--ignore-scripts', '--pack-destination', dir])) as { filename: string }[];
    mkdirSync(join(modules, name), { recursive: true });
    execFileSync('tar', ['-xzf', join(dir, packed.filename), '-C', join(modules, name), '--strip-components=1']);
  }
  linkDependencies(modules);
  return { dir, packageDir: join(modules, 'acs-sdk'), mockDir: join(modules, 'acs-mock') };
}

/** Links every package of this checkout's node_modules (but the packed ones, dot entries and `without`) into `modules`. */
function linkDependencies(modules: string, without: readonly string[] = []): void {
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name === '.bin' || name in PACKED || name.startsWith('.') || without.includes(name)) continue;
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
}

/** Deletes a throwaway project (the links in it, never what they point to). */
export function removeProject(project: PackedProject | undefined): void {
  if (project) rmSync(project.dir, { recursive: true, force: true });
}

/**
 * A second throwaway project with the same unpacked packages (copied, so nothing resolves through the
 * first project) and every dependency of this checkout but `without`: what a user has who installed
 * acs-mock without msw. `node_modules/.bin/acs-mock` is there as npm puts it.
 */
export function projectWithout(project: PackedProject, without: readonly string[]): PackedProject {
  const dir = mkdtempSync(join(tmpdir(), 'acs-packed-without-'));
  const modules = join(dir, 'node_modules');
  for (const name of Object.keys(PACKED)) cpSync(join(project.dir, 'node_modules', name), join(modules, name), { recursive: true });
  linkDependencies(modules, without);
  mkdirSync(join(modules, '.bin'));
  chmodSync(join(modules, 'acs-mock/cli.js'), 0o755);
  symlinkSync('../acs-mock/cli.js', join(modules, '.bin', 'acs-mock'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module', devDependencies: { 'acs-mock': '*' } }),
  );
  return { dir, packageDir: join(modules, 'acs-sdk'), mockDir: join(modules, 'acs-mock') };
}

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, webSocketEndpoints } from '../../src/contract/index.js';
import { declaredSpecRowCount } from '../spec-files.js';
import { BASE_IMPLIED_ENDPOINTS, BUNDLE_BUDGETS, CLIENT_BUDGET, REPORTED_ENTRIES, TYPES_BUDGET, budgetFor } from './budgets.js';
import { createInterface } from 'node:readline';
import { packedProject, projectWithout, removeProject, ROOT, type PackedProject } from './packed.js';

// The budgets grow with the rows of endpoints.tsv the contract declares (57 when they were set), and with the
// implied endpoints declared after the first 14 (decision SDK-10).
const declaredRows =
  declaredSpecRowCount([
    ...endpoints.map((e) => ({ method: e.method, path: e.api === 'business' ? `/v1${e.path}` : e.path })),
    ...webSocketEndpoints.map((e) => ({ method: 'WS', path: `/v1${e.path}` })),
  ]) + Math.max(0, endpoints.filter((e) => e.source === 'implied').length - BASE_IMPLIED_ENDPOINTS);

// Builds and packs the package (about half a minute), then checks it as a user's bundler and compiler see it.
let project: PackedProject;
beforeAll(() => {
  project = packedProject();
}, 240_000);
afterAll(() => removeProject(project));

interface EntrySize {
  minified: number;
  gzip: number;
  /** Input files in the initial download, for the report. */
  inputs: string[];
}

/** The initial download of a browser app importing `source`: its entry chunk and the chunks it imports statically. */
async function bundle(name: string, source: string, platform: 'browser' | 'node' = 'browser', splitting = true): Promise<EntrySize> {
  const dir = join(project.dir, 'bundles', `${name.replace(/\W+/g, '-')}${splitting ? '' : '-one-file'}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'entry.mjs'), source);
  const result = await build({
    absWorkingDir: project.dir,
    entryPoints: [join(dir, 'entry.mjs')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    // Split, a dynamic import (the stream's engine) becomes its own chunk, fetched when used; unsplit, one file.
    splitting,
    outdir: join(dir, 'out'),
    metafile: true,
    write: true,
    logLevel: 'silent',
    external: platform === 'node' ? ['msw', 'msw/*'] : [],
  });
  const outputs = (result.metafile as Metafile).outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint);
  const initial = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement' && outputs[imported.path]) visit(imported.path);
  };
  visit(entry!);
  let minified = 0;
  let gzip = 0;
  const inputs = new Map<string, number>();
  for (const file of initial) {
    const bytes = readFileSync(join(project.dir, file));
    minified += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file].inputs))
      inputs.set(input, (inputs.get(input) ?? 0) + bytesInOutput);
  }
  if (process.env.ACS_BUNDLE_REPORT) {
    const top = [...inputs].sort((a, b) => b[1] - a[1]).slice(0, 40);
    console.log(`${name}: ${initial.size} file(s)\n${top.map(([input, bytes]) => `  ${String(bytes).padStart(6)} ${input}`).join('\n')}`);
  }
  return { minified, gzip, inputs: [...inputs.keys()] };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

describe('what a browser app downloads (esbuild, browser, minified, ESM, gzip)', () => {
  for (const [name, budget] of Object.entries(BUNDLE_BUDGETS)) {
    it(`${name} stays within its budget`, async () => {
      const size = await bundle(name, budget.imports);
      const target = budgetFor(budget, declaredRows);
      console.log(`${name}: ${kB(size.minified)} minified, ${size.gzip} B gzip (budget ${target} B at ${declaredRows} endpoints)`);
      expect(
        size.inputs.filter((input) => input.includes('node_modules/zod/')),
        `${name} must not bring zod`,
      ).toEqual([]);
      expect(size.gzip).toBeLessThanOrEqual(target);
    });
  }

  for (const splitting of [false, true]) {
    it(`AcsClient ${splitting ? 'split' : 'as one file'} stays within ${kB(CLIENT_BUDGET.gzip)} gzip, without zod`, async () => {
      const size = await bundle('AcsClient', CLIENT_BUDGET.imports, 'browser', splitting);
      console.log(`AcsClient ${splitting ? 'split' : 'one file'}: ${kB(size.minified)} minified, ${kB(size.gzip)} gzip`);
      expect(size.inputs.filter((input) => input.includes('node_modules/zod/'))).toEqual([]);
      expect(size.gzip).toBeLessThanOrEqual(CLIENT_BUDGET.gzip);
    });
  }

  it('reports the contract, a validating client and the mock (not budgeted)', async () => {
    for (const [name, source] of Object.entries(REPORTED_ENTRIES)) {
      const size = await bundle(name, source, name === 'acs-mock' ? 'node' : 'browser');
      console.log(`${name}: ${kB(size.minified)} minified, ${kB(size.gzip)} gzip (reported)`);
      expect(size.gzip).toBeGreaterThan(0);
    }
  });
});

describe('published types', () => {
  it('dist/index.d.ts and the declaration chunks it reaches stay within the budget', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/from\s+'(\.[^']+)'/g)) visit(join(file, '..', match[1].replace(/\.js$/, '.d.ts')));
    };
    visit(join(project.packageDir, 'dist/index.d.ts'));
    const bytes = [...seen].reduce((sum, file) => sum + statSync(file).size, 0);
    const limit = budgetFor(TYPES_BUDGET, declaredRows);
    console.log(`acs-sdk types: ${kB(bytes)} in ${seen.size} file(s) (budget ${kB(limit)} at ${declaredRows} endpoints)`);
    expect(bytes).toBeLessThanOrEqual(limit);
  });

  it("carry the contract's field notes as doc comments, on the record and on the params", () => {
    const types = ['index.d.ts', ...readdirSync(join(project.packageDir, 'dist')).filter((f) => /\.d\.ts$/.test(f))]
      .map((f) => readFileSync(join(project.packageDir, 'dist', f), 'utf8'))
      .join('\n');
    expect(types).toMatch(/\/\*\* The sales order this invoice was converted from\. \*\/\n\s+salesOrderId: string \| null;/);
    expect(types).toMatch(/\/\*\* Default today\. \*\/\n\s+invoiceDate\?: string;/);
  });

  for (const resolution of ['NodeNext', 'Bundler'] as const) {
    it(`a user's strict TypeScript file type-checks against the packed types (moduleResolution ${resolution})`, () => {
      const dir = join(project.dir, `types-${resolution}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'user.ts'), readFileSync(new URL('./fixtures/user.ts', import.meta.url), 'utf8'));
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'ES2022',
            module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
            moduleResolution: resolution,
            lib: ['ES2022', 'DOM'],
            types: [],
            skipLibCheck: false,
          },
          files: ['user.ts'],
        }),
      );
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
      let output = '';
      try {
        execFileSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      expect(output).toBe('');
    }, 120_000);
  }
});

describe('a project that installed acs-mock without msw', () => {
  let bare: PackedProject;
  beforeAll(() => {
    bare = projectWithout(project, ['msw']);
  });
  afterAll(() => removeProject(bare));
  /** Runs a script file in the project with the pinned Node; its stdout, or the error with stderr. */
  const run = (name: string, source: string) => {
    writeFileSync(join(bare.dir, name), source);
    return execFileSync(process.execPath, [name], { cwd: bare.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  };
  const verify = `
    const mock = createMockService({ seed: 'empty' });
    const { apiKey, companyId, baseUrl } = mock.credentials;
    const response = await mock.fetch(baseUrl + '/auth/verify', { headers: { authorization: 'Bearer ' + apiKey, 'x-company-id': companyId } });
    let handlers;
    try { mock.handlers; handlers = 'built'; } catch (error) { handlers = error.message; }
    console.log(JSON.stringify({ status: response.status, handlers }));`;

  it('has no msw to resolve', () => {
    expect(() => run('probe.cjs', "require.resolve('msw')")).toThrow(/Cannot find module 'msw'/);
  });

  it("a user's file importing acs-mock type-checks without msw (strict, skipLibCheck false)", () => {
    writeFileSync(
      join(bare.dir, 'mock-types.ts'),
      `import { AcsClient } from 'acs-sdk';
      import { createMockService, type MockService } from 'acs-mock';
      const mock: MockService = createMockService({ seed: 'empty' });
      export const acs = new AcsClient({ apiKey: mock.credentials.apiKey, fetch: mock.fetch });`,
    );
    const compilerOptions = { strict: true, noEmit: true, skipLibCheck: false, module: 'NodeNext', lib: ['ES2022', 'DOM'], types: [] };
    writeFileSync(join(bare.dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['mock-types.ts'] }));
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: bare.dir, encoding: 'utf8' });
    expect(result.stdout).toBe('');
  }, 120_000);

  it('npx acs-mock starts and serves the API', async () => {
    const child = spawn('npx', ['--no-install', 'acs-mock', '--port', '0', '--json', '--quiet'], {
      cwd: bare.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`acs-mock exited with ${code}: ${stderr}`)));
      });
      const { baseUrl, apiKey, companyId } = JSON.parse(line);
      const response = await fetch(`${baseUrl}/auth/verify`, { headers: { Authorization: `Bearer ${apiKey}`, 'X-Company-Id': companyId } });
      expect(response.status).toBe(200);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  }, 60_000);

  it('createMockService and mock.fetch work from import; mock.handlers says in one sentence to install msw', () => {
    const out = JSON.parse(run('esm.mjs', `import { createMockService } from 'acs-mock';\n${verify}`));
    expect(out.status).toBe(200);
    expect(out.handlers).toMatch(
      /^mock\.handlers needs msw 3, an optional peer dependency of acs-mock: install it with `npm install --save-dev msw`.*\.$/,
    );
    expect(out.handlers, 'one sentence').not.toMatch(/\.\s/);
  });

  it('createMockService and mock.fetch work from require() (Jest, CommonJS)', () => {
    const out = JSON.parse(run('cjs.cjs', `const { createMockService } = require('acs-mock');\n(async () => {${verify}})();`));
    expect(out).toMatchObject({ status: 200, handlers: expect.stringMatching(/npm install --save-dev msw/) });
  });

  it('startMockServer works from acs-mock/node; setupMockServer says what to install', () => {
    const out = run(
      'node-entry.mjs',
      `import { setupMockServer, startMockServer } from 'acs-mock/node';
      const running = await startMockServer({ port: 0, seed: 'empty' });
      const status = (await fetch(running.url + '/auth/verify', { headers: { authorization: 'Bearer ' + running.credentials.apiKey, 'x-company-id': running.credentials.companyId } })).status;
      await running.close();
      let setup;
      try { setupMockServer(); } catch (error) { setup = error.message; }
      console.log(JSON.stringify({ status, setup }));`,
    );
    expect(JSON.parse(out)).toEqual({
      status: 200,
      setup: expect.stringMatching(/^setupMockServer needs msw 3, .*npm install --save-dev msw/),
    });
  });
});

describe('the mock with msw installed', () => {
  it('require() of acs-mock builds msw handlers that msw answers with', () => {
    writeFileSync(
      join(project.dir, 'handlers.cjs'),
      `const { getResponse } = require('msw');
      const { createMockService } = require('acs-mock');
      const mock = createMockService({ seed: 'empty' });
      getResponse(mock.handlers, new Request(mock.credentials.baseUrl + '/auth/verify')).then((r) => console.log(r.status, mock.handlers.length));`,
    );
    const out = execFileSync(process.execPath, ['handlers.cjs'], { cwd: project.dir, encoding: 'utf8' });
    expect(out.trim()).toMatch(/^401 \d+$/);
  });
});

#!/usr/bin/env node
// A client nobody here wrote (decisions PLAT-38, PLAT-39): generates openapi-typescript types from
// docs/openapi.json, compiles tools/openapi-client/flow.ts strict against them and openapi-fetch, runs the
// flow against the standalone mock, then again through Prism's validating proxy in front of it. Every answer
// is checked by ajv (draft 2020-12); Prism must report no violation. The tools live in tools/openapi-client/
// (`npm ci --prefix tools/openapi-client`), so the package's own install does not grow.
// Usage: npm run test:openapi-client [-- --no-prism]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tools = join(root, 'tools', 'openapi-client');
const doc = join(root, 'docs', 'openapi.json');
const bin = (path) => join(tools, 'node_modules', path);
const withPrism = !process.argv.includes('--no-prism');
const started = [];

function fail(message) {
  console.error(`openapi-client: ${message}`);
  for (const child of started) child.kill();
  process.exit(1);
}

/** Runs a command to its end, its output shown; fails the run on a non-zero exit. */
function run(what, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : fail(`${what} failed (exit ${code})`)));
  });
}

/** Starts a server and resolves with its output so far once `ready` matches a line of it. */
function start(what, args, ready, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    started.push(child);
    let output = '';
    const timer = setTimeout(() => fail(`${what} did not start in 120 s:\n${output}`), 120_000);
    const read = (chunk) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, output: () => output });
      }
    };
    child.stdout.on('data', (chunk) => read(chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.on('exit', (code) => code !== null && code !== 0 && fail(`${what} exited ${code}:\n${output}`));
  });
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

if (!existsSync(bin('openapi-typescript'))) fail('the tools are not installed: run `npm ci --prefix tools/openapi-client`');
mkdirSync(join(tools, 'generated'), { recursive: true });
console.log('openapi-client: openapi-typescript types of docs/openapi.json');
await run('openapi-typescript', [bin('openapi-typescript/bin/cli.js'), doc, '-o', join(tools, 'generated', 'api.ts')]);
console.log('openapi-client: tsc --strict over the generated types and flow.ts');
await run('tsc', [bin('typescript/bin/tsc'), '-p', tools]);

// The mock checks its own answers too (ARCHITECTURE.md, "Tests"): a drift is its 500 before ajv sees it.
const mock = await start('acs-mock', ['--import', 'tsx', 'mock-server/cli.ts', '--port', '0', '--json', '--quiet'], /^(\{.*\})$/m, {
  ACS_MOCK_VALIDATE_RESPONSES: '1',
});
const credentials = JSON.parse(mock.match[1]);
const mockOrigin = new URL(credentials.baseUrl).origin;
const user = credentials.oauth.users.find((u) => u.permissionCodes.includes('TNT_API_DM_APPLET_AUDIT_TRAIL_READ'));
const flowEnv = (origin, prism) => ({
  ACS_ORIGIN: origin,
  ACS_MOCK_ORIGIN: mockOrigin,
  ACS_API_KEY: credentials.apiKey,
  ACS_COMPANY_ID: credentials.companyId,
  ACS_USER_ID: user.id,
  ACS_OPENAPI: doc,
  ACS_PRISM: prism ? '1' : '0',
});

console.log(`openapi-client: the flow against the mock (${mockOrigin})`);
await run('the flow against the mock', [join(tools, 'flow.ts')], flowEnv(mockOrigin, false));
if (withPrism) {
  const port = await freePort();
  const prismArgs = [bin('@stoplight/prism-cli/dist/index.js'), 'proxy', doc, mockOrigin, '--host', '127.0.0.1', '--port', String(port)];
  const prism = await start('prism proxy', prismArgs, /Prism is listening on/);
  console.log(`openapi-client: the flow through Prism's validating proxy (127.0.0.1:${port})`);
  await run('the flow through Prism', [join(tools, 'flow.ts')], flowEnv(`http://127.0.0.1:${port}`, true));
  // Prism logs each violation it found; the flow has already failed on the `sl-violations` header of any.
  const logged = prism
    .output()
    .split('\n')
    .filter((line) => /violation/i.test(line));
  if (logged.length) fail(`Prism reported ${logged.length} violation(s):\n${logged.join('\n')}`);
  // And the check can see one: a request the document refuses comes back with Prism's header.
  const probe = await fetch(`http://127.0.0.1:${port}/v1/customers?limit=abc`, {
    headers: { Authorization: `Bearer ${credentials.apiKey}`, 'X-Company-Id': credentials.companyId },
  });
  if (!probe.headers.get('sl-violations')) fail(`Prism did not report the probe's violation (limit=abc answered ${probe.status})`);
  console.log('openapi-client: Prism reported 0 violations');
}
for (const child of started) child.kill();
console.log('openapi-client: ok');

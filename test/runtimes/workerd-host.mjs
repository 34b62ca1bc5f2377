// Launcher for workerd, on Node: `node test/runtimes/workerd-host.mjs <runtimes cache dir> <worker bundle> '<env as JSON>'`.
// Miniflare starts workerd with the bundled worker (no nodejs_compat: Web APIs only) and sends it one
// request; the worker prints its step lines through workerd's console and answers with the results.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { passed, resultLine } from './report.mjs';

const [cacheDir, bundle, envJson] = process.argv.slice(2);
const { Miniflare } = await import(pathToFileURL(createRequire(join(cacheDir, 'package.json')).resolve('miniflare')).href);
const workerdVersion = JSON.parse(readFileSync(join(cacheDir, 'node_modules', 'workerd', 'package.json'), 'utf8')).version;

const mf = new Miniflare({
  modules: true,
  scriptPath: bundle,
  compatibilityDate: process.env.ACS_WORKERD_COMPATIBILITY_DATE ?? '2026-01-01',
});
let results = [];
try {
  const response = await mf.dispatchFetch('http://worker.local/', { method: 'POST', body: envJson });
  const text = await response.text();
  if (!response.ok) throw new Error(`the worker answered ${response.status}: ${text.slice(0, 2000)}`);
  results = JSON.parse(text);
} catch (error) {
  console.error(`[workerd] ${error.stack ?? error}`);
} finally {
  await mf.dispose();
}
console.log(resultLine('workerd', `workerd ${workerdVersion}`, results));
process.exitCode = passed(results) ? 0 : 1;

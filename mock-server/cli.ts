#!/usr/bin/env node
/**
 * `acs-mock`: the sandbox mock on a real port (`acs-mock --help` lists the options).
 */
import { VERSION } from '../src/version.js';
import { CONTROL_PREFIX } from './controls.js';
import { cliStart, type CliOptions } from './cli-args.js';
import { stopWithParents } from './cli-lifetime.js';
import { startMockServer, type RunningMockServer } from './standalone.js';

/** What the SDK reads from the environment (src/core/options.ts), with the values that point it here. */
function envLines(running: RunningMockServer): string[] {
  const c = running.credentials;
  return [`ACS_BASE_URL=${c.baseUrl}`, `ACS_API_KEY=${c.apiKey}`, `ACS_COMPANY_ID=${c.companyId}`];
}

/** One request that works as printed: the demo company, with the test key. */
function curlLine(running: RunningMockServer): string {
  const c = running.credentials;
  const globOff = c.baseUrl.includes('[') ? 'g' : '';
  return `curl -s${globOff} ${c.baseUrl}/company -H 'Authorization: Bearer ${c.apiKey}' -H 'X-Company-Id: ${c.companyId}'`;
}

/** The dashboard's address (MOCK-37); on a host that needs the control token, the link carries it. */
function dashboardUrl(running: RunningMockServer): string {
  const url = `${running.origin}${CONTROL_PREFIX}/ui/`;
  return running.controlToken ? `${url}?token=${encodeURIComponent(running.controlToken)}` : url;
}

function banner(running: RunningMockServer, options: CliOptions): string {
  const c = running.credentials;
  const ws = c.baseUrl.replace(/^http/, 'ws');
  const lines = [
    `acs-mock ${VERSION}: sandbox mock listening on ${running.origin}`,
    `  Base URL        ${c.baseUrl}`,
    `  Data URL        ${c.dataBaseUrl}   (/core2/...)`,
    `  Auth URL        ${c.authUrl}   (/oauth/...)`,
    `  Streams         ${ws}/stream, ${ws}/reports/stream`,
    `  Company id      ${c.companyId}`,
    `  Test key        ${c.apiKey}`,
    `  Read-only key   ${c.readOnlyApiKey}`,
    ...c.companies.slice(1).map((co) => `  Also            ${co.name}: ${co.id}`),
    `  OpenAPI         ${running.origin}/openapi.json`,
    `  Controls        ${running.origin}${CONTROL_PREFIX}   (the index: reset, clock, faults, webhooks, requests, ...)`,
    `  Dashboard       ${dashboardUrl(running)}`,
  ];
  if (running.controlToken) lines.push(`  Control token   ${running.controlToken}   (header X-Mock-Control-Token)`);
  lines.push(
    options.data === undefined
      ? '  State           in memory: a restart starts from the seed (--data <dir> keeps it)'
      : `  Data folder     ${options.data}   (every acknowledged write is kept; a restart goes on from it)`,
  );
  if (options.seedKey === undefined) lines.push('  Ids and keys are new on every start; --seed-key <any string> keeps them.');
  lines.push('', 'For the SDK (.env):', ...envLines(running).map((line) => `  ${line}`), '', 'Try it:', `  ${curlLine(running)}`);
  return lines.join('\n');
}

async function main(argv: string[]): Promise<void> {
  const start = cliStart(argv);
  if ('exit' in start) {
    const { code, stdout, stderr } = start.exit;
    if (stdout) process.stdout.write(stdout);
    if (stderr) process.stderr.write(stderr);
    if (code !== 0) process.exit(code);
    return;
  }
  const options = start.serve;
  const requestLog = options.json
    ? (line: string) => process.stderr.write(`${line}\n`)
    : (line: string) => process.stdout.write(`${line}\n`);
  let running: RunningMockServer;
  try {
    running = await startMockServer({
      port: options.port,
      host: options.host,
      seed: options.seed,
      ...(options.seedKey === undefined ? {} : { seedKey: options.seedKey }),
      ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
      ...(options.companyId === undefined ? {} : { companyId: options.companyId }),
      cors: options.cors,
      rateLimit: options.rateLimit,
      latency: options.latency,
      journalSize: options.journalSize,
      ...(options.data === undefined ? {} : { data: options.data }),
      log: options.quiet ? undefined : requestLog,
    });
  } catch (error) {
    process.stderr.write(`acs-mock: could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  // Watch the parents before saying it is ready: a parent killed right after the banner is still seen to go.
  stopWithParents(() => running.close());
  if (options.json) {
    const line = running.controlToken ? { ...running.credentials, controlToken: running.controlToken } : running.credentials;
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } else {
    process.stdout.write(`${banner(running, options)}\n`);
  }
}

void main(process.argv.slice(2));

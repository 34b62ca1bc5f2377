#!/usr/bin/env node
/**
 * `acs-mock`: the sandbox mock on a real port.
 *   acs-mock [--port 4010] [--host 127.0.0.1] [--seed demo|empty] [--rate-limit spec|off|<perHour>/<perSecond>]
 *            [--latency ms] [--json] [--quiet]
 */
import { parseArgs } from 'node:util';
import { parseRateLimit, type RateLimitOption } from './kernel/rate-limit.js';
import { startMockServer, type RunningMockServer } from './standalone.js';

const USAGE = `Usage: acs-mock [options]

  --port <n>           port to listen on (default 4010; 0 picks a free one)
  --host <host>        interface to bind (default 127.0.0.1)
  --seed demo|empty    demo companies with accounts and entries, or one empty company (default demo)
  --rate-limit <r>     spec (1000/hour, 10/second per key), off (default), or <perHour>/<perSecond>
  --latency <ms>       delay added to every request (default 0)
  --json               print the credentials as one JSON line; request logs go to stderr
  --quiet              no request log
  --help               this text
`;

class UsageError extends Error {}

interface CliOptions {
  port: number;
  host: string;
  seed: 'demo' | 'empty';
  rateLimit: RateLimitOption;
  latency: number;
  json: boolean;
  quiet: boolean;
}

function parseCli(argv: string[]): CliOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string', default: 'demo' },
        'rate-limit': { type: 'string', default: 'off' },
        latency: { type: 'string', default: '0' },
        json: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port takes 0-65535, not ${values.port}`);
  if (values.seed !== 'demo' && values.seed !== 'empty') throw new UsageError(`--seed takes demo or empty, not ${values.seed}`);
  const latency = Number(values.latency);
  if (!Number.isFinite(latency) || latency < 0) throw new UsageError(`--latency takes milliseconds >= 0, not ${values.latency}`);
  let rateLimit: RateLimitOption;
  try {
    rateLimit = parseRateLimit(values['rate-limit']);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return { port, host: values.host, seed: values.seed, rateLimit, latency, json: values.json, quiet: values.quiet };
}

function banner(running: RunningMockServer): string {
  const c = running.credentials;
  const lines = [
    `acs-mock: sandbox mock listening on ${running.origin}`,
    `  Base URL        ${c.baseUrl}`,
    `  Data URL        ${c.dataBaseUrl}   (/core2/...)`,
    `  Auth URL        ${c.authUrl}   (/oauth/...)`,
    `  Streams         ${c.baseUrl.replace(/^http/, 'ws')}/stream, ${c.baseUrl.replace(/^http/, 'ws')}/reports/stream`,
    `  Company id      ${c.companyId}`,
    `  Test key        ${c.apiKey}`,
    `  Read-only key   ${c.readOnlyApiKey}`,
    ...c.companies.slice(1).map((co) => `  Also            ${co.name}: ${co.id}`),
    `  Controls        POST ${running.origin}/__mock/reset, /__mock/clock/advance, /__mock/faults`,
  ];
  if (running.controlToken) lines.push(`  Control token   ${running.controlToken}   (header X-Mock-Control-Token)`);
  return lines.join('\n');
}

async function main(argv: string[]): Promise<void> {
  let options: CliOptions | 'help';
  try {
    options = parseCli(argv);
  } catch (error) {
    process.stderr.write(`acs-mock: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  const requestLog = options.json ? (line: string) => process.stderr.write(`${line}\n`) : (line: string) => process.stdout.write(`${line}\n`);
  let running: RunningMockServer;
  try {
    running = await startMockServer({
      port: options.port,
      host: options.host,
      seed: options.seed,
      rateLimit: options.rateLimit,
      latency: options.latency,
      log: options.quiet ? undefined : requestLog,
    });
  } catch (error) {
    process.stderr.write(`acs-mock: could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  if (options.json) {
    const line = running.controlToken ? { ...running.credentials, controlToken: running.controlToken } : running.credentials;
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } else {
    process.stdout.write(`${banner(running)}\n`);
  }

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

void main(process.argv.slice(2));

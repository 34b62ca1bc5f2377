import { parseArgs } from 'node:util';
import { TEST_KEY_PREFIX } from '../src/core/environments.js';
import { VERSION } from '../src/version.js';
import { CorsPolicy } from './http/cors.js';
import { nodeTooOld, PACKAGE_NODE, type RuntimeVersions } from './node-version.js';
import { JOURNAL_DEFAULT_SIZE, JOURNAL_MAX_SIZE } from './kernel/journal.js';
import { parseRateLimit, type RateLimitOption } from './kernel/rate-limit.js';
import { readFixtureFile } from './fixture-file.js';
import type { FixtureFile } from './seed/fixture-schema.js';
import { checkCredentialOptions, type CredentialOption } from './service-options.js';

export const USAGE = `Usage: acs-mock [options]

  --port <n>             port to listen on (default 4010; 0 picks a free one)
  --host <host>          interface to bind (default 127.0.0.1)
  --seed demo|empty      demo companies with accounts and entries, or one empty company (default demo)
  --fixture <file>       your own starting data instead of a seed: a JSON fixture (docs/fixture.schema.json)
  --seed-key <string>    the same ids and keys on every start (a .env file keeps working)
  --api-key <key>        the primary test key (${TEST_KEY_PREFIX}...) instead of a generated one
  --company-id <id>      the primary company's id (cmp_...) instead of a generated one
  --cors <origin,...>    browser origins allowed beside localhost, 127.0.0.1 and [::1] (any port); * for any
  --rate-limit <r>       spec (1000/hour, 10/second per key), off (default), or <perHour>/<perSecond>
  --latency <ms>         delay added to every request (default 0)
  --data <dir>           keep the service's state in <dir> (SQLite): a restart goes on from it (default: in memory)
  --journal-size <n>     requests the journal keeps, GET /__mock/requests (default 2000, at most 100000; 0: none)
  --json                 print the credentials as one JSON line; request logs go to stderr
  --quiet                no request log
  --version              the version of acs-mock (the same as acs-sdk's)
  --help                 this text

Once it runs, GET /__mock lists every test control (reset, clock, faults, webhooks, snapshots, the request
journal) with one line of what it does; a browser gets it as a page. /__mock/ui/ is the dashboard: the
companies and keys, the clock, the journal, the outbox, the webhooks, faults, the books and the documents.
`;

/** A mistake in the arguments: the message and the usage go to stderr, exit code 2. */
export class UsageError extends Error {}

export interface CliOptions {
  port: number;
  host: string;
  seed: 'demo' | 'empty' | FixtureFile;
  seedKey?: string;
  apiKey?: string;
  companyId?: string;
  cors: string[];
  rateLimit: RateLimitOption;
  latency: number;
  journalSize: number;
  /** `--data`: the folder that keeps the state (MOCK-29); absent, the state is in memory. */
  data?: string;
  json: boolean;
  quiet: boolean;
}

const OPTIONS = {
  port: { type: 'string', default: '4010' },
  host: { type: 'string', default: '127.0.0.1' },
  seed: { type: 'string', default: 'demo' },
  fixture: { type: 'string' },
  'seed-key': { type: 'string' },
  'api-key': { type: 'string' },
  'company-id': { type: 'string' },
  cors: { type: 'string', default: '' },
  'rate-limit': { type: 'string', default: 'off' },
  latency: { type: 'string', default: '0' },
  'journal-size': { type: 'string', default: String(JOURNAL_DEFAULT_SIZE) },
  data: { type: 'string' },
  json: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  version: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

const CREDENTIAL_FLAGS: Record<CredentialOption, string> = { apiKey: '--api-key', companyId: '--company-id', seedKey: '--seed-key' };

/** The options as `parseArgs` reads them; an unknown option or a missing value is a `UsageError`. */
function optionValues(argv: string[]) {
  try {
    return parseArgs({ args: argv, strict: true, options: OPTIONS }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The command line, checked; every mistake is a `UsageError` naming the option. */
export function parseCli(argv: string[]): CliOptions | 'help' | 'version' {
  const values = optionValues(argv);
  if (values.help) return 'help';
  if (values.version) return 'version';
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) throw new UsageError(`--port takes 0-65535, not ${values.port}`);
  if (values.seed !== 'demo' && values.seed !== 'empty') throw new UsageError(`--seed takes demo or empty, not ${values.seed}`);
  // Both name the starting data; taking one silently would start a sandbox the user did not ask for (MOCK-34).
  if (values.fixture !== undefined && argv.some((arg) => arg === '--seed' || arg.startsWith('--seed=')))
    throw new UsageError('--fixture and --seed both name the starting data: give one of them');
  const latency = Number(values.latency);
  if (!Number.isFinite(latency) || latency < 0 || latency > 600_000)
    throw new UsageError(`--latency takes milliseconds from 0 to 600000, not ${values.latency}`);
  const journalSize = Number(values['journal-size']);
  if (!/^\d+$/.test(values['journal-size']) || journalSize > JOURNAL_MAX_SIZE)
    throw new UsageError(`--journal-size takes 0-${JOURNAL_MAX_SIZE}, not ${values['journal-size']}`);
  const { 'seed-key': seedKey, 'api-key': apiKey, 'company-id': companyId } = values;
  checkCredentialOptions({ seedKey, apiKey, companyId }, (option, rule) => new UsageError(`${CREDENTIAL_FLAGS[option]} takes ${rule}`));
  if (values.data === '') throw new UsageError('--data takes a folder');
  const cors = values.cors
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const rateLimit = checked(() => parseRateLimit(values['rate-limit']), '--rate-limit');
  checked(() => new CorsPolicy(cors), '--cors');
  return {
    port,
    host: values.host,
    seed: values.fixture === undefined ? values.seed : checked(() => readFixtureFile(values.fixture!), '--fixture'),
    seedKey,
    apiKey,
    companyId,
    cors,
    rateLimit,
    latency,
    journalSize,
    data: values.data,
    json: values.json,
    quiet: values.quiet,
  };
}

/**
 * What the command line alone decides: serve with these options, or print and exit without serving.
 * `--help` and `--version` print to stdout and exit 0; a mistake prints `acs-mock: <message>`, a blank
 * line and the usage to stderr and exits 2; a Node older than the package's `engines` prints one
 * sentence naming the version it needs to stderr and exits 1 instead of serving.
 */
export type CliStart = { serve: CliOptions } | { exit: { code: 0 | 1 | 2; stdout: string; stderr: string } };

/** `argv` read into what the CLI does first; no output and no exit here, the CLI does what this says. */
export function cliStart(argv: string[], versions?: RuntimeVersions): CliStart {
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { exit: { code: 2, stdout: '', stderr: `acs-mock: ${error.message}\n\n${USAGE}` } };
  }
  if (options === 'help') return { exit: { code: 0, stdout: USAGE, stderr: '' } };
  if (options === 'version') return { exit: { code: 0, stdout: `${VERSION}\n`, stderr: '' } };
  const tooOld = nodeTooOld('acs-mock', PACKAGE_NODE, '', versions);
  if (tooOld) return { exit: { code: 1, stdout: '', stderr: `acs-mock: ${tooOld}\n` } };
  return { serve: options };
}

/** `read()`, with an error it throws as a `UsageError` naming `flag`. */
function checked<T>(read: () => T, flag: string): T {
  try {
    return read();
  } catch (error) {
    const message = (error as Error).message;
    throw new UsageError(message.startsWith('--') ? message : `${flag}: ${message.replace(/^\w+: /, '')}`);
  }
}

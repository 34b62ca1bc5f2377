import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliStart, parseCli, USAGE, UsageError } from '../../mock-server/cli-args.js';

// What acs-mock does with its command line before it serves, read from the parser: what it would print
// to stdout and stderr and the code it would exit with. test/mock/cli.test.ts runs the CLI once to see
// that it does what this says.

const VERSION = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** What the CLI prints and exits with for `args`; a failure when it would serve instead. */
function exitOf(...args: string[]): { code: number; stdout: string; stderr: string } {
  const start = cliStart(args);
  if (!('exit' in start)) throw new Error(`acs-mock would serve with ${JSON.stringify(args)}`);
  return start.exit;
}

describe('acs-mock command line', () => {
  it('--version prints the package version and exits 0', () => {
    const { code, stdout, stderr } = exitOf('--version');
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(VERSION);
    expect(stderr).toBe('');
  });

  it('--help prints the usage to stdout and exits 0', () => {
    expect(exitOf('--help')).toEqual({ code: 0, stdout: USAGE, stderr: '' });
  });

  it.each([
    [['--seed', 'huge'], '--seed takes demo or empty'],
    [['--seed', 'empty', '--fixture', 'examples/fixture.json'], '--fixture and --seed both name the starting data'],
    [['--api-key', 'svc_live_sk_0123456789abcdef'], '--api-key takes a test key: svc_test_sk_'],
    [['--api-key', 'svc_test_sk_short'], '--api-key takes a test key'],
    [['--company-id', 'company 1'], '--company-id takes cmp_'],
    [['--seed-key', ''], '--seed-key takes a string of 1 to 200 characters'],
    [['--cors', 'not-an-origin'], '--cors: "not-an-origin" is not an origin'],
    [['--port', '70000'], '--port takes 0-65535'],
    [['--latency', '1e308'], '--latency takes milliseconds from 0 to 600000'],
    [['--rate-limit', '0/1'], '--rate-limit: rateLimit takes positive integers'],
    [['--journal-size', '1.5'], '--journal-size takes 0-100000'],
    [['--journal-size', '100001'], '--journal-size takes 0-100000'],
  ])('refuses %j with exit code 2, a clear message and the usage on stderr', (args, message) => {
    const { code, stdout, stderr } = exitOf(...args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: acs-mock');
    expect(stderr).toMatch(/^acs-mock: --/);
    expect(stderr.endsWith(`\n\n${USAGE}`)).toBe(true);
    expect(stdout).toBe('');
  });

  it('refuses an option it does not know, as a usage mistake', () => {
    expect(() => parseCli(['--prot', '4010'])).toThrow(UsageError);
    const { code, stderr } = exitOf('--prot', '4010');
    expect(code).toBe(2);
    expect(stderr).toContain("'--prot'");
    expect(stderr).toContain('Usage: acs-mock');
  });

  it('serves with the defaults when given no options', () => {
    expect(cliStart([])).toEqual({
      serve: {
        port: 4010,
        host: '127.0.0.1',
        seed: 'demo',
        cors: [],
        rateLimit: 'off',
        latency: 0,
        journalSize: 2000,
        json: false,
        quiet: false,
      },
    });
  });

  it('reads every option it serves with', () => {
    const argv = ['--port', '0', '--host', '::1', '--seed', 'empty', '--seed-key', 'team-env', '--api-key', 'svc_test_sk_local_dev_key'];
    argv.push(
      '--company-id',
      'cmp_local',
      '--cors',
      'https://a.example, https://b.example',
      '--rate-limit',
      '10/2',
      '--latency',
      '5',
      '--journal-size',
      '0',
      '--json',
      '--quiet',
    );
    expect(cliStart(argv)).toEqual({
      serve: {
        port: 0,
        host: '::1',
        seed: 'empty',
        seedKey: 'team-env',
        apiKey: 'svc_test_sk_local_dev_key',
        companyId: 'cmp_local',
        cors: ['https://a.example', 'https://b.example'],
        rateLimit: { perHour: 10, perSecond: 2 },
        latency: 5,
        journalSize: 0,
        json: true,
        quiet: true,
      },
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, resolveLogLevel } from '../../src/core/logger.js';
import { redact, redactHeaders, redactString } from '../../src/core/redact.js';
import { TEST_KEY, account, fail, ok, scriptedFetch, testClient } from './helpers.js';

const spyLogger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const everything = (logger: ReturnType<typeof spyLogger>) =>
  JSON.stringify([logger.debug.mock.calls, logger.info.mock.calls, logger.warn.mock.calls, logger.error.mock.calls]);

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('redaction', () => {
  it('masks API keys, bearer tokens and secret assignments in text', () => {
    expect(redactString(`key ${TEST_KEY} used`)).toBe('key svc_test_sk_[REDACTED] used');
    expect(redactString('Authorization: Bearer eyJhbGciOi.abc.def')).toBe('Authorization: Bearer [REDACTED]');
    expect(redactString('https://auth.example.com/oauth/token?client_secret=s3cr3t&code=abc')).toBe(
      'https://auth.example.com/oauth/token?client_secret=[REDACTED]&code=abc',
    );
    expect(redactString('{"refresh_token":"rt_1","token_type":"Bearer"}')).toBe('{"refresh_token":"[REDACTED]","token_type":"Bearer"}');
    expect(redactString('{"password": "hunter2"}')).toBe('{"password": "[REDACTED]"}');
  });

  it('masks secret-named fields at any depth and secret headers', () => {
    const masked = redact({
      url: 'https://example.com',
      webhook: { secret: 'whsec_1', events: ['invoice.created'] },
      credentials: { clientSecret: 'cs', accessToken: 'at' },
      items: [{ password: 'p', name: 'n' }],
    });
    expect(masked).toEqual({
      url: 'https://example.com',
      webhook: { secret: '[REDACTED]', events: ['invoice.created'] },
      credentials: '[REDACTED]',
      items: [{ password: '[REDACTED]', name: 'n' }],
    });
    expect(redactHeaders(new Headers({ Authorization: `Bearer ${TEST_KEY}`, 'X-Company-Id': 'cmp_1', 'X-Api-Key': 'k' }))).toEqual({
      authorization: '[REDACTED]',
      'x-company-id': 'cmp_1',
      'x-api-key': '[REDACTED]',
    });
  });

  it('masks the echoed value of a validation detail about a secret field', () => {
    expect(redact([{ field: 'secret', message: 'too short', code: 'MIN_VALUE', value: 'abc' }, { field: 'name', value: 'Cash' }])).toEqual([
      { field: 'secret', message: 'too short', code: 'MIN_VALUE', value: '[REDACTED]' },
      { field: 'name', value: 'Cash' },
    ]);
  });

  it('survives cycles', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(redact(a)).toEqual({ name: 'a', self: '[Circular]' });
  });
});

describe('logging', () => {
  it('drops messages below the level and prefixes the rest', () => {
    const target = spyLogger();
    const logger = createLogger(target, 'info');
    logger.debug('hidden');
    logger.info('shown');
    logger.error('also shown');
    expect(target.debug).not.toHaveBeenCalled();
    expect(target.info).toHaveBeenCalledWith('[acs-sdk] shown');
    expect(target.error).toHaveBeenCalledWith('[acs-sdk] also shown');
  });

  it('off silences everything', () => {
    const target = spyLogger();
    const logger = createLogger(target, 'off');
    logger.error('x');
    expect(target.error).not.toHaveBeenCalled();
  });

  it('takes the level from ACS_LOG when no option is given, defaulting to warn', () => {
    vi.stubEnv('ACS_LOG', '');
    expect(resolveLogLevel()).toBe('warn');
    vi.stubEnv('ACS_LOG', 'debug');
    expect(resolveLogLevel()).toBe('debug');
    expect(resolveLogLevel('error')).toBe('error');
    vi.stubEnv('ACS_LOG', 'loud');
    expect(resolveLogLevel()).toBe('warn');
  });

  it('at debug logs each request and response with the Authorization header redacted', async () => {
    const logger = spyLogger();
    const { fetch } = scriptedFetch(ok(account()));
    await testClient(fetch, { logger, logLevel: 'debug' }).accounts.retrieve('acc_1');

    expect(logger.debug).toHaveBeenCalledTimes(2);
    const [message, detail] = logger.debug.mock.calls[0];
    expect(message).toBe('[acs-sdk] GET https://sandbox.acs.example.com/v1/accounts/acc_1');
    expect(detail.headers.authorization).toBe('[REDACTED]');
    expect(detail.headers['x-company-id']).toBe('cmp_demo');
    expect(everything(logger)).not.toContain(TEST_KEY);
  });

  it('logs retries at info, never with the key', async () => {
    vi.useFakeTimers();
    const logger = spyLogger();
    const { fetch } = scriptedFetch(fail(503, 'SERVICE_UNAVAILABLE', `down for ${TEST_KEY}`), ok(account()));
    const call = testClient(fetch, { logger, logLevel: 'info' }).accounts.retrieve('acc_1');
    await vi.runAllTimersAsync();
    await call;
    expect(logger.info).toHaveBeenCalledWith(expect.stringMatching(/retry 1 of GET .*accounts\/acc_1 after HTTP 503/));
    expect(logger.debug).not.toHaveBeenCalled();
    expect(everything(logger)).not.toContain(TEST_KEY);
  });

  it('a logger given secrets by a caller still writes them masked', () => {
    const target = spyLogger();
    createLogger(target, 'debug').warn(`using ${TEST_KEY}`, { headers: { Authorization: `Bearer ${TEST_KEY}` } });
    expect(everything(target)).not.toContain(TEST_KEY);
  });
});

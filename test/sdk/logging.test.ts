import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, resolveLogLevel } from '../../src/core/logger.js';
import { redact, redactString, redactUrl } from '../../src/internal/redact.js';
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
    expect(redact(new Headers({ Authorization: `Bearer ${TEST_KEY}`, 'X-Company-Id': 'cmp_1', 'X-Api-Key': 'k' }))).toEqual({
      authorization: '[REDACTED]',
      'x-company-id': 'cmp_1',
      'x-api-key': '[REDACTED]',
    });
  });

  it('masks the echoed value of a validation detail about a secret field', () => {
    expect(
      redact([
        { field: 'secret', message: 'too short', code: 'MIN_VALUE', value: 'abc' },
        { field: 'name', value: 'Cash' },
      ]),
    ).toEqual([
      { field: 'secret', message: 'too short', code: 'MIN_VALUE', value: '[REDACTED]' },
      { field: 'name', value: 'Cash' },
    ]);
  });

  it('masks URL userinfo in text, and redactUrl also drops the fragment and masks secret-looking query values', () => {
    expect(redactString('could not reach https://me:hunter2@api.example.com/v1')).toBe(
      'could not reach https://[REDACTED]@api.example.com/v1',
    );
    expect(redactUrl('https://me:hunter2@api.example.com/v1/x?limit=5&access_token=t&apiKey=k&code=c&state=s#token=f')).toBe(
      'https://api.example.com/v1/x?limit=5&access_token=[REDACTED]&apiKey=[REDACTED]&code=[REDACTED]&state=s',
    );
    expect(redactUrl(`https://api.example.com/v1/x?q=${TEST_KEY}`)).toBe('https://api.example.com/v1/x?q=svc_test_sk_[REDACTED]');
    expect(redactUrl('https://api.example.com/v1/x')).toBe('https://api.example.com/v1/x');
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

  it('at debug logs every failed response, the retried ones too, and the error the call ends with', async () => {
    vi.useFakeTimers();
    const logger = spyLogger();
    const { fetch } = scriptedFetch(
      fail(503, 'SERVICE_UNAVAILABLE', `down for ${TEST_KEY}`),
      fail(500, 'INTERNAL_ERROR', 'oops', undefined, { 'x-request-id': 'req_500' }),
      fail(404, 'ACCOUNT_NOT_FOUND', `no account for Bearer ${TEST_KEY}`),
    );
    const call = testClient(fetch, { logger, logLevel: 'debug' })
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await call;
    expect(error).toMatchObject({ name: 'NotFoundError', status: 404 });

    const lines = logger.debug.mock.calls.map(([message]) => message as string);
    const url = 'https://sandbox.acs.example.com/v1/accounts/acc_1';
    expect(lines).toEqual([
      `[acs-sdk] GET ${url}`,
      `[acs-sdk] 503 GET ${url}`,
      `[acs-sdk] 500 GET ${url} (retry 1)`,
      `[acs-sdk] 404 GET ${url} (retry 2)`,
      `[acs-sdk] GET ${url} failed with 404: NotFoundError: no account for Bearer [REDACTED]`,
    ]);
    expect(logger.debug.mock.calls[2][1]).toEqual({ requestId: 'req_500' });
    expect(logger.debug.mock.calls[4][1].error).toMatchObject({
      name: 'NotFoundError',
      status: 404,
      code: 'ACCOUNT_NOT_FOUND',
      requestId: 'req_failed',
    });
    expect(everything(logger)).not.toContain(TEST_KEY);
  });

  it('at debug logs a final connection error with its cause code, and a timeout, never with the key', async () => {
    vi.useFakeTimers();
    const logger = spyLogger();
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' }),
    });
    const client = testClient(scriptedFetch(refused).fetch, { logger, logLevel: 'debug', maxRetries: 0 });
    await expect(client.accounts.retrieve('acc_1')).rejects.toMatchObject({ name: 'ConnectionError', causeCode: 'ECONNREFUSED' });
    const [message, detail] = logger.debug.mock.calls.at(-1)!;
    expect(message).toBe(
      '[acs-sdk] GET https://sandbox.acs.example.com/v1/accounts/acc_1 failed: ConnectionError: accounts.retrieve could not reach GET https://sandbox.acs.example.com/v1/accounts/acc_1 (fetch failed: connect ECONNREFUSED 10.0.0.1:443)',
    );
    expect(detail.error).toMatchObject({ name: 'ConnectionError', causeCode: 'ECONNREFUSED', method: 'GET' });

    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    const slow = testClient(scriptedFetch(hang).fetch, { logger, logLevel: 'debug', maxRetries: 0, timeout: 1000 });
    const call = slow.accounts.retrieve('acc_1').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await call).toMatchObject({ name: 'TimeoutError' });
    expect(logger.debug.mock.calls.at(-1)![0]).toMatch(/failed: TimeoutError: accounts\.retrieve got no response within 1000 ms$/);
    expect(everything(logger)).not.toContain(TEST_KEY);
  });

  it('at debug logs a success body that fails the contract as the final error', async () => {
    const logger = spyLogger();
    const { fetch } = scriptedFetch(ok({ id: 42, secret: 'whsec_leak' }));
    await expect(testClient(fetch, { logger, logLevel: 'debug' }).accounts.retrieve('acc_1')).rejects.toMatchObject({
      name: 'ResponseValidationError',
    });
    expect(logger.debug.mock.calls.at(-1)![0]).toMatch(
      /failed with 200: ResponseValidationError: response of accounts\.retrieve does not match/,
    );
    expect(everything(logger)).not.toContain('whsec_leak');
  });

  it('below debug nothing of a failure is logged, and no response hook runs (responses are not cloned for one)', async () => {
    const clones = vi.spyOn(Response.prototype, 'clone');
    const run = async (logLevel: 'debug' | 'info' | 'warn') => {
      clones.mockClear();
      const logger = spyLogger();
      const { fetch } = scriptedFetch(fail(409, 'CONFLICT', `taken by ${TEST_KEY}`));
      await testClient(fetch, { logger, logLevel })
        .accounts.retrieve('acc_1')
        .catch(() => undefined);
      expect(everything(logger)).not.toContain(TEST_KEY);
      return { clones: clones.mock.calls.length, debug: logger.debug.mock.calls.length, info: logger.info.mock.calls.length };
    };
    const warn = await run('warn');
    const info = await run('info');
    const debug = await run('debug');
    clones.mockRestore();
    expect(warn).toMatchObject({ debug: 0, info: 0 });
    expect(info).toMatchObject({ debug: 0, info: 0, clones: warn.clones });
    expect(debug.debug).toBe(3);
    expect(debug.clones).toBeGreaterThan(warn.clones);
  });
});

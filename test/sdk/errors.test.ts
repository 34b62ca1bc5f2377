import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { build } from 'esbuild';
import { HTTPError } from 'ky';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  AbortError,
  AcsError,
  AuthenticationError,
  BusinessRuleError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  type InvalidArgumentError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  type ResponseValidationError,
  ServerError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
  isAcsError,
  type AcsErrorCode,
  type ErrorCode,
  type ErrorCodeOf,
  type ServiceCodeOf,
} from '../../src/index.js';
import { errorFromResponse } from '../../src/internal/error-from-response.js';
import { ERROR_CODES } from '../../src/contract/index.js';
import { errorDetails } from '../../src/core/errors.js';
import { OAuthError } from '../../src/oauth/index.js';
import { TEST_KEY, fail, scriptedFetch, testClient } from './helpers.js';

type ErrorsModule = typeof import('../../src/core/errors.js');
const init = { code: 'X', message: 'x' };

const cases = [
  { status: 400, code: 'INVALID_JOURNAL_ENTRY', type: InvalidRequestError },
  { status: 401, code: 'UNAUTHORIZED', type: AuthenticationError },
  { status: 403, code: 'FORBIDDEN', type: PermissionDeniedError },
  { status: 404, code: 'ACCOUNT_NOT_FOUND', type: NotFoundError },
  { status: 405, code: 'METHOD_NOT_ALLOWED', type: InvalidRequestError },
  { status: 409, code: 'CONFLICT', type: ConflictError },
  { status: 413, code: 'PAYLOAD_TOO_LARGE', type: InvalidRequestError },
  { status: 422, code: 'VALIDATION_ERROR', type: ValidationError },
  { status: 422, code: 'INVALID_COMPANY', type: ValidationError },
  { status: 422, code: 'BUSINESS_RULE_VIOLATION', type: BusinessRuleError },
  { status: 422, code: 'ACCOUNT_IN_USE', type: UnprocessableEntityError },
  { status: 429, code: 'RATE_LIMIT_EXCEEDED', type: RateLimitError },
  { status: 500, code: 'INTERNAL_ERROR', type: ServerError },
  { status: 503, code: 'SERVICE_UNAVAILABLE', type: ServerError },
] as const;

describe('errors', () => {
  for (const { status, code, type } of cases) {
    it(`${status} ${code} rejects with ${type.name}, carrying the envelope's fields`, async () => {
      const details = [{ field: 'lines', message: 'not balanced' }];
      const { fetch } = scriptedFetch(fail(status, code, `the ${code} message`, details));
      const error = await testClient(fetch, { maxRetries: 0 })
        .accounts.retrieve('acc_1')
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(type);
      expect(error).toBeInstanceOf(AcsError);
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ name: type.name, status, code, message: `the ${code} message`, details, requestId: 'req_failed' });
    });
  }

  it('every 422 is catchable as UnprocessableEntityError', async () => {
    for (const code of ['VALIDATION_ERROR', 'BUSINESS_RULE_VIOLATION', 'INSUFFICIENT_FUNDS']) {
      const { fetch } = scriptedFetch(fail(422, code, 'no'));
      await expect(testClient(fetch).accounts.retrieve('acc_1')).rejects.toBeInstanceOf(UnprocessableEntityError);
    }
  });

  it('a non-JSON error body still gives the class of its status, with the status and a readable message', async () => {
    const { fetch, sent } = scriptedFetch(new Response('upstream unavailable', { status: 502, headers: { 'content-type': 'text/plain' } }));
    const error = await testClient(fetch, { maxRetries: 0 })
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 502, code: 'SERVER_ERROR', message: 'HTTP 502: upstream unavailable' });
    expect((error as AcsError).requestId).toBe(sent[0].headers.get('x-request-id'));
  });

  it('an empty 404 body gives NotFoundError with code NOT_FOUND', async () => {
    const { fetch } = scriptedFetch(new Response(null, { status: 404 }));
    await expect(testClient(fetch).accounts.retrieve('acc_1')).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('RateLimitError carries retryAfter seconds from Retry-After', async () => {
    const { fetch } = scriptedFetch(fail(429, 'RATE_LIMIT_EXCEEDED', 'slow down', { retryAfter: 30 }, { 'retry-after': '7' }));
    const error = (await testClient(fetch, { maxRetries: 0 })
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(7);
    expect(error.toJSON()).toMatchObject({ retryAfter: 7 });
  });

  it('RateLimitError falls back to details.retryAfter without the header', async () => {
    const { fetch } = scriptedFetch(fail(429, 'RATE_LIMIT_EXCEEDED', 'slow down', { retryAfter: 30 }));
    await expect(testClient(fetch, { maxRetries: 0 }).accounts.retrieve('acc_1')).rejects.toMatchObject({ retryAfter: 30 });
  });

  it('toJSON() gives the error fields and masks secrets echoed by the server', async () => {
    const details = [{ field: 'authorization', message: `key ${TEST_KEY} is revoked`, code: 'INVALID_API_KEY' }, { secret: 'whsec_123' }];
    const { fetch } = scriptedFetch(fail(401, 'UNAUTHORIZED', `Invalid API key ${TEST_KEY}`, details));
    const error = (await testClient(fetch)
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e)) as AcsError;

    const json = error.toJSON();
    expect(json).toMatchObject({ name: 'AuthenticationError', status: 401, code: 'UNAUTHORIZED', requestId: 'req_failed' });
    const text = JSON.stringify(error);
    expect(text).not.toContain(TEST_KEY);
    expect(text).not.toContain('whsec_123');
    expect(text).toContain('svc_test_sk_[REDACTED]');
    expect(error.message).not.toContain(TEST_KEY);
  });

  it("toJSON() carries a class's own fields but not the response headers", async () => {
    const { fetch } = scriptedFetch(fail(429, 'RATE_LIMIT_EXCEEDED', 'slow down', { retryAfter: 30 }));
    const error = (await testClient(fetch, { maxRetries: 0 })
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e)) as AcsError;
    expect(error.headers).toBeInstanceOf(Headers);
    const json = error.toJSON();
    expect(json).toMatchObject({
      name: 'RateLimitError',
      message: 'slow down',
      status: 429,
      code: 'RATE_LIMIT_EXCEEDED',
      retryAfter: 30,
      details: [{ retryAfter: 30 }],
    });
    expect(json).not.toHaveProperty('headers');
    expect(Object.keys(json).slice(0, 2)).toEqual(['name', 'message']);
  });

  it('no error, however inspected, contains the bearer token', async () => {
    const { fetch } = scriptedFetch(
      fail(403, 'FORBIDDEN', 'missing scope', { required_scope: 'write:accounts', current_scopes: ['read:accounts'] }),
    );
    const error = await testClient(fetch)
      .accounts.create({ accountNumber: '1', name: 'x', type: 'asset', category: 'current_asset' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(TEST_KEY);
    expect(JSON.stringify(error)).not.toContain(TEST_KEY);
    expect(String((error as Error).stack)).not.toContain(TEST_KEY);
  });
});

describe('status: each class carries its literal', () => {
  it('in the types: literal for a fixed status, number for a range, undefined without a response', () => {
    expectTypeOf<AuthenticationError['status']>().toEqualTypeOf<401>();
    expectTypeOf<PermissionDeniedError['status']>().toEqualTypeOf<403>();
    expectTypeOf<NotFoundError['status']>().toEqualTypeOf<404>();
    expectTypeOf<ConflictError['status']>().toEqualTypeOf<409>();
    expectTypeOf<UnprocessableEntityError['status']>().toEqualTypeOf<422>();
    expectTypeOf<ValidationError['status']>().toEqualTypeOf<422>();
    expectTypeOf<BusinessRuleError['status']>().toEqualTypeOf<422>();
    expectTypeOf<RateLimitError['status']>().toEqualTypeOf<429>();
    expectTypeOf<InvalidRequestError['status']>().toEqualTypeOf<number>();
    expectTypeOf<ServerError['status']>().toEqualTypeOf<number>();
    expectTypeOf<ResponseValidationError['status']>().toEqualTypeOf<number>();
    expectTypeOf<ConnectionError['status']>().toEqualTypeOf<undefined>();
    expectTypeOf<TimeoutError['status']>().toEqualTypeOf<undefined>();
    expectTypeOf<AbortError['status']>().toEqualTypeOf<undefined>();
    expectTypeOf<ConfigurationError['status']>().toEqualTypeOf<undefined>();
    expectTypeOf<InvalidArgumentError['status']>().toEqualTypeOf<undefined>();
    expectTypeOf<AcsError['status']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<AcsError['details']>().toEqualTypeOf<import('../../src/index.js').ErrorDetails>();
  });

  it('after narrowing with a guard, err.status reads the literal', async () => {
    const { fetch } = scriptedFetch(fail(404, 'ACCOUNT_NOT_FOUND', 'no such account'));
    const err: unknown = await testClient(fetch)
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    if (!NotFoundError.is(err)) throw new Error('expected a NotFoundError');
    expectTypeOf(err.status).toEqualTypeOf<404>();
    const status: 404 = err.status;
    expect(status).toBe(404);
    const any: unknown = err;
    if (isAcsError(any)) expectTypeOf(any.status).toEqualTypeOf<number | undefined>();
    if (UnprocessableEntityError.is(any)) expectTypeOf(any.status).toEqualTypeOf<422>();
    if (ServerError.is(any)) expectTypeOf(any.status).toEqualTypeOf<number>();
  });

  it('errorFromResponse gives every status from 400 to 599 a class whose status is the response status', () => {
    const literal = new Map<unknown, number>([
      [AuthenticationError, 401],
      [PermissionDeniedError, 403],
      [NotFoundError, 404],
      [ConflictError, 409],
      [UnprocessableEntityError, 422],
      [ValidationError, 422],
      [BusinessRuleError, 422],
      [RateLimitError, 429],
    ]);
    for (let status = 400; status < 600; status++) {
      for (const code of [undefined, 'VALIDATION_ERROR', 'BUSINESS_RULE_VIOLATION', 'SOMETHING_NEW']) {
        const body = code ? { success: false, error: { code, message: 'm' } } : 'plain text';
        const error = errorFromResponse(status, body, new Headers());
        expect(error.status, `${status} ${code}`).toBe(status);
        const fixed = literal.get(error.constructor);
        if (fixed !== undefined) expect(fixed, `${error.name} for ${status}`).toBe(status);
        else expect(error, `${status} ${code}`).toBeInstanceOf(status >= 500 ? ServerError : InvalidRequestError);
      }
    }
    expect(errorFromResponse(422, { error: { code: 'INSUFFICIENT_FUNDS', message: 'm' } }, new Headers()).constructor).toBe(
      UnprocessableEntityError,
    );
  });

  it('a fixed-status class ignores any other status it is given', () => {
    const wrong = { ...init, status: 500 } as unknown as ConstructorParameters<typeof NotFoundError>[0];
    expect(new NotFoundError(wrong).status).toBe(404);
    expect(new ValidationError(wrong).status).toBe(422);
    expect(new RateLimitError(wrong).status).toBe(429);
    expect(new ConnectionError({ method: 'GET', url: 'https://x.example/' }).status).toBeUndefined();
    expect(new TimeoutError(init).status).toBeUndefined();
    expect(new ConfigurationError('x').status).toBeUndefined();
  });
});

describe('code: typed with the catalogue of error codes (docs/errors.md, decision PLAT-33)', () => {
  it("narrows each class's code to its status's catalogued codes, and keeps a newer server's code as a string", () => {
    expectTypeOf<'CUSTOMER_NOT_FOUND'>().toExtend<NotFoundError['code']>();
    expectTypeOf<'INSUFFICIENT_FUNDS'>().toExtend<UnprocessableEntityError['code']>();
    expectTypeOf<'TIMEOUT'>().toExtend<AcsErrorCode>();
    expectTypeOf<'A_CODE_OF_A_NEWER_SERVER'>().toExtend<AcsErrorCode>();
    expectTypeOf<ErrorCodeOf<404>>().toExtend<ServiceCodeOf<404>>();
    expectTypeOf<'INSUFFICIENT_FUNDS'>().not.toExtend<ErrorCodeOf<404>>();
    expectTypeOf<ConfigurationError['code']>().toEqualTypeOf<'CONFIGURATION_ERROR'>();
  });

  it('a code the catalogue has reads its status there, and narrowing on it picks the record facts', () => {
    const body = {
      success: false,
      error: { code: 'CUSTOMER_NOT_FOUND', message: 'No customer', details: [{ resource: 'customer', id: 'cus_x', field: 'id' }] },
    };
    const error = errorFromResponse(404, body, new Headers());
    const code: AcsErrorCode = error.code;
    expect(code === 'CUSTOMER_NOT_FOUND' && ERROR_CODES[code as ErrorCode].status).toBe(404);
    expect(NotFoundError.is(error) && error.code === 'CUSTOMER_NOT_FOUND' ? error.details[0]?.id : null).toBe('cus_x');
    const newer = errorFromResponse(422, { success: false, error: { code: 'A_CODE_OF_A_NEWER_SERVER', message: 'new' } }, new Headers());
    expect(UnprocessableEntityError.is(newer) && newer.code).toBe('A_CODE_OF_A_NEWER_SERVER');
  });
});

describe('details: always an array', () => {
  it('is [] when the service sent none, or a body that is not the envelope', async () => {
    const none = await testClient(scriptedFetch(fail(404, 'NOT_FOUND', 'gone')).fetch)
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    expect((none as AcsError).details).toEqual([]);
    const text = await testClient(scriptedFetch(new Response('bad gateway', { status: 502 })).fetch, { maxRetries: 0 })
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    expect((text as AcsError).details).toEqual([]);
    expect(new ConnectionError({ method: 'GET', url: 'https://x.example/' }).details).toEqual([]);
    expect(new AcsError(init).toJSON()).toMatchObject({ details: [] });
  });

  it('the record form (a details object) becomes a one-element array', async () => {
    const record = { required_scope: 'write:accounts', current_scopes: ['read:accounts'] };
    const { fetch } = scriptedFetch(fail(403, 'FORBIDDEN', 'missing scope', record));
    const error = (await testClient(fetch)
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e)) as PermissionDeniedError;
    expect(error.details).toEqual([record]);
    expect(error.details[0].required_scope).toBe('write:accounts');
  });

  it('errorDetails keeps object items, turns a string into { message }, drops the rest', () => {
    expect(errorDetails(undefined)).toEqual([]);
    expect(errorDetails(null)).toEqual([]);
    expect(errorDetails('')).toEqual([]);
    expect(errorDetails(42)).toEqual([]);
    expect(errorDetails('lines do not balance')).toEqual([{ message: 'lines do not balance' }]);
    expect(errorDetails({ field: 'a' })).toEqual([{ field: 'a' }]);
    expect(errorDetails([{ field: 'a' }, 'b is wrong', ' ', 3, null, [1], { field: 'c' }])).toEqual([
      { field: 'a' },
      { message: 'b is wrong' },
      { field: 'c' },
    ]);
    expect(new AcsError({ ...init, details: { field: 'a' } }).details).toEqual([{ field: 'a' }]);
  });
});

describe('guards: isAcsError and Class.is', () => {
  const samples = () => ({
    invalid: new InvalidRequestError({ ...init, status: 400 }),
    auth: new AuthenticationError(init),
    notFound: new NotFoundError(init),
    conflict: new ConflictError(init),
    unprocessable: new UnprocessableEntityError(init),
    validation: new ValidationError(init),
    rule: new BusinessRuleError(init),
    rateLimit: new RateLimitError(init),
    server: new ServerError({ ...init, status: 503 }),
    connection: new ConnectionError({ method: 'GET', url: 'https://x.example/' }),
    timeout: new TimeoutError(init),
    abort: new AbortError(init),
    config: new ConfigurationError('x'),
  });

  it('isAcsError holds for every SDK error, subclasses of other entry points included, and for nothing else', () => {
    for (const error of Object.values(samples())) expect(isAcsError(error), error.name).toBe(true);
    expect(isAcsError(new OAuthError({ error: 'invalid_grant' }))).toBe(true);
    for (const other of [new Error('x'), new TypeError('x'), { name: 'NotFoundError', status: 404 }, null, undefined, 'AcsError', 404]) {
      expect(isAcsError(other)).toBe(false);
    }
    const kyError = new HTTPError(new Response(null, { status: 404 }), new Request('https://x.example/'), {} as never);
    expect(isAcsError(kyError)).toBe(false);
  });

  it('Class.is follows the class tree: a subclass is its parent, siblings are not each other', () => {
    const e = samples();
    expect(UnprocessableEntityError.is(e.validation)).toBe(true);
    expect(UnprocessableEntityError.is(e.rule)).toBe(true);
    expect(ValidationError.is(e.unprocessable)).toBe(false);
    expect(ValidationError.is(e.rule)).toBe(false);
    expect(NotFoundError.is(e.notFound)).toBe(true);
    expect(NotFoundError.is(e.conflict)).toBe(false);
    expect(ConnectionError.is(e.timeout)).toBe(false);
    expect(AcsError.is(e.server)).toBe(true);
    expect(NotFoundError.is(new Error('x'))).toBe(false);
    expect(NotFoundError.is({ name: 'NotFoundError', status: 404 })).toBe(false);
  });

  it('the brand is a Symbol.for key on the prototype: nothing shows in JSON, keys or inspect', () => {
    const error = new ValidationError(init);
    expect(Reflect.get(error, Symbol.for('acs-sdk.error'))).toEqual(['AcsError', 'UnprocessableEntityError', 'ValidationError']);
    expect(Object.getOwnPropertySymbols(error)).toEqual([]);
    expect(JSON.stringify(error)).not.toContain('acs-sdk');
    expect(inspect(error)).not.toContain('acs-sdk.error');
  });

  const checkAcrossCopies = (
    other: Pick<ErrorsModule, 'NotFoundError' | 'ValidationError' | 'ConflictError' | 'AcsError' | 'isAcsError'>,
  ) => {
    expect(other.NotFoundError).not.toBe(NotFoundError);
    const foreign = new other.NotFoundError(init);
    const foreignValidation = new other.ValidationError(init);
    // instanceof cannot see across copies...
    expect(foreign instanceof NotFoundError).toBe(false);
    expect(foreign instanceof AcsError).toBe(false);
    // ...the guards can, both ways, with the class tree intact.
    expect(isAcsError(foreign)).toBe(true);
    expect(AcsError.is(foreign)).toBe(true);
    expect(NotFoundError.is(foreign)).toBe(true);
    expect(ConflictError.is(foreign)).toBe(false);
    expect(UnprocessableEntityError.is(foreignValidation)).toBe(true);
    expect(ValidationError.is(foreignValidation)).toBe(true);
    expect(BusinessRuleError.is(foreignValidation)).toBe(false);
    const local = new NotFoundError(init);
    expect(other.isAcsError(local)).toBe(true);
    expect(other.NotFoundError.is(local)).toBe(true);
    expect(other.ConflictError.is(local)).toBe(false);
    expect(other.AcsError.is(new ValidationError(init))).toBe(true);
  };

  it('hold across two copies of the module, where instanceof does not', async () => {
    vi.resetModules();
    const other = (await import('../../src/core/errors.js')) as ErrorsModule;
    checkAcrossCopies(other);
  });

  it('hold between this ESM copy and a CJS build of the errors module loaded with require()', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'acs-errors-cjs-'));
    const file = join(dir, 'errors.cjs');
    const { outputFiles } = await build({
      entryPoints: [new URL('../../src/core/errors.ts', import.meta.url).pathname],
      bundle: true,
      format: 'cjs',
      platform: 'neutral',
      target: 'node22',
      write: false,
    });
    writeFileSync(file, outputFiles[0].text);
    const cjs = createRequire(import.meta.url)(file) as ErrorsModule;
    checkAcrossCopies(cjs);
  });
});

describe('ConnectionError', () => {
  const refused = () =>
    new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4010'), { code: 'ECONNREFUSED' }) });

  it('names the method and the URL, without userinfo, fragment or secret-looking query values', () => {
    const error = new ConnectionError({
      method: 'GET',
      url: 'https://user:pa55word@api.example.com/v1/accounts?access_token=tok123&limit=5&api_key=k1&code=c0de&client_secret=s3&x-amz-signature=sig9#frag',
      operation: 'accounts.list',
      cause: refused(),
    });
    expect(error.url).toBe(
      'https://api.example.com/v1/accounts?access_token=[REDACTED]&limit=5&api_key=[REDACTED]&code=[REDACTED]&client_secret=[REDACTED]&x-amz-signature=[REDACTED]',
    );
    expect(error.method).toBe('GET');
    expect(error.message).toBe(`accounts.list could not reach GET ${error.url} (fetch failed: connect ECONNREFUSED 127.0.0.1:4010)`);
    const everything = [error.message, JSON.stringify(error), inspect(error.toJSON())].join('\n');
    for (const secret of ['pa55word', 'tok123', 'k1&', 'c0de', 's3&', 'sig9', 'frag']) expect(everything).not.toContain(secret);
  });

  it('keeps the cause code readable: on the error, in toJSON() and in the message', () => {
    const error = new ConnectionError({ method: 'POST', url: 'https://api.example.com/v1/x', cause: refused() });
    expect(error.causeCode).toBe('ECONNREFUSED');
    expect(error.toJSON()).toMatchObject({
      name: 'ConnectionError',
      code: 'CONNECTION_ERROR',
      method: 'POST',
      url: 'https://api.example.com/v1/x',
      causeCode: 'ECONNREFUSED',
    });
    expect(error.message).toContain('ECONNREFUSED');
    // A code the messages do not name is added to the message; a cause with neither still reads.
    const silent = new ConnectionError({
      method: 'GET',
      url: 'https://x.example/',
      cause: Object.assign(new Error(''), { code: 'ECONNRESET' }),
    });
    expect(silent.message).toBe('The SDK could not reach GET https://x.example/ (ECONNRESET)');
    const coded = new ConnectionError({
      method: 'GET',
      url: 'https://x.example/',
      cause: new TypeError('fetch failed', { cause: Object.assign(new Error('socket closed'), { code: 'UND_ERR_SOCKET' }) }),
    });
    expect(coded.message).toContain('(fetch failed: socket closed [UND_ERR_SOCKET])');
    expect(new ConnectionError({ method: 'GET', url: 'https://x.example/' }).message).toContain('(network error)');
  });

  it('a URL the runtime quotes in its own message is made safe too', () => {
    const error = new ConnectionError({
      method: 'GET',
      url: 'https://api.example.com/v1/x',
      cause: new TypeError(
        'Request cannot be constructed from a URL that includes credentials: https://me:hunter2@api.example.com/v1/x?token=t0k',
      ),
    });
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('t0k');
    expect(error.message).toContain('https://api.example.com/v1/x?token=[REDACTED]');
  });
});

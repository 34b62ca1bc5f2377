import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  AcsError,
  AuthenticationError,
  BusinessRuleError,
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  UnprocessableEntityError,
  ValidationError,
} from '../../src/index.js';
import { TEST_KEY, fail, scriptedFetch, testClient } from './helpers.js';

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
      const error = await testClient(fetch, { maxRetries: 0 }).accounts.retrieve('acc_1').catch((e: unknown) => e);

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
    const error = await testClient(fetch, { maxRetries: 0 }).accounts.retrieve('acc_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 502, code: 'SERVER_ERROR', message: 'HTTP 502: upstream unavailable' });
    expect((error as AcsError).requestId).toBe(sent[0].headers.get('x-request-id'));
  });

  it('an empty 404 body gives NotFoundError with code NOT_FOUND', async () => {
    const { fetch } = scriptedFetch(new Response(null, { status: 404 }));
    await expect(testClient(fetch).accounts.retrieve('acc_1')).rejects.toMatchObject({ name: 'NotFoundError', status: 404, code: 'NOT_FOUND' });
  });

  it('RateLimitError carries retryAfter seconds from Retry-After', async () => {
    const { fetch } = scriptedFetch(fail(429, 'RATE_LIMIT_EXCEEDED', 'slow down', { retryAfter: 30 }, { 'retry-after': '7' }));
    const error = (await testClient(fetch, { maxRetries: 0 }).accounts.retrieve('acc_1').catch((e: unknown) => e)) as RateLimitError;
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
    const error = (await testClient(fetch).accounts.retrieve('acc_1').catch((e: unknown) => e)) as AcsError;

    const json = error.toJSON();
    expect(json).toMatchObject({ name: 'AuthenticationError', status: 401, code: 'UNAUTHORIZED', requestId: 'req_failed' });
    const text = JSON.stringify(error);
    expect(text).not.toContain(TEST_KEY);
    expect(text).not.toContain('whsec_123');
    expect(text).toContain('svc_test_sk_[REDACTED]');
    expect(error.message).not.toContain(TEST_KEY);
  });

  it('no error, however inspected, contains the bearer token', async () => {
    const { fetch } = scriptedFetch(fail(403, 'FORBIDDEN', 'missing scope', { required_scope: 'write:accounts', current_scopes: ['read:accounts'] }));
    const error = await testClient(fetch).accounts.create({ accountNumber: '1', name: 'x', type: 'asset', category: 'current_asset' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(TEST_KEY);
    expect(JSON.stringify(error)).not.toContain(TEST_KEY);
    expect(String((error as Error).stack)).not.toContain(TEST_KEY);
  });
});

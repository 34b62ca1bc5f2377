import { describe, expect, it, vi } from 'vitest';
import { AcsClient, ConfigurationError, ResponseValidationError } from '../../src/index.js';
import { account, jsonResponse, list, ok, scriptedFetch, testClient } from './helpers.js';
import { validating } from '../support/validation.js';

const malformed = () => ok(account({ balance: { debit: '100', credit: 0, net: 0 }, level: 0 }));

describe('response validation against the contract', () => {
  it('strict: a malformed record rejects with ResponseValidationError naming the endpoint and the paths', async () => {
    const { fetch } = scriptedFetch(malformed());
    const error = await testClient(fetch, { validate: validating('strict') })
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const failure = error as ResponseValidationError;
    expect(failure.endpoint).toBe('accounts.retrieve');
    expect(failure.issues.map((issue) => issue.path).sort()).toEqual(['data.balance.debit', 'data.level']);
    expect(failure.message).toContain('accounts.retrieve');
    expect(failure.message).toContain('data.balance.debit');
  });

  it('strict: a list envelope without pagination is refused', async () => {
    const { fetch } = scriptedFetch(
      jsonResponse(200, { success: true, data: [account()], meta: { timestamp: '2026-11-02T10:00:00.000Z', requestId: 'r' } }),
    );
    await expect(testClient(fetch).accounts.list()).rejects.toMatchObject({
      name: 'ResponseValidationError',
      issues: [expect.objectContaining({ path: 'pagination' })],
    });
  });

  it('strict: a valid response passes through unchanged, unknown fields included', async () => {
    const { fetch } = scriptedFetch(ok(account({ futureField: 'kept' })));
    await expect(testClient(fetch).accounts.retrieve('acc_1')).resolves.toEqual(account({ futureField: 'kept' }));
  });

  it('warn: logs the issues and resolves to the data as sent', async () => {
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { fetch } = scriptedFetch(malformed());
    const result = await testClient(fetch, { validate: validating('warn'), logger, logLevel: 'warn' }).accounts.retrieve('acc_1');
    expect(result.level).toBe(0);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const [message, detail] = logger.warn.mock.calls[0];
    expect(message).toContain('accounts.retrieve');
    expect(JSON.stringify(detail)).toContain('data.balance.debit');
  });

  it('off: a malformed record is returned without a check', async () => {
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { fetch } = scriptedFetch(malformed());
    const result = await testClient(fetch, { validate: 'off', logger, logLevel: 'debug' }).accounts.retrieve('acc_1');
    expect(result.level).toBe(0);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('strict: a list item that breaks the contract names its index', async () => {
    const { fetch } = scriptedFetch(
      list([account(), account({ type: 'cash' })], { hasMore: false, nextCursor: null, limit: 50, total: 2 }),
    );
    await expect(testClient(fetch).accounts.list()).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: 'data.1.type' })],
    });
  });
});

describe('validation is opted into by importing the contract (decision SDK-6)', () => {
  const construct = (validate: unknown) => () => new AcsClient({ apiKey: 'svc_test_sk_x', validate: validate as 'off' });

  it("the old validate: 'strict' or 'warn' throws a ConfigurationError saying what to write", () => {
    for (const mode of ['strict', 'warn']) {
      expect(construct(mode)).toThrow(ConfigurationError);
      expect(construct(mode)).toThrow(`import * as contract from 'acs-sdk/contract' and pass validate: { mode: '${mode}', contract }`);
    }
  });

  it('a mode without the contract module, or an unknown mode, is refused before any request', () => {
    expect(construct({ mode: 'strict' })).toThrow(/validate\.contract must be the acs-sdk\/contract module/);
    expect(construct({ mode: 'loud', contract: {} })).toThrow(
      /validate must be \{ mode: 'strict' \| 'warn' \| 'off', contract \} or 'off'/,
    );
  });

  it("'off', in either form, checks nothing and needs no contract", async () => {
    for (const validate of ['off', { mode: 'off' }]) {
      const { fetch } = scriptedFetch(malformed());
      await expect(testClient(fetch, { validate: validate as 'off' }).accounts.retrieve('acc_1')).resolves.toMatchObject({ level: 0 });
    }
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../mock-server/index.js';
import { ValidationError, type AcsClient } from '../../src/index.js';
import { accountByNumber, clientFor, failureOf, journalEntryCount, transfer } from './harness.js';

let mock: MockService;
let acs: AcsClient;
let cash: string;
let sales: string;

beforeEach(async () => {
  mock = createMockService({ seed: 'demo' });
  acs = clientFor(mock);
  cash = (await accountByNumber(acs, '1110')).id;
  sales = (await accountByNumber(acs, '4100')).id;
});

const entry = (amount: number, credit = amount) => ({
  date: '2026-11-02',
  reference: `BULK-${amount}`,
  lines: [
    { accountId: cash, debit: amount },
    { accountId: sales, credit },
  ],
});

describe('POST /v1/bulk/journal-entries', () => {
  it('creates every valid entry and reports each failing one by its index, without failing the others', async () => {
    const before = await journalEntryCount(acs);
    const result = await acs.bulk.journalEntries({
      operations: [
        { operation: 'create', data: entry(100) },
        { operation: 'create', data: entry(50, 49.99) },
        { operation: 'create', data: { date: 'not a date', lines: [] } },
        { operation: 'create', data: entry(75) },
      ],
    });
    expect(result).toMatchObject({ processed: 4, successful: 2, failed: 2 });
    expect(result.results.map((r) => [r.index, r.success])).toEqual([
      [0, true],
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(result.results[1].error?.code).toBe('INVALID_JOURNAL_ENTRY');
    expect(result.results[2].error).toMatchObject({ code: 'VALIDATION_ERROR', details: expect.arrayContaining([expect.objectContaining({ field: 'date', code: 'INVALID_FORMAT' })]) });
    expect(result.results[0].data).toMatchObject({ status: 'draft', totalDebit: 100 });
    expect(await journalEntryCount(acs)).toBe(before + 2);
  });

  it('numbers the created entries without gaps: a failing item uses no journal number', async () => {
    const result = await acs.bulk.journalEntries({
      operations: [{ operation: 'create', data: entry(10) }, { operation: 'create', data: entry(10, 1) }, { operation: 'create', data: entry(20) }],
    });
    const [first, , third] = result.results.map((r) => r.data?.journalNumber);
    expect(Number(third!.slice(3)) - Number(first!.slice(3))).toBe(1);
  });

  it('refuses an update, which journal entries do not have, for that item only', async () => {
    const result = await acs.bulk.journalEntries({
      operations: [{ operation: 'update', id: 'je_x', data: { reference: 'x' } }, { operation: 'create', data: entry(5) }],
    });
    expect(result.results[0]).toMatchObject({ success: false, error: { code: 'BUSINESS_RULE_VIOLATION' } });
    expect(result.results[1].success).toBe(true);
  });

  it('refuses more than 100 operations with 422 MAX_VALUE and writes nothing', async () => {
    const before = await journalEntryCount(acs);
    const error = await failureOf(
      acs.bulk.journalEntries({ operations: Array.from({ length: 101 }, () => ({ operation: 'create' as const, data: entry(1) })) }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details?.[0]).toMatchObject({ field: 'operations', code: 'MAX_VALUE' });
    expect(await journalEntryCount(acs)).toBe(before);
  });

  it('a bulk call replayed with its Idempotency-Key writes once', async () => {
    const before = await journalEntryCount(acs);
    const body = { operations: [{ operation: 'create' as const, data: { date: '2026-11-02', lines: transfer(cash, sales, 9) } }] };
    await acs.bulk.journalEntries(body, { idempotencyKey: 'bulk-import-1' });
    await acs.bulk.journalEntries(body, { idempotencyKey: 'bulk-import-1' });
    expect(await journalEntryCount(acs)).toBe(before + 1);
  });
});

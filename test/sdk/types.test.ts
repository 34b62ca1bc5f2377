import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  Account,
  AccountLedger,
  CursorPage,
  FilterCondition,
  FilterOperatorsByKind,
  JournalEntry,
  RequestOptions,
} from '../../src/index.js';
import { FILTER_OPERATORS_BY_KIND } from '../../src/contract/index.js';
import { scriptedFetch, testClient } from './helpers.js';

// These assertions are checked by `tsc --noEmit` (the test folder is in tsconfig's include).
const acs = testClient(scriptedFetch().fetch);

describe('method types inferred from the contract', () => {
  it('path values are positional, then body or query, then options', () => {
    expectTypeOf(acs.accounts.retrieve).parameters.toEqualTypeOf<[id: string, options?: RequestOptions]>();
    expectTypeOf(acs.journalEntries.post).parameters.toEqualTypeOf<[id: string, options?: RequestOptions]>();
    expectTypeOf(acs.journalEntries.void).parameter(1).toEqualTypeOf<{ reason: string; voidDate?: string }>();
    expectTypeOf(acs.accounts.ledger)
      .parameter(1)
      .toEqualTypeOf<{ dateFrom?: string; dateTo?: string; limit?: number; cursor?: string } | undefined>();
    expectTypeOf(acs.auth.verify).parameters.toEqualTypeOf<[options?: RequestOptions]>();
    expect(acs.resources().accounts.retrieve.endpoint.id).toBe('accounts.retrieve');
  });

  it('results are the contract records, and a list is a page of them', async () => {
    expectTypeOf<Awaited<ReturnType<typeof acs.accounts.retrieve>>>().toEqualTypeOf<Account>();
    expectTypeOf<Awaited<ReturnType<typeof acs.accounts.ledger>>>().toEqualTypeOf<AccountLedger>();
    expectTypeOf<Awaited<ReturnType<typeof acs.journalEntries.create>>>().toEqualTypeOf<JournalEntry>();
    expectTypeOf<Awaited<ReturnType<typeof acs.accounts.list>>>().toEqualTypeOf<CursorPage<Account>>();
    expect(typeof acs.accounts.list).toBe('function');
  });

  it("the SDK's operators per kind are the contract's table, which the mock and docs/openapi.json read (PLAT-38)", () => {
    type Table = typeof FILTER_OPERATORS_BY_KIND;
    expectTypeOf<Table['string'][number]>().toEqualTypeOf<FilterOperatorsByKind['string']>();
    expectTypeOf<Table['number'][number]>().toEqualTypeOf<FilterOperatorsByKind['number']>();
    expectTypeOf<Table['date'][number]>().toEqualTypeOf<FilterOperatorsByKind['date']>();
    expectTypeOf<Table['datetime'][number]>().toEqualTypeOf<FilterOperatorsByKind['datetime']>();
    expectTypeOf<Table['boolean'][number]>().toEqualTypeOf<FilterOperatorsByKind['boolean']>();
    expect(FILTER_OPERATORS_BY_KIND.boolean).toEqual(['eq', 'ne', 'in', 'nin']);
  });

  it('operator filters are typed by the kind declared in list.filters', () => {
    type Query = NonNullable<Parameters<typeof acs.accounts.list>[0]>;
    expectTypeOf<Query['accountNumber']>().toEqualTypeOf<FilterCondition<string> | undefined>();
    // A number takes the operators of its kind only (decision PLAT-38), as the mock and docs/openapi.json do.
    expectTypeOf<Query['level']>().toEqualTypeOf<FilterCondition<number, FilterOperatorsByKind['number']> | undefined>();
    expectTypeOf<Query['type']>().toEqualTypeOf<'asset' | 'liability' | 'equity' | 'revenue' | 'expense' | undefined>();

    const typeErrors = () => {
      // @ts-expect-error level is a number filter
      void acs.accounts.list({ level: { gte: 'two' } });
      // @ts-expect-error a text operator does not apply to a number
      void acs.accounts.list({ level: { startswith: '1' } });
      // @ts-expect-error not a field of the accounts list
      void acs.accounts.list({ colour: 'blue' });
      // @ts-expect-error void needs its body
      void acs.journalEntries.void('je_1');
      // @ts-expect-error retrieve needs an id
      void acs.accounts.retrieve();
    };
    expect(typeof typeErrors).toBe('function');
  });
});

import { expect } from 'vitest';
import { MockClock } from '../../../mock-server/kernel/clock.js';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import { findAccountByNumber } from '../../../mock-server/domain/accounting/index.js';
import type { ActingContext } from '../../../mock-server/domain/shared/actor.js';
import { defineTables, seed, type SeedResult } from '../../../mock-server/modules/index.js';
import type { SeedKind } from '../../../mock-server/seed/credentials.js';
import { Store } from '../../../mock-server/store/index.js';

/** The instant every domain test starts at, so seeded dates are fixed. */
export const START = '2026-11-20T09:00:00.000Z';

export interface World {
  store: Store;
  clock: MockClock;
  seeded: SeedResult;
  /** Acting on the primary company as a named user. */
  ctx: ActingContext;
  /** The same user acting on another company of the store. */
  ctxFor(companyId: string): ActingContext;
  /** Id of the account with this number in the primary company. */
  account(number: string): string;
}

/** A fresh store, clock and seed: no HTTP, domain calls only. */
export function world(kind: SeedKind = 'demo'): World {
  const clock = new MockClock(START);
  const store = new Store(clock);
  defineTables(store);
  const seeded = seed(store, clock, kind);
  const ctx: ActingContext = { store, clock, companyId: seeded.companyId, principal: { actor: 'usr_aisyah' } };
  return {
    store,
    clock,
    seeded,
    ctx,
    ctxFor: (companyId) => ({ ...ctx, companyId }),
    account(number) {
      const row = findAccountByNumber(ctx, number);
      if (!row) throw new Error(`no account ${number}`);
      return row.id;
    },
  };
}

/** A detail of a refusal as the mock writes it: field, code and message, and what the rule adds (`rule`, `value`, ...). */
export type RefusalDetail = { field: string; code: string; message: string; [key: string]: unknown };

/** Runs `fn` and returns the ServiceError it threw; fails the test when it returns or throws anything else. */
export function refusal(fn: () => unknown): ServiceError & { details: RefusalDetail[] } {
  let result: unknown;
  try {
    result = fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError & { details: RefusalDetail[] };
  }
  throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
}

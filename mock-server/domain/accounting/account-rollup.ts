import type { AccountBalance } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Table } from '../../store/index.js';
import { accountsTable, type AccountRow } from './tables.js';
import { ledgerVersion, postedTotalsOf, signedNet } from './ledger.js';
import * as money from '../shared/money.js';

interface Sums {
  debit: money.Amount;
  credit: money.Amount;
}

/** Roll-ups of every account of a company, kept until its accounts or their totals change. */
interface RollupCache {
  accountsVersion: number;
  totalsVersion: number;
  sums: Map<string, Sums>;
}

const caches = new WeakMap<Table<AccountRow>, RollupCache>();

/**
 * Posted totals of every account plus those of all its descendants (inactive ones included: their
 * postings stay in the parent's figure). One pass, deepest level first, each account adding its sums
 * into its parent's: a list page costs one build, not a walk of the tree per account, and no recursion.
 */
function buildSums(ctx: CompanyContext, accounts: Table<AccountRow>): Map<string, Sums> {
  const sums = new Map<string, Sums>();
  const rows = accounts.all().sort((a, b) => b.level - a.level);
  for (const row of rows) sums.set(row.id, postedTotalsOf(ctx, row.id) ?? { debit: money.ZERO, credit: money.ZERO });
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : sums.get(row.parentId);
    if (!parent) continue;
    const mine = sums.get(row.id)!;
    parent.debit = parent.debit.plus(mine.debit);
    parent.credit = parent.credit.plus(mine.credit);
  }
  return sums;
}

/**
 * The roll-up an account shows beside its own `balance` (decision ACC-14: a parent shows
 * the roll-up of its children): its posted totals and all its descendants', `net` signed by its normal
 * side. A leaf's roll-up equals its balance.
 */
export function accountRollup(ctx: CompanyContext, account: Pick<AccountRow, 'id' | 'type'>): AccountBalance {
  const accounts = accountsTable(ctx);
  const totalsVersion = ledgerVersion(ctx);
  let cache = caches.get(accounts);
  if (!cache || cache.accountsVersion !== accounts.version || cache.totalsVersion !== totalsVersion) {
    cache = { accountsVersion: accounts.version, totalsVersion, sums: buildSums(ctx, accounts) };
    caches.set(accounts, cache);
  }
  const sums = cache.sums.get(account.id) ?? { debit: money.ZERO, credit: money.ZERO };
  return {
    debit: money.toNumber(sums.debit),
    credit: money.toNumber(sums.credit),
    net: money.toNumber(signedNet(account.type, sums.debit, sums.credit)),
  };
}

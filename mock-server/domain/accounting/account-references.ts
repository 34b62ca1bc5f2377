import type { CompanyContext } from '../../store/context.js';
import type { Store } from '../../store/index.js';
import type { AccountRow } from './tables.js';
import { accountUsage } from './ledger.js';
import { ServiceError } from '../../kernel/errors.js';

/** One record that names an account (an item's income account, an invoice line, a payment's bank). */
export interface AccountReference {
  /** What names it: `item`, `invoice`, `payment`, `default_account`, ... */
  kind: string;
  id: string;
  /** The record's number or code as a user knows it (`ITM-001`, `INV-000012`), or null. */
  number: string | null;
  /** The field that names the account (`accounting.incomeAccountId`, `items.0.incomeAccountId`). */
  field: string;
  /**
   * Whether the record may still post to the account (an item, a document not final, a posting
   * default): such a reference stops a deactivation too; history (a payment) only stops a delete.
   */
  live: boolean;
}

/** Finds the records of one kind that name the account. */
export type AccountReferenceFinder = (ctx: CompanyContext, account: AccountRow) => AccountReference[];

/**
 * Finders by store, registered by each module where it declares its tables (sales, inventory, later
 * purchasing), so accounting answers ACCOUNT_IN_USE without importing the modules above it.
 */
const finders = new WeakMap<Store, Map<string, AccountReferenceFinder>>();

/** Registers (or replaces) the finder of one kind of referrer for this store. */
export function registerAccountReferences(store: Store, kind: string, find: AccountReferenceFinder): void {
  let byKind = finders.get(store);
  if (!byKind) finders.set(store, (byKind = new Map()));
  byKind.set(kind, find);
}

/** A role the company's documents post to by default (the bank for payments, sales for lines) names its account. */
const postingDefault: AccountReferenceFinder = (_ctx, account) =>
  account.systemRole ? [{ kind: 'posting_default', id: account.systemRole, number: null, field: 'systemRole', live: true }] : [];

/** Every record that names the account: its posting-default role first, then each registered kind. */
export function accountReferences(ctx: CompanyContext, account: AccountRow): AccountReference[] {
  const found = postingDefault(ctx, account);
  for (const find of finders.get(ctx.store)?.values() ?? []) found.push(...find(ctx, account));
  return found;
}

/** At most this many referrers are listed in the details; the message gives the count of all. */
const MAX_LISTED = 20;

/**
 * 422 ACCOUNT_IN_USE (spec document 2; decisions ACC-11, ACC-29) naming what uses the account. A
 * delete is refused by posted journal lines (drafts do not count) and by any referrer; a deactivation
 * only by referrers that may still post to it, since an account with history is switched off, not deleted.
 */
export function refuseAccountInUse(ctx: CompanyContext, account: AccountRow, action: 'delete' | 'deactivate'): void {
  const usage = action === 'delete' ? accountUsage(ctx, account.id) : { transactionCount: 0, lastTransactionDate: null };
  const references = accountReferences(ctx, account).filter((r) => action === 'delete' || r.live);
  if (usage.transactionCount === 0 && references.length === 0) return;

  const parts = [
    ...(usage.transactionCount > 0 ? [`${usage.transactionCount} posted journal lines`] : []),
    ...references.slice(0, 3).map((r) => `${r.kind.replaceAll('_', ' ')} ${r.number ?? r.id}`),
    ...(references.length > 3 ? [`${references.length - 3} more`] : []),
  ];
  const verb = action === 'delete' ? 'deleted' : 'deactivated';
  const advice = action === 'delete' && references.every((r) => !r.live) ? '; deactivate it instead' : '';
  const details = [
    ...(usage.transactionCount > 0 ? [{ kind: 'journal_lines', ...usage }] : []),
    ...references.slice(0, MAX_LISTED).map(({ kind, id, number, field }) => ({ kind, id, number, field })),
  ];
  throw new ServiceError(
    'ACCOUNT_IN_USE',
    `Account ${account.accountNumber} is in use (${parts.join(', ')}) and cannot be ${verb}${advice}`,
    details,
  );
}

import {
  ACCOUNT_CATEGORIES,
  type Account,
  type AccountCategory,
  type AccountType,
  type DeletedRecord,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { accountsTable, type AccountRow, type SystemRole } from './tables.js';
import { companyCurrency } from '../platform/index.js';
import { businessRule, conflict, notFound, ServiceError, validationError } from '../../kernel/errors.js';
import { accountBalance } from './ledger.js';
import { accountRollup } from './account-rollup.js';
import { refuseAccountInUse } from './account-references.js';
import { isControlAccount } from './control-accounts.js';

/** Fields of a new account (spec document 2, "Chart of accounts": POST /accounts). */
export interface NewAccount {
  accountNumber: string;
  name: string;
  type: AccountType;
  category: string;
  parentId?: string | null;
  currency?: string;
  description?: string | null;
  isActive?: boolean;
}

/** What only the service itself sets: the seed marks control accounts with these. */
export interface AccountFlags {
  isSystemAccount?: boolean;
  systemRole?: SystemRole | null;
}

/** Fields of `PUT /accounts/{id}`; the three immutable ones are accepted only to refuse a change. */
export interface AccountChanges {
  name?: string;
  description?: string | null;
  isActive?: boolean;
  accountNumber?: string;
  type?: string;
  category?: string;
}

/** Plain filters of `GET /accounts`; `active` defaults to true (spec document 2). */
export interface AccountFilters {
  type?: string;
  category?: string;
  active?: boolean;
  level?: number;
  parentId?: string;
}

const IMMUTABLE_FIELDS = ['accountNumber', 'type', 'category'] as const;

export function retrieveAccount(ctx: CompanyContext, accountId: string): AccountRow {
  const account = accountsTable(ctx).get(accountId);
  if (!account) throw notFound('account', accountId, 'ACCOUNT_NOT_FOUND', 'accountId');
  return account;
}

/** The wire shape: the stored row with its balance read from the posted totals, and its subtree's roll-up. */
export function presentAccount(ctx: CompanyContext, row: AccountRow): Account {
  return {
    id: row.id,
    accountNumber: row.accountNumber,
    name: row.name,
    type: row.type,
    category: row.category,
    parentId: row.parentId,
    level: row.level,
    currency: row.currency,
    description: row.description,
    isActive: row.isActive,
    isSystemAccount: row.isSystemAccount,
    isControlAccount: isControlAccount(row),
    balance: accountBalance(ctx, row),
    rollup: accountRollup(ctx, row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function accountMatches(filters: AccountFilters): (row: AccountRow) => boolean {
  const active = filters.active ?? true;
  return (row) =>
    row.isActive === active &&
    (filters.type === undefined || row.type === filters.type) &&
    (filters.category === undefined || row.category === filters.category) &&
    (filters.level === undefined || row.level === filters.level) &&
    (filters.parentId === undefined || row.parentId === filters.parentId);
}

/** The account with this number (active or not), or undefined. */
export const findAccountByNumber = (ctx: CompanyContext, accountNumber: string): AccountRow | undefined =>
  accountsTable(ctx).byIndex('accountNumber', accountNumber)[0];

export function createAccount(ctx: CompanyContext, input: NewAccount, flags: AccountFlags = {}): AccountRow {
  return ctx.store.transaction(() => {
    const table = accountsTable(ctx);
    const allowed: readonly string[] = ACCOUNT_CATEGORIES[input.type] ?? [];
    if (!allowed.includes(input.category)) {
      // The contract's refinement refuses this at the router; domain callers (seed, other modules) get the same answer.
      throw validationError([
        {
          field: 'category',
          code: 'INVALID_CHOICE',
          message: `the category of an account of type ${input.type} is one of ${allowed.join(', ')}`,
          value: input.category,
          constraint: allowed,
        },
      ]);
    }
    const existing = findAccountByNumber(ctx, input.accountNumber);
    if (existing) throw conflict('account', 'accountNumber', input.accountNumber, existing.id);

    const isActive = input.isActive ?? true;
    const parent = input.parentId ? checkParent(ctx, input.parentId, input.type, isActive) : null;
    const now = ctx.clock.iso();
    return table.insert({
      id: table.newId(),
      accountNumber: input.accountNumber,
      name: input.name,
      type: input.type,
      category: input.category as AccountCategory,
      parentId: parent?.id ?? null,
      level: parent ? parent.level + 1 : 1,
      currency: input.currency ?? companyCurrency(ctx),
      description: input.description ?? null,
      isActive,
      isSystemAccount: flags.isSystemAccount ?? false,
      systemRole: flags.systemRole ?? null,
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** A parent must exist, share the type, and be active when the child is (decision ACC-9). */
function checkParent(ctx: CompanyContext, parentId: string, type: AccountType, childActive: boolean): AccountRow {
  const parent = accountsTable(ctx).get(parentId);
  if (!parent) {
    throw validationError([{ field: 'parentId', code: 'INVALID_CHOICE', message: `No account with id ${parentId}`, value: parentId }]);
  }
  if (parent.type !== type) {
    throw validationError([
      {
        field: 'parentId',
        code: 'INVALID_CHOICE',
        message: `the parent account ${parent.accountNumber} is of type ${parent.type}; an account of type ${type} needs a parent of the same type`,
        value: parentId,
        constraint: { type },
      },
    ]);
  }
  if (childActive && !parent.isActive) {
    throw validationError([
      {
        field: 'parentId',
        code: 'INVALID_CHOICE',
        message: `the parent account ${parent.accountNumber} is inactive`,
        value: parentId,
        constraint: { isActive: true },
      },
    ]);
  }
  return parent;
}

export function updateAccount(ctx: CompanyContext, accountId: string, changes: AccountChanges): AccountRow {
  return ctx.store.transaction(() => {
    const table = accountsTable(ctx);
    const account = retrieveAccount(ctx, accountId);

    // Sending the current value back is not a change: a client may PUT the record it read.
    const refused = IMMUTABLE_FIELDS.filter((f) => changes[f] !== undefined && changes[f] !== account[f]);
    if (refused.length > 0) {
      throw new ServiceError(
        'BUSINESS_RULE_VIOLATION',
        `${refused.join(', ')} of an account cannot change`,
        refused.map((field) => ({
          rule: `${field} of an account cannot change`,
          field,
          value: changes[field],
          currentValue: account[field],
        })),
      );
    }

    if (changes.isActive === false && account.isActive) refuseDeactivation(ctx, account);
    if (changes.isActive === true && !account.isActive && account.parentId) {
      const parent = table.get(account.parentId);
      if (parent && !parent.isActive) {
        throw businessRule('an account under an inactive parent cannot be activated', {
          accountId: account.id,
          parentId: parent.id,
          parentAccountNumber: parent.accountNumber,
        });
      }
    }

    const patch: Partial<AccountRow> = {};
    if (changes.name !== undefined && changes.name !== account.name) patch.name = changes.name;
    if (changes.description !== undefined && changes.description !== account.description) patch.description = changes.description;
    if (changes.isActive !== undefined && changes.isActive !== account.isActive) patch.isActive = changes.isActive;
    if (Object.keys(patch).length === 0) return account;
    return table.update(account.id, { ...patch, updatedAt: ctx.clock.iso() });
  });
}

function refuseDeactivation(ctx: CompanyContext, account: AccountRow): void {
  // Documents post to control accounts; switching one off would break every later invoice or bill.
  if (account.isSystemAccount) {
    throw businessRule('a system account cannot be deactivated', { accountId: account.id, accountNumber: account.accountNumber });
  }
  refuseAccountInUse(ctx, account, 'deactivate');
  const activeChildren = accountsTable(ctx)
    .byIndex('parentId', account.id)
    .filter((child) => child.isActive).length;
  if (activeChildren > 0) {
    throw businessRule('an account with active child accounts cannot be deactivated', {
      accountId: account.id,
      accountNumber: account.accountNumber,
      activeChildCount: activeChildren,
    });
  }
}

/** Deletes an account that no posted line and no record names (spec document 2: ACCOUNT_IN_USE otherwise). */
export function deleteAccount(ctx: CompanyContext, accountId: string): DeletedRecord {
  return ctx.store.transaction(() => {
    const account = retrieveAccount(ctx, accountId);
    if (account.isSystemAccount) {
      throw businessRule('a system account cannot be deleted', { accountId: account.id, accountNumber: account.accountNumber });
    }
    refuseAccountInUse(ctx, account, 'delete');
    const childCount = accountsTable(ctx).countByIndex('parentId', account.id);
    if (childCount > 0) {
      throw businessRule('an account with child accounts cannot be deleted', {
        accountId: account.id,
        accountNumber: account.accountNumber,
        childCount,
      });
    }
    accountsTable(ctx).delete(account.id);
    return { id: account.id, deleted: true };
  });
}

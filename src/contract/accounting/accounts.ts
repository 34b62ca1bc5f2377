import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  cursorPageQuery,
  DeletedRecord,
  isoDate,
  isoDateTime,
  money,
  moneyTotal,
  queryBoolean,
  queryInt,
  searchQuery,
  sortQuery,
} from '../common.js';
import { currencyCode } from '../currencies.js';

// Spec document 2, "Account" and "Categories by type".
export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export const ACCOUNT_CATEGORIES = {
  asset: ['current_asset', 'fixed_asset', 'other_asset'],
  liability: ['current_liability', 'long_term_liability', 'other_liability'],
  equity: ['equity'],
  revenue: ['operating_revenue', 'other_revenue'],
  expense: ['cost_of_goods_sold', 'operating_expense', 'other_expense'],
} as const satisfies Record<(typeof ACCOUNT_TYPES)[number], readonly string[]>;

export const AccountType = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountType>;
export const AccountCategory = z.enum(Object.values(ACCOUNT_CATEGORIES).flat() as [string, ...string[]]);
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[AccountType][number];

/** Debit and credit totals of an account's posted lines; `net` is signed by the account's normal side. */
export const AccountBalance = z.object({ debit: moneyTotal(), credit: moneyTotal(), net: moneyTotal() });
export type AccountBalance = z.infer<typeof AccountBalance>;

export const Account = z.object({
  id: z.string(),
  accountNumber: z.string(),
  name: z.string(),
  type: AccountType,
  category: AccountCategory,
  parentId: z.string().nullable(),
  level: z.number().int().min(1),
  currency: z.string().length(3),
  description: z.string().nullable(),
  isActive: z.boolean(),
  isSystemAccount: z.boolean(),
  isControlAccount: z.boolean(),
  balance: AccountBalance,
  rollup: AccountBalance,
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Account = z.infer<typeof Account>;

const accountNumber = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, {
    message: 'letters, digits, dots and dashes',
  });

export const AccountCreateParams = z
  .object({
    /** Unique number, 1-20 letters, digits, dots and dashes (starting with a letter or digit); immutable. */
    accountNumber,
    /** Display name, 1-200 characters (trimmed). */
    name: z.string().trim().min(1).max(200),
    /** `asset`, `liability`, `equity`, `revenue` or `expense`; immutable. */
    type: AccountType,
    /** A category of `type` (e.g. `current_asset` for an asset); immutable. */
    category: AccountCategory,
    /** Parent account: must exist, share `type`, be active if this one is; null or omitted for a top-level account. */
    parentId: z.string().nullable().optional(),
    /** ISO 4217 code; defaults to the company's base currency. */
    currency: currencyCode().optional(),
    /** Free text, at most 1000 characters; null by default. */
    description: z.string().max(1000).nullable().optional(),
    /** Whether the account is active; default true. */
    isActive: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const allowed: readonly string[] = ACCOUNT_CATEGORIES[v.type] ?? [];
    if (!allowed.includes(v.category)) {
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        input: v.category,
        message: `the category of an account of type ${v.type} is one of ${allowed.join(', ')}`,
        params: { code: 'INVALID_CHOICE', constraint: allowed },
      });
    }
  });
export type AccountCreateParams = z.input<typeof AccountCreateParams>;

/** `accountNumber`, `type` and `category` are accepted only to refuse a change with a clear error. */
export const AccountUpdateParams = z.object({
  /** New display name, 1-200 characters (trimmed). */
  name: z.string().trim().min(1).max(200).optional(),
  /** New free text, at most 1000 characters; null clears it. */
  description: z.string().max(1000).nullable().optional(),
  /** False deactivates (refused for a system account, one in use or with active children); true needs an active parent. */
  isActive: z.boolean().optional(),
  /** Immutable: accepted only if equal to the current number, else refused (`BUSINESS_RULE_VIOLATION`). */
  accountNumber: z.string().optional(),
  /** Immutable: accepted only if equal to the current type, else refused (`BUSINESS_RULE_VIOLATION`). */
  type: z.string().optional(),
  /** Immutable: accepted only if equal to the current category, else refused (`BUSINESS_RULE_VIOLATION`). */
  category: z.string().optional(),
});
export type AccountUpdateParams = z.input<typeof AccountUpdateParams>;

export const AccountListParams = z.object({
  type: AccountType.optional(),
  category: AccountCategory.optional(),
  active: queryBoolean().optional(),
  level: queryInt().optional(),
  parentId: z.string().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

/** One posted line of an account's ledger with the running balance after it. */
export const LedgerLine = z.object({
  journalEntryId: z.string(),
  journalNumber: z.string(),
  lineId: z.string(),
  date: isoDate(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  debit: money(),
  credit: money(),
  balance: moneyTotal(),
});
export type LedgerLine = z.infer<typeof LedgerLine>;

/** A ledger page; see decisions ACC-2, ACC-19 and ACC-20. */
export const AccountLedger = z.object({
  account: z.object({ id: z.string(), accountNumber: z.string(), name: z.string(), type: AccountType }),
  dateFrom: isoDate().nullable(),
  dateTo: isoDate().nullable(),
  currency: z.string().length(3),
  openingBalance: moneyTotal(),
  totalDebit: moneyTotal(),
  totalCredit: moneyTotal(),
  closingBalance: moneyTotal(),
  lines: z.array(LedgerLine),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type AccountLedger = z.infer<typeof AccountLedger>;

export const AccountLedgerParams = z.object({
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
  ...cursorPageQuery,
});

const AccountIdParams = z.object({ accountId: z.string() });

export const accountsList = endpoint({
  id: 'accounts.list',
  method: 'GET',
  path: '/accounts',
  scope: 'read:accounts',
  summary: 'List the chart of accounts',
  description:
    'Lists accounts, 50 per page by default (at most 100), cursor-paged. Filter by `type`, `category`, ' +
    '`active`, `level`, `parentId`; the operator form on `accountNumber`, `name`, `level`, `createdAt`, ' +
    '`updatedAt`; `search` over number, name and description; `sort` by number, name, level or dates. ' +
    'Await it for the first page, or `for await` over it for every account.',
  example: `for await (const account of acs.accounts.list({ type: 'asset', accountNumber: { startswith: '1' } })) {
  console.log(account.accountNumber, account.balance.net);
}`,
  exampleCall: { query: { type: 'asset' } },
  query: AccountListParams,
  response: Account,
  list: {
    paging: 'cursor',
    defaultSort: 'accountNumber:asc',
    defaultLimit: 50,
    maxLimit: 100,
    filters: { accountNumber: 'string', name: 'string', level: 'number', createdAt: 'datetime', updatedAt: 'datetime' },
    search: ['accountNumber', 'name', 'description'],
    sort: ['accountNumber', 'name', 'level', 'createdAt', 'updatedAt'],
  },
});

export const accountsRetrieve = endpoint({
  id: 'accounts.retrieve',
  method: 'GET',
  path: '/accounts/{accountId}',
  scope: 'read:accounts',
  summary: 'Get one account with its balance',
  description:
    'One account with its balance (debit and credit totals of its posted lines, and the net on its normal ' +
    'side). Rejects with `NotFoundError` (`ACCOUNT_NOT_FOUND`) for an unknown id.',
  exampleCall: { params: { accountId: { first: 'accounts.list', query: { accountNumber: '1110', active: true } } } },
  params: AccountIdParams,
  response: Account,
});

export const accountsCreate = endpoint({
  id: 'accounts.create',
  method: 'POST',
  path: '/accounts',
  scope: 'write:accounts',
  status: 201,
  summary: 'Create an account',
  description:
    'Creates an account; `category` must belong to `type` (an `asset` is `current_asset`, `fixed_asset` ' +
    'or `other_asset`, ...). A number already in use rejects with `ConflictError`.',
  example: "const cash = await acs.accounts.create({ accountNumber: '1010', name: 'Cash', type: 'asset', category: 'current_asset' });",
  exampleCall: { body: { accountNumber: '1160', name: 'Float', type: 'asset', category: 'current_asset' } },
  body: AccountCreateParams,
  response: Account,
});

export const accountsUpdate = endpoint({
  id: 'accounts.update',
  method: 'PUT',
  path: '/accounts/{accountId}',
  scope: 'write:accounts',
  summary: 'Change the name, description or active flag of an account',
  description:
    "Changes an account's `name`, `description` or `isActive`. Its number, type and category cannot " +
    'change (spec document 2), so a body that changes them is refused.',
  exampleCall: {
    params: { accountId: { first: 'accounts.list', query: { accountNumber: '1230', active: true } } },
    body: { description: 'Vans' },
  },
  params: AccountIdParams,
  body: AccountUpdateParams,
  response: Account,
});

export const accountsDelete = endpoint({
  id: 'accounts.delete',
  method: 'DELETE',
  path: '/accounts/{accountId}',
  scope: 'write:accounts',
  summary: 'Delete an account that has no transactions',
  description:
    'Deletes an unused account (drafts aside); else 422 `ACCOUNT_IN_USE`, `details` naming the users. ' +
    'Resolves to `{ id, deleted: true }`.',
  params: AccountIdParams,
  response: DeletedRecord,
});

export const accountsLedger = endpoint({
  id: 'accounts.ledger',
  method: 'GET',
  path: '/accounts/{accountId}/ledger',
  scope: 'read:accounts',
  summary: "An account's posted lines between two dates, with opening and running balance",
  description:
    "A page of the account's posted lines from `dateFrom` to `dateTo`, with opening, running and closing " +
    'balances; pass `nextCursor` as `cursor`, or use `ledgerPages()`.',
  example: "const ledger = await acs.accounts.ledger(cash.id, { dateFrom: '2026-01-01' });",
  exampleCall: {
    params: { accountId: { first: 'accounts.list', query: { accountNumber: '1120', active: true } } },
    query: { dateFrom: '2020-01-01' },
  },
  params: AccountIdParams,
  query: AccountLedgerParams,
  response: AccountLedger,
});

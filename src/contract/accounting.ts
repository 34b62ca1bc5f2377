import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, queryBoolean, queryInt, searchQuery, sortQuery } from './common.js';

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
export const AccountBalance = z.object({ debit: money(), credit: money(), net: money() });
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
  balance: AccountBalance,
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Account = z.infer<typeof Account>;

const accountNumber = z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, {
  message: 'letters, digits, dots and dashes',
});

export const AccountCreate = z
  .object({
    accountNumber,
    name: z.string().trim().min(1).max(200),
    type: AccountType,
    category: AccountCategory,
    parentId: z.string().nullable().optional(),
    currency: z.string().regex(/^[A-Z]{3}$/, { message: 'three-letter ISO 4217 code' }).optional(),
    description: z.string().max(1000).nullable().optional(),
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
export type AccountCreate = z.input<typeof AccountCreate>;

/** `accountNumber`, `type` and `category` are accepted only to refuse a change with a clear error. */
export const AccountUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(1000).nullable().optional(),
  isActive: z.boolean().optional(),
  accountNumber: z.string().optional(),
  type: z.string().optional(),
  category: z.string().optional(),
});
export type AccountUpdate = z.input<typeof AccountUpdate>;

export const DeletedRecord = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeletedRecord = z.infer<typeof DeletedRecord>;

export const AccountListQuery = z.object({
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
  balance: money(),
});
export type LedgerLine = z.infer<typeof LedgerLine>;

/** Response of the ledger endpoint; the spec does not show it, see docs/spec-decisions.md. */
export const AccountLedger = z.object({
  account: z.object({ id: z.string(), accountNumber: z.string(), name: z.string(), type: AccountType }),
  dateFrom: isoDate().nullable(),
  dateTo: isoDate().nullable(),
  currency: z.string().length(3),
  openingBalance: money(),
  totalDebit: money(),
  totalCredit: money(),
  closingBalance: money(),
  lines: z.array(LedgerLine),
  hasMore: z.boolean(),
});
export type AccountLedger = z.infer<typeof AccountLedger>;

export const LedgerQuery = z.object({
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
  limit: queryInt().optional(),
});

export const JOURNAL_ENTRY_STATUSES = ['draft', 'posted', 'void'] as const;
export const JournalEntryStatus = z.enum(JOURNAL_ENTRY_STATUSES);
export type JournalEntryStatus = z.infer<typeof JournalEntryStatus>;

export const JournalEntryLine = z.object({
  id: z.string(),
  accountId: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  description: z.string().nullable(),
  debit: money(),
  credit: money(),
});
export type JournalEntryLine = z.infer<typeof JournalEntryLine>;

export const JournalEntry = z.object({
  id: z.string(),
  journalNumber: z.string(),
  date: isoDate(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  status: JournalEntryStatus,
  totalDebit: money(),
  totalCredit: money(),
  lines: z.array(JournalEntryLine),
  attachments: z.array(z.object({ id: z.string(), filename: z.string(), url: z.string() })),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  postedAt: isoDateTime().nullable(),
  voidedAt: isoDateTime().nullable(),
  voidDate: isoDate().nullable(),
  voidReason: z.string().nullable(),
  /** On a reversing entry: the entry it reverses. */
  reversalOfEntryId: z.string().nullable(),
  /** On a voided entry: the reversing entry written by the void. */
  reversedByEntryId: z.string().nullable(),
  /** The document that wrote this entry (an invoice, a payment, ...), null for a manual entry. */
  source: z.object({ type: z.string(), id: z.string() }).nullable(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

export const JournalEntryLineCreate = z.object({
  accountId: z.string().min(1),
  description: z.string().max(500).optional(),
  debit: money().pipe(z.number().min(0)).optional(),
  credit: money().pipe(z.number().min(0)).optional(),
});
export type JournalEntryLineCreate = z.input<typeof JournalEntryLineCreate>;

export const JournalEntryCreate = z.object({
  date: isoDate(),
  lines: z.array(JournalEntryLineCreate),
  reference: z.string().max(100).optional(),
  description: z.string().max(1000).optional(),
});
export type JournalEntryCreate = z.input<typeof JournalEntryCreate>;

export const JournalEntryVoid = z.object({
  reason: z.string().trim().min(1).max(500),
  voidDate: isoDate().optional(),
});
export type JournalEntryVoid = z.input<typeof JournalEntryVoid>;

export const JournalEntryListQuery = z.object({
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
  status: JournalEntryStatus.optional(),
  accountId: z.string().optional(),
  reference: z.string().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

const AccountIdParams = z.object({ accountId: z.string() });
const JournalEntryIdParams = z.object({ journalEntryId: z.string() });

export const accountsList = endpoint({
  id: 'accounts.list',
  method: 'GET',
  path: '/accounts',
  scope: 'read:accounts',
  summary: 'List the chart of accounts',
  query: AccountListQuery,
  response: Account,
  list: {
    paging: 'cursor',
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
  body: AccountCreate,
  response: Account,
});

export const accountsUpdate = endpoint({
  id: 'accounts.update',
  method: 'PUT',
  path: '/accounts/{accountId}',
  scope: 'write:accounts',
  summary: 'Change the name, description or active flag of an account',
  params: AccountIdParams,
  body: AccountUpdate,
  response: Account,
});

export const accountsDelete = endpoint({
  id: 'accounts.delete',
  method: 'DELETE',
  path: '/accounts/{accountId}',
  scope: 'write:accounts',
  summary: 'Delete an account that has no transactions',
  params: AccountIdParams,
  response: DeletedRecord,
});

export const accountsLedger = endpoint({
  id: 'accounts.ledger',
  method: 'GET',
  path: '/accounts/{accountId}/ledger',
  scope: 'read:accounts',
  summary: "An account's posted lines between two dates, with opening and running balance",
  params: AccountIdParams,
  query: LedgerQuery,
  response: AccountLedger,
});

export const journalEntriesList = endpoint({
  id: 'journalEntries.list',
  method: 'GET',
  path: '/journal-entries',
  scope: 'read:accounts',
  summary: 'List journal entries',
  query: JournalEntryListQuery,
  response: JournalEntry,
  list: {
    paging: 'cursor',
    defaultLimit: 50,
    maxLimit: 100,
    filters: { journalNumber: 'string', date: 'date', reference: 'string', totalDebit: 'number', createdAt: 'datetime' },
    search: ['journalNumber', 'reference', 'description'],
    sort: ['date', 'journalNumber', 'totalDebit', 'createdAt'],
  },
});

export const journalEntriesCreate = endpoint({
  id: 'journalEntries.create',
  method: 'POST',
  path: '/journal-entries',
  scope: 'write:accounts',
  status: 201,
  summary: 'Create a balanced journal entry as a draft',
  body: JournalEntryCreate,
  response: JournalEntry,
});

export const journalEntriesRetrieve = endpoint({
  id: 'journalEntries.retrieve',
  method: 'GET',
  path: '/journal-entries/{journalEntryId}',
  scope: 'read:accounts',
  summary: 'Get one journal entry',
  params: JournalEntryIdParams,
  response: JournalEntry,
});

export const journalEntriesPost = endpoint({
  id: 'journalEntries.post',
  method: 'POST',
  path: '/journal-entries/{journalEntryId}/post',
  scope: 'write:accounts',
  summary: 'Post a draft entry to the ledger',
  params: JournalEntryIdParams,
  response: JournalEntry,
});

export const journalEntriesVoid = endpoint({
  id: 'journalEntries.void',
  method: 'POST',
  path: '/journal-entries/{journalEntryId}/void',
  scope: 'write:accounts',
  summary: 'Void a posted entry by writing a posted reversing entry',
  params: JournalEntryIdParams,
  body: JournalEntryVoid,
  response: JournalEntry,
});

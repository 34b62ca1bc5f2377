import type { AccountCategory, AccountType, ExchangeRate, JournalEntryStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';

/**
 * The accounting module's tables and the shape of their rows. Account rows hold no balance: the
 * internal `ledgerPostings` table lists the posted entries in posting order, and the ledger index
 * (ledger-index.ts) derives from it each account's lines and day totals, so posting never rewrites an
 * account and a posted line is stored once, in its journal entry (decision REP-78).
 */
export const ACCOUNTS = 'accounts';
export const JOURNAL_ENTRIES = 'journalEntries';
export const TAX_LOCKS = 'taxLocks';
export const LEDGER_POSTINGS = 'ledgerPostings';
export const EXCHANGE_RATES = 'exchangeRates';
/** Id prefix of journal lines. */
export const JOURNAL_LINE_PREFIX = 'jel';

/** Control accounts that documents (invoices, payments, bills, stock) post to. */
export const SYSTEM_ROLES = [
  'cash',
  'bank',
  'accounts_receivable',
  'inventory',
  'accounts_payable',
  'tax_payable',
  'retained_earnings',
  'sales',
  'cogs',
  'inventory_adjustment',
  'exchange_gain_loss',
  // Restatements of open foreign-currency balances at a date, reversed the next day (ACC-38).
  'unrealised_exchange_gain_loss',
  'opening_balance',
  'goods_received_not_invoiced',
  'tax_recoverable',
  'purchase_price_variance',
  'purchase_discount',
] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export interface AccountRow {
  id: string;
  accountNumber: string;
  name: string;
  type: AccountType;
  category: AccountCategory;
  parentId: string | null;
  level: number;
  currency: string;
  description: string | null;
  isActive: boolean;
  isSystemAccount: boolean;
  /** Which control account this is, if any; not on the wire. */
  systemRole: SystemRole | null;
  createdAt: string;
  updatedAt: string;
}

/** A line as a journal entry row keeps it; account number and name are read from the account when presented. */
export interface StoredLine {
  id: string;
  accountId: string;
  description: string | null;
  debit: number;
  credit: number;
}

export interface JournalEntryRow {
  id: string;
  journalNumber: string;
  date: string;
  reference: string | null;
  description: string | null;
  status: JournalEntryStatus;
  totalDebit: number;
  totalCredit: number;
  lines: StoredLine[];
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  postedAt: string | null;
  voidedAt: string | null;
  voidDate: string | null;
  voidReason: string | null;
  reversalOfEntryId: string | null;
  reversedByEntryId: string | null;
  source: { type: string; id: string } | null;
}

/**
 * One posted entry (a posted or later voided entry, or a reversal) in the order it was posted; the row
 * id is the entry id. Every field is the entry's own value, shared, not copied: a posted entry's date
 * and lines never change. Written through the store, so a rollback or a reset takes it with the entry.
 */
export interface LedgerPostingRow {
  id: string;
  journalNumber: string;
  date: string;
  reference: string | null;
  description: string | null;
  lines: readonly StoredLine[];
}

/** One currency's rate on one date against the company's currency (decision ACC-41), as the API shows it; one row per currency and date. */
export type ExchangeRateRow = ExchangeRate;

/** One posted line as the ledger shows it, read from its entry; `id` is the journal line id. */
export interface LedgerLineRow {
  id: string;
  accountId: string;
  journalEntryId: string;
  journalNumber: string;
  date: string;
  reference: string | null;
  description: string | null;
  debit: number;
  credit: number;
}

export function defineAccountingTables(store: Store): void {
  store.defineTable(ACCOUNTS, { prefix: 'acc', indexes: ['accountNumber', 'parentId', 'systemRole'] });
  store.defineTable(JOURNAL_ENTRIES, { prefix: 'je', indexes: ['status'] });
  store.defineTable(LEDGER_POSTINGS, { prefix: 'je', internal: true });
  // The tax lock of filed returns (decision ACC-36): one row per company, tax-lock.ts.
  store.defineTable(TAX_LOCKS, { prefix: 'txl', internal: true });
  // The company's exchange-rate table (decision ACC-41): exchange-rates.ts.
  store.defineTable(EXCHANGE_RATES, { prefix: 'xr', indexes: ['currency'] });
}

export const accountsTable = (ctx: CompanyContext): Table<AccountRow> => ctx.store.table<AccountRow>(ctx.companyId, ACCOUNTS);
export const journalEntriesTable = (ctx: CompanyContext): Table<JournalEntryRow> =>
  ctx.store.table<JournalEntryRow>(ctx.companyId, JOURNAL_ENTRIES);
export const ledgerPostingsTable = (ctx: CompanyContext): Table<LedgerPostingRow> =>
  ctx.store.table<LedgerPostingRow>(ctx.companyId, LEDGER_POSTINGS);
export const exchangeRatesTable = (ctx: CompanyContext): Table<ExchangeRateRow> =>
  ctx.store.table<ExchangeRateRow>(ctx.companyId, EXCHANGE_RATES);
/** A new journal line id (`jel_...`). */
export const newJournalLineId = (ctx: CompanyContext): string => ctx.store.ids.next(JOURNAL_LINE_PREFIX);

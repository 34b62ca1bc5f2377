import type { AccountCategory, AccountType, JournalEntryStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';

/**
 * The accounting module's tables and the shape of their rows. Account rows hold no balance: posted
 * totals live in `accountTotals` (one row per account) and posted lines in `ledgerLines` (indexed by
 * account), both internal, so posting never rewrites an account and a balance read is one lookup.
 */
export const ACCOUNTS = 'accounts';
export const JOURNAL_ENTRIES = 'journalEntries';
export const ACCOUNT_TOTALS = 'accountTotals';
export const LEDGER_LINES = 'ledgerLines';

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

/** Running totals of one account; the row id is the account id. Amounts are exact decimal strings. */
export interface AccountTotalsRow {
  id: string;
  debit: string;
  credit: string;
  /** Lines of posted (and later voided) entries; drafts are not counted (issue #9). */
  postedLines: number;
  /** Latest entry date among those lines. */
  lastDate: string | null;
}

/** One posted line, filed under its account for the ledger; the row id is the journal line id. */
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
  store.defineTable(ACCOUNT_TOTALS, { prefix: 'bal', internal: true });
  store.defineTable(LEDGER_LINES, { prefix: 'jel', indexes: ['accountId'], internal: true });
}

export const accountsTable = (ctx: CompanyContext): Table<AccountRow> => ctx.store.table<AccountRow>(ctx.companyId, ACCOUNTS);
export const journalEntriesTable = (ctx: CompanyContext): Table<JournalEntryRow> =>
  ctx.store.table<JournalEntryRow>(ctx.companyId, JOURNAL_ENTRIES);
export const accountTotalsTable = (ctx: CompanyContext): Table<AccountTotalsRow> =>
  ctx.store.table<AccountTotalsRow>(ctx.companyId, ACCOUNT_TOTALS);
export const ledgerLinesTable = (ctx: CompanyContext): Table<LedgerLineRow> =>
  ctx.store.table<LedgerLineRow>(ctx.companyId, LEDGER_LINES);

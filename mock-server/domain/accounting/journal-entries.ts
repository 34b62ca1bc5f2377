import type { DeletedRecord, JournalEntry, JournalEntryStatus } from '../../../src/contract/index.js';
import { companyToday } from '../shared/calendar.js';
import type { CompanyContext } from '../../store/context.js';
import { accountsTable, journalEntriesTable, newJournalLineId, type JournalEntryRow, type StoredLine } from './tables.js';
import { businessRule, notFound, validationError } from '../../kernel/errors.js';
import { checkLines, invalidJournalEntry, type JournalLineInput } from './journal-lines.js';
import { writeToLedger } from './ledger.js';
import { refuseControlAccountLines } from './control-accounts.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { nextDocumentNumber, type NumberFormat } from '../shared/numbering.js';
import { stateMachine } from '../shared/transitions.js';

export type { JournalLineInput } from './journal-lines.js';

export interface JournalEntryInput {
  date: string;
  lines: readonly JournalLineInput[];
  reference?: string | null;
  description?: string | null;
}

/** An entry written by a document (invoice, payment, bill, ...), posted in one step. */
export interface LedgerEntryInput extends JournalEntryInput {
  source: { type: string; id: string } | null;
}

export interface VoidInput {
  reason: string;
  /** Defaults to today by the mock clock. */
  voidDate?: string;
}

/** Plain filters of `GET /journal-entries` (spec document 2). */
export interface JournalEntryFilters {
  dateFrom?: string;
  dateTo?: string;
  status?: JournalEntryStatus;
  accountId?: string;
  reference?: string;
}

/**
 * The journal entry state machine (spec document 2, "States and transitions"): post a draft, void a
 * posted entry, delete a draft (ACC-26: a posted entry is voided, never deleted); anything else is a
 * 422 BUSINESS_RULE_VIOLATION naming the rule.
 */
export const JOURNAL_ENTRY_MOVES = stateMachine<JournalEntryStatus, 'post' | 'void' | 'delete'>({
  post: { from: ['draft'], rule: 'only a draft entry can be posted' },
  void: { from: ['posted'], rule: 'only a posted entry can be voided' },
  delete: {
    from: ['draft'],
    rule: 'only a draft entry can be deleted',
    refusals: {
      posted: 'a posted entry cannot be deleted; void it instead',
      void: 'a voided entry cannot be deleted; it stays in the journal beside its reversal',
    },
  },
});

export type JournalEntryAction = keyof typeof JOURNAL_ENTRY_MOVES.moves;

const assertTransition = (entry: JournalEntryRow, action: JournalEntryAction): void =>
  JOURNAL_ENTRY_MOVES.assert(action, entry.status, { journalEntryId: entry.id, journalNumber: entry.journalNumber });

const JOURNAL_NUMBERS: NumberFormat = { sequence: 'journalEntry', prefix: 'JE', digits: 6 };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkDate(field: string, value: string): void {
  if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw validationError([{ field, code: 'INVALID_FORMAT', message: 'must be a date, YYYY-MM-DD', value }]);
  }
}

export function retrieveJournalEntry(ctx: CompanyContext, journalEntryId: string): JournalEntryRow {
  const entry = journalEntriesTable(ctx).get(journalEntryId);
  if (!entry) throw notFound('journal_entry', journalEntryId, 'NOT_FOUND', 'journalEntryId');
  return entry;
}

/** Validates and inserts an entry with the next journal number; the caller is inside a transaction. */
function insertEntry(ctx: ActingContext, input: LedgerEntryInput, status: 'draft' | 'posted', extra: Partial<JournalEntryRow> = {}) {
  checkDate('date', input.date);
  const checked = checkLines(ctx, input.lines);
  return insertChecked(ctx, input, checked.lines, checked.totalDebit, checked.totalCredit, status, extra);
}

function insertChecked(
  ctx: ActingContext,
  input: Omit<LedgerEntryInput, 'lines'>,
  lines: StoredLine[],
  totalDebit: number,
  totalCredit: number,
  status: 'draft' | 'posted',
  extra: Partial<JournalEntryRow>,
): JournalEntryRow {
  const table = journalEntriesTable(ctx);
  const now = ctx.clock.iso();
  return table.insert({
    id: table.newId(),
    journalNumber: nextDocumentNumber(ctx, JOURNAL_NUMBERS),
    date: input.date,
    reference: input.reference ?? null,
    description: input.description ?? null,
    status,
    totalDebit,
    totalCredit,
    lines,
    createdBy: actorOf(ctx),
    createdAt: now,
    updatedAt: now,
    postedAt: status === 'posted' ? now : null,
    voidedAt: null,
    voidDate: null,
    voidReason: null,
    reversalOfEntryId: null,
    reversedByEntryId: null,
    // Only what the contract shows: a document's source may carry more (its number, for stock movements).
    source: input.source && { type: input.source.type, id: input.source.id },
    ...extra,
  });
}

/**
 * `POST /journal-entries`: a balanced entry, created as a draft (spec document 2 leaves the initial
 * state open). A draft moves no balance and makes no account "in use" (ACC-11). The shape of the
 * lines is checked first (400), then the control-account rule (422).
 */
export function createJournalEntry(ctx: ActingContext, input: JournalEntryInput): JournalEntryRow {
  return ctx.store.transaction(() => {
    const entry = insertEntry(ctx, { ...input, source: null }, 'draft');
    refuseControlAccountLines(ctx, entry.lines);
    return entry;
  });
}

/** Implied `DELETE /journal-entries/{id}` (ACC-26): a draft goes; a posted or void entry is refused. */
export function deleteJournalEntry(ctx: CompanyContext, journalEntryId: string): DeletedRecord {
  return ctx.store.transaction(() => {
    const entry = retrieveJournalEntry(ctx, journalEntryId);
    assertTransition(entry, 'delete');
    journalEntriesTable(ctx).delete(entry.id);
    return { id: entry.id, deleted: true };
  });
}

/**
 * Writes a posted entry in one step, for documents (invoices, payments, bills, stock) that own their
 * ledger effect. Same rules as a manual entry; `source` names the document.
 */
export function postLedgerEntry(ctx: ActingContext, input: LedgerEntryInput): JournalEntryRow {
  return ctx.store.transaction(() => {
    const entry = insertEntry(ctx, input, 'posted');
    writeToLedger(ctx, entry);
    return entry;
  });
}

/** `POST /journal-entries/{id}/post`: draft -> posted, `postedAt` set, lines written to the ledger. */
export function postJournalEntry(ctx: ActingContext, journalEntryId: string): JournalEntryRow {
  return ctx.store.transaction(() => {
    const entry = retrieveJournalEntry(ctx, journalEntryId);
    assertTransition(entry, 'post');
    checkDraftAccounts(ctx, entry);
    const now = ctx.clock.iso();
    const posted = journalEntriesTable(ctx).update(entry.id, { status: 'posted', postedAt: now, updatedAt: now });
    writeToLedger(ctx, posted);
    return posted;
  });
}

/**
 * The accounts of a draft as they are now: a draft does not hold its accounts, so one may have been
 * deleted (400 INVALID_JOURNAL_ENTRY, ACCOUNT_NOT_FOUND, as creating the entry now would answer; the
 * draft is deleted and entered again), switched off, or be a control account (422).
 */
function checkDraftAccounts(ctx: CompanyContext, entry: JournalEntryRow): void {
  const accounts = accountsTable(ctx);
  const missing = entry.lines.flatMap((line, index) =>
    accounts.has(line.accountId)
      ? []
      : [
          {
            code: 'ACCOUNT_NOT_FOUND' as const,
            index,
            accountId: line.accountId,
            message: `line ${index}: account ${line.accountId} was deleted after the draft was written`,
          },
        ],
  );
  if (missing.length > 0) throw invalidJournalEntry(missing);
  entry.lines.forEach((line, index) => {
    const account = accounts.get(line.accountId)!;
    if (!account.isActive) {
      throw businessRule('an entry cannot be posted to an inactive account', {
        journalEntryId: entry.id,
        index,
        accountId: line.accountId,
        accountNumber: account.accountNumber,
      });
    }
  });
  refuseControlAccountLines(ctx, entry.lines, { journalEntryId: entry.id, journalNumber: entry.journalNumber });
}

/**
 * `POST /journal-entries/{id}/void`: writes a posted reversing entry (debits and credits swapped,
 * dated `voidDate`) and marks the original void. Entries written by documents are voided through
 * their document, which calls `reverseLedgerEntry`.
 */
export function voidJournalEntry(ctx: ActingContext, journalEntryId: string, input: VoidInput): JournalEntryRow {
  return ctx.store.transaction(() => {
    const entry = retrieveJournalEntry(ctx, journalEntryId);
    assertTransition(entry, 'void');
    if (entry.source) {
      throw businessRule('an entry written by a document is voided through its document', {
        journalEntryId: entry.id,
        journalNumber: entry.journalNumber,
        source: entry.source,
      });
    }
    return reverse(ctx, entry, input);
  });
}

/** Voids a posted entry whatever wrote it: for documents undoing their own ledger effect. */
export function reverseLedgerEntry(ctx: ActingContext, journalEntryId: string, input: VoidInput): JournalEntryRow {
  return ctx.store.transaction(() => {
    const entry = retrieveJournalEntry(ctx, journalEntryId);
    assertTransition(entry, 'void');
    return reverse(ctx, entry, input);
  });
}

function reverse(ctx: ActingContext, entry: JournalEntryRow, input: VoidInput): JournalEntryRow {
  if (entry.reversalOfEntryId) {
    // Voiding a reversal would bring back an entry that stays marked void.
    throw businessRule('a reversing entry cannot be voided', {
      journalEntryId: entry.id,
      journalNumber: entry.journalNumber,
      reversalOfEntryId: entry.reversalOfEntryId,
    });
  }
  const reason = input.reason?.trim() ?? '';
  if (!reason) throw validationError([{ field: 'reason', code: 'REQUIRED_FIELD', message: 'a void needs a reason' }]);
  const voidDate = input.voidDate ?? companyToday(ctx);
  checkDate('voidDate', voidDate);
  if (voidDate < entry.date) {
    throw validationError([
      {
        field: 'voidDate',
        code: 'DATE_CONSTRAINT',
        message: `voidDate cannot be before the entry's date ${entry.date}`,
        value: voidDate,
        constraint: { min: entry.date },
      },
    ]);
  }

  const swapped: StoredLine[] = entry.lines.map((line) => ({
    id: newJournalLineId(ctx),
    accountId: line.accountId,
    description: line.description,
    debit: line.credit,
    credit: line.debit,
  }));
  const reversal = insertChecked(
    ctx,
    {
      date: voidDate,
      reference: `VOID-${entry.journalNumber}`,
      description: `Reversal of ${entry.journalNumber}: ${reason}`,
      source: entry.source,
    },
    swapped,
    entry.totalCredit,
    entry.totalDebit,
    'posted',
    { reversalOfEntryId: entry.id },
  );
  writeToLedger(ctx, reversal);

  const now = ctx.clock.iso();
  return journalEntriesTable(ctx).update(entry.id, {
    status: 'void',
    voidedAt: now,
    voidDate,
    voidReason: reason,
    reversedByEntryId: reversal.id,
    updatedAt: now,
  });
}

export function journalEntryMatches(filters: JournalEntryFilters): (row: JournalEntryRow) => boolean {
  return (row) =>
    (filters.dateFrom === undefined || row.date >= filters.dateFrom) &&
    (filters.dateTo === undefined || row.date <= filters.dateTo) &&
    (filters.status === undefined || row.status === filters.status) &&
    (filters.reference === undefined || row.reference === filters.reference) &&
    (filters.accountId === undefined || row.lines.some((line) => line.accountId === filters.accountId));
}

/** The wire shape; line account numbers and names are read from the accounts as they are now. */
export function presentJournalEntry(ctx: CompanyContext, row: JournalEntryRow): JournalEntry {
  const accounts = accountsTable(ctx);
  return {
    id: row.id,
    journalNumber: row.journalNumber,
    date: row.date,
    reference: row.reference,
    description: row.description,
    status: row.status,
    totalDebit: row.totalDebit,
    totalCredit: row.totalCredit,
    lines: row.lines.map((line) => {
      const account = accounts.get(line.accountId);
      return {
        id: line.id,
        accountId: line.accountId,
        accountNumber: account?.accountNumber ?? '',
        accountName: account?.name ?? '',
        description: line.description,
        debit: line.debit,
        credit: line.credit,
      };
    }),
    attachments: [],
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    postedAt: row.postedAt,
    voidedAt: row.voidedAt,
    voidDate: row.voidDate,
    voidReason: row.voidReason,
    reversalOfEntryId: row.reversalOfEntryId,
    reversedByEntryId: row.reversedByEntryId,
    source: row.source,
  };
}

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, DeletedRecord, isoDate, isoDateTime, MAX_AMOUNT, money, moneyTotal, searchQuery, sortQuery } from '../common.js';

// Spec document 2, "Journal entry".
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
  totalDebit: moneyTotal(),
  totalCredit: moneyTotal(),
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
  /** The account the line posts to: an existing, active account that is not a control account. */
  accountId: z.string().min(1),
  /** Free text for the line, at most 500 characters; null when omitted. */
  description: z.string().max(500).optional(),
  /** Debit amount, two decimals, not negative; a line has a debit or a credit above zero, not both. */
  debit: money().pipe(z.number().min(0)).optional(),
  /** Credit amount, two decimals, not negative; a line has a debit or a credit above zero, not both. */
  credit: money().pipe(z.number().min(0)).optional(),
});
export type JournalEntryLineCreate = z.input<typeof JournalEntryLineCreate>;

/** Total debits and total credits of an entry are each at most MAX_AMOUNT, like a document's total, so they stay exact in cents. */
const totalsWithinBound = (lines: z.output<typeof JournalEntryLineCreate>[], ctx: z.RefinementCtx) => {
  // An amount that breaks its own bound is reported on its line already.
  if (lines.some((line) => [line.debit, line.credit].some((v) => v !== undefined && !(typeof v === 'number' && Math.abs(v) <= MAX_AMOUNT))))
    return;
  for (const side of ['debit', 'credit'] as const) {
    // Cents as integers: each amount has two decimals and is at most MAX_AMOUNT, so the sum is exact.
    const cents = lines.reduce((sum, line) => sum + Math.round((line[side] ?? 0) * 100), 0);
    if (cents > Math.round(MAX_AMOUNT * 100)) {
      ctx.addIssue({
        code: 'custom',
        input: lines,
        message: `total ${side}s are at most ${MAX_AMOUNT.toFixed(2)}`,
        params: { code: 'MAX_VALUE', constraint: { max: MAX_AMOUNT } },
      });
    }
  }
};

export const JournalEntryCreateParams = z.object({
  /** The entry's accounting date, `YYYY-MM-DD`. */
  date: isoDate(),
  /** At least two lines; total debits must equal total credits, else 400 `INVALID_JOURNAL_ENTRY`. */
  lines: z.array(JournalEntryLineCreate).superRefine(totalsWithinBound),
  /** Your reference (e.g. a source document number), at most 100 characters; null when omitted. */
  reference: z.string().max(100).optional(),
  /** Free text for the entry, at most 1000 characters; null when omitted. */
  description: z.string().max(1000).optional(),
});
export type JournalEntryCreateParams = z.input<typeof JournalEntryCreateParams>;

export const JournalEntryVoidParams = z.object({
  reason: z.string().trim().min(1).max(500),
  voidDate: isoDate().optional(),
});
export type JournalEntryVoidParams = z.input<typeof JournalEntryVoidParams>;

export const JournalEntryListParams = z.object({
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
  status: JournalEntryStatus.optional(),
  accountId: z.string().optional(),
  reference: z.string().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

const JournalEntryIdParams = z.object({ journalEntryId: z.string() });

export const journalEntriesList = endpoint({
  id: 'journalEntries.list',
  method: 'GET',
  path: '/journal-entries',
  scope: 'read:accounts',
  summary: 'List journal entries',
  description:
    'Lists journal entries, 50 per page by default (at most 100), cursor-paged. Filter by `dateFrom`, ' +
    '`dateTo`, `status`, `accountId`, `reference`; the operator form on `journalNumber`, `date`, ' +
    '`reference`, `totalDebit`, `createdAt`; `search` over number, reference and description.',
  example: "const page = await acs.journalEntries.list({ status: 'posted', totalDebit: { gte: 1000 } });",
  exampleCall: { query: { status: 'posted' } },
  query: JournalEntryListParams,
  response: JournalEntry,
  list: {
    paging: 'cursor',
    defaultSort: 'date:asc,journalNumber:asc',
    defaultLimit: 50,
    maxLimit: 100,
    filters: { journalNumber: 'string', date: 'date', reference: 'string', totalDebit: 'number', createdAt: 'datetime' },
    search: ['journalNumber', 'reference', 'description'],
    sort: ['date', 'journalNumber', 'totalDebit', 'createdAt'],
    index: {
      dateFrom: ['date', 'gte'],
      dateTo: ['date', 'lte'],
      status: 'string',
      reference: 'string',
      accountId: ['lines.accountId', 'has'],
    },
  },
});

export const journalEntriesCreate = endpoint({
  id: 'journalEntries.create',
  method: 'POST',
  path: '/journal-entries',
  scope: 'write:accounts',
  status: 201,
  summary: 'Create a balanced journal entry as a draft',
  description:
    'Creates a draft entry: at least two lines, each with `accountId` and a debit or a credit, total ' +
    'debits equal to total credits. An unbalanced entry rejects with 400 `INVALID_JOURNAL_ENTRY` (an ' +
    '`InvalidRequestError`).',
  example: `const entry = await acs.journalEntries.create({
  date: '2026-01-31',
  lines: [{ accountId: cash.id, debit: 100 }, { accountId: revenue.id, credit: 100 }],
});`,
  body: JournalEntryCreateParams,
  // Spec document 2, "Errors": the entry's own rules (a refinement naming one of these codes) answer 400.
  invalid: { status: 400, code: 'INVALID_JOURNAL_ENTRY', codes: ['TOO_FEW_LINES', 'NO_AMOUNT', 'DEBIT_AND_CREDIT', 'UNBALANCED'] },
  response: JournalEntry,
});

export const journalEntriesRetrieve = endpoint({
  id: 'journalEntries.retrieve',
  method: 'GET',
  path: '/journal-entries/{journalEntryId}',
  scope: 'read:accounts',
  summary: 'Get one journal entry',
  description: 'One journal entry with its lines. Rejects with `NotFoundError` for an unknown id.',
  exampleCall: { params: { journalEntryId: { fixture: 'draftEntry' } } },
  params: JournalEntryIdParams,
  response: JournalEntry,
});

export const journalEntriesPost = endpoint({
  id: 'journalEntries.post',
  method: 'POST',
  path: '/journal-entries/{journalEntryId}/post',
  scope: 'write:accounts',
  summary: 'Post a draft entry to the ledger',
  description:
    'Posts a draft entry to the ledger, after which account balances include it. Posting an entry that is ' +
    'not a draft rejects with `BusinessRuleError`.',
  exampleCall: { params: { journalEntryId: { fixture: 'draftEntry' } } },
  params: JournalEntryIdParams,
  response: JournalEntry,
});

export const journalEntriesVoid = endpoint({
  id: 'journalEntries.void',
  method: 'POST',
  path: '/journal-entries/{journalEntryId}/void',
  scope: 'write:accounts',
  summary: 'Void a posted entry by writing a posted reversing entry',
  description:
    'Voids a posted entry by writing a posted reversing entry dated `voidDate`; the original is marked ' +
    '`void` and points to its reversal (`reversedByEntryId`). `reason` is required.',
  example: "const voided = await acs.journalEntries.void(entry.id, { reason: 'Duplicate' });",
  params: JournalEntryIdParams,
  body: JournalEntryVoidParams,
  response: JournalEntry,
});

export const journalEntriesDelete = endpoint({
  id: 'journalEntries.delete',
  method: 'DELETE',
  path: '/journal-entries/{journalEntryId}',
  scope: 'write:accounts',
  source: 'implied',
  summary: 'Delete a draft entry',
  description: 'Deletes a draft; a posted entry is voided instead.',
  example: 'await acs.journalEntries.delete(draft.id);',
  exampleCall: { params: { journalEntryId: { fixture: 'draftEntry' } } },
  params: JournalEntryIdParams,
  response: DeletedRecord,
});

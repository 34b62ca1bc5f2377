import type { CompanyContext } from '../../store/context.js';
import { accountsTable, newJournalLineId, type StoredLine } from './tables.js';
import { ServiceError, validationError, type ValidationIssue } from '../../kernel/errors.js';
import * as money from '../shared/money.js';

/** One line as a caller writes it (spec document 2: `accountId`, `description`, `debit`, `credit`). */
export interface JournalLineInput {
  accountId: string;
  description?: string | null;
  debit?: number | null;
  credit?: number | null;
}

/** One problem with the lines, carried in INVALID_JOURNAL_ENTRY `details` as `{ field: 'lines', ... }`. */
export interface LineProblem {
  message: string;
  /** Our sub-code, so a client can tell an unknown account from an unbalanced entry. */
  code: 'TOO_FEW_LINES' | 'NO_AMOUNT' | 'DEBIT_AND_CREDIT' | 'ACCOUNT_NOT_FOUND' | 'ACCOUNT_INACTIVE' | 'UNBALANCED';
  /** 0-based position of the line in the request. */
  index?: number;
  [fact: string]: unknown;
}

/** 400 INVALID_JOURNAL_ENTRY (spec document 2, "Accounting errors"), every problem listed at once. */
export function invalidJournalEntry(problems: LineProblem[]): ServiceError {
  const message =
    problems.length === 1
      ? problems[0].message
      : `The journal entry has ${problems.length} problems: ${problems.map((p) => p.message).join('; ')}`;
  return new ServiceError(
    'INVALID_JOURNAL_ENTRY',
    message,
    problems.map((p) => ({ field: 'lines', ...p })),
  );
}

export interface CheckedLines {
  lines: StoredLine[];
  totalDebit: number;
  totalCredit: number;
}

/** Every amount is a non-negative number of cents: a 422 listing each that is not, before any rule. */
function checkAmountFormats(input: readonly JournalLineInput[]): void {
  const formatIssues: ValidationIssue[] = [];
  input.forEach((line, index) => {
    for (const side of ['debit', 'credit'] as const) {
      const value = line[side];
      if (value === undefined || value === null) continue;
      if (!money.isCents(value)) {
        formatIssues.push({
          field: `lines[${index}].${side}`,
          code: 'INVALID_FORMAT',
          message: 'must be a number with at most two decimal places',
          value,
        });
      } else if (value < 0) {
        formatIssues.push({
          field: `lines[${index}].${side}`,
          code: 'MIN_VALUE',
          message: 'must not be negative',
          value,
          constraint: { min: 0 },
        });
      }
    }
  });
  if (formatIssues.length > 0) throw validationError(formatIssues);
}

/**
 * Checks the lines of an entry before anything is written (spec document 2, "Journal entry" rules):
 * at least two lines; each with a debit or a credit above zero, not both, on an existing active
 * account; amounts in cents; total debits equal total credits exactly. Returns the lines to store.
 */
export function checkLines(ctx: CompanyContext, input: readonly JournalLineInput[]): CheckedLines {
  checkAmountFormats(input);

  if (input.length < 2) {
    throw invalidJournalEntry([
      { code: 'TOO_FEW_LINES', message: `a journal entry needs at least two lines; it has ${input.length}`, lineCount: input.length },
    ]);
  }

  const accounts = accountsTable(ctx);
  const problems: LineProblem[] = [];
  const lines: StoredLine[] = [];
  let totalDebit = money.ZERO;
  let totalCredit = money.ZERO;
  input.forEach((line, index) => {
    const debit = money.parse(line.debit ?? 0);
    const credit = money.parse(line.credit ?? 0);
    const label = `line ${index + 1}`;
    if (debit.isZero() && credit.isZero()) {
      problems.push({ index, code: 'NO_AMOUNT', message: `${label} needs a debit or a credit above zero` });
    } else if (!debit.isZero() && !credit.isZero()) {
      problems.push({ index, code: 'DEBIT_AND_CREDIT', message: `${label} has both a debit and a credit; use two lines` });
    }
    const account = accounts.get(line.accountId);
    if (!account) {
      problems.push({
        index,
        code: 'ACCOUNT_NOT_FOUND',
        message: `${label}: no account with id ${line.accountId}`,
        accountId: line.accountId,
      });
    } else if (!account.isActive) {
      problems.push({
        index,
        code: 'ACCOUNT_INACTIVE',
        message: `${label}: account ${account.accountNumber} is inactive`,
        accountId: account.id,
      });
    }
    totalDebit = totalDebit.plus(debit);
    totalCredit = totalCredit.plus(credit);
    lines.push({
      id: newJournalLineId(ctx),
      accountId: line.accountId,
      description: line.description ?? null,
      debit: money.toNumber(debit),
      credit: money.toNumber(credit),
    });
  });

  if (!totalDebit.equals(totalCredit)) {
    problems.push({
      code: 'UNBALANCED',
      message: `total debits ${money.toFixed(totalDebit)} do not equal total credits ${money.toFixed(totalCredit)}`,
      totalDebit: money.toNumber(totalDebit),
      totalCredit: money.toNumber(totalCredit),
      difference: money.toNumber(totalDebit.minus(totalCredit).abs()),
    });
  }
  if (problems.length > 0) throw invalidJournalEntry(problems);
  return { lines, totalDebit: money.toNumber(totalDebit), totalCredit: money.toNumber(totalCredit) };
}

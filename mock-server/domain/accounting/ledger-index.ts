import type { CompanyContext } from '../../store/context.js';
import type { Table } from '../../store/index.js';
import { ledgerPostingsTable, type LedgerPostingRow } from './tables.js';
import { centsOf } from './ledger-cents.js';
import { LineOrder } from './ledger-line-order.js';

export { amountOfCents, centsOf } from './ledger-cents.js';

// The ledger index (REP-78, REP-79): what balances, reports and the account ledger read, derived from the
// `ledgerPostings` table and kept beside the store, not in it. Each account holds its posted lines as
// (posting, line position) pairs in posting order, and its day totals in integer cents: sorted days with
// running sums, so a balance as of a date is one binary search. It follows the table's change log, so a
// rollback (logged as the delete of the postings it undoes) or a reset (a restore: the log starts again,
// and the index is rebuilt from the table) always leaves it matching the journal.

/** One account's posted lines and day totals. */
export class AccountIndex {
  /** The posting of each line, in posting order. */
  readonly postings: LedgerPostingRow[] = [];
  /** The line's position in its posting's `lines`, aligned with `postings`. */
  readonly positions: number[] = [];
  /** The lines in date order with their running cents: what the account ledger pages through. */
  readonly lines = new LineOrder(this.postings, this.positions);
  /** Days with posted lines, ascending, and each day's line count and cents. */
  readonly days: string[] = [];
  readonly dayLines: number[] = [];
  readonly dayDebit: bigint[] = [];
  readonly dayCredit: bigint[] = [];
  /** Running cents through each day; valid below `runsValid`, brought up to date on read. */
  readonly runDebit: bigint[] = [];
  readonly runCredit: bigint[] = [];
  runsValid = 0;
  totalDebit = 0n;
  totalCredit = 0n;

  get lineCount(): number {
    return this.postings.length;
  }

  /** Debit and credit cents of the days before position `end` of `days`. */
  centsBefore(end: number): { debit: bigint; credit: bigint } {
    if (end === 0) return { debit: 0n, credit: 0n };
    if (this.runsValid < end) {
      let debit = this.runsValid === 0 ? 0n : this.runDebit[this.runsValid - 1];
      let credit = this.runsValid === 0 ? 0n : this.runCredit[this.runsValid - 1];
      for (let i = this.runsValid; i < this.days.length; i++) {
        debit += this.dayDebit[i];
        credit += this.dayCredit[i];
        this.runDebit[i] = debit;
        this.runCredit[i] = credit;
      }
      this.runDebit.length = this.runCredit.length = this.runsValid = this.days.length;
    }
    return { debit: this.runDebit[end - 1], credit: this.runCredit[end - 1] };
  }

  /** The number of days on or before `date`: the position of the first day after it. */
  daysThrough(date: string): number {
    return this.#search(date, true);
  }

  /** The number of days before `date`. */
  daysBefore(date: string): number {
    return this.#search(date, false);
  }

  #search(date: string, inclusive: boolean): number {
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const day = this.days[mid];
      if (day < date || (inclusive && day === date)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(posting: LedgerPostingRow, position: number, debit: bigint, credit: bigint): void {
    this.postings.push(posting);
    this.positions.push(position);
    this.lines.added(this.postings.length - 1);
    const at = this.daysThrough(posting.date);
    if (at > 0 && this.days[at - 1] === posting.date) this.#moveDay(at - 1, 1, debit, credit);
    else {
      this.days.splice(at, 0, posting.date);
      this.dayLines.splice(at, 0, 1);
      this.dayDebit.splice(at, 0, debit);
      this.dayCredit.splice(at, 0, credit);
      this.#changedFrom(at, debit, credit);
    }
  }

  /** Takes back the last line if it is `position` of `posting`; false when it is not (then rebuild). */
  removeLast(posting: LedgerPostingRow, position: number, debit: bigint, credit: bigint): boolean {
    const last = this.postings.length - 1;
    if (last < 0 || this.postings[last] !== posting || this.positions[last] !== position) return false;
    this.lines.removed(last);
    this.postings.pop();
    this.positions.pop();
    const at = this.daysThrough(posting.date) - 1;
    if (this.dayLines[at] > 1) this.#moveDay(at, -1, -debit, -credit);
    else {
      this.days.splice(at, 1);
      this.dayLines.splice(at, 1);
      this.dayDebit.splice(at, 1);
      this.dayCredit.splice(at, 1);
      this.#changedFrom(at, -debit, -credit);
    }
    return true;
  }

  #moveDay(at: number, lines: number, debit: bigint, credit: bigint): void {
    this.dayLines[at] += lines;
    this.dayDebit[at] += debit;
    this.dayCredit[at] += credit;
    this.#changedFrom(at, debit, credit);
  }

  #changedFrom(at: number, debit: bigint, credit: bigint): void {
    if (at < this.runsValid) this.runsValid = at;
    this.totalDebit += debit;
    this.totalCredit += credit;
  }
}

/** One company's ledger index and the version of its postings table it reflects. */
export interface LedgerIndex {
  version: number;
  accounts: Map<string, AccountIndex>;
}

const indexes = new WeakMap<Table<LedgerPostingRow>, LedgerIndex>();

/** The company's ledger index, brought up to date with its postings table first. */
export function ledgerIndex(ctx: CompanyContext): LedgerIndex {
  const table = ledgerPostingsTable(ctx);
  let index = indexes.get(table);
  if (index?.version === table.version) return index;
  const changes = index ? table.changesSince(index.version) : null;
  if (index && changes?.every((change) => apply(index!, change.before, change.after))) {
    index.version = table.version;
    return index;
  }
  index = { version: table.version, accounts: new Map() };
  for (const posting of table.values()) addPosting(index, posting);
  indexes.set(table, index);
  return index;
}

/** One logged write: a posting made, or undone; false when the index cannot follow it (then it is rebuilt). */
function apply(index: LedgerIndex, before: LedgerPostingRow | null, after: LedgerPostingRow | null): boolean {
  if (before === after) return true;
  if (before && !removePosting(index, before)) return false;
  if (after) addPosting(index, after);
  return true;
}

function addPosting(index: LedgerIndex, posting: LedgerPostingRow): void {
  posting.lines.forEach((line, position) => {
    let account = index.accounts.get(line.accountId);
    if (!account) index.accounts.set(line.accountId, (account = new AccountIndex()));
    account.add(posting, position, centsOf(line.debit), centsOf(line.credit));
  });
}

/** Undoes a posting: a rollback undoes the newest first, so its lines are the last of their accounts. */
function removePosting(index: LedgerIndex, posting: LedgerPostingRow): boolean {
  for (let position = posting.lines.length - 1; position >= 0; position--) {
    const line = posting.lines[position];
    const account = index.accounts.get(line.accountId);
    if (!account?.removeLast(posting, position, centsOf(line.debit), centsOf(line.credit))) return false;
  }
  return true;
}

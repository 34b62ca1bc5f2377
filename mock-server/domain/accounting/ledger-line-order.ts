import type { LedgerPostingRow } from './tables.js';
import { centsOf } from './ledger-cents.js';

/** Back-dated lines placed one by one between two reads before the order is left to a sort on the next read. */
export const lineOrderTuning = { maxPlacements: 64 };

/**
 * One account's posted lines in date order (lines of one date in posting order) and the running cents
 * through each, so a ledger page anywhere in the account costs a binary search and the page itself.
 * A line is a number: its place in the account's posting order (`postings`, `positions`). The order is
 * kept through postings and rollbacks; a run of back-dated postings leaves it to one sort on read, and
 * the running cents are summed on read from the first place that changed.
 */
export class LineOrder {
  /** Line numbers in date order, or null until the next read sorts them. */
  #order: number[] | null = [];
  #placements = 0;
  /** Running debit and credit cents through each place of the order; valid below `#runsValid`. */
  #runDebit: bigint[] = [];
  #runCredit: bigint[] = [];
  #runsValid = 0;

  constructor(
    private readonly postings: readonly LedgerPostingRow[],
    private readonly positions: readonly number[],
  ) {}

  /** Places line `line` (the newest of the account). */
  added(line: number): void {
    const order = this.#order;
    if (order === null) return;
    const date = this.postings[line].date;
    if (order.length === 0 || this.postings[order[order.length - 1]].date <= date) {
      order.push(line);
      return;
    }
    if (++this.#placements > lineOrderTuning.maxPlacements) return void this.#forget();
    const at = this.#after(order, date, line);
    order.splice(at, 0, line);
    this.#changedFrom(at);
  }

  /** Takes out line `line` (the newest of the account, as a rollback undoes it). */
  removed(line: number): void {
    const order = this.#order;
    if (order === null) return;
    const at = this.#after(order, this.postings[line].date, line) - 1;
    if (order[at] !== line) return void this.#forget();
    order.splice(at, 1);
    this.#changedFrom(at);
  }

  /** Line numbers in date order; a read lets the next writes place lines one by one again. */
  get order(): readonly number[] {
    this.#placements = 0;
    if (this.#order) return this.#order;
    const dates = this.postings.map((posting) => posting.date);
    const order = Array.from(dates, (_, i) => i);
    order.sort((a, b) => (dates[a] < dates[b] ? -1 : dates[a] > dates[b] ? 1 : a - b));
    return (this.#order = order);
  }

  /** First place whose line comes after line `line` dated `date`: where a cursor's next page starts. */
  after(date: string, line: number): number {
    return this.#after(this.order, date, line);
  }

  /** First place dated on or after `date`. */
  from(date: string): number {
    return this.#search(this.order, (d) => d >= date);
  }

  /** First place dated after `date`: the number of lines dated on or before it. */
  through(date: string): number {
    return this.#search(this.order, (d) => d > date);
  }

  /** Debit and credit cents of the lines at places before `end`. */
  centsBefore(end: number): { debit: bigint; credit: bigint } {
    if (end <= 0) return { debit: 0n, credit: 0n };
    const order = this.order;
    if (this.#runsValid < end) {
      let debit = this.#runsValid === 0 ? 0n : this.#runDebit[this.#runsValid - 1];
      let credit = this.#runsValid === 0 ? 0n : this.#runCredit[this.#runsValid - 1];
      // Summed to the end at once: the next page reads on from here.
      for (let at = this.#runsValid; at < order.length; at++) {
        const line = order[at];
        const stored = this.postings[line].lines[this.positions[line]];
        debit += centsOf(stored.debit);
        credit += centsOf(stored.credit);
        this.#runDebit[at] = debit;
        this.#runCredit[at] = credit;
      }
      this.#runDebit.length = this.#runCredit.length = this.#runsValid = order.length;
    }
    return { debit: this.#runDebit[end - 1], credit: this.#runCredit[end - 1] };
  }

  #after(order: readonly number[], date: string, line: number): number {
    return this.#search(order, (d, at) => d > date || (d === date && at > line));
  }

  /** First place of `order` where the monotone `test` of its line's date and number holds. */
  #search(order: readonly number[], test: (date: string, line: number) => boolean): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (test(this.postings[order[mid]].date, order[mid])) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  #changedFrom(at: number): void {
    if (at < this.#runsValid) this.#runsValid = at;
  }

  #forget(): void {
    this.#order = null;
    this.#runsValid = 0;
  }
}

import * as money from '../domain/shared/money.js';

// Where a document's payments and voids fall among its credit notes, and which notes a load reproduces (MOCK-47, MOCK-52).

/** A payment of the document: its amount, when it was made and when voided (ledger clock, fixture-ledger-clock.ts). */
export interface TimedPayment {
  amount: number;
  made: number;
  voided?: number;
}

/** A credit note of the document in number order: its credit, when it was made, and its first application or allocation, if any. */
export interface TimedNote {
  total: number;
  made: number;
  first?: { own: boolean; sameDay: boolean; amount: number };
}

/**
 * The document's credit notes a load reproduces and, for each payment, after how many of the written notes it was
 * made and voided. The load makes each payment and void in that gap, so a note settles what the document had due then:
 * what was due before any credit (`due`: total and debit notes less the payments that stand now) with the payments made
 * before the note that stand now added back, less those made before it and voided after. A note whose own first
 * application differs (debit notes, allocations or refunds of other notes moved its due) is left out, not approximated.
 */
export function placeCredits(
  due: number,
  payments: readonly TimedPayment[],
  notes: readonly TimedNote[],
): { notes: { keep: boolean; settled: boolean }[]; gaps: { made: number; voided: number }[] } {
  const standing = (p: TimedPayment, at: number) => p.made < at && (p.voided === undefined || p.voided > at);
  const base = payments.reduce((sum, p) => (p.voided === undefined ? sum.plus(p.amount) : sum), money.parse(due));
  let settledSoFar = money.parse(0);
  const kept: number[] = [];
  const fates = notes.map(({ total, first, made }) => {
    const paid = payments.reduce((sum, p) => (standing(p, made) ? sum.plus(p.amount) : sum), money.parse(0));
    const left = base.minus(paid).minus(settledSoFar);
    const expected = money.toNumber(money.parse(total).clamp(0, left.greaterThan(0) ? left : 0));
    const settled = expected > 0;
    const keep = !settled || (first?.own === true && first.sameDay && money.equals(first.amount, expected));
    if (keep) {
      settledSoFar = settledSoFar.plus(expected);
      kept.push(made);
    }
    return { keep, settled };
  });
  const before = (at: number) => kept.filter((made) => made < at).length;
  const gaps = payments.map((p) => ({ made: before(p.made), voided: p.voided === undefined ? before(p.made) : before(p.voided) }));
  return { notes: fates, gaps };
}

import type { Store } from '../store/index.js';
import * as money from '../domain/shared/money.js';

// What every export of a fixture reads rows with (MOCK-35): the set fields, number order, names by id.

/** The fields that are set: a null or absent field and a default read the same on load (MOCK-35). */
export function setFields<T extends object>(row: T, keys: readonly (keyof T)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (row[key] !== null && row[key] !== undefined) out[key as string] = row[key];
  return out;
}

/** Orders rows by their document or record number. */
export const byNumber =
  <T>(number: (row: T) => string) =>
  (a: T, b: T) =>
    number(a).localeCompare(number(b));

/** A table's rows of the company as a map from id to what a fixture names the row by (name, code or number). */
export const namesById = <T extends { id: string }>(store: Store, companyId: string, table: string, name: (row: T) => string) =>
  new Map(
    store
      .table<T>(companyId, table)
      .all()
      .map((row) => [row.id, name(row)]),
  );

/** A document's payments that stand (not voided), in the order they were recorded. */
export const postedPayments = <T extends { status: string; paymentNumber: string }>(rows: T[]): T[] =>
  rows.filter((row) => row.status === 'posted').sort(byNumber((row) => row.paymentNumber));

/** A note's credit and what it settled of its own document when it was created (the first application, if any). */
export interface CreditAtCreation {
  total: number;
  /** Its own document, its date and the amount of its first application or allocation, if any. */
  first?: { own: boolean; sameDay: boolean; amount: number };
}

/**
 * Which credit notes of a document (in number order) a fixture's load reproduces (MOCK-47): the load credits a
 * document after all its payments and voids, so each note settles `min(its total, what is due then)`; a note that
 * settled another amount (a payment voided after it, say) cannot be written and is left out. `due` is what the
 * document had due before any credit: its total and debit notes less its standing payments.
 */
export function creditsLoadReproduces(due: number, notes: readonly CreditAtCreation[]): { keep: boolean; settled: boolean }[] {
  let left = money.parse(due);
  return notes.map(({ total, first }) => {
    const expected = money.toNumber(money.parse(total).clamp(0, left.greaterThan(0) ? left : 0));
    const settled = expected > 0;
    const keep = !settled || (first?.own === true && first.sameDay && money.equals(first.amount, expected));
    if (keep) left = left.minus(expected);
    return { keep, settled };
  });
}

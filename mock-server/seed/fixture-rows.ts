import type { Store } from '../store/index.js';

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

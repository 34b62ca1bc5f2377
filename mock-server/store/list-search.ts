import type { ListSpec } from '../../src/contract/index.js';
import type { Reader } from './keys.js';
import { refuse } from './list-input.js';
import type { OrderedView } from './views.js';
import type { Row } from './table.js';

/** A test of a row; `index` is its position in the list's sorted view, or -1 when unknown. */
export type Predicate<T> = (row: T, index: number) => boolean;

/**
 * `search` over `searchFields` (each one of `spec.search`) or all of `spec.search`: case-insensitive
 * substring. Reads lower-cased columns kept on the view, so repeated searches do not lower-case
 * every row again.
 */
export function compileSearch<T extends Row>(
  query: Record<string, unknown>,
  spec: ListSpec,
  /** The list's sorted view, whose lower-cased columns it keeps; null when one pass reads the rows (list-scan.ts). */
  view: OrderedView<T> | null,
  read: Reader<T>,
  /** The date a field's column is read with when the field is derived (else null). */
  stamp: (field: string) => string | null = () => null,
): Predicate<T> | null {
  const allowed = spec.search;
  const requested =
    typeof query.searchFields === 'string' && query.searchFields.trim() !== ''
      ? query.searchFields.split(',').map((f) => f.trim())
      : undefined;
  if (requested !== undefined) {
    const unknown = requested.find((f) => !allowed?.includes(f));
    if (unknown !== undefined) {
      refuse(
        'searchFields',
        'INVALID_CHOICE',
        allowed?.length ? `searchFields takes ${allowed.join(', ')}` : 'this list has no search',
        unknown,
        allowed ?? [],
      );
    }
  }
  if (typeof query.search !== 'string' || !allowed?.length) return null;
  const needle = query.search.trim().toLowerCase();
  if (needle === '') return null;
  const fields = requested ?? allowed;
  const lower = fields.map((f) => (row: T) => {
    const v = read(row, f);
    return v === undefined || v === null ? '' : String(v).toLowerCase();
  });
  // Columns are built on the first test that knows its view position (a walk of the view, a scan).
  const columns: (unknown[] | null)[] = fields.map(() => null);
  return (row, i) => {
    for (let c = 0; c < fields.length; c++) {
      const text =
        i >= 0 && view !== null ? (columns[c] ??= view.column(`text:${fields[c]}`, lower[c], stamp(fields[c])))[i] : lower[c](row);
      if ((text as string).includes(needle)) return true;
    }
    return false;
  };
}

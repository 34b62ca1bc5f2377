import type { FilterKind } from '../../src/contract/index.js';
import { compareValues, filterKey, readValues, type Key } from './keys.js';
import type { Condition, Ranges } from './list-filters.js';
import type { OrderedView } from './views.js';
import type { Row } from './table.js';

/**
 * A `has` filter on a list-valued field (a customer's tags, an entry's line accounts), or on several
 * fields read as one list (`fromLocationId|toLocationId`): the row passes when any of its values is one
 * of the targets. Its index is a multi-value view (each row once under each distinct value), so each
 * target is one range; with several targets a row may sit in two of them.
 */
export function hasCondition<T extends Row>(field: string, kind: FilterKind, caseless: boolean, texts: string[]): Condition<T> {
  const mode = caseless ? 'text' : 'exact';
  const toKey = filterKey(kind, mode);
  const targets = new Set<Key>(texts.map((t) => toKey(t)));
  const paths = field.split('|');
  // A row's keys, distinct and without missing ones: what the multi-value index holds it under.
  const keys = (row: T): Key[] => {
    const out: Key[] = []; // lists are short: `includes` beats a Set here
    for (const path of paths) {
      for (const value of readValues(row, path)) {
        const k = toKey(value);
        if (k !== null && !out.includes(k)) out.push(k);
      }
    }
    return out;
  };
  const columnMatches = (value: unknown) => {
    for (const k of value as Key[]) if (targets.has(k)) return true;
    return false;
  };
  return {
    field,
    kind,
    mode,
    many: true,
    test: (row) => columnMatches(keys(row)),
    column: `many:${mode}:${kind}:${field}`,
    columnKey: keys,
    columnMatches,
    find: (column, from, to) => {
      for (let i = from; i < to; i++) if (columnMatches(column[i])) return i;
      return -1;
    },
    ranges: (index) => valueRanges(index, targets),
  };
}

function valueRanges<T extends Row>(index: OrderedView<T>, targets: Set<Key>): Ranges {
  const keys = index.keys[0] as Key[];
  const out: Ranges = [];
  for (const t of targets) {
    if (t === null) continue;
    const from = index.search((i) => compareValues(keys[i], t) >= 0);
    const to = index.search((i) => compareValues(keys[i], t) > 0, from);
    if (to > from) out.push([from, to]);
  }
  return out;
}

import { presentSupplier, SUPPLIERS, type SupplierRow } from '../../domain/purchasing/index.js';
import { onInsert, onUpdate, type EventRule } from '../bus.js';
import type { Change } from '../../store/index.js';

/** Fields bills and payments move; a change of nothing else is not `supplier.updated` (their own events tell it). */
const LEDGER_FIELDS = new Set(['currentBalance', 'updatedAt']);

const changedBeyondBalance = (change: Change): boolean => {
  const before = change.before as unknown as Record<string, unknown>;
  const after = change.after as unknown as Record<string, unknown>;
  return Object.keys(after).some((key) => !LEDGER_FIELDS.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
};

/**
 * `supplier.created` and `supplier.updated` (spec document 1, "Events", purchasing), with the supplier as
 * the API shows it: bank account number masked.
 */
export const purchasingSupplierEventRules: EventRule[] = [
  {
    table: SUPPLIERS,
    event: 'supplier.created',
    when: onInsert,
    present: (change) => presentSupplier(change.after as unknown as SupplierRow),
  },
  {
    table: SUPPLIERS,
    event: 'supplier.updated',
    when: (change) => onUpdate(change) && changedBeyondBalance(change),
    present: (change) => presentSupplier(change.after as unknown as SupplierRow),
  },
];

import { presentSupplier, SUPPLIERS, type SupplierRow } from '../../domain/purchasing/index.js';
import { onInsert, onUpdate, tableRule, type EventRule, type TableChange } from '../bus.js';

/** Fields bills and payments move; a change of nothing else is not `supplier.updated` (their own events tell it). */
const LEDGER_FIELDS = new Set<string>(['currentBalance', 'updatedAt'] satisfies (keyof SupplierRow)[]);

const changedBeyondBalance = ({ before, after }: TableChange<SupplierRow>): boolean =>
  (Object.keys(after!) as (keyof SupplierRow)[]).some(
    (key) => !LEDGER_FIELDS.has(key) && JSON.stringify(before![key]) !== JSON.stringify(after![key]),
  );

const present = (change: TableChange<SupplierRow>) => presentSupplier(change.after!);

/**
 * `supplier.created` and `supplier.updated` (spec document 1, "Events", purchasing), with the supplier as
 * the API shows it: bank account number masked.
 */
export const purchasingSupplierEventRules: EventRule[] = [
  tableRule<SupplierRow>({ table: SUPPLIERS, event: 'supplier.created', when: onInsert, present }),
  tableRule<SupplierRow>({
    table: SUPPLIERS,
    event: 'supplier.updated',
    when: (change) => onUpdate(change) && changedBeyondBalance(change),
    present,
  }),
];
